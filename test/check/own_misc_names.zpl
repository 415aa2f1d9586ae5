-- own_misc_names: C keywords as names, shadowed predefined names, promoted procedures, element types string,
-- char, quad and boolean in parallel arrays, compound operators on arrays, elaboration order
program misc;

config var n : integer = 4;

region R = [1..n];

var int, main, switch, printf, NULL, index, stdout : integer;
    abs   : integer = 3;            -- hides the predefined abs
    S     : [R] string;
    Ch    : [R] char;
    Q     : [R] quad;
    Bo    : [R] boolean;
    I     : [R] integer;
    early : integer = twice(21);
    sq    : array [1..5] of integer = index1 * index1;
    tab   : array [1..2, 1..3] of integer = index1 * 10 + index2;
    cnt   : integer;

procedure twice(x : integer) : integer;
begin
  return 2 * x;
end;

procedure clamp(x, lo, hi : double) : double;
begin
  if x < lo then return lo; elsif x > hi then return hi; end;
  return x;
end;

procedure pick(c : boolean; a, b : integer) : integer;
begin
  if c then return a; else return b; end;
end;

procedure sqrt(x : integer) : integer;   -- hides the predefined sqrt
var r : integer;
begin
  r := 0;
  while (r + 1) * (r + 1) <= x do r += 1; end;
  return r;
end;

procedure local(k : integer);
var t  : array [1..k] of integer = index1 * k;
    u  : array [1..k] of integer;
    s  : integer;
    j  : integer;
begin
  u[] := t[];
  if k > 0 then u[1] := -1; end;
  s := 0;
  for j := 1 to k do s += u[j]; end;
  writeln(t[], " | ", s);
end;

procedure misc();
var k : integer;
begin
  int := 1; main := 2; switch := 3; printf := 4; NULL := 5; index := 6; stdout := 7;
  writeln(int + main + switch + printf + NULL + index + stdout, abs, early);
  writeln(sq[], tab[2, 3]);
  writeln(sqrt(17), sqrt(100));
  [R] begin
    S := "x";
    [2] S := "hello";
    [3..4] S := "yo";
    writeln(S);
    writeln(+<< (S = "yo"), " ", &<< (S != ""), " ", max<< (S < "y"));
    Ch := to_char(64 + Index1);
    writeln(Ch);
    writeln("%3c":Ch);
    Q := Index1 / 3.0;
    writeln(Q);
    writeln("%.15Lf":+<< Q);
    Bo := Index1 % 2 = 0;
    writeln(Bo);
    writeln("%d":Bo, "%s":Bo);
    I := Index1 * 7;
    I %= 4;
    writeln(I);
    Bo &= I > 1;
    writeln(Bo);
    Bo |= Index1 = 1;
    writeln(Bo);
    I *= -2; I -= 1; I /= 3;
    writeln(I);
    writeln(clamp(Index1 * 0.4, 0.5, 1.0));
    writeln(pick(Bo, Index1, -Index1));
    writeln(sqrt(Index1 * 5));
    k := 0;
    k += 1;
    I := k;
    k += 1;
    writeln(I, k);
  end;
  local(3);
  local(0);
  cnt := 0;
  for k := 10 downto 1 by 3 do
    cnt += 1;
    if k < 3 then exit; end;
  end;
  writeln(k, cnt);
  k := 0;
  repeat
    k += 1;
    if k % 2 = 0 then continue; end;
    write(k);
  until k >= 7;
  writeln();
  for k := 1 to 0 do writeln("never"); end;
  writeln(k);
  for k := 5 to 5 by 10 do write(k); end;
  writeln(k);
end;
