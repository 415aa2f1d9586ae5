-- Projections whose outer bounds are known only at elaboration: a copy between two of different
-- sizes stops with a run-time error instead of writing past either.
program t;
config var n : integer = 2;
           m : integer = 3;
type place = record val : double; loc : array [1..3] of integer; end;
var p : array [1..n] of place;
    q : array [1..m] of place;
procedure t();
begin
  q[].loc[] := 4;
  p[].loc[] := q[].loc[];
end;
