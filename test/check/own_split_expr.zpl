/* own_split_expr.zpl - reductions inside larger scalar expressions are split-phase too (issue 7):
 * x := E where E is made of full reductions, constants, scalar names, operators that cannot fail
 * and pure builtins (sqrt(+<< A) / n, max<< A - min<< A, (+<< B) / k + 1.0) begins the reductions'
 * gathers at the statement and evaluates the rest of E where x (or a variable E reads) is first
 * needed; in a loop that never needs x, the gather runs ahead and the rest is evaluated when it
 * completes. An integer division after the reduction could fail, so that statement stays blocking;
 * a reduction inside another one's operand completes before the outer one's local part. Every
 * value is exact (integers and halves), so any order of combining gives the same output, with any
 * AZ_RUNAHEAD, any binding and any number of processes. */
program own_split_expr;

config var n : integer = 12;

region R = [1..n, 1..n];

const half : double = 0.5;

var A, B : [R] integer;
    D    : [R] double;
    total, spread, q, i : integer;
    root, y2, w, s, t, r, v : double;
    big : boolean;

procedure scaled(f : double) : double;
var local : double;
begin
  [R] local := (+<< D) * f + half;   -- reads a by-value parameter after the gather
  return local;
end;

procedure own_split_expr();
var k : double;
    m : integer;
begin
  [R] A := (Index1 * 7 + Index2 * 3) % 11;
  [R] D := Index1 * 0.5 + Index2;
  k := 4.0;

  -- three reductions in one gather; the assignments in between overlap it
  [R] root := sqrt(to_double(+<< (A * A))) / 2.0 + half;
  [R] spread := max<< A - min<< A;
  [R] big := (max<< D) > 10.0;
  m := n * 2;
  writeln("root ", root, " spread ", spread, " big ", big, " m ", m);

  -- k changes after the statement: the rest of the expression uses the old k
  [R] y2 := (+<< D) * k;
  k := 5.0;
  writeln("y2 ", y2, " k ", k);

  -- integer division may fail: completed where it is
  [R] q := (+<< A) / 3;
  writeln("q ", q);

  -- a reduction in another's operand: the inner one completes first
  [R] v := +<< (D - max<< D) + 1.0;
  writeln("v ", v);

  -- w is never read in the loop and k is not written there: runs ahead
  s := 0.0;
  for i := 1 to 20 do
    [R] B := (A + i) % 13;
    [R] w := to_double(+<< B) / k + 1.0;
    [R] t := to_double(max<< B) * i;   -- reads the loop's variable: ends in its iteration
    s := s + t;
  end;
  writeln("w ", w, " t ", t, " s ", s);

  r := 0.0;
  for i := 1 to 5 do
    r := r + scaled(to_double(i));
  end;
  writeln("r ", r);
end;
