program t;
const
  Base  : region<..,..> = [1..4, 1..4];
  Level : array [0..2] of region<..,..> = Base at [0, index1 - index1];
var U : array [0..2] of [Level[index1]] integer;
procedure sum(k : integer);
var s : integer = +<< U[k];
begin
  writeln(s);
end;
procedure t();
begin
  [Base] sum(2);
  [Base] sum(3);
end;
