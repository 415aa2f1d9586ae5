program t;
const
  Base  : region<..,..> = [1..4, 1..4];
  Level : array [0..2] of region<..,..> = Base at [0, index1 - index1];
var U : array [0..2] of [Level[index1]] integer = 1;
    k : integer = 3;
procedure total(X : [Base] integer) : integer;
var r : integer;
begin
  [Base] r := +<< X;
  return r;
end;
var s : integer = total(U[k - 1]);
    u : integer = total(U[k]);
procedure t();
begin
  writeln(s, u);
end;
