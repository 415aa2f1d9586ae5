/* tour.zpl - a tour of reductions and scans: full reductions (+<< *<< max<< min<< &<< |<< and
 * the bitwise ones), partial reductions into a column and a flood array, and exclusive scans
 * (whole region and per dimension), with the inclusive scan recovered as (op|| X) op X. */
program tour;

region V = [1..8];
       R = [1..3, 1..4];
       Col = [1..3, 1];
       ColF = [1..3, *];

var X, S : [V] integer;
    A, P : [R] integer;
    RowSum : [Col] integer;
    RowMax : [ColF] integer;

procedure tour();
begin
  [V] begin
    X := (Index1 * 5) % 7;
    writeln("X:          ", X);
    writeln("sum ", +<< X, " product ", *<< X, " max ", max<< X, " min ", min<< X);
    writeln("band ", band<< X, " bor ", bor<< X, " bxor ", bxor<< X);
    writeln("all positive ", &<< (X > 0), ", any above 5 ", |<< (X > 5));
    S := +|| X;
    writeln("+|| X:      ", S);
    S := (+|| X) + X;
    writeln("inclusive:  ", S);
    S := max|| X;
    writeln("max|| X:    ", S);
  end;
  [R] begin
    A := Index1 * 10 + Index2;
    [Col] RowSum := +<< [R] A;
    [Col] writeln("row sums: ", RowSum);
    [ColF] RowMax := max<< [R] A;
    P := A - RowMax;
    writeln("A minus its row maximum:");
    writeln(P);
    P := +||[2] A;
    writeln("scan along rows:");
    writeln(P);
    P := +||[1] A;
    writeln("scan down columns:");
    writeln(P);
  end;
end;
