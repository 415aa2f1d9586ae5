-- R3 (sections 6.5, 15.3): several '@^' reads of one strided array in one statement are checked
-- together (zrt_wrap_contains_dirs); the error names the first that fails, on its own line, and a
-- comment with a quote inside a read stays inside the message.
program bad;
config var n : integer = 9;
region R = [1..n];
       S = R by [2];
direction e2 = [2];
          m2 = [-2];
var A, B : [S] integer;
procedure bad();
begin
  [S] A := Index1;
  [[1..n - 2] by [2]] B := A@^e2 + A@^e2;     -- 3, 5, 7, 9: no wrap
  [S] writeln(B);
  [[1..n - 2] by [2]] B := A@^e2
                         + A@^ -- "m2\
                           m2                -- 1 - 2 wraps to 8
                         + A@^e2;
end;
