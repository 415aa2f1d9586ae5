program kern;
extern "kern.h";
prototype twice(v : integer) : integer;
var n : integer;
procedure kern();
begin
  n := twice(4);
end;
procedure twice(v : integer) : integer;
begin
  return v + v;
end;
