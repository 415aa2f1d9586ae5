-- read into a parallel array under a covering region larger than its storage region (R4, checked
-- before anything is read)
program readc;
config var k : integer = 1;
region R = [1..2, 1..2];
var A : [R] integer;
procedure readc();
begin
  writeln("before");
  [1..2 + k, 1..2] read(A);
  writeln("after");
end;
