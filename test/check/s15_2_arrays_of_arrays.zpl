-- Section 15.2: indexed arrays of parallel arrays with a region per element, and their elements as
-- parallel arrays in every role: operand, target, base of '@' and '@^', argument for a parallel
-- parameter of any mode (the same element bound to several parameters), mask, I/O, wrap and
-- reflect; a scalar initializer for every element; borders per indexed array.
program s15_2_arrays_of_arrays;

config var n : integer = 8;
constant   L : integer = 2;

const
  step  : array [0..L] of direction<-,-> = [-2^index1, -2^index1];
  right : array [0..L] of direction<0,+> = [0, 2^index1];
  Base  : region<..,..> = [1..n, 1..n];
  Level : array [0..L] of region<..,..> = Base by step[index1];

direction east = [0, 1];
          west = [0, -1];

var
  U, R : array [0..L] of [Level[index1]] double = 1.0;
  M    : array [0..L] of [Level[index1]] boolean;
  S    : array [1..2, 0..L] of [1..index1 * 4, 1..n] integer;   -- two subscripts in the element region
  V    : [Base] double;
  f    : file;
  k    : integer;
  t    : double;

-- R := V - U: R and V may be the same array
procedure resid(out R : [,] double; V, U : [,] double; lvl : integer);
begin
  [Level[lvl]] R := V - U@^right[lvl];
end;

procedure scale(inout X : [,] double; in Y : [,] double; c : double);
begin
  X := c * Y;
end;

procedure s15_2_arrays_of_arrays();
var P : array [0..L] of [Level[index1]] double;   -- a local one
begin
  [Base] V := Index1 * 10 + Index2;
  resid(R[0], V, U[0], 0);
  for k := 1 to L do
    [Level[k]] U[k] := R[k - 1] + U[k]@^right[k] + U[k]@^step[k];
    resid(R[k], R[k], U[k], k);              -- the same element bound to two parameters
    [Level[k]] scale(U[k], U[k], 0.5);
    [Level[k]] M[k] := U[k] > 0.0;
    [Level[k] with M[k]] P[k] := U[k];        -- an element as a mask
    [Level[k]] t := +<< P[k];
  end;
  [1..n, 1..n] R[0] := R[0]@east;            -- a constant shift: R's border (per indexed array)
  [east of Level[0]] wrap U[0];              -- an 'of' region of the elements' region: a border
  [west of Level[0]] reflect U[0], R[0];
  [1..4, 1..n] S[1, 1] := Index1;
  [1..8, 1..n] S[2, 2] := S[1, 1]@^[0, 1] * 2;
  [Level[1]] writeln(U[1]);
  f := open("", file_read);
  if f != znull then [Level[2]] read(f, U[2]); end;
  writeln(t);
end;
