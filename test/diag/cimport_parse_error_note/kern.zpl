program kern;
extern "broken.h";
var n : integer;
procedure kern();
begin
  n := area(1);
end;
