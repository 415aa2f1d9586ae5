program p;
region R = [1..4, 1..4];
direction e = [9223372036854775807, 0];
var A, B : [R] integer;
procedure p();
begin
  [R] A := B@e;
end;
