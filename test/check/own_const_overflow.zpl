-- own_const_overflow: integer arithmetic on compile-time constants wraps like run-time arithmetic
-- (section 4.1) and the generated C never folds a signed overflow itself (no -Woverflow):
-- +, -, * and unary minus of constants, abs of the minimum values, constants declared from
-- overflowing expressions, and folding through nested operations (the wrap happens per operation).
-- Floating literals beyond double's range are infinities or zeros, again without C warnings.
program constovf;

constant big  : integer = INT_MAX;
         wrapped : integer = INT_MAX + 1;
         half : integer = (INT_MAX + 1) / 2;

var i : integer;
    d : double;

procedure constovf();
begin
  writeln(INT_MAX + 1, 2147483647 * 2, -INT_MIN, -(-2147483648), big + 1, LONG_MAX + 1, INT_MIN - 1);
  writeln(abs(INT_MIN), abs(LONG_MIN), SHRT_MAX + 1, 40000 * 40000, -LONG_MIN);
  writeln(to_shortint(70000), to_char(300), to_integer(4294967296), 2147483647 + 1 > 0);
  writeln(wrapped, half, (INT_MAX + 1) / 2, UINT_MAX + 1, -UINT_MAX, ULONG_MAX * 2);
  i := 1;
  writeln(i + 2147483647, abs(i - INT_MAX - 2));
  d := 1e400;
  writeln(d, 1e400 * 1.0, -1.5e999 + 1.0, 2e-400 + 0.0, 1e-310 > 0.0, 0x7FFFFFFF + 1);
end;
