program t;
config var n : integer = 4;
region R = [1..4, 1..4];
       S = [1..n, 1..n];
var A : [S] integer;
procedure fill(inout X : [R] integer);
[R] begin
  X := 1;
end;
procedure t();
begin
  fill(A);
end;
