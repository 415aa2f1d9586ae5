/* own_phases.zpl - transfers whose shifts go diagonally, exchanged by dimension under the msg
 * binding (rtl/zrt/zrt_xfer.c, plan_phases): 2-D wrap-around and plain diagonal shifts, 3-D
 * wrap-around diagonals, and a strided region. Integers, so that every process count prints the
 * same (test/unit/phases.sh). */
program own_phases;

config var n : integer = 12;

region R = [1..n, 1..n];
       C = [1..n, 1..n, 1..6];

direction ne = [-1, 1]; sw = [1, -1]; nw = [-1, -1]; se = [1, 1]; north = [-1, 0]; east = [0, 1];
          ne2 = [-2, 2]; sw2 = [2, -2]; two = [2, 2];
          d111 = [1, 1, 1]; dn1n = [-1, 1, -1]; d0n1 = [0, -1, 1];

var A, B : [R] integer;
    P, Q : [C] integer;
    i    : integer;

procedure own_phases();
begin
  [R] A := Index1 * 7 + Index2 * 3;
  [R] B := 0;
  [C] P := Index1 + Index2 * 5 + Index3 * 11;
  for i := 1 to 3 do
    [R] B := (A@^ne + 2 * A@^sw + 3 * A@^nw + 5 * A@^se + A@^north + A@^east) % 1009;
    [R] A := B;
    [2..n-1, 2..n-1] B := A@ne - A@sw + A@nw;
    [R by two] A := (A@^ne2 + A@^sw2 * 3) % 101;
    [C] Q := (P@^d111 + 2 * P@^dn1n + 3 * P@^d0n1) % 997;
    [C] P := Q;
  end;
  [R] writeln(A);
  [R] writeln(B);
  [C] writeln("P ", +<< P, " ", max<< P, " ", min<< P);
end;
