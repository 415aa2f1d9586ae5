program kern;
extern "kern.h";
var n : integer;
procedure kern();
begin
  n := legacy();
end;
