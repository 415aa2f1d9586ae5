program t;
region R = [1..4, 1..4];
       V = [1..4];
direction east = [0, 1];
type pl = record val : double; loc : array [1..3] of integer; end;
var A, B : [R] integer;
    F    : [1..4, *] integer;
    X    : [V] integer;
    a    : array [1..3] of integer;
    x    : integer;
    d    : double;
    c    : array [1..4] of pl;
procedure g(s : array [1..3] of integer) : integer; begin return s[1]; end;
procedure t();
var i : integer;
begin
  if c[].val > 0.0 then x := 1; end;
end;
