-- a parameter of a generic type written under a region: bound to a flood array, the region must
-- have '*' in its flood dimensions (E29, which azc diagnoses at compile time for the array itself);
-- otherwise each process would keep its own row of it
program fpw;
config var n : integer = 6;
region R = [1..n, 1..n];
direction east = [0, 1]; west = [0, -1]; north = [-1, 0]; south = [1, 0];
var A, B : [R] double;
    F : [*, 1..n] double;
procedure fill(out r : [,] double; v : double);
[*, 1..n] r := v;
procedure smooth(out r : [,] double; u : [,] double);
[2..n-1, 2..n-1] r := (u@east + u@west + u@north + u@south) / 4.0;
procedure fpw();
begin
  [R] A := Index1 * 10 + Index2;
  fill(F, 2.5);
  [1..1, 1..n] writeln(+<< F);
  [R] B := 0.0;
  smooth(B, A);
  [R] writeln(+<< B);
  smooth(F, A);
  writeln("not reached");
end;
