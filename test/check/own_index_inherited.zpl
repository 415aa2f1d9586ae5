/* own_index_inherited.zpl - IndexK and reductions in procedures that inherit their caller's
 * covering region (section 5.7 rule 2): IndexK takes the rank of that region. */
program idx;
region R = [1..3, 1..4];
       V = [1..5];
var A : [R] integer;
    B : [V] integer;
    s : integer;
procedure init(inout X : [,] integer);
begin
  X := Index1 * 10 + Index2;
  s := +<< Index1;
end;
procedure count() : integer;
begin
  return +<< Index1;
end;
procedure settle();
begin
  while max<< A > 100 do
    A := A / 2;
  end;
end;
procedure idx();
begin
  [R] init(A);
  [R] settle();
  [R] writeln(A);
  [V] B := Index1;
  [V] writeln(count(), " ", +<< B);
end;
