-- A variable used in its own declaration item is not declared yet (E1).
program own;
var k : integer;
var T, S : [S] integer;
procedure own();
begin
  writeln(k);
end;
