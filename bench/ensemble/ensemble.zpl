/* ensemble.zpl (bench) - an ensemble of independent damped oscillators, one per cell (each with
 * its own frequency), integrated with semi-implicit Euler steps, with the ensemble's energy and
 * largest amplitude reduced every step and printed at the end, as a Monte Carlo or parameter
 * sweep monitors its runs. No cell reads another: the reductions are the only communication, and
 * the loop never needs them, so they run ahead (passes/runahead.c). With AZ_RUNAHEAD=0 every
 * step waits for the slowest process; with run-ahead a process only waits when it is K
 * reductions ahead of it. (The energy is summed every step and divided after the loop; a reduction
 * inside a larger expression, `(+<< e) / c`, would run ahead as well: docs/collectives.md.) */
program ensemble;

config var n     : integer = 256;
           iters : integer = 1500;
           dt    : double  = 0.01;

region R = [1..n, 1..n];

var X, V, W2      : [R] double;
    energy, peak  : double;
    t             : double;
    it            : integer;

procedure ensemble();
[R] begin
  W2 := 1.0 + 0.001 * (Index1 + 2 * Index2);
  X := 1.0;
  V := 0.0;
  t := ResetTimer();
  for it := 1 to iters do
    V := V - dt * (W2 * X + 0.05 * V);
    X := X + dt * V;
    energy := +<< (V * V + W2 * X * X);
    peak   := max<< abs(X);
  end;
  t := CheckTimer();
  writeln("mean energy = %.10e":energy / (n * n), "  peak = %.10e":peak);
  writeln("loop seconds: %.6f":t);
end;
