-- R3 (sections 6.5, 15.3): '@^' whose wrap-around lands between the strided indices (the extent 9
-- of [1..9] does not keep the remainder modulo 2).
program bad;
config var n : integer = 9;
region R = [1..n];
       S = R by [2];
direction e2 = [2];
var A, B : [S] integer;
procedure bad();
begin
  [S] A := Index1;
  [[1..n - 2] by [2]] B := A@^e2;     -- 3, 5, 7, 9: no wrap
  [S] writeln(B);
  [S] B := A@^e2;                     -- 11 wraps to 2
end;
