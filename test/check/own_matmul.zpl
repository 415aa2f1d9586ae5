-- own_matmul: matrix multiplication two ways. First SUMMA-style: for each k the k-th
-- column of A and row of B are flooded (>> with blank and singleton dimensions) into
-- flood arrays declared over named flood regions, and C accumulates their product with
-- '+='. Second, a 3-D formulation: operands replicated into flood arrays of rank 3
-- (region literals with '*'), combined by a partial +<< reduction over dimension 2.
program matmul;

config var
  m : integer = 3;
  n : integer = 4;
  p : integer = 2;

region
  RA   = [1..m, 1..n];
  RB   = [1..n, 1..p];
  RC   = [1..m, 1..p];
  ColF = [1..m, *];
  RowF = [*, 1..p];
  R3   = [1..m, 1..n, 1..p];

var
  A      : [RA] double;
  B      : [RB] double;
  C      : [RC] double;
  Acol   : [ColF] double;
  Brow   : [RowF] double;
  A3     : [1..m, 1..n, *] double;
  B3     : [*, 1..n, 1..p] double;
  C3     : [1..m, 1, 1..p] double;
  k      : integer;

procedure matmul();
begin
  [RA] A := Index1 + Index2 / 10.0;
  [RB] B := Index1 - Index2;

  [RC] begin
    C := 0.0;
    for k := 1 to n do
      [ColF] Acol := >>[ , k] A;       -- column k of A, one value per row
      [RowF] Brow := >>[k,  ] B;       -- row k of B, one value per column
      C += Acol * Brow;                -- rank-1 update
    end;
    writeln("%8.2f":C);
  end;

  [1..m, 1..n, *] A3 := Index1 + Index2 / 10.0;
  [*, 1..n, 1..p] B3 := Index2 - Index3;
  [1..m, 1, 1..p] begin
    C3 := +<< [R3] (A3 * B3);
    writeln("%8.2f":C3);
  end;
  [RC] writeln("trace-like sum = %.2f":+<< C);
end;
