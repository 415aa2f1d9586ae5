-- the operand of a flood is checked against the flood's source region: row k - 1 = 0 is outside
-- B's storage region (R4)
program flood;
config var k : integer = 1;
region R = [1..4, 1..4];
var A, B : [R] integer;
procedure flood();
begin
  [R] B := Index1;
  [R] A := >>[k, 1..4] B;
  [R] writeln(+<< A);
  [R] A := >>[k - 1, 1..4] B;
  writeln("outside");
end;
