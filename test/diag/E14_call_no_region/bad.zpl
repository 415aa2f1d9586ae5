program t;
region R = [1..4, 1..4];
       V = [1..4];
var A : [R] integer;
procedure clear();
begin
  A := 0;
end;
procedure t();
begin
  [R] clear();
  clear();
end;
