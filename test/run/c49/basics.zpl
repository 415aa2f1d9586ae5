program basics;

config var n : integer = 7;

constant greeting : string = "Welcome";

var q, r : integer;
    x    : double;

procedure basics();
begin
  writeln(greeting, "!");
  q := n / 2;
  r := n % 2;
  writeln("n = ", n, "q = ", q, "r = ", r);
  x := n / 2.0;
  writeln("x = ", x);
  writeln("[", "%5.2f":x, "] [", "%-4d":n, "]");
  writeln(-7 / 2, -7 % 2, 7 % -2);
  writeln(true, " ", n > 10, " ", 1.5e3, " ", 42);
  writeln(2 ^ 10, 2.0 ^ 0.5);
end;
