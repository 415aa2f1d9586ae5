program kern;
extern "kern.h";
extern prototype hash(seed : integer; v : integer) : uinteger;
var n : integer;
    y : double;
procedure kern();
begin
  n := 1;
end;
