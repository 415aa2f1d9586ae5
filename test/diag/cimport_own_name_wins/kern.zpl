program kern;
extern "kern.h";
var twice : integer;
    n : integer;
procedure kern();
begin
  n := twice(2);
end;
