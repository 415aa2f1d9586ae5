program kern;
extern "kern.h";
var y : double;
procedure kern();
begin
  y := norm(y);
end;
