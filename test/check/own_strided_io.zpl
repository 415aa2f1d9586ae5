-- Section 15.3: arrays stored compactly over a strided declared region in every role: partial
-- reductions and scans (against dense arrays over the bounding box), an 'in' parameter (a copy) and
-- an inout one, a local array, write and read through a file, and integer output and reductions.
program own_strided_io;
config var n : integer = 8;
region Base = [0..n-1, 0..n-1];
       S = Base by [2, 2];
direction e2 = [0, 2];
var A : [S] double;
    AD : [Base] double;
    P : [S] double;
    PD : [Base] double;
    I : [S] integer;
    f : file;

procedure addone(X : [,] double; inout Y : [,] double);
begin
  Y := X + 1.0;
end;

procedure local_one();
var L : [S] double;
begin
  [S] L := Index1 * 3.0 + Index2;
  [S] writeln("local: ", +<< (L@^e2 * L));
end;

procedure own_strided_io();
begin
  [S] A := Index1 * 10.0 + Index2;
  [S] AD := Index1 * 10.0 + Index2;
  [[0..n-1, 0] by [2, 1]] P := +<<[S] A;
  [[0..n-1, 0] by [2, 1]] PD := +<<[S] AD;
  [S] writeln("partial: ", max<< abs(P - PD), " ", +<< P);
  [[0..n-1, 0] by [2, 1]] writeln(P);
  [S] P := +|| A;
  [S] PD := +|| AD;
  [S] writeln("scan: ", max<< abs(P - PD), " ", +<< P);
  [S] addone(A, P);
  [S] writeln("in: ", +<< (P - A));
  local_one();
  f := open("own_strided_io.txt", "w");
  [S] write(f, A);
  close(f);
  f := open("own_strided_io.txt", "r");
  [S] read(f, P);
  close(f);
  [S] writeln("read: ", max<< abs(P - A));
  [S] I := Index1 * 100 + Index2;
  [S] writeln(I);
  [S] writeln(max<< I, " ", min<< I, " ", &<< (I >= 0));
end;
