program kern;
extern "kern.h";
extern prototype length(n : ulongint) : integer;
var n : integer;
    y : double;
procedure kern();
begin
  n := 1;
end;
