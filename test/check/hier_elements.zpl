-- hier_elements.zpl: elements of indexed arrays of parallel arrays (section 15.2) with an
-- initializer for every element, as masks, written whole, shifted by a direction constant, assigned
-- under an 'of' region of their per-element region, and under regions from another array of regions.
program hier_elements;
config var n : integer = 6;
constant L : integer = 1;
const
  step  : array [0..L] of direction<-,-> = [-2^index1, -2^index1];
  east  : direction<0,+> = [0, 1];
  Base  : region<..,..> = [1..n, 1..n];
  Level : array [0..L] of region<..,..> = Base by step[index1];
  Big   : array [0..L] of region<..,..> = [0..n+1, 0..n+1] by step[index1];
var U : array [0..L] of [Level[index1]] integer = 7;
    G : array [0..L] of [Big[index1]] integer;
    M : array [0..L] of [Level[index1]] boolean;
    k : integer;
    s : integer;
procedure hier_elements();
begin
  [Level[0]] writeln(U[0]);
  [Level[1]] writeln(+<< U[1]);
  [Big[0]] G[0] := Index1 + Index2;
  [Level[0]] U[0] := G[0]@east;
  [Level[0]] writeln(U[0]);
  [Level[0]] M[0] := U[0] > 8;
  [Level[0] with M[0]] U[0] := 0;
  [Level[0]] writeln(U[0]);
  [east of Level[0]] G[0] := 100;
  [Big[0]] writeln(G[0]);
  s := 0;
  for k := 0 to L do
    [Level[k]] s := s + +<< U[k];
  end;
  writeln("s = ", s);
end;
