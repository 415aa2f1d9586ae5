/* five_point.zpl (bench, roofline) - a 5-point weighted stencil for bench/roofline.sh: each point
 * of B becomes c0 times A there plus c1 times the sum of A at its four nearest neighbours (zero
 * outside the grid), then A := B, for a fixed number of iterations. 6 flops per point. */
program five_point;

config var n     : integer = 2048;
           iters : integer = 10;

region R = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var A, B : [R] double;
    t    : double;
    it   : integer;

procedure five_point();
[R] begin
  A := Index1 * 0.001 + Index2 * 0.002;
  t := ResetTimer();
  for it := 1 to iters do
    B := 0.6 * A + 0.1 * (A@north + A@south + A@east + A@west);
    A := B;
  end;
  t := CheckTimer();
  writeln("sum = %.10e":+<< A);
  writeln("loop seconds: %.6f":t);
end;
