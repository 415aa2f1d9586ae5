-- Procedure overloading (section 15.4) compiled: every member of a family is its own C function
-- and each call runs the member the front end chose: by parameter types, by count, by the rank of
-- a parallel parameter; a scalar member promoted over parallel arguments; prototypes of members;
-- members that call one another; a member whose body shifts its parallel parameter (ghost cells
-- exchanged at any process count).
program own_overload;

region R    = [1..5, 1..7];
       Line = [1..9];
direction east = [0, 1];
          next = [1];

type pair = record a, b : integer; end;

var A, T : [R] double;
    I    : [R] integer;
    V, W : [Line] double;
    p    : pair;

prototype describe(x : double);                  -- a prototype of the second member
prototype scale(x : integer; k : integer) : integer;

procedure describe(x : integer); begin writeln("integer %d" : x); end;
procedure describe(x : double);  begin writeln("double %.3f" : x); end;
procedure describe(s : string);  begin writeln("string %s" : s); end;
procedure describe(q : pair);    begin writeln("pair (", q.a, ", ", q.b, ")"); describe(q.a + q.b); end;
procedure describe(x, y : integer); begin writeln("two integers ", x, " ", y); end;

-- scalar members, promoted elementwise over parallel arguments of their element type
procedure scale(x : double; k : integer) : double; begin return x * k + 0.25; end;
procedure scale(x : integer; k : integer) : integer; begin return x * k - 1; end;

-- members by the rank of a parallel parameter; each shifts its parameter
procedure smooth(inout X : [,] double);
[R] begin
  [1..5, 1..6] X := (X + X@east) / 2.0;
end;
procedure smooth(inout X : [] double);
[Line] begin
  [1..8] X := (X + X@next) / 2.0;
end;

-- members by the element type of a parallel parameter, with a result
procedure total(X : [,] double) : double; begin return +<< X; end;
procedure total(X : [,] integer) : double; begin return to_double(+<< X); end;
procedure total(X : [] double) : double; begin return +<< X; end;

-- recursion through another member
procedure depth(n : integer) : integer;
begin
  if n <= 0 then return 0; end;
  return 1 + depth(to_double(n) - 1.0);
end;
procedure depth(x : double) : integer; begin return depth(to_integer(x)); end;

procedure own_overload();
begin
  describe(7);
  describe(2.5);
  describe("seven");
  p.a := 3;
  p.b := 4;
  describe(p);
  describe(1, 2);
  describe(scale(3, 4));
  describe(scale(1.5, 2));
  [R] A := Index1 * 10 + Index2;
  [R] I := Index2;
  [R] T := scale(A, 2);
  [R] I := scale(I, 3);
  [R] describe(total(T));
  [R] describe(total(I));
  [Line] V := Index1 * Index1;
  [R] smooth(A);
  [Line] smooth(V);
  [R] describe(total(A));
  [Line] describe(total(V));
  [Line] W := V@next;
  [1..8] describe(+<< W);
  describe(depth(5));
end;
