/* nine_point.zpl (bench, roofline) - a compact 9-point (3x3 box) weighted stencil for
 * bench/roofline.sh: each point of B becomes c0 times A there, plus c1 times the sum of its four
 * edge neighbours, plus c2 times the sum of its four corner neighbours (zero outside the grid),
 * then A := B, for a fixed number of iterations. 11 flops per point. */
program nine_point;

config var n     : integer = 2048;
           iters : integer = 10;

region R = [1..n, 1..n];

direction nw = [-1, -1]; north = [-1, 0]; ne = [-1, 1];
          west = [0, -1];                 east = [0, 1];
          sw = [1, -1];  south = [1, 0];  se = [1, 1];

var A, B : [R] double;
    t    : double;
    it   : integer;

procedure nine_point();
[R] begin
  A := Index1 * 0.001 + Index2 * 0.002;
  t := ResetTimer();
  for it := 1 to iters do
    B := 0.5 * A
         + 0.1 * (A@north + A@south + A@east + A@west)
         + 0.025 * (A@nw + A@ne + A@sw + A@se);
    A := B;
  end;
  t := CheckTimer();
  writeln("sum = %.10e":+<< A);
  writeln("loop seconds: %.6f":t);
end;
