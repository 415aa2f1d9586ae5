program kern;
extern "kern.h";
extern prototype reset() : integer;
var n : integer;
    y : double;
procedure kern();
begin
  n := reset();
end;
