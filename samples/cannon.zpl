/* cannon.zpl - Cannon's matrix multiplication C = A x B on n x n matrices (the CANNON program
 * of the Ironman paper's benchmark suite, seed 003).
 *
 * Cannon's algorithm is systolic: every element stays where it is in C while A flows to the
 * left and B flows up past it. First the operands are skewed so that the elements that belong
 * together meet: row i of A is shifted cyclically left by i-1 and column j of B up by j-1, so
 * that the skewed arrays hold A(i,k) and B(k,j) at (i,j), with k = i+j-1 (mod n). Then n steps
 * multiply pointwise and accumulate into C, shifting A one column left and B one row up between
 * steps, which advances k by one everywhere.
 *
 * Communication: the skew shifts every row of A but the first and every column of B but the
 * first by a distance known only at run time: 2(n-1) @^ remaps. Each of the n-1 shifts of the
 * steps is a wrap of the column (row) that leaves at the edge into A's (B's) border, a remap
 * between the processes at the two ends of each grid line, followed by an @ shift, a one-way
 * ghost-cell exchange with the east (south) neighbour through the Ironman calls; the compiler
 * combines the exchanges of A and B into one transfer per step (AZ_STATS lists it). The check
 * adds two reductions.
 *
 * Check: A(i,k) = i + k and B(k,j) = k - j are integers, so every product and sum is exact in
 * double precision (for n up to about 1000), and the result has the closed form
 *   C(i,j) = sum over k of (i + k)(k - j) = i*(S1 - n*j) + S2 - j*S1,
 * with S1 = n(n+1)/2 and S2 = n(n+1)(2n+1)/6. The program compares every element with it
 * (max error must be 0) and prints the sum of C, which is n^2*S2 - n*S1^2.
 * With -stiming=true it also prints the time of the skew and the n steps ("loop seconds"). */
program cannon;

config var n      : integer = 40;      -- the matrices are n x n
           timing : boolean = false;   -- print the time of the multiplication

region R = [1..n, 1..n];

direction east  = [0, 1];
          south = [1, 0];

var A, B, C : [R] double;
    s1, s2  : double;
    t       : double;
    i, step : integer;

procedure cannon();
[R] begin
  A := Index1 + Index2;
  B := Index1 - Index2;

  t := ResetTimer();
  -- skew: row i of A left by i-1, column j of B up by j-1
  for i := 2 to n do
    [i, 1..n] A := A@^[0, i - 1];
    [1..n, i] B := B@^[i - 1, 0];
  end;

  -- n multiply-accumulate steps with cyclic shifts in between: A one column left, B one row up
  C := A * B;
  for step := 2 to n do
    [east of R]  wrap A;           -- column 1 of A reappears east of column n
    [south of R] wrap B;           -- row 1 of B reappears south of row n
    A := A@east;
    B := B@south;
    C += A * B;
  end;
  t := CheckTimer();

  s1 := n * (n + 1) / 2.0;
  s2 := n * (n + 1) * (2.0 * n + 1.0) / 6.0;
  writeln("Cannon's algorithm, n = ", n);
  writeln("max error: %.1f" : max<< abs(C - (Index1 * (s1 - n * Index2) + s2 - Index2 * s1)));
  writeln("sum of C:  %.1f" : +<< C, " (expected %.1f)" : n * n * s2 - n * s1 * s1);
  if timing then
    writeln("loop seconds: %.6f" : t);
  end;
end;
