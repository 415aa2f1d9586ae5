program kern;
extern "k2.h";
extern prototype widen(v : integer) : longint;
var n : longint;
procedure kern();
begin
  n := widen(3);
end;
