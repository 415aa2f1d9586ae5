-- own_externs: declarations of C functions and C globals that are linked with the
-- program. Exercises 'extern prototype' with by-value, inout and out parameters, with
-- and without a result, 'extern var', 'extern const' and 'extern constant' sections
-- with several items, and using all of them from ZPL code.
program externs;

extern prototype c_scale(x : double; inout counter : integer) : double;
extern prototype c_tick();
extern prototype c_split(v : double; out whole : longint; out frac : double);
extern var       c_calls : integer;
                 c_level : double;
extern const     c_limit : integer;
extern constant  c_eps   : double;
                 c_flag  : boolean;

var
  k     : integer;
  whole : longint;
  frac  : double;

procedure externs();
begin
  k := 0;
  writeln(c_scale(2.0, k), " ", k);
  c_tick();
  c_split(3.75, whole, frac);
  writeln(whole, frac);
  c_calls += 1;
  c_level := c_eps * 2.0;
  if c_calls > c_limit | c_flag then
    writeln("limit reached");
  end;
end;
