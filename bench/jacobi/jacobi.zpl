/* jacobi.zpl (bench) - the classic Jacobi iteration for a fixed number of iterations, with the
 * max<< change computed every iteration as the convergence test would. */
program jacobi;

config var n     : integer = 512;
           iters : integer = 100;

region R = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var A, Temp : [R] double;
    err, t  : double;
    it      : integer;

procedure jacobi();
[R] begin
  A := 0.0;
  [south of R] A := 1.0;
  t := ResetTimer();
  for it := 1 to iters do
    Temp := (A@north + A@east + A@west + A@south) / 4.0;
    err  := max<< abs(A - Temp);
    A    := Temp;
  end;
  t := CheckTimer();
  writeln("err = %.10e":err, "  sum = %.10e":+<< A);
  writeln("loop seconds: %.6f":t);
end;
