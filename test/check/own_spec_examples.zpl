-- own_spec_examples: the declaration and statement fragments used as examples in the
-- language specification (sections 3.4-3.10, 4.4, 5.5, 5.7, 5.8, 6.6, 6.8, 6.10, 7.8),
-- assembled into one valid program. Exercises config var/const, constants with brace and
-- index1 initializers, enumeration/array/record/parallel type declarations, region
-- declarations with 'of', 'by' and '*', directions with a config-dependent component,
-- shared initializers, a procedure whose body is a region statement, a procedure that
-- clears a block of the caller's region, border storage from 'of' regions, partial
-- reductions into a column, a flood array and a column of the array itself, and the
-- rank-1 update loop of section 6.8.
program examples;

config var
  n       : integer = 8;
  tol     : double  = 1.0e-4;
  name    : string  = "";
config const
  m       : integer = 2 * n;

constant
  size    : integer = 16;
  primes  : array [1..4] of integer = {2, 3, 5, 7};
const
  half    : double = 0.5;
constant squares : array [1..5] of integer = index1 * index1;
         table   : array [1..2, 1..3] of integer = {{1, 2, 3}, {4, 5, 6}};

direction
  north = [-1, 0];
  east  = [ 0, 1];
  se    = [ 1, 1];
  far   = [ 0, size];

region
  R    = [1..n, 1..n];
  Halo = [0..n+1, 0..n+1];
  Top  = [north of R];
  Top2 = north of R;
  Odd  = [1..n] by [2];
  Col  = [1..n, *];
  ColF = [1..n, *];
  RowF = [*, 1..n];
  Rm   = [1..m, 1..n];

type
  color  = (red, green, blue);
  vec3   = array [1..3] of double;
  cell   = record
             alive : boolean;
             age   : integer;
           end;
  field  = [R] double;

var
  A, B   : [R] double;
  F      : [1..n, *] integer;
  t      : array [1..10] of integer;
  i, j   : integer;
  eps    : double = 1.0e-6;
  C      : [R] double;
  H      : [Halo] double;
  Ac     : [ColF] double;
  Br     : [RowF] double;
  k      : integer;
  P      : [Rm] double;
  Colm   : [1..m, 1] double;
  Fl     : [1..m, *] double;
  Cells  : [R] cell;
  V      : [Odd] vec3;
  hue    : color;
  s      : double;

procedure smooth(inout X : [,] double; weight : double);
var tmp : [R] double;
begin
  [R] begin
    tmp := X * weight;
    X := tmp;
  end;
end;

procedure square(x : integer) : integer;
begin
  return x * x;
end;

procedure work();
[R] begin
  A := Index1 + Index2;
  B := A * half;
end;

procedure clear(inout X : [,] double);
begin
  X := 0.0;                      -- uses the caller's covering region
end;

procedure clamp(x, lo, hi : double) : double;
begin
  if x < lo then return lo; elsif x > hi then return hi; else return x; end;
end;

procedure examples();
begin
  work();
  [2..3, 2..3] clear(A);
  smooth(B, 0.5);
  i := square(primes[2]) + squares[3] + table[2, 1];

  [north of R] A := 1.0;         -- border storage: one row above R
  [east of R]  wrap A;           -- one column east of R, filled from the west edge
  [R]          B := A@north + A@east;
  [Top2]       A += 1.0;

  [R] s := +<< A;                -- sum of A over R
  [R] s := max<< abs(A - B);     -- largest difference
  [2..3, 1..n] s := +<< A;       -- sum over rows 2 and 3 only
  [R] A := A / (+<< A);          -- the sum is computed once

  [Rm] P := Index1 * 10 + Index2;
  [1..m, 1] Colm := +<< [Rm] P;  -- row sums, stored in column 1
  [1..m, *] Fl   := max<< [Rm] P; -- row maxima, usable in every column
  [1..m, 1] P    := +<< [1..m, 2..n] P;  -- sum of columns 2..n into column 1

  [R] for k := 1 to n do
    [ColF] Ac := >>[ , k] A;     -- column k of A, one value per row
    [RowF] Br := >>[k,  ] B;     -- row k of B, one value per column
    C += Ac * Br;                -- rank-1 update: C(i,j) += A(i,k) * B(k,j)
  end;
  [R] C := >>[1, 1..n] A;        -- every row of C becomes row 1 of A

  [R] A := clamp(A, 0.0, 1.0);   -- applied to each element
  [Halo] H := 0.0;
  [Col] F := 1;
  [R] begin
    Cells.alive := A > 0.5;
    Cells.age   := Index1;
  end;
  [Odd] V[1] := Index1 * half;
  hue := green;
  t[] := 0;
  writeln(name, tol, eps, i, hue, s, t[3]);
end;
