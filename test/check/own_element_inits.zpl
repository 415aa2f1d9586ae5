-- own_element_inits.zpl: elements U[e] of indexed arrays of parallel arrays (section 15.2) inside
-- initializers: arguments of calls in global and local initializers (a named-region parameter, R4,
-- and an inherited one), their subscripts from earlier locals, and reductions of elements, shifted
-- ones among them, and a user-defined reduction, in the initializers of a procedure called under a
-- level's region (the covering region it inherits), on strided levels too; reductions in every
-- entry of a brace list (of an array, of a record), with their ghost cells.
program own_element_inits;
config var n : integer = 8;
constant L : integer = 2;
const
  step   : array [0..L] of direction<-,-> = [-2^index1, -2^index1];
  dir10  : array [0..L] of direction<+,0> = [2^index1, 0];
  Base   : region<..,..> = [1..n, 1..n];
  Level  : array [0..L] of region<..,..> = Base by step[index1];
direction east = [0, 1];
var U : array [0..L] of [Level[index1]] integer = 1;
    A : [0..n+1, 0..n+1] integer;

-- the sum of a parallel array over Base (its region named: R4 compares the argument's)
procedure total(X : [Base] integer) : integer;
var r : integer;
begin
  [Base] r := +<< X;
  return r;
end;

-- the largest value of a parallel array over the inherited covering region
procedure largest(X : [,] integer) : integer;
begin
  return max<< X;
end;

-- odd<< : how many values are odd (identity, accumulate, combine)
type tally = record n : integer; end;
     steps = record down, up : integer; end;
procedure odd(out s : tally); begin s.n := 0; end;
procedure odd(x : integer; inout s : tally); begin if x % 2 = 1 then s.n := s.n + 1; end; end;
procedure odd(inout a : tally; inout b : tally); begin b.n := a.n + b.n; end;

var before : integer = total(U[0]);      -- elaborated with U: every value 1

-- called under [Level[k]]: every initializer reads level k
procedure level_sums(k : integer);
var j : integer = k;
    s : integer = +<< U[j];
    m : integer = largest(U[j]);
    w, w2 : integer = max<< (U[j]@^dir10[j] - U[j]);
    c : tally = odd<< U[j];
    lo : integer = min<< U[k];
    m7 : integer = +<< (U[k] % 7);
    b : array [1..2] of integer = {min<< U[k] + 1, +<< (U[k] % 7)};   -- brace lists: every entry
    st : steps = {min<< (U[j]@^dir10[j] - U[j]), max<< (U[j]@^dir10[j] - U[j])};
    g : steps = {min<< A@east, max<< (A@east + U[k])};                  -- ghost cells of A
begin
  writeln("level ", k, ": sum ", s, " max ", m, " step ", w, " ", w2, " odd ", c.n, " min ", lo, " mod7 ", m7);
  writeln("  braces ", b[1], " ", b[2], " steps ", st.down, " ", st.up, " east ", g.down, " ", g.up);
end;

-- a local initializer's element whose subscript is an earlier local
procedure sum_at(k : integer) : integer;
var j : integer = L - k;
    t : integer = total(U[L - j]);
begin
  return t;
end;

procedure own_element_inits();
var k : integer;
begin
  writeln("before ", before);
  for k := 0 to L do
    [Level[k]] U[k] := Index1 * 10 + Index2 + k;
  end;
  [0..n+1, 0..n+1] A := Index1 * 100 + Index2;
  for k := 0 to L do
    [Level[k]] level_sums(k);
  end;
  writeln("total of level 0: ", sum_at(0));
end;
