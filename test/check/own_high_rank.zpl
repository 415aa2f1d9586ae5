-- own_high_rank: high-rank arrays (3 to 6), output layout with singleton and flood dimensions, 1xn and nx1
-- regions, empty regions, of/in/at on rank 3, partial reductions and floods in rank 4
program ranks;

config var n : integer = 2;

region R3 = [1..2, 1..3, 1..2];
       R4 = [1..2, 1..2, 1..2, 1..3];
       R5 = [1..2, 1..1, 1..2, 1..1, 1..2];
       R6 = [1..2, 1..2, 1..2, 1..2, 1..2, 1..2];
       Row = [1, 1..4];
       Col = [1..4, 1];

direction up3 = [0, 0, -1];
          d4  = [1, 0, 0, -1];

var A3 : [R3] integer;
    A4 : [R4] integer;
    S4 : [1..2, 1..2, 1, 1] integer;
    F4 : [*, 1..2, 1..2, 1..3] integer;
    A5 : [R5] integer;
    A6 : [R6] integer;
    X  : [Row] integer;
    Y  : [Col] integer;
    E  : [1..0, 1..3] integer;

procedure ranks();
begin
  [R3] begin
    A3 := Index1 * 100 + Index2 * 10 + Index3;
    writeln(A3);
    writeln(+<< A3, " ", A3@up3 + 0);
  end;
  [up3 of R3] writeln(A3);
  [up3 in R3] writeln(A3);
  [R3 at [1, 0, 0]] writeln(A3@[-1, 0, 0]);
  [1..2, 2, 1..2] writeln(A3);
  [2, 1..3, 2] writeln(A3);
  [1, 1, 1..2] writeln(A3);
  [1..2, 1, 1] writeln(A3);
  [R4] begin
    A4 := Index1 * 1000 + Index2 * 100 + Index3 * 10 + Index4;
    [1..2, 1..2, 1, 1] S4 := +<< [R4] A4;
    [*, 1..2, 1..2, 1..3] F4 := >>[2, , , ] A4;
    A4 := A4 - F4;
    writeln(A4);
  end;
  [1..2, 1..2, 1, 1] writeln(S4);
  [d4 in R4] writeln(A4@d4 + 1);
  [R5] begin
    A5 := Index1 + Index3 * 2 + Index5 * 4;
    writeln(A5);
    writeln(max<< A5, min<< A5);
  end;
  [R6] begin
    A6 := Index1 + Index2 + Index3 + Index4 + Index5 + Index6;
    writeln(+<< A6, " ", +<< (A6 = 6), " ", +<< (A6 = 9));
  end;
  [1, 1, 1, 1, 1..2, 1..2] writeln(A6);
  [Row] X := Index2;
  [Col] Y := Index1 * 2;
  [Row] writeln(X);
  [Col] writeln(Y);
  [Row] writeln(+|| X);
  [Col] writeln(+||[1] Y);
  [1..0, 1..3] writeln(E);
  [1..0, 1..3] writeln(+<< E, " ", max<< E);
  [1..0, 1..3] E := 5;
  writeln("end");
end;
