/* torus.zpl - a 9-point stencil on a torus, every neighbour read with '@^' by a constant
 * direction: the benchmark of issue 22's periodic exchange (docs/performance.md, "@^ through
 * ghost cells"). Before it, each of the eight wrap-around reads was a remap into a temporary over
 * the whole region; now the eight are one ghost-cell transfer per iteration. */
program torus;

config var n      : integer = 512;
           iters  : integer = 50;

region R = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
          ne = [-1, 1]; nw = [-1, -1]; se = [1, 1]; sw = [1, -1];

var A, B : [R] double;
    t    : double;
    i    : integer;

procedure torus();
[R] begin
  A := (Index1 * 7 + Index2 * 13) % 17;
  t := ResetTimer();
  for i := 1 to iters do
    B := (A@^north + A@^south + A@^east + A@^west + A@^ne + A@^nw + A@^se + A@^sw) / 8.0;
    A := (A + B) / 2.0;
  end;
  t := CheckTimer();
  writeln("sum %.6f" : +<< A);
  writeln("loop seconds: %.6f" : t);
end;
