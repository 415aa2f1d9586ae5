program kern;
extern "other.h";
extern "kern.h";
var n : integer;
procedure kern();
begin
  n := 0;
  reset();
end;
procedure reset();
begin
  n := 1;
end;
procedure helper();
begin
  n := 2;
end;
