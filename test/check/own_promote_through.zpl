-- Section 15.8 in the back end: procedures applied elementwise whose callees write through out and
-- inout parameters bound to the caller's locals: scalars, record fields, indexed-array elements and
-- whole indexed arrays, two levels deep; used in assignments, reductions, partial reductions and
-- under a mask, on every process count.
program own_promote_through;

region R = [1..5, 1..4];
       Col = [1..5, 1];

type acc = record sum : double; n : integer; hist : array [0..3] of integer; end;

var A, B : [R] double;
    K    : [R] integer;
    C    : [R] integer;
    S    : [Col] double;
    M    : [R] boolean;

procedure add(inout a : acc; x : double);
begin
  a.sum := a.sum + x;
  a.n += 1;
  a.hist[a.n % 4] := a.hist[a.n % 4] + 1;
end;

procedure swap(inout x, y : integer);
var t : integer;
begin
  t := x; x := y; y := t;
end;

procedure fill(out h : array [0..3] of integer; v : integer);
begin
  h[] := v;
end;

procedure sort3(inout h : array [0..3] of integer);
begin
  if h[0] > h[1] then swap(h[0], h[1]); end;
  if h[1] > h[2] then swap(h[1], h[2]); end;
  if h[0] > h[1] then swap(h[0], h[1]); end;
end;

-- sums k terms x, x+1, ... in a record, two levels of inout below
procedure series(x : double; k : integer) : double;
var a : acc;
    i : integer;
begin
  a.sum := 0.0;
  a.n := 0;
  fill(a.hist, 0);
  for i := 1 to k do add(a, x + i - 1); end;
  return a.sum + a.hist[1] * 1000 + a.n * 100;
end;

-- the middle of three values, through swaps of array elements and record fields
procedure middle(p, q, r : integer) : integer;
var h : array [0..3] of integer;
    a : acc;
begin
  fill(h, 0);
  h[0] := p; h[1] := q; h[2] := r;
  sort3(h);
  a.n := h[1];
  a.hist[2] := 0;
  swap(a.n, a.hist[2]);
  return a.hist[2];
end;

procedure own_promote_through();
begin
  [R] A := Index1 + Index2 / 10.0;
  [R] K := (Index1 * 7 + Index2 * 3) % 5;
  [R] B := series(A, K);
  [R] writeln("%8.1f ":B);
  [R] C := middle(K, Index1, Index2);
  [R] writeln(C);
  [R] writeln("%.1f":+<< series(A, 2), " ", max<< middle(Index2, K, 2));
  [Col] S := +<< [R] series(A, K % 3);
  [Col] writeln("%.1f ":S);
  [R] M := K > 2;
  [R with M] A := series(0.5, middle(K, 0, 9));
  [R] writeln("%6.1f ":A);
end;
