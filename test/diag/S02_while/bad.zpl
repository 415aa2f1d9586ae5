program t;
var x : integer;
procedure t();
begin
  while x < 10 do
    writeln(x);
procedure u();
begin
  x := 2;
end;
