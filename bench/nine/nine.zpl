/* nine.zpl (bench) - a 9-point (3x3 box) smoothing iteration with a reduction, for the flag matrix
 * of bench/flags.sh: each point of Temp becomes a weighted mean of A there and at its eight
 * neighbours, the largest change is a max<< reduction the loop tests every iteration (as
 * jacobi_conv.zpl, until it falls below delta or after iters iterations), then A := Temp. The
 * grid starts at 0.5, its boundary (A's border) is zero, and 1.0 in the row below the grid (no
 * subnormal numbers, which would make the time that of the floating-point unit's slow path). bench/nine/nine_ref.c is the
 * same written by hand in C. */
program nine;

config var n     : integer = 512;
           delta : double  = 0.0;
           iters : integer = 1000;

region R = [1..n, 1..n];

direction nw = [-1, -1]; north = [-1, 0]; ne = [-1, 1];
          west = [0, -1];                 east = [0, 1];
          sw = [1, -1];  south = [1, 0];  se = [1, 1];

var A, Temp : [R] double;
    err, t  : double;
    it      : integer;

procedure nine();
[R] begin
  A := 0.5;
  [south of R] A := 1.0;
  it := 0;
  t := ResetTimer();
  repeat
    Temp := 0.2 * A + 0.125 * (A@north + A@south + A@east + A@west)
            + 0.075 * (A@nw + A@ne + A@sw + A@se);
    err  := max<< abs(A - Temp);
    A    := Temp;
    it   += 1;
  until err < delta | it >= iters;
  t := CheckTimer();
  writeln("iterations: ", it);
  writeln("err = %.10e":err, "  sum = %.10e":+<< A);
  writeln("loop seconds: %.6f":t);
end;
