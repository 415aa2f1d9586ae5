program kern;
extern "broken.h";
var x : integer;
    y : double;
procedure kern();
begin
  y := 1.0;
end;
