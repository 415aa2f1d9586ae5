/* own_runahead.zpl - reductions that run ahead and reductions that travel together (issue 7):
 * a loop whose reductions it never reads hands their gathers to the runtime, which completes
 * them up to AZ_RUNAHEAD gathers later and after the loop, so the values after the loop are the
 * last iteration's; consecutive reductions of mixed types travel in one gather (also in a loop
 * that needs them, which is then a pattern with one gather); a loop that may be left by exit does
 * not run ahead; an inner loop inside an outer one completes its gathers where it ends. Same output
 * with any AZ_RUNAHEAD (0: blocking), any binding and any number of processes. */
program own_runahead;

config var n : integer = 13;

region R = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var A, B : [R] integer;
    D    : [R] double;
    i, k, total, big, small, count : integer;
    mean, spread : double;

procedure own_runahead();
[R] begin
  A := (Index1 * 5 + Index2 * 11) % 17;
  D := Index1 * 0.25 - Index2 * 0.125;

  -- total and big are never read in the loop: their gathers run ahead
  for i := 1 to 30 do
    B := (A@north + A@south + A@east + A@west + i) % 23;
    total := +<< B;
    big := max<< B;
    A := B;
  end;
  writeln("after 30 steps: total ", total, ", max ", big);

  -- four reductions of two types in one gather, needed at once
  total := +<< A;
  mean := +<< D;
  small := min<< A;
  spread := max<< D;
  writeln("together: ", total, " ", small, " %.4f" : mean, " %.4f" : spread);

  -- needed in the loop: a pattern whose gather carries both values
  for i := 1 to 5 do
    B := (A@north + A@south + i) % 31;
    small := min<< B;
    big := max<< B;
    A := (B + big - small) % 37;
  end;
  writeln("needed: ", small, " ", big);

  -- a loop that may be left by exit does not run ahead: the gather ends before the test
  count := 0;
  for i := 1 to 50 do
    B := (A@east * 3 + A@west + i) % 19;
    total := +<< B;
    A := B;
    count += 1;
    if count = 17 then
      exit;
    end;
  end;
  writeln("left after ", count, ": total ", total);

  -- an inner loop that runs ahead, read by the outer one after it
  for k := 1 to 3 do
    for i := 1 to 10 do
      B := (A@north + A@south + k * i) % 29;
      small := min<< B;
      big := max<< B;
      A := B;
    end;
    writeln("round ", k, ": min ", small, ", max ", big);
  end;
end;
