-- own_mask_wrap: masks that change inside a block, masks on integer arrays, masked reductions and scans,
-- wrap/reflect on odd sizes with widths 1 and 2, corners, @^ with covering regions beyond
program masks;

config var n : integer = 5;

region R = [1..n, 1..n];
       W = [1..3, 1..5];

direction north = [-1, 0];
          south = [ 1, 0];
          east  = [ 0, 1];
          west  = [ 0,-1];
          ne    = [-1, 1];
          sw2   = [ 2,-2];
          e2    = [ 0, 2];

var A : [R] integer;
    M : [R] boolean;
    K : [R] integer;
    B : [W] integer;
    i : integer;

procedure masks();
begin
  [R] begin
    A := 0;
    M := Index1 = Index2;
    [R with M] begin
      A := 1;
      M := Index1 + Index2 = n + 1;   -- later statements see the new mask
      A += 10;
      M := M | (Index1 = 1);
      A += 100;
    end;
    writeln(A);
    K := (Index1 * Index2) % 3;
    [R with K] A := -1;
    [R without K] A := A + 1000;
    writeln(A);
    writeln(+<< A, " ", max<< (A * K));
    [R with M] writeln(+<< A, " ", min<< A, " ", +<< M);
    [R without M] writeln(*<< (K + 1));
    [R with K] A := +|| Index2;
    writeln(A);
  end;
  [W] B := Index1 * 10 + Index2;
  [east of W] wrap B;
  [west of W] reflect B;
  [north of W] reflect B;
  [south of W] wrap B;
  [ne of W] wrap B;
  [sw2 of W] reflect B;
  [e2 of W] reflect B;
  [0..5, -1..7] writeln("%4d":B);
  [1..3, 1..5] writeln(B@^east - B@^[0, -6] + B@^[4, 0]);
  [0..2, 0..4] writeln(B@^north);
end;
