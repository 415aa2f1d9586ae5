-- a blank-region parameter read under a covering region with a '*' dimension: the argument must
-- be flooded there (section 6.8); with a non-flood argument it is an access outside its storage (R4)
program fl;
region R = [1..4, 1..4];
var A : [R] integer;
    F, G : [1..4, *] integer;
procedure rowsum(P : [,] integer; out Q : [,] integer);
begin
  [ , *] Q := +<< [ , ] P;
end;
procedure fl();
begin
  [R] A := Index2;
  [1..4, *] F := 3;
  [R] rowsum(F, G);
  [1..4, 1] writeln(G);
  [R] rowsum(A, G);
  writeln("not flooded");
end;
