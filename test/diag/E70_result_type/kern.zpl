program kern;
extern "kernels.h";
extern prototype twice(v : integer) : double;
var x : integer;
    y : double;
procedure kern();
begin
  y := twice(2);
end;
