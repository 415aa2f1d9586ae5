-- User-defined full reductions (section 15.5) compiled: each process folds its indices of the
-- covering region in row-major order into a state from the identity procedure, and the states are
-- combined in increasing process order, so the results are the same on any number of processes.
-- A sum written as a user reduction (procedure and function forms), the smallest value with its
-- place (a tuple with IndexK; ties go to the first place in row-major order), a histogram (a state
-- that is an indexed array), the sums of the rows (an indexed array whose bounds are known at run
-- time), the first and last values in row-major order (a combine that is not commutative), the
-- ten largest and smallest values with their places (the state of NAS MG's minMaxK<<: a record of
-- indexed arrays of records), operands with shifts and wrap-around shifts, masks, an inherited
-- covering region, a condition, a loop, and a region of one process only.
program own_ureduce;

config var n : integer = 6;

region R    = [1..n, 1..n + 1];
       Cube = [1..6, 1..5, 1..7];
       Two  = [1..2];
direction east = [0, 1];
          west = [0, -1];

type place  = record val : double; loc : array [1..3] of integer; end;
     tenk   = record max, min : array [1..10] of place; end;
     minloc = record val : double; i, j : integer; end;
     ends   = record count : integer; first, last : double; end;
     hist   = array [0..3] of integer;
     rowsum = array [1..n] of integer;         -- bounds known when the program starts

var A, B : [R] double;
    K    : [R] integer;
    M    : [R] boolean;
    Z    : [Cube] double;
    T    : [Two] integer;
    m    : minloc;
    h    : hist;
    rs   : rowsum;
    e    : ends;
    c    : tenk;
    i, s : integer;
    x    : double;

-- a sum, the two-procedure form (accumulate also combines)
procedure total(out s : integer); begin s := 0; end;
procedure total(v : integer; inout s : integer); begin s := s + v; end;

-- a sum, the function form
procedure plus() : double; begin return 0.0; end;
procedure plus(a, b : double) : double; begin return a + b; end;

-- the smallest value and its place; the first place wins a tie
procedure least(out s : minloc); begin s.val := DBL_MAX; s.i := 0; s.j := 0; end;
procedure least(v : double; i, j : integer; inout s : minloc);
begin
  if v < s.val then s.val := v; s.i := i; s.j := j; end;
end;
procedure least(inout a, b : minloc);
begin
  if a.val < b.val | (a.val = b.val & (a.i < b.i | (a.i = b.i & a.j < b.j))) then b := a; end;
end;

-- how many values fall in each quarter of [0, 1)
procedure quarters(out s : hist);
var k : integer;
begin
  for k := 0 to 3 do s[k] := 0; end;
end;
procedure quarters(v : double; inout s : hist);
var k : integer;
begin
  k := to_integer(v * 4.0);
  if k > 3 then k := 3; end;
  if k < 0 then k := 0; end;
  s[k] := s[k] + 1;
end;
procedure quarters(inout a, b : hist);
var k : integer;
begin
  for k := 0 to 3 do b[k] := b[k] + a[k]; end;
end;

-- the sum of each row: a state whose bounds are known at run time
procedure rows(out s : rowsum);
var k : integer;
begin
  for k := 1 to n do s[k] := 0; end;
end;
procedure rows(v, i : integer; inout s : rowsum); begin s[i] := s[i] + v; end;
procedure rows(inout a, b : rowsum);
var k : integer;
begin
  for k := 1 to n do b[k] := b[k] + a[k]; end;
end;

-- the first and the last value met: combine(s_p, r) appends process p's values after r's
procedure firstlast(out s : ends); begin s.count := 0; s.first := 0.0; s.last := 0.0; end;
procedure firstlast(v : double; inout s : ends);
begin
  if s.count = 0 then s.first := v; end;
  s.last := v;
  s.count := s.count + 1;
end;
procedure firstlast(inout a, b : ends);
begin
  if a.count > 0 then
    if b.count = 0 then b.first := a.first; end;
    b.last := a.last;
    b.count := b.count + a.count;
  end;
end;

-- NAS MG's minMaxK: the ten largest values (descending) and the ten smallest (ascending)
procedure keepmax(inout m : array [1..10] of place; p : place);
var j : integer;
begin
  j := 10;
  while j > 1 & m[j - 1].val < p.val do
    m[j] := m[j - 1];
    j := j - 1;
  end;
  m[j] := p;
end;
procedure keepmin(inout m : array [1..10] of place; p : place);
var j : integer;
begin
  j := 10;
  while j > 1 & m[j - 1].val > p.val do
    m[j] := m[j - 1];
    j := j - 1;
  end;
  m[j] := p;
