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
prototype f(y : integer) : integer;
procedure f(y : double) : integer; begin return 1; end;
procedure t();
var i : integer;
begin
  x := f(1.0);
end;
