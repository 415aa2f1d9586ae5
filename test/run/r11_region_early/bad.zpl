program t;
-- The transfer of a loop under a region declared later starts once, before the loop: R11 there
var A, B : [1..8] double;
    s : integer = f();
region R = [1..8];
direction east = [1];
procedure f() : integer;
var i : integer;
begin
  for i := 1 to 3 do
    [R] A := A + B@east;
  end;
  return 1;
end;
procedure t();
begin
  writeln(s);
end;
