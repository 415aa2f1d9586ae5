program t;
const
  Base  : region<..,..> = [1..4, 1..4];
  Small : array [1..2] of region<..,..> = [1..index1 + 1, 1..4];
var U : array [1..2] of [Small[index1]] integer;
    k : integer;
procedure t();
begin
  k := 1;
  [Base] U[k] := 1;
end;
