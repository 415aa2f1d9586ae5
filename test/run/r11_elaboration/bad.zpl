program t;
region R = [1..4, 1..4];
var total : integer = sum();
    A : [R] integer;
procedure sum() : integer;
[R] begin
  return +<< A;
end;
procedure t();
begin
  writeln(total);
end;
