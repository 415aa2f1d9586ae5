-- hier_jacobi.zpl: jacobi written with region and direction constants (section 15.1): the region
-- constant counts for the bounding box, the direction constants' shifts travel through ghost cells
-- and the pattern file azc writes is the run's.
program hier_jacobi;
config var n : integer = 12;
const
  Base  : region<..,..> = [1..n, 1..n];
  north : direction<-,0> = [-1, 0];
  south : direction<+,0> = [1, 0];
  east  : direction<0,+> = [0, 1];
  west  : direction<0,-> = [0, -1];
var A, T : [Base] double;
    it : integer;
procedure hier_jacobi();
begin
  [Base] A := 0.0;
  [north of Base] A := 1.0;
  for it := 1 to 10 do
    [Base] T := (A@north + A@south + A@east + A@west) / 4.0;
    [Base] A := T;
  end;
  [Base] writeln("sum = %.6f" : +<< A);
end;
