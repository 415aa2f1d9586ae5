program prefix;

region V = [1..6];
       R = [1..2, 1..4];

var X, Y : [V] integer;
    A, S : [R] integer;

procedure prefix();
begin
  [V] begin
    X := Index1;
    Y := +|| X;
    writeln(Y);
    Y := (+|| X) + X;
    writeln(Y);
    Y := max|| (X % 3);
    writeln(Y);
  end;
  [R] begin
    A := Index1 * 10 + Index2;
    S := +|| A;
    writeln(S);
    S := +||[2] A;
    writeln(S);
    S := +||[1] A;
    writeln(S);
  end;
end;
