program kern;
extern "kernels.h";
var x : integer;
    y : double;
procedure kern();
begin
  make_foo(3);
end;
