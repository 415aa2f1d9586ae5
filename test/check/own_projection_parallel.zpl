-- Projections and whole indexed arrays inside parallel arrays of records (sections 6.11, 15.7): a
-- parallel projection such as A.max[].loc[] is assigned at every index of the covering region (a
-- scalar, another parallel or scalar projection, under a mask), element by element.
program own_projection_parallel;
region R = [1..5, 1..3];
type place = record val : double; loc : array [1..3] of integer; end;
     tenk = record max : array [1..2] of place; end;
var A, B : [R] tenk;
    M : [R] boolean;
    c : tenk;
    k : integer;
procedure own_projection_parallel();
begin
  [R] A.max[].val := 1.0;
  [R] A.max[].loc[] := Index1 * 10 + Index2;
  [R] B.max[].loc[] := A.max[].loc[];
  [R] M := Index2 = 2;
  [R with M] B.max[].loc[2] := 0;
  c.max[].loc[] := 7;
  [R] B.max[2].loc[] := c.max[1].loc[];
  [R] writeln(B.max[1].loc[1] + B.max[1].loc[2] + B.max[2].loc[3]);
  for k := 1 to 3 do
    [R] writeln(+<< B.max[1].loc[k]);
  end;
end;
