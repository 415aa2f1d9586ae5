program kern;
extern "no_such_kernels.h";
var x : integer;
    y : double;
procedure kern();
begin
  y := 1.0;
end;
