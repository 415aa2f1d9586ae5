/* cg.zpl (bench) - the conjugate-gradient method on the 2-D 5-point Laplacian (zero Dirichlet
 * boundary, n x n interior points) with b = 1 and x0 = 0, for a fixed number of iterations. Each
 * iteration applies the stencil (q := A p; p's border cells stay zero) and computes two dot
 * products that the loop needs right away (alpha = rr / pq, beta = rr_new / rr): the
 * reduction-heavy program of bench/noise.sh. */
program cg;

config var n     : integer = 256;
           iters : integer = 100;

region R = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var X, Res, P, Q                  : [R] double;
    rr, rr_new, pq, alpha, beta, t : double;
    it                             : integer;

procedure cg();
[R] begin
  X   := 0.0;
  Res := 1.0;                       -- r = b - A x0 = b
  P   := Res;
  rr  := +<< (Res * Res);
  t := ResetTimer();
  for it := 1 to iters do
    Q      := 4.0 * P - (P@north + P@south + P@east + P@west);
    pq     := +<< (P * Q);
    alpha  := rr / pq;
    X      := X + alpha * P;
    Res    := Res - alpha * Q;
    rr_new := +<< (Res * Res);
    beta   := rr_new / rr;
    rr     := rr_new;
    P      := Res + beta * P;
  end;
  t := CheckTimer();
  writeln("rr = %.10e":rr, "  sum = %.10e":+<< X);
  writeln("loop seconds: %.6f":t);
end;
