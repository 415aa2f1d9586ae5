program reduce;

region R   = [1..3, 1..4];
       Col = [1..3, 1];
       Row = [1, 1..4];

var A : [R]   integer;
    B : [R]   boolean;
    S : [Col] integer;
    M : [Row] integer;

procedure reduce();
[R] begin
  A := (Index1 - 2) * Index2;
  writeln(A);
  writeln("sum=", +<< A, " max=", max<< A, " min=", min<< A);
  writeln("prod=", *<< (A + 5));
  B := A > 0;
  writeln("count=", +<< B);
  writeln("any=", |<< B, " all=", &<< B);
  [Col] S := +<< [R] A;
  [Col] writeln(S);
  [Row] M := max<< [R] A;
  [Row] writeln(M);
  [2..3, 1..4] writeln("rows 2-3: ", +<< A);
end;
