-- Section 15.6 in the back end: free variables hold one value per process; reductions of free
-- values combine the processes' values (with or without a covering region, also split-phase in a
-- loop); timers are cleared, started, stopped and read, as globals, locals, record fields, array
-- elements and parameters. Only what is deterministic is printed: each process computes the same
-- free values here, so a sum over the processes is PROCESSORS times the value, a maximum the value;
-- a stopped timer reads the same twice, a fresh or cleared one reads 0.
program own_free_timers;

region R = [1..6, 1..5];

type lap = record t : timer; n : integer; end;

var A      : [R] double;
    s, m   : double;
    i, k   : integer;
    ok     : boolean;
    shared : timer;

free var
  ft     : timer;
  laps   : array [1..3] of lap;
  v      : double = 1.5;
  c      : integer;
  b      : ubyte = 6;
  l      : longint;
  flag   : boolean = true;
  f      : float;

-- a timer by value: read collectively when it is not free
procedure seconds(t : timer) : double;
begin
  return ReadTimer(t);
end;

-- a timer by reference
procedure run(inout t : timer; n : integer);
begin
  StartTimer(t, n % 2);
  [R] A := A + n;
  StopTimer(t);
end;

procedure fresh() : boolean;
var t : timer;
    z : double;
free var mine : timer;
    x : double;
begin
  z := ReadTimer(t);                          -- a local timer starts cleared and stopped
  x := ReadTimer(mine);
  return z = 0.0 & max<< x = 0.0;
end;

procedure own_free_timers();
var t1, t2 : double;
begin
  writeln("fresh: ", fresh(), " ", ReadTimer(shared) = 0.0, " ", max<< ReadTimer(ft) = 0.0);
  ClearTimer(ft);
  StartTimer(ft, 1);
  for k := 1 to 3 do
    ClearTimer(laps[k].t);
    run(shared, k);
    StartTimer(laps[k].t, 0);
    StartTimer(laps[k].t, 0);                 -- no effect: it runs
    laps[k].n := k * 10;
    StopTimer(laps[k].t);
  end;
  StopTimer(ft);
  t1 := max<< ReadTimer(ft);
  t2 := min<< ReadTimer(ft);
  writeln("stopped: ", t1 >= 0.0, " ", t2 <= t1, " ", t1 = max<< ReadTimer(ft));
  t1 := ReadTimer(shared);
  writeln("shared: ", t1 >= 0.0, " ", t1 = ReadTimer(shared), " ", seconds(shared) = t1);
  StartTimer(shared, 0);
  t1 := ReadTimer(shared);
  t2 := ReadTimer(shared);
  writeln("running: ", t2 >= t1);
  StopTimer(shared);
  ClearTimer(shared);
  writeln("cleared: ", ReadTimer(shared) = 0.0);

  -- free values: each process has the same here
  c := laps[2].n + 1;                         -- 21
  l := c;
  l := l * 1000000000;
  f := v * 2.0;
  s := +<< v;
  writeln("sum: ", s = 1.5 * PROCESSORS, " ", +<< c = 21 * PROCESSORS);
  writeln("max: ", max<< v, " min: ", min<< c, " ", max<< l, " ", min<< f, " ", max<< b);
  writeln("prod: ", *<< b = 6 ^ PROCESSORS, " ", *<< (1.0 * v) = 1.5 ^ PROCESSORS);
  writeln("and: ", &<< flag, " or: ", |<< (c > 100), " ", &<< (laps[3].n = 30));
  writeln("bits: ", band<< c, " ", bor<< b, " ", bxor<< c = 21 * (PROCESSORS % 2));
  v := v + (max<< v);                          -- free := free + reduction
  writeln("v: ", max<< v);

  -- under a covering region, in a loop whose results the loop does not need (split-phase, run ahead)
  m := 0.0;
  [R] for i := 1 to 4 do
    A := A + 1.0;
    s := +<< v;
    m := max<< (v + i);
    c := c + 1;
  end;
  [R] writeln("loop: ", s = 3.0 * PROCESSORS, " ", m, " ", max<< c, " ", +<< A);
  ok := (max<< ReadTimer(laps[1].t)) >= 0.0;
  writeln("laps: ", ok, " ", max<< (laps[1].n + laps[2].n + laps[3].n));
end;
