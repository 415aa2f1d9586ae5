program torus;

region R   = [1..3, 1..3];
       Pad = [0..4, 0..4];

direction east  = [ 0, 1];
          west  = [ 0,-1];
          north = [-1, 0];

var A    : [Pad] integer;
    B, C : [R]   integer;

procedure torus();
[R] begin
  [Pad] A := 0;
  A := Index1 * 10 + Index2;
  [east of east]  wrap A;
  [west of R]  reflect A;
  [north of R] wrap A;
  [Pad] writeln(A);
  B := Index1 * 10 + Index2;
  C := B@^east - B@^north;
  writeln(C);
end;
