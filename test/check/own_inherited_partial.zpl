-- own_inherited_partial: inherited covering regions, blank dimensions and ditto inside procedures, flood arrays passed
-- to blank-region parameters, partial reductions and floods under inherited regions
program inherit;

config var n : integer = 4;

region R    = [1..n, 1..n];
       ColF = [1..n, *];

direction east = [0, 1];
          west = [0, -1];

var A, B : [R] integer;
    Cf   : [ColF] integer;
    s    : integer;

-- row sums of the caller's region into a flood array
procedure rowsums(P : [,] integer; out F : [,] integer);
begin
  [ , *] F := +<< [ , 1..n] P;
end;

procedure colmax(P : [,] integer) : integer;
begin
  return max<< (+<< [1..n, ] P);
end;

procedure lastcol(inout P : [,] integer);
begin
  [ , n] P := -P;
end;

procedure smear(inout P : [,] integer);
begin
  P := >>[ , 1] P;
end;

procedure edge(P : [,] integer) : integer;
begin
  [east in "] return +<< P;
end;

procedure depth(k : integer; inout P : [,] integer);
begin
  if k = 0 then
    P += 1;
    return;
  end;
  [" at [0, 1]] depth(k - 1, P);
end;

procedure inherit();
begin
  [R] A := Index1 * 10 + Index2;
  [2..3, 1..n] rowsums(A, Cf);
  [1..n, 1] writeln(Cf);
  [R] writeln(Cf + A);
  [1, 1..n] writeln(colmax(A));
  [1..2, 1..3] lastcol(A);
  [R] writeln(A);
  [R] B := A;
  [2..n, 1..3] smear(B);
  [R] writeln(B);
  [1..2, 1..2] s := edge(A);
  writeln(s);
  [R] B := 0;
  [1..2, 1] depth(2, B);
  [R] writeln(B);
end;
