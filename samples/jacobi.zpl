/* jacobi.zpl - the classic Jacobi iteration on an n x n grid.
 *
 * The boundary lives in the implicit border storage of A (section 5.8 of the language):
 * the statement under [south of R] gives A one extra row below R, and the four @ shifts
 * give it a border of one cell on every side. Each iteration averages the four
 * neighbours, measures the largest change with a max<< reduction, and stops when it
 * falls below delta. Run with -sn=... and -sdelta=... to change the problem. */
program jacobi;

config var n     : integer = 64;      -- grid size
           delta : double  = 0.0001;  -- convergence threshold
           show  : boolean = false;   -- print the final grid

region R = [1..n, 1..n];

direction north = [-1, 0];
          south = [ 1, 0];
          east  = [ 0, 1];
          west  = [ 0,-1];

var A, Temp : [R] double;
    err     : double;
    iters   : integer;

procedure jacobi();
[R] begin
  A := 0.0;
  [south of R] A := 1.0;          -- the hot edge: one row of border storage below R

  iters := 0;
  repeat
    Temp  := (A@north + A@east + A@west + A@south) / 4.0;
    err   := max<< abs(A - Temp);
    A     := Temp;
    iters += 1;
  until err < delta;

  writeln("iterations: ", iters);
  writeln("max change: %.6e" : err);
  writeln("sum of A:   %.6f" : +<< A);
  if show then
    writeln("%7.4f" : A);
  end;
end;
