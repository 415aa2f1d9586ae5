/* own_split_partial.zpl - partial reductions, floods and scans are split-phase (issue 7):
 * [C] P := op<< [S] e folds the local parts where it is and begins combining them along the
 * process grid's lines, [C] P := >>[S] e begins sending the source's values to the processes that
 * need them, and [C] P := op|| e begins assembling the grid line's values (also under a mask); the
 * statements that follow run while the line gathers are in flight, until the first that reads or
 * writes P, or starts a transfer of P's ghost cells (a shifted read of P, which the communication
 * optimizer may start right after P's statement), or the end of the list. Two partial reductions
 * in flight end in the reverse order they began when the first is needed first. A full reduction
 * begun inside one ends where it is needed, after it. Integer values: the output is exact, the same with any
 * AZ_RUNAHEAD, binding and number of processes. */
program own_split_partial;

config var n : integer = 9;

region R = [1..n, 1..n];
       Col = [1..n, *];
       Row = [*, 1..n];
       First = [1..n, 1];

direction north = [-1, 0]; south = [1, 0];

var A, B, C, P, F, X, Y : [R] integer;
    M : [R] boolean;
    RS : [Col] integer;
    CS : [Row] integer;
    total, big, i, m : integer;

procedure own_split_partial();
begin
  [R] A := (Index1 * 5 + Index2 * 3) % 7;
  [R] P := 0;

  -- row sums; the statements after it overlap the line gathers
  [Col] RS := +<< [R] A;
  m := n * 3;
  [R] B := A * 2 + m;
  [R] total := +<< B;        -- a full reduction begun inside: ends after it
  [Col] writeln(RS);
  writeln("total ", total);

  -- two in flight; the first is needed first: both end, the second before it
  [Col] RS := max<< [R] B;
  [Row] CS := +<< [R] A;
  [R] C := A + 1;
  [Col] writeln(RS);
  [Row] writeln(CS);

  -- a partial reduction into an array read shifted later: its transfer waits for it
  [First] P := +<< [R] A;
  [R] B := A - 1;
  [R] C := P@north + P@south + B;
  [First] writeln(C);

  -- in a loop: ends at the end of the body
  big := 0;
  for i := 1 to 4 do
    [Col] RS := min<< [R] (A + i);
    [R] B := B + 1;
    [R] big := max<< B;
    [R] C := RS + i;
  end;
  [First] writeln(C);
  writeln("big ", big);

  -- a flood of row 2 over the whole array travels while B and a reduction are computed
  [R] F := >>[2, 1..n] A;
  [R] B := A * 3;
  [R] total := +<< B;
  [R] C := F + B;
  [First] writeln(C);
  writeln("total ", total);

  -- scans: row-major, along the rows, and under a mask, while other statements run
  [R] X := +|| A;
  [R] M := (Index1 + Index2) % 3 != 0;
  [R] Y := +||[2] A;
  [R with M] C := +|| B;
  [R] B := B + 1;
  [R] total := +<< (X + Y);
  [First] writeln(Y);
  [R] writeln(C);
  writeln("total ", total);
end;
