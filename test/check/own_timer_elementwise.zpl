-- Timers and free values in procedures applied elementwise (sections 6.10, 15.6): each process calls
-- them once per element it owns, a different number of times on each process, so ReadTimer,
-- CheckTimer, StartTimer's synchronization and reductions of free values cannot communicate there:
-- they read this process's clock and value (timer values and free variables are exception 3 of
-- section 11). Directly, through a procedure that calls one, and in a user-defined reduction.
program own_timer_elementwise;

region R = [1..3, 1..5];

var A : [R] double;
    N : [R] integer;

-- 1 when a local timer, started (synchronizing) and stopped, reads a time >= 0
procedure timed(x : double) : integer;
var t : timer;
begin
  if ReadTimer(t) != 0.0 then return -1; end;
  StartTimer(t, 1);
  StopTimer(t);
  if ReadTimer(t) >= 0.0 & CheckTimer() >= 0.0 then return 1; end;
  return 0;
end;

procedure twice(x : double) : integer;
begin
  return timed(x) + timed(x + 1.0);
end;

-- a reduction of a free value: the process's own value when applied elementwise
procedure own(x : double) : double;
free var v : double;
begin
  v := x * 2.0;
  return max<< v;
end;

-- a user-defined reduction whose accumulate procedure reads a timer at every element
procedure tsum(out s : double); begin s := 0.0; end;
procedure tsum(x : double; inout s : double);
var t : timer;
begin
  s := s + x + ReadTimer(t);
end;

procedure own_timer_elementwise();
var r : double;
begin
  r := ResetTimer();
  [R] A := Index1 * 10 + Index2;
  [R] N := timed(A);
  [R] writeln(N);
  [R] writeln(+<< twice(A), " ", min<< twice(A + 1.0));
  [R] N := timed(A) + N;
  [R] writeln(+<< N);
  [R] A := own(A) + own(1.0);
  [R] writeln(A);
  [R] r := tsum<< A;
  writeln(r);
  writeln(timed(1.0), " ", CheckTimer() >= 0.0, " ", own(2.5));   -- not elementwise: collective
end;
