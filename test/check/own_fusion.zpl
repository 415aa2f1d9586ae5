/* own_fusion.zpl - loop fusion and array contraction (issue 9, section 7.2). Consecutive array
 * statements under one covering region share a loop nest when each reads the others' targets
 * only at the current index; a target read nowhere but later in its nest lives in a C variable.
 * Every case below either fuses or must not, and prints what the statements mean one after the
 * other; -fno-fuse, -O0 and any number of processes must print the same. Every value is an
 * integer, so the sums are exact. */
program own_fusion;

config var n : integer = 9;
           m : integer = 7;

region R  = [1..n, 1..m];
region I  = [2..n-1, 2..m-1];
region L  = [1..n];
region C3 = [1..3, 1..n, 1..4];

direction east = [0, 1]; west = [0, -1]; north = [-1, 0]; south = [1, 0];
direction right = [1];
direction down3 = [0, 1, 0];

var A, B, C, D     : [R] integer;
    X, Y           : [R] integer;
    T1, T2, Out    : [R] integer;     -- T1 and T2 are contracted
    U1, U2         : [R] integer;     -- contracted in loop bodies
    W              : [R] integer;     -- contracted into its reduction
    Kept           : [R] integer;     -- read again later: stays in memory
    Prev           : [R] integer;     -- read before its assignment in the loop: stays
    Peeked         : [R] integer;     -- read by a procedure: stays
    Q, Z           : [R] integer;
    M              : [R] boolean;
    E1, F1         : [L] integer;
    G, H           : [C3] integer;
    s, it          : integer;

procedure show(name : string; inout V : [R] integer);
[R] begin
  writeln(name, ": sum ", +<< V, " min ", min<< V, " max ", max<< V, " corner ", max<< (V * (Index1 = n & Index2 = m)));
end;

procedure peek() : integer;
[R] begin
  return +<< Peeked;
end;

procedure clear_temps();
[R] begin
  T1 := 0;                    -- assigned elsewhere: contraction still holds
  W := 0;
end;

/* X2, Y2 and V2 may be bound to one array: Y2 := V2@west then X2 := W2 + 1 + Y2 must not share a
 * nest (the first reads, one column to the west, what the second has already replaced there). */
procedure aliased(inout X2 : [R] integer; inout Y2 : [R] integer; inout V2 : [R] integer; inout W2 : [R] integer);
[R] begin
  Y2 := V2@west + 0;
  X2 := W2 + 1 + Y2;
end;

procedure chains();
[R] begin
  A := Index1 * 10 + Index2;
  -- a chain of three: later statements read earlier targets at the current index
  B := A * 2;
  C := B + A;
  D := C - B + Index2;
  show("chain B", B); show("chain C", C); show("chain D", D);

  -- an earlier statement reads a later target: it sees the old elements
  X := Index1;
  Y := Index2;
  X := Y + 1;
  Y := X * 2 + Y;
  show("anti X", X); show("anti Y", Y);

  -- compound assignments in a chain
  B += A;
  C := B - A;
  show("compound B", B); show("compound C", C);

  -- a shifted read of an earlier target: two nests (B@east must see B's new values)
  B := A + 1;
  [I] C := B@east - B@west + B@north;
  show("shifted C", C);

  -- a shifted read of a later target by an earlier statement: C must see D's old values
  [I] begin
    C := D@east + D@south;
    D := A * 3;
  end;
  show("old D C", C); show("new D", D);

  -- a masked statement does not join a nest
  M := (Index1 + Index2) % 3 = 0;
  B := A;
  [R with M] B := 0;
  C := B + 1;
  show("masked C", C);
end;

procedure contraction();
[R] begin
  A := Index1 * Index2 - 3 * Index2;
  -- T1 and T2 are read only by later statements of their nest
  T1 := A * A;
  T2 := T1 + A;
  Out := T2 - T1 + 2 * T2;
  show("contracted Out", Out);

  -- W is read only by the reduction that ends its nest
  W := A - 1;
  s := +<< W;
  writeln("dot-like sum ", s);

  -- Kept is read again after its nest
  Kept := A + 5;
  Out := Kept * 2;
  show("kept Out", Out); show("kept", Kept);

  -- Peeked is read by a procedure
  Peeked := A * 7;
  Out := Peeked + 1;
  writeln("peeked ", peek(), " ", +<< Out);

  -- Prev is read in the loop before it is assigned: each iteration sees the last one's
  Prev := 1;
  Out := 0;
  for it := 1 to 4 do
    Out := Out + Prev;
    Prev := A * it;
    U2 := Prev + Out;
    Out := U2 + 0;
  end;
  show("prev Out", Out);

  -- a nest inside a loop with its reduction: the maximum of a contracted difference
  B := A;
  for it := 1 to 5 do
    U1 := B * 2 - A;
    C := U1 + it;
    s := max<< C;
    B := C - it;
  end;
  writeln("loop max ", s, " ", +<< B);
  clear_temps();
end;

procedure other_ranks();
begin
  [L] begin
    E1 := Index1 * 3;
    F1 := E1 + 1;
    E1 := F1 * F1;
  end;
  [L] writeln("1-D: ", +<< E1, " ", +<< F1);
  [C3] begin
    G := Index1 * 100 + Index2 * 10 + Index3;
    H := G - 1;
    G := H * 2;
    H := G@down3 - H;
  end;
  [C3] writeln("3-D: ", +<< G, " ", +<< H, " ", min<< H);
end;

/* Statements each under its own [R] of one named region share nests too; L1 (a local) is
 * contracted, and the reduction that ends the nest is combined split-phase. */
procedure wrapped();
var P1, P2, L1 : [R] integer;
begin
  [R] P1 := Index1 * 3 + Index2;
  for it := 1 to 3 do
    [R] P2 := P1@east + P1@west + it;
    [R] L1 := P2 - P1;
    [R] Out := L1 * 2 + P2;
    [R] s := max<< (Out - P1);
    [R] P1 := P2 % 1000;
    writeln("wrapped ", it, ": ", s);
  end;
  show("wrapped Out", Out);
end;

procedure own_fusion();
[R] begin
  chains();
  contraction();
  other_ranks();
  wrapped();
  Q := Index1 * 5 + Index2;
  Z := Index2;
  aliased(Q, Q, Q, Z);
  show("aliased Q", Q);
end;
