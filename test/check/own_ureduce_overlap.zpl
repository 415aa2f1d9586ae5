-- A user-defined reduction among the communication the passes move: in a loop whose stencil
-- computes its interior while ghost cells travel, between split-phase built-in reductions (their
-- gathers begun before it and ended after it), with its shifted operand's transfer begun early,
-- right after the statement that writes the array. Every process count and binding prints the same.
program own_ureduce_overlap;
config var n : integer = 8;
region R = [1..n, 1..n];
       I = [2..n-1, 2..n-1];
direction east = [0, 1]; west = [0, -1]; north = [-1, 0]; south = [1, 0];
type mm = record lo, hi : double; end;
var A, T : [R] double;
    x, y, z, err : double;
    r : mm;
    it : integer;
procedure mx(out s : mm); begin s.lo := DBL_MAX; s.hi := -DBL_MAX; end;
procedure mx(v : double; inout s : mm); begin s.lo := min(s.lo, v); s.hi := max(s.hi, v); end;
procedure mx(inout a, b : mm); begin b.lo := min(a.lo, b.lo); b.hi := max(a.hi, b.hi); end;
procedure own_ureduce_overlap();
begin
  [R] A := (Index1 * 3 + Index2 * 5) % 7;
  for it := 1 to 5 do
    [I] T := (A@east + A@west + A@north + A@south) / 4.0;
    [I] err := max<< abs(A - T);
    [I] r := mx<< (T@east - T);
    [I] x := +<< T;
    [I] A := T;
    [I] y := min<< A;
    writeln(it, " ", r.lo, " ", r.hi, " ", y);
  end;
  writeln(err, " ", x);
end;
