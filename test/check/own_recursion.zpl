-- own_recursion: recursion: adaptive quadrature, divide and conquer on regions, recursive procedures with
-- local parallel arrays, mutual recursion before definition, inherited covering regions
program recur;

config var n : integer = 13;

region V = [1..n];
var X : [V] integer;
    calls : integer;

procedure f(x : double) : double;
begin
  return x * x * x - 2.0 * x;
end;

procedure simpson(a, b : double) : double;
begin
  return (b - a) / 6.0 * (f(a) + 4.0 * f((a + b) / 2.0) + f(b));
end;

procedure adapt(a, b, whole, eps : double; depth : integer) : double;
var m, l, r : double;
begin
  calls += 1;
  m := (a + b) / 2.0;
  l := simpson(a, m);
  r := simpson(m, b);
  if depth <= 0 | abs(l + r - whole) <= 15.0 * eps then
    return l + r + (l + r - whole) / 15.0;
  end;
  return adapt(a, m, l, eps / 2.0, depth - 1) + adapt(m, b, r, eps / 2.0, depth - 1);
end;

-- sum of X over lo..hi by halving the region
procedure dcsum(lo, hi : integer) : integer;
var mid : integer;
begin
  if hi - lo < 2 then
    [lo..hi] return +<< X;
  end;
  mid := (lo + hi) / 2;
  return dcsum(lo, mid) + dcsum(mid + 1, hi);
end;

-- a recursive procedure with a local parallel array over the inherited region
procedure ranks(d : integer) : integer;
var T : [V] integer;
    s : integer;
begin
  if d = 0 then return 0; end;
  [V] T := X * d;
  s := ranks(d - 1);
  [V] return s + max<< T;
end;

procedure even(k : integer) : boolean;
begin
  if k = 0 then return true; end;
  return odd(k - 1);
end;

procedure odd(k : integer) : boolean;
begin
  if k = 0 then return false; end;
  return even(k - 1);
end;

-- uses its caller's covering region
procedure clear(inout A : [] integer; v : integer);
begin
  A := v;
end;

procedure nested(inout A : [] integer);
begin
  clear(A, 7);
  [" at [1]] clear(A, 8);
end;

procedure fib(k : integer) : longint;
begin
  if k < 2 then return k; end;
  return fib(k - 1) + fib(k - 2);
end;

procedure hanoi(k : integer; a, b, c : char);
begin
  if k = 0 then return; end;
  hanoi(k - 1, a, c, b);
  write(a, c, " ");
  hanoi(k - 1, b, a, c);
end;

procedure recur();
var q : double;
begin
  calls := 0;
  q := adapt(0.0, 2.0, simpson(0.0, 2.0), 1.0e-9, 20);
  writeln("%.10f":q, " calls=", calls > 0);
  q := adapt(0.0, 3.0, simpson(0.0, 3.0), 1.0e-6, 0);
  writeln("%.6f":q);
  [V] X := Index1 * Index1 - 5;
  writeln(dcsum(1, n), " ", dcsum(4, 9), " ", dcsum(5, 4));
  writeln(ranks(4));
  writeln(even(10), odd(7), even(3));
  [V] clear(X, 0);
  [3..5] nested(X);
  [V] writeln(X);
  writeln(fib(30));
  hanoi(3, 'a', 'b', 'c');
  writeln();
end;
