program t;
region R = [1..4, 1..4];
var A, B : [R] integer;
    total : integer;
procedure f(v : integer; inout w : integer) : integer;
begin
  return v + w;
end;
procedure t();
begin
  [R] A := f(B, total);
end;
