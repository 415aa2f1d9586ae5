/* own_reduce_tree.zpl - exact reductions, combined by the runtime (zrt_allreduce; beyond 4
 * processes through a reduction tree): integer + and * that wrap, max and min of double and float
 * with ties of -0.0 and +0.0 and values equal on several processes, truth and bitwise operators,
 * several exact reductions travelling in one split-phase gather, a gather that mixes an exact
 * reduction with a floating sum (which keeps the gather and the process order), and exact
 * reductions that run ahead in a loop. The same output on any number of processes and with any
 * AZ_GATHER (test/unit/reduce_tree.sh). */
program own_reduce_tree;

config var n : integer = 11;

region R = [1..n, 1..n];

direction east = [0, 1]; west = [0, -1];

var A, B  : [R] integer;
    D     : [R] double;
    F     : [R] float;
    Z     : [R] double;
    L     : [R] boolean;
    U     : [R] uinteger;
    i, total, prod, big, small, count : integer;
    dmax, dmin, zmax, zmin, dsum : double;
    fmin, fmax : float;
    all, some : boolean;
    bits : uinteger;

procedure own_reduce_tree();
[R] begin
  A := (Index1 * 7 + Index2 * 13) % 29 - 14;
  D := (Index1 - 6) * 0.5 + (Index2 % 3) * 0.25;
  F := to_float(Index2 - Index1) * 0.5;
  Z := 0.0 * (Index1 - 6);            -- -0.0 where Index1 < 6, +0.0 elsewhere
  L := A > -15;
  U := to_uinteger(Index1 * 3 + Index2);

  -- integer + wraps past 2^31 the same way in any grouping; * with wrap-around
  total := +<< (A * 200000000);
  prod := *<< (A % 2 * 2 + 3);
  writeln("sum ", total, " product ", prod);

  -- max and min of double and float: one reduction each, needed at once
  dmax := max<< D;
  writeln("dmax %.3f" : dmax);
  dmin := min<< D;
  writeln("dmin %.3f" : dmin);
  fmax := max<< F;
  fmin := min<< F;
  writeln("fmax %.2f" : fmax, " fmin %.2f" : fmin);

  -- ties of -0.0 and +0.0: the value is zero either way
  zmax := max<< Z;
  zmin := min<< Z;
  writeln("zero ties: ", zmax = 0.0, " ", zmin = 0.0);

  -- truth and bitwise operators
  all := &<< L;
  some := |<< (A = 14);
  bits := bor<< U;
  writeln(all, " ", some, " bor ", bits, " band ", band<< U, " bxor ", bxor<< A);

  -- several exact reductions in one gather, and one gather mixing an exact one with a floating sum
  big := max<< A;
  small := min<< A;
  count := +<< L;
  writeln("together: ", big, " ", small, " ", count);
  dsum := +<< D;
  big := max<< (A * 3);
  writeln("mixed: %.4f" : dsum, " ", big);

  -- exact reductions that run ahead: never read in the loop
  for i := 1 to 40 do
    B := (A@east + A@west + i) % 101;
    total := +<< B;
    big := max<< B;
    A := B;
  end;
  writeln("after 40 steps: total ", total, ", max ", big);

  -- needed in the loop
  for i := 1 to 6 do
    B := (A@east * 2 - A@west + i) % 53;
    small := min<< B;
    A := B - small;
  end;
  writeln("needed: ", small, " ", +<< A);
end;
