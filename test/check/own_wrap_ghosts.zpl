-- own_wrap_ghosts: wrap-around shifts '@^' by constant directions served by ghost cells (a
-- periodic exchange, issue 22): every one of the eight neighbours, distances of two, a direction
-- written inline, a loop whose body is a pattern (hoisted, combined and overlapped transfers), a
-- 3-D array (grid dimensions that wrap onto the same process), a 1-D array whose extent is
-- smaller than its shift (wraps twice), an array with a border on one side (a '@^' away from it
-- uses ghost cells, one into it a remap, and neither sees the other's cells; a wrap statement
-- fills that border from the other end, also by a transfer), and reads under a
-- region that is not the declared one (remaps). The results do not depend on the process count.
program wrapghosts;

config var
  n     : integer = 7;
  m     : integer = 5;
  steps : integer = 4;

region
  R  = [1..n, 1..m];
  I  = [2..n, 1..m];
  C  = [1..3, 1..4, 1..n];
  L  = [1..2];

direction
  north = [-1, 0];  south = [1, 0];  east = [0, 1];  west = [0, -1];
  ne    = [-1, 1];  nw    = [-1, -1];  se = [1, 1];  sw   = [1, -1];
  east2 = [0, 2];   north2 = [-2, 0];
  up    = [0, 0, 1]; down = [0, 0, -1]; diag3 = [1, -1, 1];
  far   = [5];

var
  A, B, T : [R] double;
  E       : [R] double;       -- read with '@east' too: a border east of R
  K, K2   : [C] integer;
  X, Y    : [L] integer;
  step    : integer;

procedure wrapghosts();
begin
  [R] A := Index1 * 10 + Index2;
  [R] E := Index1 * 100 + Index2;

  [R] B := A@^north + 2 * A@^south + 3 * A@^east + 4 * A@^west;
  [R] writeln("%6.0f" : B);
  [R] B := A@^ne - A@^nw + A@^se - A@^sw + A@^[1, 2];
  [R] writeln("%6.0f" : B);
  [R] B := A@^east2 * 1000 + A@^north2;
  [R] writeln("%8.0f" : B);

  -- a stencil on a torus, steps times: a pattern loop
  [R] T := A;
  for step := 1 to steps do
    [R] B := (T@^north + T@^south + T@^east + T@^west) / 4.0 - T;
    [R] T := T + B / 2.0;
  end;
  [R] writeln("%10.4f" : T);
  [R] writeln("sum %.6f" : +<< T);

  -- the border east of E holds its own values; '@^west' wraps through ghost cells, '@^east' reads
  -- past the border by a remap
  [east of R] E := -1.0;
  [R] B := E@east - E;
  [R] writeln("%6.0f" : B);
  [east of R] wrap E;           -- a periodic exchange into the border
  [R] B := E@east - E;
  [R] writeln("%6.0f" : B);
  [R] B := E@^west * 1000 + E@^east;
  [R] writeln("%8.0f" : B);

  -- under a region that is not E's declared one: remaps
  [I] B := A@^south - A@^north;
  [I] writeln("%6.0f" : B);

  [C] K := Index1 * 100 + Index2 * 10 + Index3;
  [C] K2 := K@^up - K@^down + K@^diag3;
  [C] writeln("%6d" : K2);

  [L] X := Index1;
  [L] Y := X@^far * 10 + X@^[-3];
  [L] writeln("%4d" : Y);
end;
