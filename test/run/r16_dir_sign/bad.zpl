program t;
config var n : integer = 3;
const
  ok  : direction<0,-> = [0, 1 - n];
  dir : array [1..3] of direction<+,0> = [n - index1 - 1, 0];
region R = [1..4, 1..4];
var A : [R] integer;
procedure t();
begin
  [R] A := 1;
  writeln("not reached");
end;
