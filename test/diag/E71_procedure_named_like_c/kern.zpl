program kern;
extern "kernels.h";
procedure twice(v : integer) : integer;
begin
  return v + v;
end;
var x : integer;
    y : double;
procedure kern();
begin
  x := twice(4);
end;
