program kern;
extern "k3.h";
extern prototype pick(a : double) : double;
var y : double;
procedure kern();
begin
  y := pick(1.0);
end;
