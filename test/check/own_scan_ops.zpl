-- own_scan_ops: prefix sums: 1-D and 2-D and 3-D scans, every operator, per-dimension lists, masks, strides
program scans;

config var n : integer = 6;

region V  = [1..n];
       R  = [1..3, 1..4];
       C3 = [1..2, 1..2, 1..3];

var X, Y  : [V] integer;
    D     : [V] double;
    B     : [V] boolean;
    A, S  : [R] integer;
    M     : [R] boolean;
    T, U  : [C3] integer;
    L     : [V] longint;
    Ub    : [V] ubyte;
    i     : integer;

procedure scans();
begin
  [V] begin
    X := (Index1 * 7) % 5 - 2;
    writeln(X);
    Y := +|| X;  writeln(Y);
    Y := *|| X;  writeln(Y);
    Y := max|| X; writeln(Y);
    Y := min|| X; writeln(Y);
    Y := band|| (X + 8); writeln(Y);
    Y := bor|| X; writeln(Y);
    Y := bxor|| Index1; writeln(Y);
    B := X > 0;
    writeln(&|| B);
    writeln(||| B);
    writeln(+|| B);
    D := Index1 / 4.0;
    writeln(+|| D);
    writeln(*|| D);
    writeln(max|| D);
    writeln(min|| -D);
    -- pack positive elements: destination index by exclusive scan
    Y := 0;
    Y := (+|| B) + 1;
    writeln("positions of positives: ", Y);
    L := +|| (Index1 * 1000000000);
    writeln(L);
    Ub := max|| to_ubyte(Index1 * 50);
    writeln(Ub);
  end;
  [V by [2]] writeln(+|| Index1);
  [R] begin
    A := Index1 * 10 + Index2;
    S := +|| A; writeln(S);
    S := +||[2] A; writeln(S);
    S := +||[1] A; writeln(S);
    S := +||[1, 2] A; writeln(S);
    S := +||[2, 1] A; writeln(S);
    M := (Index1 + Index2) % 2 = 0;
    S := -1;
    [R with M] S := +|| A;
    writeln(S);
    S := (+|| A) * 2 - A;
    writeln(S);
  end;
  [C3] begin
    T := Index1 * 100 + Index2 * 10 + Index3;
    U := +|| T; writeln(U);
    U := +||[3] T; writeln(U);
    U := +||[2] T; writeln(U);
    U := +||[1] T; writeln(U);
    U := +||[1, 3] T; writeln(U);
    U := max||[3, 1] T; writeln(U);
  end;
  [1..0] writeln(+|| Index1);
  [2..2] writeln(+|| Index1, " done");
end;
