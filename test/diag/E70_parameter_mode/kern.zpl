program kern;
extern "kernels.h";
extern prototype bump(counter : integer);
var x : integer;
    y : double;
procedure kern();
begin
  bump(x);
end;
