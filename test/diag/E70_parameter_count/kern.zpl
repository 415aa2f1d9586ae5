program kern;
extern "kernels.h";
extern prototype scale(v : double) : double;
var x : integer;
    y : double;
procedure kern();
begin
  y := scale(2.0);
end;
