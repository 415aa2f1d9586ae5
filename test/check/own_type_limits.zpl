-- own_type_limits: comparisons that are constant for a type's range (an unsigned value against 0,
-- a ubyte against 255, a char against 127, a shortint against 40000) follow section 4.7's
-- conversions and compile without warnings (-Wtype-limits) in the generated C; so do comparisons
-- of a value with itself and of a negated value with an integer (-Wtautological-compare,
-- -Wbool-compare).
program tl;
var u : uinteger;
    ub : ubyte;
    c : char;
    ul : ulongint;
    s : shortint;
    b : boolean;
    V : [1..3] uinteger;
    x, y : integer;
    A : [1..3] integer;
    Bo : [1..3] boolean;

procedure paren();
begin
  x := 2; y := 3; b := true;
  writeln(1 < 2 < 3, " ", true = (1 > 0), " ", !x = 5, " ", !b = false, " ", x & y | b);
  writeln(x = x, " ", b = b, " ", x < x, " ", (x & 0) = 0, " ", -x ^ 2, " ", x - -y);
  [1..3] A := Index1;
  [1..3] Bo := !A = 0 | A & !Bo;
  [1..3] writeln(Bo, A = A, !!Bo);
end;
procedure tl();
begin
  u := 5; ub := 200; c := 'a'; ul := 3; s := 7;
  writeln(u < 0, u >= 0, ub > 255, c > 127, ul <= 0, s < 40000, b >= false, b <= true);
  if u >= 0 then writeln("yes"); end;
  while ub < 0 do ub += 1; end;
  [1..3] V := Index1;
  [1..3] writeln(V >= 0, min<< V, max<< (V < 0));
  writeln(abs(u), abs(ub), -u, u % 1, ul / 1);
  writeln(u = -1, ul != -1);
  paren();
end;
