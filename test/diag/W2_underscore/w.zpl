program w;
var _count : integer;
procedure w();
begin
  _count := 3;
  writeln(_count);
end;
