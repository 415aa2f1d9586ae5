program control;

config var limit : integer = 12;

var total : integer;

procedure collatz(in x : integer) : integer;
var steps : integer;
begin
  steps := 0;
  while x != 1 do
    if x % 2 = 0 then
      x := x / 2;
    else
      x := 3 * x + 1;
    end;
    steps += 1;
  end;
  return steps;
end;

procedure addto(inout acc : integer; v : integer);
begin
  acc += v;
end;

procedure control();
var i, s : integer;
begin
  total := 0;
  for i := 1 to limit do
    if i % 4 = 0 then continue; end;
    s := collatz(i);
    if s > 15 then
      writeln();
      writeln("stop at ", i, "steps ", s);
      exit;
    elsif s > 5 then
      addto(total, s);
      write("+");
    else
      write(".");
    end;
  end;
  writeln("total = %d":total);
  i := 0;
  repeat
    i += 3;
  until i > 10;
  writeln(i);
  for i := 9 downto 1 by 4 do
    write(i);
  end;
  writeln();
end;
