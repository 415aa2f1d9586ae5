/* jacobi_conv.zpl (bench) - the Jacobi iteration of samples/jacobi.zpl, to convergence (or at
 * most iters iterations), timed. Unlike bench/jacobi/jacobi.zpl the loop needs its max<< every
 * iteration, so the loop body is one fixed communication pattern (halo transfers, then the
 * reduction's gather) and the tailored binding applies to it. */
program jacobi_conv;

config var n     : integer = 512;
           delta : double  = 0.0001;
           iters : integer = 100000;

region R = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var A, Temp : [R] double;
    err, t  : double;
    it      : integer;

procedure jacobi_conv();
[R] begin
  A := 0.0;
  [south of R] A := 1.0;
  it := 0;
  t := ResetTimer();
  repeat
    Temp := (A@north + A@east + A@west + A@south) / 4.0;
    err  := max<< abs(A - Temp);
    A    := Temp;
    it   += 1;
  until err < delta | it >= iters;
  t := CheckTimer();
  writeln("iterations: ", it);
  writeln("err = %.10e":err, "  sum = %.10e":+<< A);
  writeln("loop seconds: %.6f":t);
end;
