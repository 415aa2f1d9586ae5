-- Section 15.8: a procedure applied elementwise may call procedures with out and inout parameters,
-- bound to its own locals. Here NPB's generator randlc (x = a * x mod 2^46 in double precision, by
-- 23-bit halves) gives element (i, j) the value x_k / 2^46 of its place k in the sequence, reached by
-- repeated squaring of a (NPB's skip-ahead), and a third procedure adds through an inout chain.
program own_promote_inout;

region R = [1..4, 1..4];

constant r23  : double = 0.5 ^ 23;
         t23  : double = 2.0 ^ 23;
         r46  : double = r23 * r23;
         t46  : double = t23 * t23;
         seed : double = 314159265.0;
         mult : double = 1220703125.0;       -- 5^13

var V : [R] double;
    W : [R] integer;

-- x := a * x (mod 2^46), exactly; returns x / 2^46
procedure randlc(inout x : double; a : double) : double;
var t1, t2, t3, t4, a1, a2, x1, x2, z : double;
begin
  t1 := r23 * a;
  a1 := trunc(t1);
  a2 := a - t23 * a1;
  t1 := r23 * x;
  x1 := trunc(t1);
  x2 := x - t23 * x1;
  t1 := a1 * x2 + a2 * x1;
  t2 := trunc(r23 * t1);
  z := t1 - t23 * t2;
  t3 := t23 * z + a2 * x2;
  t4 := trunc(r46 * t3);
  x := t3 - t46 * t4;
  return r46 * x;
end;

-- x_k / 2^46 for x_k = a^k x_0 (mod 2^46)
procedure nth(k : integer) : double;
var x, a, r : double;
    m : integer;
begin
  x := seed;
  a := mult;
  m := k;
  while m > 0 do
    if m % 2 = 1 then r := randlc(x, a); end;
    r := a;
    r := randlc(a, r);                         -- a := a * a: a by reference, its old value by value
    m := m / 2;
  end;
  return r46 * x;
end;

procedure bump(inout n : integer; d : integer); begin n := n + d; end;
procedure twice(inout n : integer); begin bump(n, n); end;
procedure doubled(k : integer) : integer;
var n : integer;
begin
  n := k;
  twice(n);
  return n;
end;

procedure own_promote_inout();
begin
  [R] V := nth((Index1 - 1) * 4 + Index2);
  [R] W := doubled(Index1 * 10 + Index2);
  [R] writeln("%.15e ":V);
  [R] writeln(W);
end;
