program kern;
extern "kern.h";
var n : integer;
procedure kern();
begin
  n := twice(2) + frobnicate(1);
end;
