/* monitor.zpl (bench) - heat diffusion with a diagnostic every step: the total heat and the
 * hottest cell are reduced each iteration but only printed at the end, as monitoring code does.
 * The loop never needs them, so their gathers run ahead (passes/runahead.c): a process only waits
 * for its neighbours' ghost cells, not for the slowest process, until AZ_RUNAHEAD gathers are
 * outstanding. With AZ_RUNAHEAD=0 every reduction completes where it begins (blocking). */
program monitor;

config var n     : integer = 256;
           iters : integer = 500;

region R = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var T, U        : [R] double;
    heat, peak  : double;
    t           : double;
    it          : integer;

procedure monitor();
[R] begin
  T := 0.0;
  [north of R] T := 100.0;
  t := ResetTimer();
  for it := 1 to iters do
    U := T + 0.2 * (T@north + T@south + T@east + T@west - 4.0 * T);
    heat := +<< U;
    peak := max<< U;
    T := U;
  end;
  t := CheckTimer();
  writeln("heat = %.10e":heat, "  peak = %.10e":peak);
  writeln("loop seconds: %.6f":t);
end;
