/* own_tailored.zpl - the loops the tailored binding (AZ_COMM=tailored) treats differently from
 * the others: a halo exchange with no reduction (the pattern analysis proves it free of ready
 * tokens with two receive buffers), a one-way shift (every message needs its token), a halo with
 * a reduction in the loop (free with one buffer), a pattern loop entered again after other
 * communication (its first iteration still counts as steady), and one left in the middle of an
 * iteration by exit (its next entry must send every token again). Same output at every process
 * count and with every binding. */
program own_tailored;

config var n : integer = 11;

region R = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var A, B : [R] integer;
    i, k, s, big : integer;

procedure own_tailored();
[R] begin
  A := (Index1 * 7 + Index2 * 3) % 10;
  [north of R] A := 1;
  [south of R] A := 2;
  [east of R] A := 3;
  [west of R] A := 4;

  -- a symmetric halo exchange, nothing else: two buffers, no tokens
  for i := 1 to 40 do
    B := (A@north + A@south + A@east + A@west + A) % 97;
    A := B;
  end;
  writeln("halo:     ", +<< A);

  -- one way: each process only sends west, nothing comes back
  for i := 1 to 25 do
    A := (A@east * 3 + i) % 89;
  end;
  writeln("one way:  ", +<< A);

  -- entered three times, a reduction and output between the entries
  for k := 1 to 3 do
    for i := 1 to 10 do
      B := (A@north + A@south + A@east + A@west) % 83;
      s := max<< B;
      A := (B + s) % 79;
    end;
    writeln("entry ", k, ": ", +<< A, " ", s);
  end;

  -- left in the middle of an iteration, then entered again
  for k := 1 to 3 do
    for i := 1 to 20 do
      B := (A@north + A@south + A@east + A@west + k) % 71;
      big := max<< B;
      if i = 5 * k then
        exit;
      end;
      A := (B + big) % 67;
    end;
    writeln("exit ", k, ": ", +<< A, " ", big);
  end;
end;
