/* matmul.zpl - matrix multiplication with flood arrays (the SUMMA formulation): for each k,
 * column k of A is flooded across the columns and row k of B across the rows, and their
 * product is accumulated into C. With A(i,k) = i + k and B(k,j) = k - j the result has a closed
 * form, which the program checks. */
program matmul;

config var m : integer = 4;
           n : integer = 5;
           p : integer = 3;

region RA = [1..m, 1..n];
       RB = [1..n, 1..p];
       RC = [1..m, 1..p];
       ColA = [1..m, *];
       RowB = [*, 1..p];

var A  : [RA] double;
    B  : [RB] double;
    C, Expected : [RC] double;
    Ac : [ColA] double;
    Br : [RowB] double;
    k  : integer;

procedure matmul();
begin
  [RA] A := Index1 + Index2;
  [RB] B := Index1 - Index2;
  [RC] begin
    C := 0.0;
    for k := 1 to n do
      [ColA] Ac := >>[ , k] A;
      [RowB] Br := >>[k, ] B;
      C += Ac * Br;
    end;
    writeln("%8.1f":C);
    -- sum over k of (i + k)(k - j) = i*S1 - i*j*n + S2 - j*S1, with S1 = sum k, S2 = sum k^2
    Expected := Index1 * (n * (n + 1) / 2) - Index1 * Index2 * n + (n * (n + 1) * (2 * n + 1) / 6) - Index2 * (n * (n + 1) / 2);
    writeln("correct: ", &<< (C = Expected));
  end;
end;
