-- own_reduce: a tour of reductions and scans. Exercises every reduction operator
-- (+<< *<< max<< min<< &<< |<< band<< bor<< bxor<<) on integer, unsigned, double and
-- boolean operands, partial reductions into a column, a row and flood arrays, a partial
-- reduction over part of a dimension, every scan operator, per-dimension scans with one
-- and two dimensions, local variables named 'min' and 'max' next to the min<< and max<<
-- tokens, and reductions under sub-regions and masks.
program tour;

region
  R   = [1..4, 1..5];
  Col = [1..4, 1];
  Row = [1, 1..5];
  V   = [1..8];

var
  A     : [R] integer;
  D     : [R] double;
  B     : [R] boolean;
  U     : [R] uinteger;
  S     : [R] integer;
  L     : [R] boolean;
  Cmax  : [Col] integer;
  Rmin  : [Row] double;
  Fl    : [1..4, *] integer;        -- one value per row
  Fc    : [*, 1..5] boolean;        -- one value per column
  W     : [V] integer;
  total : integer;
  dsum  : double;
  bits  : uinteger;
  anyneg, allpos : boolean;

procedure extremes();
var min, max : integer;             -- hide the predefined functions
begin
  min := min<< A;                   -- needs the caller's covering region
  max := max<< A;
  writeln("min ", min, " max ", max);
end;

procedure tour();
[R] begin
  A := (Index1 - 2) * Index2 - Index1;
  D := A / 3.0;
  B := A > 0;
  U := to_uinteger(Index1 * Index2);
  writeln(A);

  total := +<< A;
  writeln("sum ", total, " product ", *<< (A % 3 + 2));
  extremes();
  dsum := +<< D;
  writeln("dsum = %.3f":dsum, " dmax = %.3f":max<< D, " dmin = %.3f":min<< D);
  anyneg := |<< (A < 0);
  allpos := &<< B;
  writeln(anyneg, " ", allpos, " positives: ", +<< B);
  bits := band<< U;
  writeln("band ", bits, " bor ", bor<< U, " bxor ", bxor<< A);
  [2..3, 1..5] writeln("rows 2-3: ", +<< A);
  [R with B] writeln("sum of positives: ", +<< A);

  -- partial reductions
  [Col]      Cmax := max<< [R] A;
  [Row]      Rmin := min<< [R] D;
  [1..4, *]  Fl   := +<< [R] A;
  [*, 1..5]  Fc   := |<< [R] B;
  [Col]      writeln(Cmax);
  [Row]      writeln("%7.2f":Rmin);
  S := A - Fl;
  writeln(S);
  [1, 1..5]  writeln(Fc);
  [1..4, 1]  A := +<< [1..4, 2..5] A;   -- columns 2..5 summed into column 1

  -- scans
  S := +|| A;                 writeln(S);
  S := (+||[2] A) + A;        writeln(S);    -- inclusive scan along each row
  S := +||[1] A;              writeln(S);
  S := max||[1, 2] A;         writeln(S);    -- column-major order
  S := min||[2, 1] A;         writeln(S);    -- same as no list
  S := *||[2] (A % 2 + 1);    writeln(S);
  S := band||[2] A;           writeln(S);
  S := bor||[1] A;            writeln(S);
  S := bxor|| A;              writeln(S);
  L := &|| (A > -5);          writeln(L);
  L := ||| (A > 3);           writeln(L);
  D := +|| D;                 writeln("%7.2f":D);

  [V] begin
    W := Index1;
    W := +|| W;
    writeln(W);
    writeln("last prefix: ", max<< W);
  end;
end;
