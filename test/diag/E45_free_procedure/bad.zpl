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
free procedure p();
begin
end;
procedure t();
var i : integer;
begin
  x := 0;
end;
