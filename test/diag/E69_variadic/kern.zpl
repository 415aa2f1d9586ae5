program kern;
extern "kernels.h";
var x : integer;
    y : double;
procedure kern();
begin
  x := sum_all(2, 1, 2);
end;
