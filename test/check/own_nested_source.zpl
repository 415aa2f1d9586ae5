-- own_nested_source: scans, partial reductions and floods nested inside the operand of a flood or
-- of a partial reduction are evaluated over that operator's source region, which is the covering
-- region of its operand (section 5.7 rule 5; sections 6.6 and 6.8).
program nested;

config var n : integer = 4;

region R = [1..n, 1..n];

var A, B : [R] integer;
    C    : [1..n, 1] integer;

procedure nested();
begin
  [R] A := Index1 * 10 + Index2;
  [R] B := >>[1, ] (+|| A);                -- the scan of row 1, in every row
  [R] writeln(B);
  [R] B := >>[ , 1] (+<< [R] A);           -- row sums (reduced into column 1), in every column
  [R] writeln(B);
  [R] B := (+|| A) - >>[1, ] (+|| A);
  [R] writeln(B);
  [1..n, 1] C := +<< [R] (+||[2] A);       -- row-wise scans over R, summed per row
  [1..n, 1] writeln(C);
  [1..n, 1] C := +<< [R] (>>[ , n] A);     -- column n replicated over R, summed per row
  [1..n, 1] writeln(C);
  [1..n, 1] C := max<< [R] (A - >>[ , 1] A);
  [1..n, 1] writeln(C);
end;
