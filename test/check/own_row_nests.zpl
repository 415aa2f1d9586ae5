-- own_row_nests.zpl - statements under different covering regions whose rows share one loop nest
-- (passes/rows.c, issue 22): a trilinear interpolation between the levels of a strided 3-D
-- hierarchy (six statements, each over its own parity class of the fine level: disjoint
-- regions); two with arguments that do and do not share storage (then one after the other);
-- regions of different extents; regions that overlap (one after the other, as written); the rows
-- of a dense 2-D array; pairs of parity classes along the last dimension in one loop.
program own_row_nests;

config var n : integer = 12;

constant L : integer = 2;

const
  step : array [0..L] of direction<-,-,-> = [-2^index1, -2^index1, -2^index1];
  d100 : array [0..L] of direction<+,0,0> = [2^index1, 0, 0];
  d300 : array [0..L] of direction<+,0,0> = [3 * 2^index1, 0, 0];
  dN00 : array [0..L] of direction<-,0,0> = [-2^index1, 0, 0];
  d010 : array [0..L] of direction<0,+,0> = [0, 2^index1, 0];
  d0N0 : array [0..L] of direction<0,-,0> = [0, -2^index1, 0];
  d001 : array [0..L] of direction<0,0,+> = [0, 0, 2^index1];
  d00N : array [0..L] of direction<0,0,-> = [0, 0, -2^index1];
  dN0N3 : array [0..L] of direction<-,0,-> = [-2^index1, 0, -3 * 2^index1];
  d103 : array [0..L] of direction<+,0,+> = [2^index1, 0, 3 * 2^index1];
  d0N1 : array [0..L] of direction<0,-,+> = [0, -2^index1, 2^index1];
  d011 : array [0..L] of direction<0,+,+> = [0, 2^index1, 2^index1];
  dNN0 : array [0..L] of direction<-,-,0> = [-2^index1, -2^index1, 0];
  d110 : array [0..L] of direction<+,+,0> = [2^index1, 2^index1, 0];
  dNNN : array [0..L] of direction<-,-,-> = [-2^index1, -2^index1, -2^index1];
  d111 : array [0..L] of direction<+,+,+> = [2^index1, 2^index1, 2^index1];
  Base  : region<..,..,..> = [1..n, 1..n, 1..n];
  Level : array [0..L] of region<..,..,..> = Base by step[index1];

region P = [1..n, 1..n];

var
  U, W : array [0..L] of [Level[index1]] double;
  A : [Base] double;
  B : [P] double;
  s : double;
  k : integer;

-- u := u + Q z (level k from level k + 1): each statement over one parity class
procedure prolong(z : [,,] double; inout u : [,,] double; k : integer);
[Level[k + 1]] begin
  u := u + z;
  [" at dN00[k]] u := u + 0.5 * (z@^d100[k] + z@^dN00[k]);
  [" at d0N0[k]] u := u + 0.5 * (z@^d010[k] + z@^d0N0[k]);
  [" at d00N[k]] u := u + 0.5 * (z@^d001[k] + z@^d00N[k]);
  [" at dNN0[k]] u := u + 0.25 * (z@^d110[k] + z@^dNN0[k]);
  [" at dNNN[k]] u := u + 0.125 * (z@^d111[k] + z@^dNNN[k]);
end;

-- pairs of statements whose rows are neighbours along the last dimension, one loop writing both
-- (backend/emit_rows.c): moved down (d00N) and up (d0N1), the second reading Index3; a move of
-- three cells pairs by its signs but not at run time (two loops)
procedure pairs(z : [,,] double; inout u : [,,] double; k : integer);
begin
  [[1..n, 1..n, 5..n] by step[k + 1]] begin
    u := u + z * Index3;
    [" at d00N[k]] u := u + 0.5 * (z@^d001[k] + z@^d00N[k]) - 0.01 * Index3;
    [" at dN00[k]] u := u - z@^d100[k];
    [" at dN0N3[k]] u := u + 0.25 * z@^d103[k];
  end;
  [[1..n, 1..n, 1..n - 4] by step[k + 1]] begin
    [" at d0N0[k]] u := u * 0.5 + Index2;
    [" at d0N1[k]] u := u + z@^d011[k] * Index3;
  end;
end;

-- two parity classes of level k, reading z shifted: z may be u
procedure smear(z : [,,] double; inout u : [,,] double; k : integer);
[Level[k + 1]] begin
  u := u + 0.5 * z@^d100[k];
  [" at dN00[k]] u := u - 0.25 * z@^d300[k];   -- the next row of the one above
end;

procedure sum(u : [,,] double; k : integer) : double;
var t : double;
begin
  [Level[k]] t := +<< (u * (Index1 + 2 * Index2 + 3 * Index3));
  return t;
end;

procedure own_row_nests();
begin
  for k := 0 to L do
    [Level[k]] U[k] := Index1 * 100 + Index2 * 10 + Index3 + k;
  end;
  for k := L - 1 downto 0 do
    prolong(U[k + 1], U[k], k);
    writeln("prolong ", k, " ", "%.4f" : sum(U[k], k));
  end;
  for k := L - 1 downto 0 do
    pairs(U[k + 1], U[k], k);
    writeln("pairs ", k, " ", "%.4f" : sum(U[k], k));
  end;
  [Level[0]] W[0] := Index1 - Index2 * Index3;
  smear(W[0], U[0], 0);     -- distinct arrays: one nest
  writeln("distinct ", "%.4f" : sum(U[0], 0));
  smear(U[0], U[0], 0);     -- z and u share storage: one statement after the other
  writeln("shared ", "%.4f" : sum(U[0], 0));
  [Base] A := Index1 - 2 * Index2 + Index3;
  [Base] begin
    [[1..n, 1..n, 1..n] by [2, 1, 1]] A := A + Index2;        -- odd rows, every column
    [[2..n - 2, 3..n, 2..n] by [2, 1, 1]] A := 2.0 * A - 1.0;   -- even rows, fewer of them, shorter
  end;
  [Base] s := +<< (A * Index1 * Index3);
  writeln("extents ", "%.4f" : s);
  [Base] begin
    [[1..n - 1, 1..n, 1..n] by [1, 2, 1]] A := A + 1.0;   -- these two meet: as written
    [[2..n, 1..n, 1..n] by [1, 2, 1]] A := A * 0.5;
  end;
  [Base] s := +<< (A * Index1 * Index2);
  writeln("overlap ", "%.4f" : s);
  [P] B := Index1 * 7 + Index2;
  [P] begin
    [[1..n, 1..n] by [2, 1]] B := 2.0 * B + Index2;   -- odd rows of a dense array
    [[2..n, 2..n] by [2, 1]] B := B - Index1;         -- even rows, one column fewer
  end;
  [P] s := +<< (B * Index2);
  writeln("dense ", "%.4f" : s);
end;
