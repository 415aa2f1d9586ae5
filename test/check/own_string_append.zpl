-- own_string_append: '+=' on a parallel array of strings appends elementwise (section 7.2), with
-- scalar and parallel right-hand sides, under partial regions and masks, truncating at 255.
program strapp;

region V = [1..4];

var S, T : [V] string;
    M    : [V] boolean;
    s    : string;
    i    : integer;

procedure strapp();
begin
  [V] S := "a";
  [2..4] S += "bc";
  [V] writeln(S);
  [V] T := "<";
  [V] T += S;
  [V] T += ">";
  [V] writeln(T);
  [V] M := Index1 % 2 = 0;
  [V with M] S += T;
  [V] writeln(S);
  s := "";
  for i := 1 to 26 do s += "0123456789"; end;
  [V] S := "xy";
  [V] S += s;
  [V] writeln(+<< (S > s), " ", &<< (S < "xz"));
end;

