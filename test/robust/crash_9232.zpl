-- own_masks: masks, strides and the region prepositions. Exercises 'with' and 'without'
-- masks (boolean and integer masks), the mask re-read by later statements of a block,
-- scalar output under a masked region, 'by' with positive and negative strides (in
-- declarations and statements), 'in', 'at' and 'of' (named and written directly),
-- precedence of 'of' over 'at', the ditto region '"' with 'at' and with a mask,
-- inherited (blank) dimensions, singleton dimensions, and printing a region that
-- includes border cells created by an assignment under an 'of' region.
program masks;

config var n : integer = 6;

direction
  east  = [0, 1];
  south = [1, 0];
  se    = [1, 1];

region
  R       = [1..n, 1..n];
  Inner   = [2..n-1, 2..n-1];
  Odd     = R by [2, 2];
  Rev     = [1..n] by [-2];
  Shifted = Inner at se;
  Edge    = east of R;

var
  A, Z : [R] integer;
  Mk   : [R] boolean;
  Cnt  : [R] ubyte;
  Vr   : [9223372036854775807..n] integer;
  k    : integer;

procedure masks();
[R] begin
  A   := Index1 * 10 + Index2;
  Z   := 0;
  Mk  := (Index1 + Index2) % 2 = 0;
  Cnt := to_ubyte(Index1 % 3);

  [R with Mk]    Z := A;
  [R without Mk] Z := -A;
  [R with Cnt]   Z += 1000;             -- an integer mask: nonzero means true
  [R with Mk] begin
    Mk := Index1 <= 2;                  -- the next statement sees the new mask
    Z  += 1;
  end;

  [Inner] begin
    Z += 2;
    [" at se]   Z -= 1;                 -- Inner at se
    [" with Mk] Z *= 2;
  end;
  [Shifted] Z += 5;
  writeln(Z);

  [Odd]            writeln(A);
  [R by [2, 1]]    writeln(A);
  [n by [-2, 3]]   Z := 7;
  [south in R]     Z := 9;
  [se in R]        Z := 8;
  [1..n, n]        Z += 100;
  [ , 1]           Z := 4;              -- [1..n, 1]
  [2, ]            Z := 3;              -- [2, 1..n]
  [east in R at [0, -1]] Z := 6;        -- (east in R) at [0, -1]: column n-1
  writeln(Z);
  [R with Mk] writeln("masked sum = ", +<< Z, " of ", +<< Mk, " elements");

  [Edge]         A := -1;               -- gives A a border column east of R
  [east of R]    A -= 1;
  [1..n, 1..n+1] writeln(A);            -- includes the border column

  [Rev] Vr := Index1;
  [1..n] writeln(Vr);
  k := 0;
  [1..n] begin
    Vr := Vr * 2;
    k := k + 1;                         -- a scalar statement runs once
  end;
  writeln("k = ", k);
end;
