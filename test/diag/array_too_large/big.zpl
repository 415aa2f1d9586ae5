program big;
var a : array [1..9223372036854775807] of integer;
procedure big();
begin
  a[1] := 1;
end;
