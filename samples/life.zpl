/* life.zpl - Conway's Game of Life on a torus: @^ wraps around the edges of the board, so a
 * glider that leaves on one side comes back on the other. After 4*n generations on an n x n
 * board the glider has crossed the whole board and is back where it started; the program
 * checks that (and that it always has 5 live cells). */
program life;

config var n : integer = 8;

region R = [1..n, 1..n];

direction nw = [-1, -1]; no = [-1, 0]; ne = [-1, 1];
          we = [ 0, -1];               ea = [ 0, 1];
          sw = [ 1, -1]; so = [ 1, 0]; se = [ 1, 1];

var World, Start : [R] boolean;
    Count        : [R] integer;
    gen          : integer;

procedure life();
[R] begin
  -- the glider:  .#.
  --              ..#
  --              ###
  World := (Index1 = 1 & Index2 = 2) | (Index1 = 2 & Index2 = 3) | (Index1 = 3 & Index2 <= 3);
  Start := World;
  writeln(World);
  for gen := 1 to 4 * n do
    Count := World@^nw + World@^no + World@^ne + World@^we + World@^ea + World@^sw + World@^so + World@^se;
    World := Count = 3 | (World & Count = 2);
    if +<< World != 5 then
      writeln("generation ", gen, ": population is not 5");
      halt;
    end;
    if gen = 4 then
      writeln("after 4 generations:");
      writeln(World);
    end;
  end;
  writeln("back home after ", 4 * n, "generations: ", &<< (World = Start));
end;
