program masks;

region R = [1..4, 1..4];

direction east = [0, 1];
          se   = [1, 1];

var A : [R] integer;
    M : [R] boolean;

procedure masks();
[R] begin
  A := 0;
  M := Index1 >= Index2;
  [R with M]    A := 1;
  [R without M] A := -1;
  [east in R]   A += 10;
  [1..2, 1..2] begin
    A += 100;
    [" at se] A += 200;
  end;
  writeln(A);
  [R by [2, 2]] writeln(A);
  [R with M] writeln(+<< A);
end;
