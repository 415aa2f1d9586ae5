program t;
region R = [1..4, 1..4];
var A : [R] integer;
    G : [Q] integer;
    h : strng;
    x : integer;
procedure t();
begin
  [R] A := 1;
  [R] G := A;
  h := 3;
  x := h + 1;
  x := y;
end;
