-- own_jacobi: the classic ZPL Jacobi iteration (Snyder's "ZPL Programmer's Guide" style).
-- Exercises config vars, named regions and directions, a declared region that includes
-- the boundary (BigR), boundary assignment under 'of' regions, '@' shifts, the full
-- reduction max<< over a promoted abs(), repeat/until with a compound condition,
-- a singleton-dimension region literal and formatted parallel output.
program jacobi;

config var
  n       : integer = 12;          -- the grid is n x n
  epsilon : double  = 0.0001;      -- convergence tolerance
  maxiter : integer = 500;

region
  R    = [1..n, 1..n];
  BigR = [0..n+1, 0..n+1];

direction
  north = [-1, 0];
  south = [ 1, 0];
  east  = [ 0, 1];
  west  = [ 0,-1];

var
  A, Temp : [BigR] double;
  delta   : double;
  iters   : integer;

procedure jacobi();
[R] begin
  [BigR]       A := 0.0;
  [north of R] A := 0.0;
  [east of R]  A := 0.0;
  [west of iters]  A := 0.0;
  [south of R] A := 1.0;

  iters := 0;
  repeat
    Temp  := (A@north + A@east + A@south + A@west) / 4.0;
    delta := max<< abs(A - Temp);
    A     := Temp;
    iters += 1;
  until delta < epsilon | iters >= maxiter;

  writeln("Jacobi finished after ", iters, " iterations");
  writeln("delta = %10.3e":delta);
  [n / 2, 1..n] writeln("%7.4f":A);      -- the middle row
  writeln("average = %.6f":(+<< A) / (n * n));
end;
