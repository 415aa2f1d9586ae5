/* runahead.zpl (stress) - many collectives in flight interleaved with halo transfers: every
 * iteration begins a partial reduction (row sums, combined along the grid's rows) that stays in
 * flight over the rest of the body, exchanges ghost cells in four directions, begins four
 * reductions that run ahead (deferred up to AZ_RUNAHEAD gathers; one inside a larger expression)
 * plus two in one gather that the loop needs. Run for thousands of iterations, oversubscribed and
 * under AZ_NOISE, it must neither hang nor print anything but what one process prints
 * (test/unit/runahead.sh). */
program runahead;

config var n     : integer = 24;
           iters : integer = 3000;

region R = [1..n, 1..n];
       Col = [1..n, *];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var A, B      : [R] integer;
    i         : integer;
    s, lo, hi : integer;
    tot, m    : integer;
    spread    : integer;
    RS        : [Col] integer;

procedure runahead();
[R] begin
  A := (Index1 * 7 + Index2 * 13) % 101;
  tot := 0;
  for i := 1 to iters do
    [Col] RS := +<< [R] A;  -- in flight until the last statement
    B := (A@north + A@south + A@east + A@west + i) % 101;
    s := +<< B;             -- these four run ahead
    lo := min<< B;
    hi := max<< B;
    spread := max<< B - min<< B;
    tot := +<< A;           -- these two travel together and are needed below
    m := max<< A;
    A := (B + tot + m + RS) % 97;
  end;
  writeln("last: sum ", s, ", min ", lo, ", max ", hi, ", spread ", spread, ", tot ", tot, ", m ", m);
  writeln("checksum: ", +<< A);
end;
