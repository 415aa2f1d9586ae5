program kern;
extern "kernels.h";
extern prototype twice(v : double) : integer;
var x : integer;
    y : double;
procedure kern();
begin
  x := twice(2.0);
end;
