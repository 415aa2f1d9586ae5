program kern;
extern "kern.h";
extern prototype use_foo(a : integer; inout p : integer) : integer;
var n : integer;
    y : double;
procedure kern();
begin
  n := use_foo(1, n);
end;
