-- R3 (section 15.3): a shift that lands between the strided indices of a declared region.
program bad;
config var k : integer = 1;
region R = [0..7, 0..7];
       S = R by [2, 2];
var A, B : [S] integer;
procedure bad();
begin
  [S] A := Index1 + Index2;
  [[0..7, 0..5] by [2, 2]] B := A@[0, 2 * k];   -- fine: a multiple of the stride
  [S] writeln(+<< B);
  [[0..5, 0..5] by [2, 2]] B := A@[0, k];   -- between the columns of A
end;
