-- own_control: control flow. Exercises for loops with 'to', 'downto' and 'by' (global,
-- local, shortint and longint loop variables), the loop variable's value after the loop,
-- while and repeat loops, exit and continue in every kind of loop (only leaving the
-- innermost one), if/elsif/else chains, integer truth values, empty statements, return
-- from the entry procedure, region statements around loops and ifs, and names that are
-- C keywords or zc runtime hooks declared by the program itself (int, switch, main,
-- blk, cut).
program control;

config var limit : integer = 30;

region R = [1..3, 1..3];

var
  i, j, total : integer;
  found       : boolean;
  A           : [R] integer;
  int, switch : integer;
  blk         : integer;

procedure main(k : integer) : integer;
begin
  return k + 1;
end;

procedure cut(inout v : integer);
begin
  v := v / 2;
end;

procedure control();
var k     : integer;
    small : shortint;
    wide  : longint;
begin
  total := 0;
  for i := 1 to limit by 3 do
    if i % 2 = 0 then
      continue;
    end;
    total += i;
  end;
  writeln("total ", total, " i after loop ", i);

  for small := 20 downto 1 by 7 do
    write(small);
  end;
  writeln();

  for wide := 1 to 4000000000 by 1000000000 do
    write(wide);
  end;
  writeln();

  for i := 10 downto 1 do
    if i * i < 20 then
      exit;
    end;
  end;
  writeln("exited at ", i);

  k := 0;
  while true do
    k += 1;
    if k > 5 then
      exit;
    elsif k = 2 then
      continue;
    elsif k = 3 then
      total -= 1;
    else
      total += k;
    end;
  end;

  repeat
    k -= 1;
    if k = 3 then
      continue;
    end;
    ;
  until k <= 0;

  found := false;
  for i := 1 to 5 do
    for j := 1 to 5 do
      if i * j = 12 then
        found := true;
        exit;
      end;
    end;
    if found then
      exit;
    end;
  end;
  writeln("found ", i, " * ", j);

  k := 3;
  while k do                      -- integer condition: nonzero is true
    k -= 1;
  end;
  if total then
    writeln("total is nonzero");
  end;

  int    := main(41);
  switch := int;
  blk    := 10;
  cut(blk);
  writeln(int, switch, blk);

  [R] begin
    A := 0;
    for i := 1 to 3 do
      [i, 1..i] A += i;
    end;
    if +<< A > 10 then
      writeln(A);
    else
      writeln("small sum");
    end;
  end;

  if limit < 0 then
    return;
  end;
  ;
  writeln("done");
end;
