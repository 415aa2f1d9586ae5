program kern;
extern "kern.h";
extern prototype twice(inout v : integer) : integer;
var n : integer;
    y : double;
procedure kern();
begin
  n := twice(n);
end;
