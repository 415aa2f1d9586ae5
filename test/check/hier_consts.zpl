-- hier_consts.zpl: region and direction constants and indexed arrays of them (section 15.1): their
-- elaboration with index1, and their uses as covering regions, shifts (@ and @^), of, in, at, by.
program hier_consts;

config var n : integer = 8;
constant L : integer = 2;
const
  east1  : direction<0,+> = [0, 1];
  dirE   : array [0..L] of direction<0,+> = [0, 2^index1];
  dirW   : array [0..L] of direction<0,-> = [0, -2^index1];
  step   : array [0..L] of direction<-,-> = [-2^index1, -2^index1];
  Base   : region<..,..> = [1..n, 1..n];
  Level  : array [0..L] of region<..,..> = Base by step[index1];
  Wide   : region<..,..> = [1..n, 1..2*n];

var A, B : [Base] integer;
    C : [Wide] integer;
    k : integer;

procedure hier_consts();
begin
  [Base] A := Index1 * 100 + Index2;
  [Base] B := 0;
  for k := 0 to L do
    [Level[k]] B := B + 1;
  end;
  [Base] writeln("counts = %d" : +<< B);
  [1..n, 1..n-1] B := A@east1;
  [1..n, 1..n-1] writeln("east1 sum = %d" : +<< B);
  for k := 0 to L do
    [Level[k]] B := A@^dirE[k];
    [Level[k]] writeln("level ", k, ": ", +<< B);
    [Level[k]] B := A@^dirW[k] - A;
    [Level[k]] writeln("level ", k, " W: ", +<< B);
    [Wide] C := 0;
    [Level[k]] begin
      [" at dirE[k]] C := Index2;
    end;
    [Wide] writeln("at: %d" : +<< C);
    [Wide] writeln("max at: %d" : max<< C);
    [Wide] C := 0;
    [dirE[k] of Base] C := 1;
    [Base] B := 0;
    [dirW[k] in Base] B := 1;
    [Base by step[k]] B := B + 10;
    [Wide] write("of: %d" : +<< C);
    [Base] writeln(", in + by: %d" : +<< B);
  end;
end;
