-- own_dir_ghosts.zpl - shifts by direction constants (section 15.1) through ghost views (issue 22):
-- '@^' and '@' by elements of direction-constant arrays on the levels of a strided hierarchy, read
-- through parameters bound to elements U[k]; a restriction (a level k + 1 region over level k
-- arrays) and an interpolation (a shifted region); shifts wider than the ghost cells the arrays
-- have (a copy with wider ones); a dense array shifted by 2^k; arguments that share storage (a
-- temporary) and arguments that do not (none); '@' by a direction constant.
program own_dir_ghosts;

config var n : integer = 16;

constant L : integer = 3;

const
  east  : array [0..L] of direction<0,+> = [0, 2^index1];
  west  : array [0..L] of direction<0,-> = [0, -2^index1];
  south : array [0..L] of direction<+,0> = [2^index1, 0];
  sw    : array [0..L] of direction<+,-> = [2^index1, -2^index1];
  wide  : array [0..L] of direction<0,-> = [0, -3 * 2^index1];
  north : array [0..L] of direction<-,0> = [-2^index1, 0];
  step  : array [0..L] of direction<-,-> = [-2^index1, -2^index1];
  Base  : region<..,..> = [1..n, 1..n];
  Level : array [0..L] of region<..,..> = Base by step[index1];

var
  U, R : array [0..L] of [Level[index1]] double;
  D    : [Base] double;
  k    : integer;
  s    : double;

-- a stencil at level k, with a shift wider than one cell of the level
procedure smooth(out r : [,] double; u : [,] double; k : integer);
[Level[k]] r := u@^east[k] + 2.0 * u@^sw[k] - u + 0.5 * u@^wide[k];

-- level k + 1 from level k (its arrays read every other element)
procedure restrict(r : [,] double; out c : [,] double; k : integer);
[Level[k + 1]] c := 0.5 * r + 0.25 * (r@^east[k] + r@^west[k] + r@^south[k]);

-- level k from level k + 1: the points between two of level k + 1 (a shifted region)
procedure prolong(z : [,] double; inout u : [,] double; k : integer);
[Level[k + 1]] begin
  u := u + z;
  [" at west[k]] u := u + 0.5 * (z@^east[k] + z@^west[k]);
end;

-- a and b may be the same array
procedure mix(inout a : [,] double; b : [,] double; k : integer);
[Level[k]] a := b@^east[k] - 0.25 * a;

procedure own_dir_ghosts();
begin
  for k := 0 to L do
    [Level[k]] U[k] := Index1 * 100 + Index2 * (k + 1);
    [Level[k]] R[k] := 0.0;
  end;
  [Base] D := Index1 * 3 - Index2;
  for k := 0 to L do
    smooth(R[k], U[k], k);
    [Level[k]] s := +<< R[k];
    writeln("smooth ", k, " ", "%.4f" : s);
  end;
  for k := 0 to L - 1 do
    restrict(R[k], R[k + 1], k);
    [Level[k + 1]] s := +<< R[k + 1];
    writeln("restrict ", k, " ", "%.4f" : s);
  end;
  for k := L - 1 downto 0 do
    prolong(U[k + 1], U[k], k);
    [Level[k]] s := +<< (U[k] * Index2);
    writeln("prolong ", k, " ", "%.4f" : s);
  end;
  mix(U[1], R[1], 1);
  [Level[1]] s := +<< (U[1] * Index1);
  writeln("mix distinct ", "%.4f" : s);
  mix(U[1], U[1], 1);
  [Level[1]] s := +<< (U[1] * Index1);
  writeln("mix shared ", "%.4f" : s);
  for k := 0 to L do
    [Base] D := D@^east[k] - 0.5 * D@^sw[k];
  end;
  [2..n, 1..n] D := D + D@north[0];   -- '@' by a direction constant, inside the array
  [3..n, 1..n] D := D@north[1] - D;
  [Base] s := +<< (D * Index1 * Index2);
  writeln("dense ", "%.4f" : s);
end;
