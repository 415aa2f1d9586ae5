program w;
var n : integer;
procedure bump(var k : integer);
begin
  k += 1;
end;
procedure w();
begin
  bump(n);
  writeln(n);
end;
