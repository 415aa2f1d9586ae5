program t;
var x : integer;
procedure t();
begin
  if x > 0 then
    writeln(x);
procedure u();
begin
  x := 2;
end;
