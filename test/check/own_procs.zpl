-- own_procs: procedures. Exercises every parameter mode except the obsolete 'var'
-- (const written and implied, in, out, inout), scalar, record-free and array parameters
-- with blank regions ([] and [,]) and with a named region, arguments declared over a
-- different region name with the same index set, procedures that inherit the caller's
-- covering region (also of different sizes), a body that is a region statement,
-- recursion, a prototype before the definition, calls before the definition without a
-- prototype, promotion of scalar procedures (also recursive ones) over parallel
-- arguments, results discarded by call statements, an enumeration result, 'file'
-- parameters with inout mode and a constant argument, and local arrays sized by a parameter.
program procs;

type sign = (negative, zero, positive);

region
  R     = [1..4, 1..6];
  S     = [1..4, 1..6];               -- the same index set as R
  Small = [2..3, 2..5];
  Line  = [1..6];

direction
  east = [0, 1];
  west = [0, -1];

var
  A, B   : [R] double;
  C      : [S] double;
  I      : [R] integer;
  Vec    : [Line] integer;
  lo, hi : double;
  n, m   : integer;
  tot    : integer;

prototype gcd(a, b : integer) : integer;

procedure gcd(x, y : integer) : integer;    -- parameter names may differ
begin
  if y = 0 then
    return x;
  end;
  return gcd(y, x % y);
end;

procedure fact(k : integer) : longint;
begin
  if k <= 1 then
    return 1;
  end;
  return k * fact(k - 1);
end;

procedure collatz(in x : integer) : integer;
var steps : integer;
begin
  steps := 0;
  while x != 1 do
    if x % 2 = 0 then
      x := x / 2;
    else
      x := 3 * x + 1;
    end;
    steps += 1;
  end;
  return steps;
end;

procedure clamp(x, low, high : double) : double;
begin
  if x < low then
    return low;
  elsif x > high then
    return high;
  end;
  return x;
end;

procedure classify(const x : double) : sign;
begin
  if x < 0.0 then
    return negative;
  elsif x = 0.0 then
    return zero;
  else
    return positive;
  end;
end;

procedure init();
[R] begin
  A := Index1 + Index2 / 10.0;
  B := 0.0;
  I := Index1 * 6;
end;

procedure clear(inout X : [,] double);
begin
  X := 0.0;                               -- under the caller's covering region
end;

procedure minmax(const X : [,] double; out low, high : double);
begin
  low  := min<< X;
  high := max<< X;
end;

procedure rowsum(X : [] integer; out total : integer);
begin
  total := +<< X;
end;

procedure smooth(in X : [R] double; out Y : [R] double);
[R] begin
  X := X * 2.0;                           -- changes the local copy only
  Y := average(X@west, X@east);           -- called before its definition
end;

procedure average(a, b : double) : double;
begin
  return (a + b) / 2.0;
end;

procedure report(f : file; label : string; x : double);
begin
  writeln(f, label, " = %.4f":x);
end;

procedure note(inout f : file; in k : integer);
var buf : array [1..k] of integer;
begin
  buf[] := k;
  write(f, "buffer: ");
  writeln(f, buf[]);
  f := znull;                             -- file parameters are passed by value
end;

procedure procs();
begin
  init();
  [R] minmax(A, lo, hi);
  report(zout, "min", lo);
  report(zout, "max", hi);
  [Small] clear(A);
  [2..3, 2..3] clear(B);
  [R] writeln("%5.2f":A);
  smooth(A, B);
  smooth(C, A);                           -- C is declared over S, same index set as R
  [R] A := clamp(A, 0.5, 3.0);
  [R] I := gcd(I, Index2 * 4);
  [R] writeln(I);
  [Line] Vec := collatz(Index1 + 5);
  [Line] rowsum(Vec, tot);
  writeln("collatz steps total ", tot);
  n := 12;
  m := 18;
  writeln("gcd ", gcd(n, m), " fact ", fact(15), " collatz ", collatz(n), " n ", n);
  gcd(n, m);                              -- result discarded
  if classify(lo - 1.0) = negative then
    writeln("negative");
  end;
  note(zout, 3);
  note(zerr, 2);
end;
