/* own_comm_opt.zpl - ghost-cell transfers that comm-opt removes, combines, hoists out of loops
 * and starts early, and stencils whose interior is computed while the ghost cells travel. Every
 * case prints enough to show a stale ghost cell: the output must be the same at any process
 * count, with -fno-comm-opt and with -fno-overlap. test/unit/comm_stats.sh counts its messages. */
program own_comm_opt;

config var n : integer = 9;

region R = [1..n, 1..n];
       L = [1..3*n];
       C = [1..4, 1..n, 1..5];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
          ne = [-1, 1]; sw = [1, -1];
          left = [-1]; right = [1]; left2 = [-2];
          up = [-1, 0, 0]; back = [0, 0, 1];

var A, B, Cc, D, E : [R] double;
    I, J : [R] integer;
    Mk : [R] boolean;
    V, W : [L] double;
    K : [C] integer;
    s, t : double;
    m, it : integer;

procedure bump(inout X : [R] double);
[R] begin
  X := X + 1.0;
end;

var Show : [R] double;

procedure show(name : string);
[R] begin
  writeln(name, ": ", +<< Show, " ", max<< (Show * Index1 - Index2), " ", +<< (Show@north * Index2));
end;

-- y may be bound to the global s: the reduction into s must be complete before y is used
procedure alias(inout y : double);
[R] begin
  s := max<< A;
  y := y + 1.0;
  t := s;
  writeln("alias: ", s, " ", y, " ", t);
end;

procedure own_comm_opt();
[R] begin
  A := Index1 * 10.0 + Index2;
  B := 1.0;
  Cc := A@north + A@south;           -- transfer, started right after A's assignment
  D := A@north * 2.0;                -- ghost cells of A@north still current: no transfer
  E := A@east + Cc@west;             -- Cc changed since: a new transfer
  Show := Cc + D + E;
  show("straight");

  -- loops: A and B do not change inside, so their transfers run once, before the loop
  for it := 1 to 3 do
    D := D + A@west;
    Cc := Cc + B@north + A@ne;
  end;
  Show := Cc + D;
  show("for");

  -- A changes in this loop: its transfer stays inside
  m := 0;
  while m < 2 do
    A := A@sw + A@east * 0.5;
    m += 1;
  end;
  Show := A;
  show("while");

  -- an if: the ghost cells are current after it only if every branch leaves them so
  if n > 3 then
    D := A@north;
  else
    D := A@south;
  end;
  E := A@north + A@south;            -- A@north current from the then-branch only: transfer again
  Show := D + E;
  show("if");

  -- a call may write its argument: the ghost cells of A are stale after it
  D := A@west;
  bump(A);
  E := A@west;
  Show := E - D;
  show("call");

  -- wrap writes the border of A
  [east of R] wrap A;
  E := A@east;
  Show := E;
  show("wrap");

  -- the same data again and again in a repeat loop: one transfer before it
  s := 0.0;
  repeat
    s += +<< (A@north + A@south);
    t := max<< (A@west);
  until s > 1.0e6;
  writeln("repeat: ", s, " ", t);

  -- a stencil fused with an exact reduction (split into interior and border)
  I := Index1 * 3 + Index2 * 7 % 5;
  J := I@north + I@south + I@east + I@west;
  m := max<< J;
  writeln("fused max: ", m);
  J := I@north - I@west;
  m := +<< J;
  writeln("fused integer sum: ", m);

  -- a masked statement and one that reads its own target shifted: no split
  Mk := I > 20;
  [R with Mk] E := A@north;
  A := A@north + A@west;
  Show := E + A;
  show("masked/self");

  -- split-phase reductions: each result is combined where it is first needed
  s := +<< A;
  D := A * 2.0;
  t := s * 2.0;
  m := max<< I;
  it := 0;
  for m := m to m + 2 do
    it += m;
  end;
  s := min<< A;
  repeat
    s += 1.0;
    if s > 5.0 then
      continue;
    end;
  until s > 10.0;
  writeln("split-phase: ", t, " ", it, " ", s);
  alias(s);

  -- one and three dimensions
  [L] V := Index1 * 1.5;
  [L] W := V@left + V@right + V@left2;
  [L] writeln("1d: ", +<< W, " ", max<< (W - V));
  [C] K := Index1 * 100 + Index2 * 10 + Index3;
  [C] K := K@up + K@back;
  [C] writeln("3d: ", +<< K, " ", min<< K);
end;
