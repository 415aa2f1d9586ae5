-- Section 15.3: arrays over strided declared regions hold only their strided indices; accesses at
-- those indices, into a border that continues the stride, and '@^' whose wrap keeps the stride,
-- are fine (test/diag/E19_strided_*, E20_strided_* are the accesses between them).
program own_strided_declared;

region R   = [1..8];
       Odd = [1..8] by [2];           -- 1, 3, 5, 7
       Ev  = [1..8] by [-2];          -- 8, 6, 4, 2
direction e2 = [2]; w2 = [-2];

var A : [Odd] integer;
    B : [Ev] integer;
    C : [R] integer;

procedure own_strided_declared();
begin
  [Odd] A := Index1 * 10;
  [Ev] B := Index1 * 100;
  [R] C := 0;
  [Odd] C := A@e2;                    -- A at 3, 5, 7 and 9: one border cell above, 2 indices away
  [R] writeln(C);
  [Ev] C := B@w2;                     -- B at 0, 2, 4, 6
  [R] writeln(C);
  [Odd] C := A@^e2;                   -- 9 wraps to 1 (the extent 8 keeps the stride)
  [R] writeln(C);
  [[3..5] by [2]] A := 3;
  [Odd] writeln(A);
  [Ev] writeln(+<< B, " ", B@^w2);
end;
