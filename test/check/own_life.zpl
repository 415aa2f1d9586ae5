-- own_life: Conway's game of life on a torus. Exercises boolean parallel arrays, the
-- wrap-around shift @^ with eight named directions (several declared on one line),
-- booleans counted as 0 and 1 by '+', IndexK in a boolean initialisation, precedence of
-- '=' over '&' and '|', +<< counting true elements, and boolean array output.
program life;

config var
  n    : integer = 8;
  gens : integer = 4;

region
  R = [1..n, 1..n];

direction
  nw   = [-1, -1];  north = [-1, 0];  ne   = [-1, 1];
  west = [ 0, -1];                    east = [ 0, 1];
  sw   = [ 1, -1];  south = [ 1, 0];  se   = [ 1, 1];

var
  World : [R] boolean;
  Count : [R] integer;
  gen   : integer;

procedure life();
[R] begin
  -- a glider in the upper left corner
  World := Index1 = 1 & Index2 = 2
         | Index1 = 2 & Index2 = 3
         | Index1 = 3 & Index2 <= 3;
  writeln("generation 0: ", +<< World, " cells");
  for gen := 1 to gens do
    Count := World@^nw   + World@^north + World@^ne
           + World@^west                + World@^east
           + World@^sw   + World@^south + World@^se;
    World := Count = 3 | (World & Count = 2);
    writeln("generation ", gen, ": ", +<< World, " cells");
  end;
  writeln(World);
  [1, 1..n] writeln("first row alive: ", |<< World);
end;
