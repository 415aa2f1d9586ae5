program p;
region R = [1..4, 1..4];
var A : [R] double;
procedure p();
begin
  [R] A := >>[R] >>[R] A;
end;
