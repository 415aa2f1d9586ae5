-- own_cannon_summa: Cannon's algorithm on a torus with @^, plus SUMMA with floods, on a non-square case
program cannon;

config var n : integer = 4;
           m : integer = 3;

region R    = [1..n, 1..n];
       RA   = [1..m, 1..n];
       RB   = [1..n, 1..m];
       RC   = [1..m, 1..m];
       ColF = [1..m, *];
       RowF = [*, 1..m];

direction east  = [0, 1];
          south = [1, 0];

var A, B, C : [R] integer;
    P       : [RA] double;
    Q       : [RB] double;
    S       : [RC] double;
    Pc      : [ColF] double;
    Qr      : [RowF] double;
    i, k    : integer;

procedure cannon();
begin
  [R] begin
    A := Index1 * 2 - Index2;
    B := (Index1 + Index2) % 3 - 1;
    C := 0;
    -- skew: row i of A left by i-1, column j of B up by j-1
    for i := 2 to n do
      [i..n, 1..n] A := A@^east;
      [1..n, i..n] B := B@^south;
    end;
    for k := 1 to n do
      C += A * B;
      A := A@^east;
      B := B@^south;
    end;
    writeln(C);
    writeln("trace-ish sum = ", +<< C, " max = ", max<< C, " min = ", min<< C);
  end;
  [RA] P := Index1 + Index2 / 4.0;
  [RB] Q := 1.0 / (Index1 + Index2);
  [RC] begin
    S := 0.0;
    for k := 1 to n do
      [ColF] Pc := >>[ , k] P;
      [RowF] Qr := >>[k, ] Q;
      S += Pc * Qr;
    end;
    writeln("%10.5f":S);
    writeln(S);
  end;
end;
