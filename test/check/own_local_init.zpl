-- own_local_init: the initializers of a procedure's local variables reduce a global array read
-- shifted, under the covering region the procedure inherits: the ghost cells come through a
-- transfer comm-insert plans like a statement's, once per variable initialized, and the sums are
-- the same on every process count
program local_init;

config var n : integer = 8;

region     R    = [1..n, 1..n];
direction  east = [0, 1];
           west = [0, -1];
var A : [R] double;
    s : double;

procedure sums() : double;
var x, y : double = +<< (A@east - A@west);
    z    : double = max<< A@east;
begin
  return x + y + z;
end;

procedure local_init();
[R] begin
  A := Index1 * 10 + Index2;
  [east of R] A := 100.0;
  [west of R] A := -100.0;
  s := sums();
  writeln("%.3f":s);
  A := A * 2.0;
  writeln("%.3f":sums());
end;
