-- the operand of a partial reduction is checked against the reduction's source region, which here
-- reaches one column past B's storage region (R4)
program reduce;
config var k : integer = 1;
region R = [1..4, 1..4];
var A, B : [R] integer;
procedure reduce();
begin
  [R] B := 1;
  [1..4, 1] A := +<< [1..4, 1..4] B;
  writeln("inside");
  [1..4, 1] A := +<< [1..4, 1..4 + k] B;
  writeln("outside");
end;
