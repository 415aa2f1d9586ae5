program outer;

config var n : integer = 3;

region R    = [1..n, 1..n];
       ColF = [1..n, *];
       RowF = [*, 1..n];

var A, C : [R]    integer;
    Fc   : [ColF] integer;
    Fr   : [RowF] integer;
    k    : integer;

procedure outer();
[R] begin
  A := Index1 + Index2;
  C := 0;
  for k := 1 to n do
    [ColF] Fc := >>[ , k] A;
    [RowF] Fr := >>[k,  ] A;
    C += Fc * Fr;
  end;
  writeln(C);
  C := >>[2, 1..n] A;
  writeln(C);
  [ColF] Fc := +<< [R] A;
  C := Fc - A;
  writeln(C);
end;
