-- Section 15.1: region and direction constants, indexed arrays of them initialized with index1
-- (and with brace lists), type declarations naming their types, and their uses wherever a region or
-- direction name may appear: region scopes, declared regions, of/in/at/by/with, partial reductions
-- and floods, '@' and '@^', and ditto shifted by a direction element.
program s15_1_constants;

config var n      : integer = 16;
constant   levels : integer = 3;

const
  dir100 : array [0..levels] of direction<+,0,0> = [2^index1, 0, 0];
  dirN00 : array [0..levels] of direction<-,0,0> = [-2^index1, 0, 0];
  dir010 : array [0..levels] of direction<0,+,0> = [0, 2^index1, 0];
  dir1N1 : array [0..levels] of direction<+,-,+> = [2^index1, -2^index1, 2^index1];
  step   : array [0..levels] of direction<-,-,-> = [-2^index1, -2^index1, -2^index1];
  Base   : region<..,..,..> = [1..n, 1..n, 1..n];
  Level  : array [0..levels] of region<..,..,..> = Base by step[index1];
  Plane  : region<..,..,*> = [1..n, 1..n, *];
  Inner  : region<..,..,..> = [2..n-1, 2..n-1, 2..n-1];
  up     : direction<-,0,0>= [-1, 0, 0];      -- '>=' here is the type's '>', then '='
  corner : direction<+,+,+> = [1, 1, 1];
  far    : direction<0,0,+> = [0, 0, n];     -- a config var: its sign is checked at run time (R16)
  copy   : direction<+,0,0> = dir100[2];     -- an element of an array of directions
  pairs  : array [1..2] of direction<+,-> = {[1, -1], [2, 0]};
  Halves : array [1..2] of region<..> = {[1..n/2], [n/2+1..n]};
  Coarse : region<..,..,..> = Level[1];

type
  dirs  = array [0..levels] of direction<+,0,0>;
  level = region<..,..,..>;

const
  again : dirs = dir100[index1];             -- a named type of an array of directions
  Fine  : level = Level[0];

var
  V, W : [Base] double;
  C    : [Coarse] double;                    -- a region constant as a declared region
  F    : [Plane] double;
  X    : [Base] boolean;
  L1   : [1..n] double;
  s    : double;
  k    : integer;

procedure s15_1_constants();
begin
  [Base] V := Index1 + Index2 + Index3;
  [Base] X := V > 20.0;
  [Base with X] W := V;                      -- a region constant, masked
  [Coarse] C := V@^copy;
  for k := 0 to levels do
    [Level[k]] W := V@^dir100[k] + V@^dirN00[k] + V@^dir010[k] - V@^dir1N1[k] + V@^again[k];
    [Level[k]] s := +<< W;                   -- an element of an array of regions as the cover
    [Level[k]] [" at dirN00[k]] s := max<< V;   -- ditto shifted by a direction element
    [dir100[k] of Level[k]] s := 0.0;
    [dirN00[k] in Level[k]] W := 3.0;
    [Level[k] by step[1]] W := 4.0;
  end;
  for k := 0 to levels - 1 do
    [Level[k + 1] at dirN00[k]] W := 1.0;    -- the points between two of the coarser level
  end;
  [Inner] W := V@corner + V@up;              -- direction constants with known components give borders
  [Base] W := V@^far;
  [Plane] F := +<< [Base] V;                 -- the source region of a partial reduction
  [Base] W := >>[Fine] F;                    -- and of a flood
  [Halves[2]] L1 := 1.0;
  [Halves[1] at [1]] L1 := L1@[-1];
  [Fine] writeln(+<< W, s);
end;
