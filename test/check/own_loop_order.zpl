-- own_loop_order: parallel assignments whose right-hand side reads the target shifted
-- (section 7.2: every read sees the values from before the statement). azc keeps that
-- without a temporary by running each dimension in the direction of the shifts when one
-- order works (A := A@east upward, A := A@north + A@west downward), and with a temporary
-- when none does (A@west + A@east, @^, run-time directions, strided or masked regions,
-- parameters that may share storage). Each case is compared with the same statement
-- computed from a copy into another array; every line must say "ok".
program loop_order;

config var n : integer = 7;
config var k : integer = 1;

direction
  north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
  ne = [-1, 1]; sw = [1, -1]; nw = [-1, -1]; se = [1, 1];
  up = [-1, 0, 0]; back = [0, 0, -1];
  dyn = [0, -k];

region
  R   = [1..n, 1..n];
  Big = [0..n+1, 0..n+1];
  In  = [2..n-1, 2..n-1];
  C3  = [1..4, 1..4, 1..4];

var
  A, Copy, Want : [Big] integer;
  M : [Big] boolean;
  Q, Q0, QW : [0..5, 0..5, 0..5] integer;
  bad : integer;

procedure reset();
begin
  [Big] A := Index1 * 100 + Index2 * 3 + (Index1 * Index2) % 7;
  [Big] Copy := A;
  [Big] Want := A;
end;

procedure report(name : string);
begin
  [Big] bad := +<< to_integer(A != Want);
  if bad = 0 then writeln(name, ": ok"); else writeln(name, ": ", bad, " wrong"); end;
end;

procedure shift_into(inout X : [,] integer; Y : [,] integer);
begin
  [In] X := Y@north + Y@south;
end;

procedure loop_order();
begin
  reset(); [R] A := A@east;            [R] Want := Copy@east;            report("east");
  reset(); [R] A := A@west;            [R] Want := Copy@west;            report("west");
  reset(); [R] A := A@north;           [R] Want := Copy@north;           report("north");
  reset(); [R] A := A@south;           [R] Want := Copy@south;           report("south");
  reset(); [R] A := A@north + A@west + A@ne;
           [R] Want := Copy@north + Copy@west + Copy@ne;                 report("north west ne");
  reset(); [R] A := A@sw + A@se + A@south;
           [R] Want := Copy@sw + Copy@se + Copy@south;                   report("sw se south");
  reset(); [R] A += A@nw;              [R] Want += Copy@nw;              report("+= nw");
  reset(); [R] A := A@west + A@east;   [R] Want := Copy@west + Copy@east; report("west east (temporary)");
  reset(); [R] A := A@^west;           [R] Want := Copy@^west;           report("wrap west (temporary)");
  reset(); [R] A := A@dyn;             [R] Want := Copy@dyn;             report("run-time direction");
  reset(); [R by [2, 2]] A := A@west;  [R by [2, 2]] Want := Copy@west;  report("strided west");
  reset(); [R by [1, 2]] A := A@north; [R by [1, 2]] Want := Copy@north; report("strided north");
  reset(); [Big] M := (Index1 + Index2) % 3 != 0;
           [R with M] A := A@north + A@west;
           [R with M] Want := Copy@north + Copy@west;                    report("masked north west");
  reset(); shift_into(A, A);   [In] Want := Copy@north + Copy@south;     report("aliased parameters");
  reset(); [R] A := A@north + (+<< A) + max<< A@west;
           [R] Want := Copy@north + (+<< Copy) + max<< Copy@west;        report("with reductions");
  [0..5, 0..5, 0..5] Q := Index1 * 36 + Index2 * 6 + Index3;
  [0..5, 0..5, 0..5] Q0 := Q;
  [C3] Q := Q@up + Q@back;   [C3] QW := Q0@up + Q0@back;
  [C3] bad := +<< to_integer(Q != QW);
  [C3] if bad = 0 then writeln("3-d up back: ok"); else writeln("3-d up back: ", bad, " wrong"); end;
end;
