program p;
region Q = [9223372036854775807..9223372036854775807];
var A : [Q] integer;
procedure p();
begin
  [Q] A := A@[1];
end;
