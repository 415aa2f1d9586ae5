program kern;
extern "kernels.h";
var x : integer;
    y : double;
procedure kern();
begin
  x := use_foo(1, x);
end;
