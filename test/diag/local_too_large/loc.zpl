program loc;
procedure loc();
var a : array [1..100000000] of integer;
begin
  a[1] := 1;
  writeln(a[1]);
end;
