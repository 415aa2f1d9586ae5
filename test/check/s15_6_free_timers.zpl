-- Section 15.6: free variables (one value per process) and timers. A free value is assigned from
-- any scalar expression, passed as the timer procedures' t, reduced with a built-in operator (no
-- covering region needed), and read, also by value in a call, in what is assigned to a free variable.
program s15_6_free_timers;

region R = [1..8, 1..8];
type stamp = record t : timer; laps : integer; end;

var A      : [R] double;
    total  : double;
    n      : integer;
    shared : timer;                            -- read collectively: the largest over the processes

free var
  t      : timer;
  work   : double = 0.0;
  count  : integer;
  ticks  : array [1..3] of integer;
  st     : stamp;

procedure cost(x : double) : double; begin return 2.0 * x + 1.0; end;

procedure step(k : integer);
free var mine : double;                        -- a free local
begin
  StartTimer(st.t, 0);
  [R] A := A + k;
  StopTimer(st.t);
  st.laps += 1;
  mine := ReadTimer(st.t);
  work := work + cost(mine) + sqrt(abs(mine));   -- read by value in what a free variable gets
end;

procedure s15_6_free_timers();
begin
  ClearTimer(t);
  ClearTimer(shared);
  ClearTimer(st.t);
  StartTimer(t, 1);                            -- synchronize first
  StartTimer(shared, 0);
  for n := 1 to 3 do
    step(n);
    count += 1;
    ticks[n] := count;
  end;
  StopTimer(t);
  StopTimer(shared);
  total := max<< ReadTimer(t);                 -- the largest time over the processes
  total := +<< work;
  n := min<< count;
  n := max<< (ticks[2] + st.laps);
  writeln("time: ", ReadTimer(shared) >= 0.0, " laps: ", n);
end;
