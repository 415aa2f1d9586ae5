-- own_runtime_stride: regions strided by directions known only at run time ('[[p * p..n] by [p]]'
-- in a sieve of Eratosthenes: the loops must step by the stride); strided regions whose bounds
-- reach outside an array although their first and last indices do not (no compile-time E20/E19);
-- odd-even transposition sort with strided regions and shifts; a masked Mandelbrot iteration.
program sieve;

config var n    : integer = 60;
           m    : integer = 11;
           iters : integer = 30;

region S = [2..n];
       V = [1..m];
       P = [1..9, 1..21];

direction right = [1];
          left  = [-1];

var Prime : [S] boolean;
    X, T  : [V] integer;
    Cx, Cy, Zx, Zy, Zt : [P] double;
    Cnt   : [P] integer;
    Act   : [P] boolean;
    Sa    : [2..10] integer;
    Sb    : [1..9] integer;
    p, k  : integer;

procedure edges();
begin
  [2..10] Sa := 0;
  [1..9] Sb := 0;
  [[1..10] by [-4]] Sa := 1;          -- 2, 6, 10
  [[1..10] by [4]] Sb := 2;           -- 1, 5, 9
  [[1..10] by [-4]] writeln(Sa@[-1]);
  [2..10] writeln(Sa);
  [1..9] writeln(Sb);
  k := 3;
  [[2..20] by [k]] writeln(Index1);
  [[2..20] by [-k]] writeln(Index1);
end;

procedure sieve();
begin
  [S] Prime := true;
  p := 2;
  while p * p <= n do
    [p..p] if +<< Prime > 0 then
      [[p * p..n] by [p]] Prime := false;
    end;
    p += 1;
  end;
  [S with Prime] writeln(+<< Prime, " primes, largest ", max<< Index1, ", sum ", +<< Index1);
  [[2..n] by [-7]] writeln(Prime);
  [V] begin
    X := (Index1 * 7 + 3) % m - Index1 % 3;
    writeln(X);
    for k := 1 to m do
      -- even phase: compare pairs (1,2), (3,4), ...
      T := X;
      [[1..m-1] by [2]] T := min(X, X@right);
      [[2..m] by [2]] T := max(X, X@left);
      X := T;
      -- odd phase: pairs (2,3), (4,5), ...
      [[2..m-1] by [2]] T := min(X, X@right);
      [[3..m] by [2]] T := max(X, X@left);
      X := T;
    end;
    writeln(X);
    writeln("sorted: ", &<< ((X <= X@right) | (Index1 = m)));
  end;
  [P] begin
    Cx := -2.0 + (Index2 - 1) * 0.125;
    Cy := -1.0 + (Index1 - 1) * 0.25;
    Zx := 0.0; Zy := 0.0; Cnt := 0; Act := true;
    for k := 1 to iters do
      [P with Act] begin
        Zt := Zx * Zx - Zy * Zy + Cx;
        Zy := 2.0 * Zx * Zy + Cy;
        Zx := Zt;
        Cnt += 1;
        Act := Zx * Zx + Zy * Zy <= 4.0;
      end;
    end;
    writeln("%c":to_char(32 + min(Cnt, 30) * 2));
    writeln(+<< Cnt);
  end;
  edges();
end;
