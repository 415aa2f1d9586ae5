program w;
var t : array [4] of integer;
procedure w();
begin
  t[4] := 1;
  writeln(t[4]);
end;
