-- Section 15.4: procedure overloading. A call chooses the procedure whose parameters take its
-- arguments; among several, the one that needs no conversion; a prototype declares one member of
-- the family; a parallel argument promotes a scalar member only where the call may be promoted.
program s15_4_overloading;

region R = [1..4, 1..4];
type color = (red, green, blue);
     pair  = record a, b : integer; end;

var A : [R] double;
    B : [R] integer;
    C : [R] color;
    x : double;
    k : integer;
    c : color;
    p : pair;
    v : array [1..3] of integer;

prototype twice(x : integer) : integer;      -- one member, declared before its definition

procedure twice(x : double) : double; begin return 2.0 * x; end;
procedure twice(x : integer) : integer; begin return 2 * x; end;
procedure twice(c : color) : color; begin return c; end;
procedure twice(p : pair) : integer; begin return p.a + p.b; end;

procedure total(a : array [1..3] of integer) : integer; begin return a[1] + a[2] + a[3]; end;
procedure total(a, b : integer) : integer; begin return a + b; end;
procedure total(a : double; inout acc : integer); begin acc := acc + to_integer(a); end;

procedure fill(out X : [,] double; v : double); begin X := v; end;
procedure fill(out X : [,] integer; v : integer); begin X := v; end;

procedure s15_4_overloading();
begin
  x := twice(1.5);                         -- double
  k := twice(3);                           -- integer: exact
  c := twice(green);
  k := twice(p);
  [R] A := twice(A);                       -- promoted: the double member
  [R] B := twice(B);
  [R] C := twice(C);
  k := total(v);
  k := total(v[]);
  k := total(1, 2);
  total(5.0, k);                           -- the procedure with an inout parameter
  [R] fill(A, 1.0);
  [R] fill(B, 2);
  writeln(x, k);
end;
