program w;
var _count : integer;
procedure bump(var k : integer);
begin
  k += 1;
end;
procedure w();
begin
  bump(_count);
  writeln(count);
end;
