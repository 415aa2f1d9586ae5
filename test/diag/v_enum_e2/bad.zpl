program t;
type color = (red, green);
var green : integer;
procedure t(); begin end;
