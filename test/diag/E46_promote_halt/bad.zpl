program t;
region R = [1..4, 1..4];
var A, B : [R] integer;
    total : integer;
procedure f(v : integer) : integer;
begin
  if v < 0 then
    halt;
  end;
  return v;
end;
procedure t();
begin
  [R] A := f(B);
end;
