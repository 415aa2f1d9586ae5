program t;
region R = [1..4, 1..4];
       V = [1..4];
       Odd = [1..8] by [2];
direction east = [0, 1];
var A, B : [R] integer;
    F    : [1..4, *] integer;
    X    : [V] integer;
    S    : [Odd] integer;
    C    : [1..8] integer;
    a    : array [1..3] of integer;
    x    : integer;
    d    : double;
procedure t();
var i : integer;
begin
  [Odd] C := S@[1];
end;
