program kern;
extern "kern.h";
extern prototype twice(v : integer);
var n : integer;
    y : double;
procedure kern();
begin
  twice(n);
end;
