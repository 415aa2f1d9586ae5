-- own_config_types: config vars of every settable type, config consts depending on them, enumerations,
-- strings: append, compare, truncation, formats
program cfg;

type level = (low, mid = 5, high, top);

config var
  n    : integer   = 3;
  big  : longint   = 10000000000;
  uu   : uinteger  = 7;
  us   : ushortint = 9;
  sb   : sbyte     = -3;
  ub   : ubyte     = 250;
  ul   : ulongint  = 1;
  sh   : shortint  = -300;
  x    : double    = 0.5;
  fx   : float     = 0.25;
  qx   : quad      = 1.5;
  flag : boolean   = false;
  ch   : char      = 'z';
  name : string    = "world";
  lv   : level     = mid;
config const
  m    : integer   = n * 2 + to_integer(flag);
  title : string   = name;

var s, t : string;
    i    : integer;
    e    : level;
    lvls : array [low..top] of integer;

procedure cfg();
begin
  writeln(n, big, uu, us, sb, ub, ul, sh);
  writeln(x, fx, qx, flag, ch, name, lv, m, title);
  s := "hello, ";
  s += name;
  s += "!";
  writeln(s);
  writeln("[%-12s]":s, "[%12s]":name, "[%.3s]":name, "[%5s]":flag);
  t := "";
  for i := 1 to 30 do
    t += "abcdefghij";
  end;
  writeln(t);
  writeln(s < t, " ", "abc" < "abd", " ", "ab" < "abc", " ", name = "world", " ", "" = t);
  e := high;
  writeln(e, low, top, e > lv, e = high, to_integer(e) + 1);
  lvls[mid] := 3;
  lvls[top] := 4;
  writeln(lvls[mid] + lvls[top] + lvls[high]);
  writeln("%c":ch, "%d":ch, "%5c":'q', "%3d":lv, "%x":to_integer(e));
  writeln("%08.3f":x, "%+d":n, "% d":n, "%#o":8, "%#x":255, "%X":255, "%e":x, "%G":0.0001);
  writeln("%10.3e":qx, "%-6d|":sb, "%u":ub, "%lu":ul, "%hd":sh, "%hhd":sb, "%ld":big);
  writeln("%d":flag, "%s":flag, "%i":true, "%o":uu, "%5.1f":n, "%x":-1, "%X":to_ulongint(-1));
  writeln("100%% %d":n, " %d%%":n, "%%");
  writeln("tab\there", 'q', '\'', "\"quoted\"", "\\", "oct\101");
end;
