program arrays;

config var n : integer = 3;

region R = [1..n, 1..n+1];

var A : [R] integer;
    D : [R] double;

procedure arrays();
[R] begin
  A := Index1 * 10 + Index2;
  writeln(A);
  D := A / 4 + 0.5 * Index2;
  writeln(D);
  [2, 1..n+1] writeln(A);
  [1..n, 2] A := 0;
  [1..n, 1..2] writeln(A);
  writeln("%3d":A);
end;
