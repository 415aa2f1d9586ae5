program h;
config var n : integer = 8;
constant   L : integer = 2;
region R = [1..4, 1..4];
const
  dir10 : array [0..L] of direction<+,0,0> = [2^index1, 0, 0];
  step  : array [0..L] of direction<-,-> = [-2^index1, -2^index1];
  Base  : region<..,..> = [1..n, 1..n];
  Level : array [0..L] of region<..,..> = Base by step[index1];
var U : array [0..L] of [Level[index1]] double;
    A : [R] double;
    x : double;
    k : integer;
procedure h();
begin
  [R] A := A@^dir10[1];
end;
