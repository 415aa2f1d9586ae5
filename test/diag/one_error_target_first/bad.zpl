program t;
region R = [1..4, 1..4];
var A : [R] integer;
    F : [1..4, *] integer;
    i : integer;
procedure t();
begin
  INT_MAX := y;
  for i := 1 to 2 do i := zz; end;
  [R] F := +<< [1..4, 1..4] A;
end;