end;
procedure minMaxK(out s : tenk);
var j, d : integer;
begin
  for j := 1 to 10 do
    s.max[j].val := -DBL_MAX;
    s.min[j].val := DBL_MAX;
    for d := 1 to 3 do
      s.max[j].loc[d] := 0;
      s.min[j].loc[d] := 0;
    end;
  end;
end;
procedure minMaxK(v : double; i1, i2, i3 : integer; inout s : tenk);
var p : place;
begin
  p.val := v;
  p.loc[1] := i1;
  p.loc[2] := i2;
  p.loc[3] := i3;
  if v > s.max[10].val then keepmax(s.max, p); end;
  if v < s.min[10].val then keepmin(s.min, p); end;
end;
procedure minMaxK(inout a : tenk; inout b : tenk);
var j : integer;
begin
  for j := 1 to 10 do
    if a.max[j].val > b.max[10].val then keepmax(b.max, a.max[j]); end;
    if a.min[j].val < b.min[10].val then keepmin(b.min, a.min[j]); end;
  end;
end;

-- under the caller's covering region
procedure smallest(X : [,] double) : minloc;
begin
  return least<< (X, Index1, Index2);
end;

procedure own_ureduce();
begin
  [R] A := ((Index1 * 7 + Index2 * 3) % 11) / 11.0;
  [R] K := Index1 * 10 + Index2;
  [R] writeln("sum of K: ", total<< K, " (built-in: ", +<< K, ")");
  [R] writeln("sum of A * 11: ", plus<< (A * 11.0));
  [R] m := least<< (A, Index1, Index2);
  writeln("least: ", m.val * 11.0, " at ", m.i, ", ", m.j);
  [R] M := A > 0.3;
  [R with M] m := least<< (A, Index1, Index2);
  writeln("least above 0.3: ", m.val * 11.0, " at ", m.i, ", ", m.j);
  [R] h[] := quarters<< A;
  writeln("quarters: ", h[0], " ", h[1], " ", h[2], " ", h[3]);
  [R] rs[] := rows<< (K, Index1);
  writeln("row sums: ", rs[1], " ", rs[2], " ", rs[n]);
  [R] e := firstlast<< (A * 11.0);
  writeln("first and last: ", e.first, " ", e.last, " of ", e.count);
  -- operands shifted: ghost cells, and wrap-around
  [1..n, 1..n] s := total<< (K@east - K);
  writeln("east differences: ", s);
  [R] s := total<< (K@^west);
  writeln("sum of K@^west: ", s);
  [R] B := A@^east * 11.0;
  [R] m := smallest(B);
  writeln("smallest of B: ", m.val, " at ", m.i, ", ", m.j);
  -- in a condition, and in a loop that changes the operand
  [R] if total<< K > 1000 then writeln("large"); else writeln("small"); end;
  for i := 1 to 3 do
    [R] K := K + Index2;
    [R] x := plus<< (to_double(K));
    writeln("iteration ", i, ": ", x);
  end;
  -- the conditions of while and repeat loops and of a later if arm
  [R] K := 1;
  s := 0;
  [R] while total<< K < 100 do
    K := K * 2;
    s := s + 1;
  end;
  [R] repeat
    K := K - 1;
  until total<< K < 50 | s > 100;
  [R] if s > 20 then writeln("many"); elsif total<< K > 3 then writeln("doubled ", s, " times, then ", total<< K); end;
  -- in an array statement: computed once, before it
  [R] K := Index1 * Index2;
  [R] K := 42 * K - total<< K;
  [R] writeln("centred: ", total<< K, " ", max<< K);
  -- a region some processes own nothing of, and an empty mask: the identity's state
  [Two] T := Index1;
  [Two] writeln("sum over two: ", total<< T);
  [R] M := A > 2.0;
  [R with M] m := least<< (A, Index1, Index2);
  writeln("least of nothing: ", m.i, ", ", m.j);
  -- NAS MG's charges on a small field of distinct values
  [Cube] Z := ((Index1 - 1 + 6 * (Index2 - 1) + 30 * (Index3 - 1)) * 7919 % 1009) / 1009.0;
  [Cube] c := minMaxK<< (Z, Index1, Index2, Index3);
  for i := 1 to 10 do
    writeln("max ", i, ": ", c.max[i].val * 1009.0, " at ", c.max[i].loc[1], " ", c.max[i].loc[2], " ", c.max[i].loc[3],
            "   min ", i, ": ", c.min[i].val * 1009.0, " at ", c.min[i].loc[1], " ", c.min[i].loc[2], " ", c.min[i].loc[3]);
  end;
end;
