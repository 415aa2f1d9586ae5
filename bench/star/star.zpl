/* star.zpl (bench) - a radius-2 star stencil (the Parallel Research Kernels' "stencil"): each
 * point of B becomes a weighted sum of A at the 8 points up to two steps away along each axis
 * plus itself, for a fixed number of iterations; then A := B. */
program star;

config var n     : integer = 4000;
           iters : integer = 10;

region R = [1..n, 1..n];

var A, B : [R] double;
    t    : double;
    it   : integer;

procedure star();
[R] begin
  A := Index1 * 0.001 + Index2 * 0.002;
  t := ResetTimer();
  for it := 1 to iters do
    B := 0.5 * A
         + 0.125 * (A@[-1, 0] + A@[1, 0] + A@[0, -1] + A@[0, 1])
         - 0.0625 * (A@[-2, 0] + A@[2, 0] + A@[0, -2] + A@[0, 2]);
    A := B;
  end;
  t := CheckTimer();
  writeln("sum = %.10e":+<< A);
  writeln("loop seconds: %.6f":t);
end;
