program kern;
extern "no_such_kernels.h";
var x : integer;
    y : double;
procedure kern();
begin
  x := frobnicate(1);
  refresh();
end;
