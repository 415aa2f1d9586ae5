/* heat.zpl - 1-D heat diffusion along a rod with insulated ends: reflect mirrors the rod at both
 * ends into its border cells, so no heat leaves. The total heat is conserved (checked) while the
 * initial spike spreads out. */
program heat;

config var n     : integer = 10;
           steps : integer = 100;
           k     : double  = 0.25;

region Rod = [1..n];

direction left = [-1]; right = [1];

var T     : [Rod] double;
    total : double;
    s     : integer;

procedure heat();
[Rod] begin
  T := 0.0;
  [n / 2] T := 100.0;                  -- a hot spot in the middle
  total := +<< T;
  for s := 1 to steps do
    [left of Rod]  reflect T;          -- insulated ends: the border mirrors the rod
    [right of Rod] reflect T;
    T := T + k * (T@left - 2.0 * T + T@right);
  end;
  writeln("%7.3f":T);
  writeln("total %.6f":+<< T, " (was %.6f)":total);
  writeln("conserved: ", abs(+<< T - total) < 1.0e-9);
end;
