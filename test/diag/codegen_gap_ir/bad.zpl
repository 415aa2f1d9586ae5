program t;
region R = [1..4, 1..4];
       V = [1..4];
direction east = [0, 1];
const
  c : region<..,..> = [1..4, 1..4];
var A, B : [R] integer;
    F    : [1..4, *] integer;
    X    : [V] integer;
    a    : array [1..3] of integer;
    x    : integer;
    d    : double;
procedure t();
var i : integer;
begin
  x := 0;
end;
