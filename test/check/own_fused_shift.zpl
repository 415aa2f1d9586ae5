-- own_fused_shift: a fused loop nest whose reduction reads another array shifted
--   [R] T := ...;  [R] err := max<< abs(T - A@east);
-- The reduction statement's transfer is the one comm-opt planned (begun after the last write of A,
-- waited for before the nest); the loop body is a communication pattern, written to the pattern
-- file. (Until the IR held the communication, the writer began a second transfer there and left
-- the planned one unfinished: more than one process stopped with "transfer begun again".)
program fused_shift;

config var n     : integer = 12;
       var iters : integer = 40;

region     R    = [1..n, 1..n];
direction  east = [0, 1];
           west = [0, -1];
var A, T, B : [R] double;
    err     : double;
    it      : integer;

procedure fused_shift();
begin
  [R] A := (Index1 * 3 + Index2 * 5) % 7;
  [east of R] A := 0.0;
  [west of R] B := 1.0;
  [R] B := Index1 + 0.5 * Index2;
  err := 1.0;
  it := 0;
  while err > 0.01 & it < iters do
    [R] T := (A + B@west) / 2.0;
    [R] err := max<< abs(T - A@east);
    [R] A := T;
    it += 1;
  end;
  writeln("iterations ", it, " err ", "%.6f":err);
  [R] writeln("sum ", "%.6f":+<< A);
end;
