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
procedure f(y : double) : double; begin return y; end;
procedure f(y : integer) : integer; begin return y; end;
procedure t();
var i : integer;
begin
  x := f(1);
end;
