-- own_heat: explicit heat diffusion with insulated (reflecting) walls. Exercises implicit
-- border storage created by 'reflect' under named 'of' regions of the arrays' declared
-- region (no halo is declared), a named 'in' region, a config const used in parallel
-- arithmetic, a parallel type declared in a 'type' section, a partial reduction into a
-- column region, and the full reduction in a formatted item.
program heat;

config var   n     : integer = 10;
             steps : integer = 40;
config const alpha : double  = 0.125;

direction
  north = [-1, 0];
  south = [ 1, 0];
  east  = [ 0, 1];
  west  = [ 0,-1];

region
  R      = [1..n, 1..n];
  Top    = north of R;
  Bottom = [south of R];
  Left   = west of R;
  Right  = [east of R];
  Hot    = north in R;          -- the first row of R
  Sums   = [1..n, 1];

type
  field = [R] double;

var
  T, Next : field;
  RowSum  : [Sums] double;
  step    : integer;

procedure heat();
[R] begin
  T := 0.0;
  [Hot] T := 100.0;
  for step := 1 to steps do
    [Top]    reflect T;
    [Bottom] reflect T;
    [Left]   reflect T;
    [Right]  reflect T;
    Next := T + alpha * (T@north + T@south + T@east + T@west - 4.0 * T);
    T := Next;
  end;
  [Sums] RowSum := +<< [R] T;
  [Sums] writeln("%8.3f":RowSum);
  writeln("total heat = %.3f":+<< T);
end;
