-- own_row_sums.zpl - partial sums along the last dimension (backend/emit_rowsums.c, issue 22):
-- parenthesised sums of reads through ghost views that are one sum moved along the last
-- dimension, computed once per row into a buffer. The values are whole numbers, so every order of
-- the sums gives the same bits: each statement is checked against the same terms summed one by one
-- (no partial sums). Over a level (unit steps), from a finer level (a restriction: every other
-- cell of the row), and with directions whose signs make a family but whose values do not (the
-- run-time condition fails: the statement as written).
program own_row_sums;

config var n : integer = 12;

constant L : integer = 2;

const
  step : array [0..L] of direction<-,-,-> = [-2^index1, -2^index1, -2^index1];
  dN00 : array [0..L] of direction<-,0,0> = [-2^index1, 0, 0];
  d100 : array [0..L] of direction<+,0,0> = [2^index1, 0, 0];
  d200 : array [0..L] of direction<+,0,0> = [2 * 2^index1, 0, 0];
  d0N0 : array [0..L] of direction<0,-,0> = [0, -2^index1, 0];
  d010 : array [0..L] of direction<0,+,0> = [0, 2^index1, 0];
  dN0N : array [0..L] of direction<-,0,-> = [-2^index1, 0, -2^index1];
  d10N : array [0..L] of direction<+,0,-> = [2^index1, 0, -2^index1];
  dN01 : array [0..L] of direction<-,0,+> = [-2^index1, 0, 2^index1];
  d101 : array [0..L] of direction<+,0,+> = [2^index1, 0, 2^index1];
  d0NN : array [0..L] of direction<0,-,-> = [0, -2^index1, -2^index1];
  d01N : array [0..L] of direction<0,+,-> = [0, 2^index1, -2^index1];
  d0N1 : array [0..L] of direction<0,-,+> = [0, -2^index1, 2^index1];
  d011 : array [0..L] of direction<0,+,+> = [0, 2^index1, 2^index1];
  dNN0 : array [0..L] of direction<-,-,0> = [-2^index1, -2^index1, 0];
  d110 : array [0..L] of direction<+,+,0> = [2^index1, 2^index1, 0];
  dNNN : array [0..L] of direction<-,-,-> = [-2^index1, -2^index1, -2^index1];
  d11N : array [0..L] of direction<+,+,-> = [2^index1, 2^index1, -2^index1];
  dNN1 : array [0..L] of direction<-,-,+> = [-2^index1, -2^index1, 2^index1];
  d111 : array [0..L] of direction<+,+,+> = [2^index1, 2^index1, 2^index1];
  d203 : array [0..L] of direction<+,0,+> = [2 * 2^index1, 0, 3 * 2^index1];
  Base  : region<..,..,..> = [1..n, 1..n, 1..n];
  Level : array [0..L] of region<..,..,..> = Base by step[index1];

var
  U, A, B : array [0..L] of [Level[index1]] double;
  k : integer;

-- three families: faces across the last dimension at -1, 0 and +1, corners at -1 and +1
procedure faces(u : [,,] double; out a : [,,] double; k : integer);
[Level[k]] a := 3.0 * u - 0.5 * ((u@^d0NN[k] + u@^d01N[k] + u@^dN0N[k] + u@^d10N[k])
                               + (u@^d0N0[k] + u@^d010[k] + u@^dN00[k] + u@^d100[k])
                               + (u@^d0N1[k] + u@^d011[k] + u@^dN01[k] + u@^d101[k]))
                 + 0.25 * ((u@^dNNN[k] + u@^d11N[k]) + (u@^dNN1[k] + u@^d111[k]));

procedure faces_one_by_one(u : [,,] double; out a : [,,] double; k : integer);
[Level[k]] a := 3.0 * u - 0.5 * (u@^d0NN[k] + u@^d01N[k] + u@^dN0N[k] + u@^d10N[k]
                               + u@^d0N0[k] + u@^d010[k] + u@^dN00[k] + u@^d100[k]
                               + u@^d0N1[k] + u@^d011[k] + u@^dN01[k] + u@^d101[k])
                 + 0.25 * (u@^dNNN[k] + u@^d11N[k] + u@^dNN1[k] + u@^d111[k]);

-- level k + 1 from level k: the sums over every cell of the finer row, read at every other one
procedure restrict(r : [,,] double; out s : [,,] double; k : integer);
[Level[k + 1]] s := r + ((r@^dN0N[k] + r@^d10N[k]) + (r@^dN00[k] + r@^d100[k]) + (r@^dN01[k] + r@^d101[k]))
                      - 2.0 * ((r@^dNN0[k] + r@^d110[k]) + (r@^dNNN[k] + r@^d11N[k]));

procedure restrict_one_by_one(r : [,,] double; out s : [,,] double; k : integer);
[Level[k + 1]] s := r + (r@^dN0N[k] + r@^d10N[k] + r@^dN00[k] + r@^d100[k] + r@^dN01[k] + r@^d101[k])
                      - 2.0 * (r@^dNN0[k] + r@^d110[k] + r@^dNNN[k] + r@^d11N[k]);

-- signs of a family, values of none: d203 is not d100 moved along the last dimension
procedure not_moved(u : [,,] double; out a : [,,] double; k : integer);
[Level[k]] a := (u@^dN0N[k] + u@^d10N[k]) - (u@^dN00[k] + u@^d100[k]) + 4.0 * (u@^dN01[k] + u@^d203[k]);

procedure not_moved_one_by_one(u : [,,] double; out a : [,,] double; k : integer);
[Level[k]] a := u@^dN0N[k] + u@^d10N[k] - u@^dN00[k] - u@^d100[k] + 4.0 * u@^dN01[k] + 4.0 * u@^d203[k];

procedure report(what : string; a, b : [,,] double; k : integer);
var sa, sb, diff : double;
begin
  [Level[k]] begin
    sa := +<< (a * (Index1 + 2 * Index2 + 3 * Index3));
    sb := +<< (b * (Index1 + 2 * Index2 + 3 * Index3));
    diff := max<< abs(a - b);
  end;
  writeln(what, " ", k, " ", "%.1f" : sa, " ", "%.1f" : sb, " ", diff);
end;

procedure own_row_sums();
begin
  for k := 0 to L do
    [Level[k]] U[k] := Index1 * 37 - Index2 * Index2 + 5 * Index3 * Index1 + k;
  end;
  for k := 0 to L do
    faces(U[k], A[k], k);
    faces_one_by_one(U[k], B[k], k);
    report("faces", A[k], B[k], k);
  end;
  for k := 0 to L - 1 do
    restrict(U[k], A[k + 1], k);
    restrict_one_by_one(U[k], B[k + 1], k);
    report("restrict", A[k + 1], B[k + 1], k + 1);
  end;
  for k := 0 to L do
    not_moved(U[k], A[k], k);
    not_moved_one_by_one(U[k], B[k], k);
    report("not moved", A[k], B[k], k);
  end;
end;
