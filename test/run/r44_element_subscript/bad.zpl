program t;
const
  Base  : region<..,..> = [1..4, 1..4];
  Level : array [0..2] of region<..,..> = Base at [0, index1 - index1];
var U : array [0..2] of [Level[index1]] integer;
    k : integer;
procedure t();
begin
  for k := 0 to 3 do
    [Base] U[k] := k;
  end;
end;
