/* micro.zpl (bench) - the Ironman paper's micro-benchmark (seed 003, Fig. 6): an eight-way
 * nearest-neighbour exchange in a tight loop. Every iteration reads A in all eight directions
 * (the corners too) and changes A, so every iteration needs a fresh transfer; the arrays are
 * small so that the exchange, not the arithmetic, is what the loop time measures. The array is
 * m x n (m defaults to n): bench/suite.sh sizes it per process configuration so that every
 * process keeps the same block and every pair of neighbours exchanges the same data. */
program micro;

config var n     : integer = 128;   -- columns
           m     : integer = n;     -- rows
           iters : integer = 2000;

region R = [1..m, 1..n];

direction n8 = [-1, 0]; s8 = [1, 0]; e8 = [0, 1]; w8 = [0, -1];
          ne = [-1, 1]; nw = [-1, -1]; se = [1, 1]; sw = [1, -1];

var A, B : [R] double;
    t    : double;
    it   : integer;

procedure micro();
[R] begin
  A := Index1 * 0.001 + Index2;
  t := ResetTimer();
  for it := 1 to iters do
    B := A@n8 + A@s8 + A@e8 + A@w8 + A@ne + A@nw + A@se + A@sw;
    A := B * 0.125;
  end;
  t := CheckTimer();
  writeln("sum = %.10e":+<< A);
  writeln("loop seconds: %.6f":t);
end;
