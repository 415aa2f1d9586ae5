/* own_plan_rebuild.zpl - transfers whose plans change from one execution to the next (regions
 * with bounds that move in a loop): every change rebuilds the plan, and with the libsplit
 * bindings first collects the ready tokens the previous plan's receivers already sent for a
 * next round. Same output at every process count and binding. */
program own_plan_rebuild;

config var n : integer = 9;

region R = [1..n, 1..n];

direction north = [-1, 0]; east = [0, 1]; south = [1, 0];

var A, B : [R] integer;
    i    : integer;

procedure own_plan_rebuild();
[R] begin
  A := Index1 * 10 + Index2;
  B := 0;
  for i := 1 to 5 do
    [1..n, 1..n-i] B := B + A@north;
    [i..n, 1..n] B := B + A@south + A@east;
    A := A + 1;
  end;
  writeln("%5d" : B);
end;
