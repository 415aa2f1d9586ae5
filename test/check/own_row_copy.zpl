/* own_row_copy.zpl - A := B copies as rows (one memmove per row of this process's part): ranks
 * 1 to 3, regions narrower than the arrays, border storage, records, and a parameter bound to
 * the array it is copied into. Same output at every process count. */
program own_row_copy;

config var n : integer = 7;

region R = [1..n, 1..n];
       Inner = [2..n-1, 3..n-2];
       L = [1..2*n];
       C = [1..3, 1..n, 1..4];

direction north = [-1, 0];

type pair = record
  a : integer;
  b : double;
end;

var A, B : [R] integer;
    P, Q : [R] pair;
    V, W : [L] double;
    X, Y : [C] integer;

procedure copy_into(inout T : [R] integer; S : [R] integer);
[R] begin
  T := S;
end;

procedure shift_into(inout T : [R] integer; inout S : [R] integer);
[Inner] begin
  T := S;          -- T and S are the same array here
  T := T@north;
end;

procedure own_row_copy();
[R] begin
  A := Index1 * 100 + Index2;
  B := 0;
  [Inner] B := A;
  writeln("%5d" : B);
  [north of R] A := -1;
  [north of R] B := A;
  B := B@north + A;
  writeln("%5d" : B);

  P.a := Index1;
  P.b := Index2 * 0.5;
  Q := P;
  writeln("%3d" : Q.a, "%5.1f" : Q.b);

  [L] V := Index1 * 1.5;
  [3..n] W := V;
  [L] writeln("%5.1f" : W);

  [C] X := Index1 * 100 + Index2 * 10 + Index3;
  [1..2, 2..n-1, 2..3] Y := X;
  [C] writeln("%4d" : Y);

  copy_into(B, A);
  writeln("%5d" : B);
  shift_into(B, B);
  writeln("%5d" : B);
end;
