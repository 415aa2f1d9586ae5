program t;
type color = (red, green, blue);
     point = record
               x, y : integer;
             end;
constant greeting : string = "hi";
region R = [1..4, 1..4];
       V = [1..4];
direction east = [0, 1];
var A, B : [R] integer;
    M    : [R] boolean;
    D2   : [R] double;
    F    : [1..4, *] integer;
    X    : [V] integer;
    a    : array [1..3] of integer;
    p    : point;
    c    : color;
    s    : string;
    x    : integer;
    d    : double;
procedure addone(inout k : integer);
begin
  k += 1;
end;
procedure sq(v : integer) : integer;
begin
  return v * v;
end;
procedure t();
var i : integer;
begin
  [east of R with M] wrap A;
end;
