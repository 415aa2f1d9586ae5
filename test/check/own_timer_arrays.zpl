-- own_timer_arrays.zpl: timers (section 15.6) in indexed arrays (global, local, free, of records)
-- and in records, started, stopped, cleared and read element by element, their free values
-- reduced; and a parallel array of timers, which the timer procedures cannot take (they are not
-- promoted, section 6.10) but a promoted procedure reads element by element: its timers stay
-- cleared. Only what does not depend on the clock is printed.
program own_timer_arrays;
region R = [1..5, 1..3];
type lap = record t : timer; count : integer; end;
var laps : array [1..3] of timer;
    rec  : lap;
    P    : [R] timer;
    x, y : double;
    k    : integer;
free var mine : array [0..2] of timer;
         own  : array [1..2] of lap;

procedure elapsed(t : timer) : double;
begin
  return ReadTimer(t);
end;

procedure spin(n : integer) : double;
var i : integer;
    s : double;
begin
  for i := 1 to n do s := s + sqrt(to_double(i)); end;
  return s;
end;

procedure own_timer_arrays();
var local : array [1..2] of timer;
begin
  for k := 1 to 3 do
    StartTimer(laps[k], k % 2);
    StartTimer(laps[k], 0);              -- no effect: it runs
    x := spin(1000 * k);
    StopTimer(laps[k]);
  end;
  writeln("laps: ", ReadTimer(laps[1]) >= 0.0, " ", ReadTimer(laps[3]) >= 0.0);
  x := ReadTimer(laps[2]);
  y := ReadTimer(laps[2]);               -- stopped: the same reading
  writeln("stopped reads alike: ", x = y);
  ClearTimer(laps[2]);
  writeln("cleared: ", ReadTimer(laps[2]) = 0.0);

  StartTimer(local[2], 1);
  x := ReadTimer(local[2]);
  y := ReadTimer(local[2]);              -- running: does not go back
  StopTimer(local[2]);
  writeln("local: ", y >= x, " ", ReadTimer(local[1]) = 0.0);

  StartTimer(rec.t, 0);
  rec.count := rec.count + 1;
  StopTimer(rec.t);
  writeln("record: ", rec.count, " ", ReadTimer(rec.t) >= 0.0);

  for k := 0 to 2 do
    StartTimer(mine[k], 0);
    StopTimer(mine[k]);
  end;
  StartTimer(own[2].t, 0);
  own[2].count := 1;
  StopTimer(own[2].t);
  x := max<< ReadTimer(mine[1]);
  y := min<< (ReadTimer(mine[0]) + ReadTimer(own[2].t));
  writeln("free: ", x >= 0.0, " ", y >= 0.0, " ", +<< own[2].count = PROCESSORS, " ", max<< ReadTimer(own[1].t) = 0.0);

  [R] x := max<< elapsed(P);
  [R] y := +<< elapsed(P);
  writeln("parallel timers: ", x, " ", y);
end;
