program heat;

config var n     : integer = 4;
           steps : integer = 3;

region Inner = [1..n, 1..n];
       Whole = [0..n+1, 0..n+1];

direction up    = [-1, 0];
          down  = [ 1, 0];
          right = [ 0, 1];
          left  = [ 0,-1];

var H : [Whole] double;
    T : [Inner] double;
    k : integer;

procedure heat();
[Inner] begin
  [Whole]         H := 0.0;
  [down of Inner] H := 8.0;
  for k := 1 to steps do
    T := (H@up + H@right + H@down + H@left) / 4.0;
    H := T;
  end;
  writeln(H);
  writeln("total = %.4f":+<< H);
  [n, 1..n] writeln("last row max = ", max<< H);
end;
