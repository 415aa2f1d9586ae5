program t;
region R = [1..4, 1..4];
       V = [1..4];
direction east = [0, 1];
var A, B : [R] integer;
    F    : [1..4, *] integer;
    X    : [V] integer;
    a    : array [1..3] of integer;
    x    : integer;
    d    : double;
procedure put(inout y : integer); begin y := 1; end;
procedure via(inout z : integer); begin put(z); end;
procedure g(y : integer) : integer; begin via(x); return y; end;
procedure t();
var i : integer;
begin
  [R] A := g(B);
end;
