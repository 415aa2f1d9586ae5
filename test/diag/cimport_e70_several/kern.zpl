program kern;
extern "kern.h";
extern prototype reset(x : integer);
extern prototype widen(v : longint) : longint;
extern prototype hash(seed : uinteger; v : integer) : integer;
extern prototype bump(out counter : integer);
extern prototype scale(v : double; k : integer);
var n : integer;
procedure kern();
begin
  reset(1);
  bump(n);
end;
