-- own_scalars: scalar types, literals, operators and the predefined names of section 8.
-- Exercises every scalar type, decimal/octal/hexadecimal/suffixed integer literals, an
-- unsuffixed literal too large for integer, every floating literal form, every character
-- escape (including octal ones) and the characters '@' and '"', string escapes,
-- concatenation and a backslash-newline join, string comparison and +=, every operator
-- and compound assignment (logical &= and |=), integer and floating '^' with a prefix
-- operator in the exponent, several names sharing one initializer, booleans and small
-- types in arithmetic, every predefined function (also with the f suffix), every
-- predefined constant, file comparison, and the timer procedures.
program scalars;

var
  b, b2   : boolean;
  c       : char;
  sb      : sbyte;
  ub      : ubyte;
  sh      : shortint;
  us      : ushortint;
  i, j, k : integer = 3;
  ui      : uinteger;
  li      : longint;
  ul      : ulongint;
  f       : float;
  d, e    : double;
  q       : quad;
  s, s2   : string;
  fl      : file;
  t       : double;

procedure scalars();
begin
  t := ResetTimer();
  writeln(i, j, k);

  -- literals
  i  := 010;                           -- octal: 8
  j  := 0x1F + 0XaB;
  li := 123L + 0x10l + 4294967296;
  ul := ULONG_MAX - 1;
  writeln(i, j, li, ul);
  d  := 1.5 + 1. + .5 + 1.e-8 + 2e10 + 2.5E-3 + 3.0L + 7e+2;
  c  := 'a';  c := '\n';  c := '\t';  c := '\r';  c := '\b';  c := '\f';
  c  := '\v'; c := '\a';  c := '\\';  c := '\''; c := '\"';  c := '\0';
  c  := '\101';  c := '\7';  c := '@';  c := '"';
  s  := "tab\tquote\" backslash\\ bell\a\n" "joined " /* comment */ "twice";
  s2 := "one \
line";
  s  += s2;
  s  := "x";
  b  := s < "y" & s2 != s & s <= "x" & s >= "x" & s = "x" | s > "z";
  writeln(s, s2, b, c);

  -- operators
  i  := 17;
  j  := 5;
  k  := i / j + i % j - -i * +j;
  k  := -7 / 2 + -7 % 2 + 7 % -2;
  k  := 2 ^ 3 ^ 2;                     -- (2 ^ 3) ^ 2
  k  := 2 ^ -1 + 3 ^ 0;
  k  := -k ^ 2;                        -- -(k ^ 2)
  d  := 2.0 ^ 0.5 + 2 ^ 0.5;
  b  := !(i > j) | i >= j & i != j & i <= 100 & j < i;
  b2 := !b = false;                    -- (!b) = false
  i += 1;  i -= 2;  i *= 3;  i /= 2;  i %= 5;
  b &= i > 0;
  b |= false;
  d += 1;  d -= 0.5;  d *= 2.0;  d /= 3.0;
  writeln(k, d, b, b2);

  -- every scalar type
  b  := true;
  c  := 'A';
  sb := -100;
  ub := 250;
  sh := -30000;
  us := 65000;
  ui := 4000000000;
  f  := 1.25;
  q  := 1.0 / 3.0;
  e  := sb + ub + sh + us + c + b;     -- all converted to integer first
  li := li * 2 + ui;
  writeln(b, c, sb, ub, sh, us, ui, li, ul, f, e, q);

  -- predefined functions
  d := abs(-2.5) + abs(-3) + abs(true) + max(1, 2.5) + min(3, 4) + sqr(3) + cube(2.0)
     + trunc(-2.7);
  i := band(12, 10) + bor(12, 10) + bxor(12, 10) + bnot(0) + bsl(1, 4) + bsr(-16, 2)
     + bpop(255);
  d := acos(0.5) + asin(0.5) + atan(1.0) + ceil(1.2) + cos(0.0) + cosh(0.0) + exp(1.0)
     + fabs(-1.0) + floor(1.8) + log(2.0) + log10(100.0) + sin(0.0) + sinh(0.0)
     + sqrt(2.0) + tan(0.0) + tanh(0.0) + atan2(1.0, 1.0) + fmod(7.5, 2.0)
     + pow(2.0, 10.0) + ldexp(1.0, 3);
  f := acosf(0.5) + asinf(0.5) + atanf(1.0) + ceilf(1.2) + cosf(0.0) + coshf(0.0)
     + expf(1.0) + fabsf(-1.0) + floorf(1.8) + logf(2.0) + log10f(100.0) + sinf(0.0)
     + sinhf(0.0) + sqrtf(2.0) + tanf(0.0) + tanhf(0.0) + atan2f(1.0, 1.0)
     + fmodf(7.5, 2.0) + powf(2.0, 10.0) + ldexpf(1.0, 3);
  writeln(d, i, f);
  b  := to_boolean(3);
  c  := to_char(66);
  sb := to_sbyte(-5);
  ub := to_ubyte(300);
  sh := to_shortint(1000);
  us := to_ushortint(1000);
  i  := to_integer(-3.99);
  ui := to_uinteger(7);
  li := to_longint(i);
  ul := to_ulongint(li);
  f  := to_float(2);
  d  := to_double(f);
  q  := to_quad(d);
  writeln(b, c, sb, ub, sh, us, i, ui, li, ul, f, d, q);

  -- predefined constants
  writeln(to_integer(CHAR_MIN), to_integer(CHAR_MAX), SBYTE_MIN, SBYTE_MAX, UBYTE_MAX,
          CHAR_BIT);
  writeln(SHRT_MIN, SHRT_MAX, USHRT_MAX, INT_MIN, INT_MAX, UINT_MAX);
  writeln(LONG_MIN, LONG_MAX, ULONG_MAX);
  writeln(FLT_RADIX, FLT_DIG, FLT_MANT_DIG, DBL_RADIX, DBL_DIG, DBL_MANT_DIG);
  writeln("%g":FLT_EPSILON, " ", "%g":FLT_MIN, " ", "%g":FLT_MAX);
  writeln("%g":DBL_EPSILON, " ", "%g":DBL_MIN, " ", "%g":DBL_MAX);
  writeln(M_E, M_LOG2E, M_LOG10E, M_LN2, M_PI, M_PI_2, M_PI_4);
  writeln(M_1_PI, M_2_PI, M_2_SQRTPI, M_SQRT2, M_SQRT_2);
  writeln(file_read, file_write, PROCESSORS >= 1, " ", true, " ", false);
  fl := zin;
  if fl = zin & fl != zout & zerr != znull then
    writeln("files compare");
  end;

  t := CheckTimer();
  CheckTimer();
  ResetTimer();
  writeln("timer ok: ", t >= 0.0);
end;
