program t;
var x : integer;
procedure t();
begin
  for x := 1 to 3 do
    writeln(x);
procedure u();
begin
  x := 2;
end;
