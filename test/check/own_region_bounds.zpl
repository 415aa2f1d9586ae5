-- own_region_bounds: region operators on bounds at the ends of the integer range wrap around as the
-- run-time arithmetic does (section 4.1), at compile time too: at, of, in and by never overflow
-- in the compiler (found by test_fuzz under UBSan: [1..LONG_MAX, 1..2] ... [" at se])
program region_bounds;

direction right = [1];
          left  = [-1];
          big   = [4611686018427387904];
          se    = [1, 1];

procedure region_bounds();
begin
  [[LONG_MAX - 1..LONG_MAX] at right] writeln("at");
  [[LONG_MIN..LONG_MIN + 1] at left] writeln("at left");
  [right of [1..LONG_MAX]] writeln("of");
  [left of [LONG_MIN..0]] writeln("of left");
  [left in [LONG_MIN..0]] writeln("in");
  [[[1..8] by big] by big] writeln("by");
  [1..LONG_MAX, 1..2] begin
    [" at se] writeln("ditto at");
  end;
end;
