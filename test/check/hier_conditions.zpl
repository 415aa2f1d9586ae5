-- hier_conditions.zpl: elements of indexed arrays of parallel arrays in conditions (bound where the
-- condition is evaluated, every time), in for bounds and passed whole to a procedure in one.
program hier_conditions;
const
  Base  : region<..,..> = [1..4, 1..4];
var U : array [1..3] of [Base] integer;
    k, j : integer;

procedure total(a : [,] integer) : integer;
begin
  [Base] return +<< a;
end;

procedure hier_conditions();
begin
  for k := 1 to 3 do
    [Base] U[k] := k * (Index1 - 2);
  end;
  for k := 1 to 3 do
    [Base] if total(U[k]) > 30 then writeln(k, ": big");
    elsif total(U[k]) > 10 then writeln(k, ": medium");
    elsif max<< U[k] > 1 then writeln(k, ": some");
    else writeln(k, ": small");
    end;
  end;
  k := 1;
  [Base] while +<< U[k] < 20 do
    k := k + 1;
  end;
  writeln("first over 20: ", k);
  for j := 1 to total(U[1]) / 4 do
    write(j, " ");
  end;
  writeln();
end;
