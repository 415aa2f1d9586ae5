-- NAS MG's charges (samples/mg.zpl, zran3): its user-defined reduction minMaxK<< with the sample's
-- own procedures, word for word (projections in the identity), on a small field of distinct values:
-- the ten largest and ten smallest values and their places, printed as mg prints them (-scharges),
-- the same on any number of processes and with any binding.
program own_minmaxk;

config var n1 : integer = 7;
           n2 : integer = 5;
           n3 : integer = 6;

region Base = [1..n1, 1..n2, 1..n3];

type
  place = record                   -- a value of the random field and where it is
            val : double;
            loc : array [1..3] of integer;
          end;
  tenk  = record                   -- the ten largest (max, descending) and smallest (min, ascending)
            max, min : array [1..10] of place;
          end;

-- insert p into the ten largest values m (descending)
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

-- insert p into the ten smallest values m (ascending)
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

-- identity: nothing kept yet
procedure minMaxK(out s : tenk);
begin
  s.max[].val := -DBL_MAX;
  s.min[].val := DBL_MAX;
  s.max[].loc[] := 0;
  s.min[].loc[] := 0;
end;

-- accumulate: the value v at (i1, i2, i3)
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

-- combine: a's values into b
procedure minMaxK(inout a : tenk; inout b : tenk);
var j : integer;
begin
  for j := 1 to 10 do
    if a.max[j].val > b.max[10].val then keepmax(b.max, a.max[j]); end;
    if a.min[j].val < b.min[10].val then keepmin(b.min, a.min[j]); end;
  end;
end;

-- v: zero but for +1.0 at the ten largest and -1.0 at the ten smallest values of NPB's random

procedure own_minmaxk();
var Z : [Base] double;
    c : tenk;
    i : integer;
begin
  -- distinct values: 7919 is prime to 1009, and there are fewer than 1009 points
  [Base] Z := ((Index1 - 1 + n1 * (Index2 - 1) + n1 * n2 * (Index3 - 1)) * 7919 % 1009) / 1009.0;
  [Base] c := minMaxK<< (Z, Index1, Index2, Index3);
  writeln(c.max[].loc[]);
  writeln(c.min[].loc[]);
  for i := 1 to 10 do
    writeln(c.max[i].val * 1009.0, " ", c.min[i].val * 1009.0);
  end;
end;
