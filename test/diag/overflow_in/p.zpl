program p;
region R = [1..4, 1..4];
direction e = [-9223372036854775807, -1];
var A, B : [R] integer;
procedure p();
begin
  [e in R] A := 1;
end;
