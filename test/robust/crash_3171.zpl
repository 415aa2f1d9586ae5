-- own_wrap: periodic and mirrored boundaries. Exercises 'wrap' on all four sides and
-- all four corners (named directions and 'of' regions written directly), 'wrap' with
-- several operands, a two-cells-wide 'reflect' through a direction computed from a 'constant', reads of the
-- border cells with '@' (named and literal directions), the wrap-around shift '@^' on
-- an array with and without border storage, and a procedure whose body is a region
-- statement that reads a parameter's border (the border follows the call to the argument).
program periodic;

config var
  n     : integer = 5;
  steps : integer = 3;

constant width : integer = 2;

region
  R = [1..n, 1..n];

direction
  north = [-1, 0];  south = [1, 0];  east = [0, 1];  west = [0, -1];
  ne    = [-1, 1];  nw    = [-1, -1];  se = [1, 1];  sw   = [1, -1];
  far   = [0, width];                 -- a compile-time constant through a constant

var
  U, V, W : [R] double;
  P       : [R] integer;
  step    : integer;

procedure laplace(X : [,] double; out Y : [,] double);
begin
  Y := X@north + X@south + X@east + X@west - 4.0 * X;
end;

procedure periodic();
[R] begin
  U := Index1 * 10 + Index2;
  V := 0.0;
  for step := 1 to steps do
    [north of R] wrap U, V;
    [south of R] wrap U, V;
    [east of R]  wrap U, V;
    [west of R]  wrap U, V;
    [ne of R]    wrap U;
    [nw of R]    wrap U;
    [se of R]    wrap U;
    [sw of R]    wrap U;
    V := (U@north + U@south + U@east + U@west + U@ne + U@nw + U@se + U@R) / 8.0;
    U := V;
  end;
  writeln("%7.2f":U);

  [far of R] reflect U;
  W := U@[0, 2] - U;
  writeln("%7.2f":W);

  [north of R] reflect W;
  [south of R] reflect W;
  [east of sw]  reflect W;
  [west of R]  reflect W;
  laplace(W, V);
  writeln("%7.2f":V);

  P := Index1 * 10 + Index2;
  P := P@^east - P@^north;
  writeln(P);
  V := U@^[1, 1] + U@^west;
  writeln("%7.2f":V);
end;
