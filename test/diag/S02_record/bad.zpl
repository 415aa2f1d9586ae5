program t;
type point = record
               x, y : integer;
var p : point;
procedure t();
begin
  p.x := 1;
end;
