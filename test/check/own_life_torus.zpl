-- own_life_torus: cellular automata on a torus: Life with @^ and boolean arithmetic on an odd-sized board,
-- and a 1-D rule-90 automaton using wrap into border storage
program torus;

config var rows  : integer = 7;
           cols  : integer = 9;
           gens  : integer = 6;
           width : integer = 15;

region B = [1..rows, 1..cols];
       L = [1..width];

direction n  = [-1, 0]; s  = [1, 0]; e  = [0, 1]; w  = [0, -1];
          ne = [-1, 1]; nw = [-1, -1]; se = [1, 1]; sw = [1, -1];
          left = [-1]; right = [1];

var Live  : [B] boolean;
    Nbr   : [B] integer;
    Cell  : [L] integer;
    g     : integer;

procedure show();
[B] begin
  writeln("gen ", g, ": ", +<< Live, " alive");
  [B] writeln("%c":to_char(Live * 42 + !Live * 46));
end;

procedure torus();
begin
  [B] begin
    Live := false;
    -- a glider and a blinker
    [1, 2] Live := true;
    [2, 3] Live := true;
    [3, 1..3] Live := true;
    [5, 6..8] Live := true;
    g := 0;
    show();
    for g := 1 to gens do
      Nbr := Live@^n + Live@^s + Live@^e + Live@^w + Live@^ne + Live@^nw + Live@^se + Live@^sw;
      Live := (Live & (Nbr = 2 | Nbr = 3)) | (!Live & Nbr = 3);
      if g % 3 = 0 then show(); end;
    end;
  end;
  [L] Cell := 0;
  [width / 2 + 1] Cell := 1;
  for g := 1 to 7 do
    [right of L] wrap Cell;
    [left of L] wrap Cell;
    [L] Cell := bxor(Cell@left, Cell@right);
    [L] writeln("%1d":Cell);
  end;
end;
