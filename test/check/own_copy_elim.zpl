/* own_copy_elim.zpl - copy elimination and vectorized reductions (issue 9). [R] A := T in a loop
 * body, where T was assigned all of R earlier in the body and is read nowhere but between that
 * assignment and the copy, exchanges the storage of A and T (A keeps its border: the frame outside
 * R is copied); everywhere else A := T copies. Both must print the same; so must -fno-copy-elim,
 * -fno-fuse and -O0. The reductions of exact operators (max, min, and, or, bitwise, integer +)
 * are vectorized and must give what the sequential loop gives, NaN elements included. Every value
 * is exact (integers and dyadic fractions), so any number of processes prints the same. */
program own_copy_elim;

config var n : integer = 9;
           m : integer = 7;

region R  = [1..n, 1..m];
region L  = [1..n];
region C3 = [1..3, 1..n, 1..4];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
direction left = [-1]; right = [1];
direction up3 = [0, -1, 0]; down3 = [0, 1, 0];

var A, T   : [R] double;      -- exchanged; A has border storage below and to the east
    P, Q   : [R] integer;     -- Q is read after the loop: copied
    U, V   : [R] integer;     -- V is read before its assignment in the loop body: copied
    S, Sw  : [R] integer;     -- Sw is assigned only part of R: copied
    E1, F1 : [L] integer;     -- one dimension, exchanged
    G, H   : [C3] integer;    -- three dimensions, exchanged
    D      : [R] double;
    B      : [R] boolean;
    it, x  : integer;
    d      : double;

procedure clear_t();
[R] begin
  T := 0.0;                   -- assignments of T elsewhere do not stop the exchange
end;

procedure smooth();
[R] begin
  A := 0.0;
  [south of R] A := 1.0;
  [east of R] A := 2.0;
  for it := 1 to 6 do
    T := (A@north + A@south + A@east + A@west) / 4.0;
    d := max<< abs(A - T);
    A := T;
  end;
  clear_t();
  writeln("smooth: change %.12f" : d, " sum %.12f" : +<< A, " corner %.12f" : max<< A);
end;

procedure copies();
[R] begin
  P := Index1 * 10 + Index2;
  for it := 1 to 3 do
    Q := P + it;
    P := Q;
  end;
  writeln("Q after: ", +<< Q, " ", min<< Q);

  U := Index2;
  V := 1;
  for it := 1 to 3 do
    x := +<< V;
    V := U * 2 + x;
    U := V;
  end;
  writeln("U: ", +<< U, " max ", max<< U);

  S := Index1;
  Sw := 100;
  for it := 1 to 2 do
    [1..n, 1..2] Sw := S + 1;
    S := Sw;
  end;
  writeln("S: ", +<< S);
end;

procedure shapes();
var La, Lt : [R] integer;     -- locals: exchanged on every call
begin
  [L] E1 := Index1;
  [right of L] E1 := 100;
  [left of L] E1 := -100;
  for it := 1 to 4 do
    [L] F1 := E1@left + E1@right - E1;
    [L] E1 := F1;
  end;
  [L] writeln("E1: ", +<< E1, " ", max<< E1, " ", min<< E1);

  [C3] G := Index1 + Index2 * 3 + Index3 * 5;
  [C3] begin
    for it := 1 to 3 do
      H := G@up3 + G@down3 - G + it;
      G := H;
    end;
    writeln("G: ", +<< G, " ", band<< (G + 1000), " ", bor<< (G + 1000), " ", bxor<< (G + 1000));
  end;

  [R] La := Index1 * Index2;
  for it := 1 to 2 do
    [R] Lt := La@east + 1;
    [R] La := Lt;
  end;
  [R] writeln("La: ", +<< La);
end;

procedure reductions();
[R] begin
  D := sqrt(Index1 - 3.0);     -- NaN in rows 1 and 2: max<< and min<< skip them
  writeln("max %.12f" : max<< D, " min %.12f" : min<< D, " max int ", max<< (Index1 * 7 % 5));
  B := Index1 * Index2 % 3 = 0;
  writeln("and ", &<< B, " or ", |<< B, " count ", +<< B, " and2 ", &<< (Index1 > 0));
  writeln("isum ", +<< (Index1 * 1000 + Index2));
  [1..4, 1..m] writeln("iprod ", *<< (Index1 % 2 + 1));
end;

procedure own_copy_elim();
begin
  smooth();
  smooth();
  copies();
  shapes();
  shapes();
  reductions();
end;
