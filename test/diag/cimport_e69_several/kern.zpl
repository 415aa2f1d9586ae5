program kern;
extern "kern.h";
var n : integer;
    y : double;
procedure kern();
begin
  count(n);
  y := norm(y) + 1.0;
  n := legacy(1, 2);
  n := twice(n);
end;
