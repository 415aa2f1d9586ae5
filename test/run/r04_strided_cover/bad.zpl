-- R4 (section 15.3): a covering region whose indices are not all strided indices of the array.
program bad;
config var lo : integer = 1;
region R = [0..7];
       S = R by [2];
var A : [S] integer;
procedure bad();
begin
  [S] A := 1;
  [[lo + 1..lo + 5] by [2]] A := 2;   -- 2, 4, 6: fine
  [S] writeln(A);
  [[lo..lo + 4] by [2]] A := 3;       -- 1, 3, 5: between the indices of A
end;
