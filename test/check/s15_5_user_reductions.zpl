-- Section 15.5: user-defined full reductions. The spec's mm<< example (identity, accumulate and
-- combine procedures), a tuple operand with IndexK (the place of the largest value), the
-- two-procedure form (the accumulate procedure also combines) and the function form.
program s15_5_user_reductions;

region R = [1..4, 1..6];
type minmax = record lo, hi : double; end;
     place  = record val : double; i, j : integer; end;
var A : [R] double;
    M : [R] boolean;
    P : [R] place;
    r : minmax;
    p : place;
    x : double;

procedure mm(out s : minmax);                 begin s.lo := DBL_MAX; s.hi := -DBL_MAX; end;
procedure mm(x : double; inout s : minmax);   begin s.lo := min(s.lo, x); s.hi := max(s.hi, x); end;
procedure mm(inout a : minmax; inout b : minmax); begin b.lo := min(a.lo, b.lo); b.hi := max(a.hi, b.hi); end;

-- the largest value and its place, with a tuple operand
procedure largest(inout s : place); begin s.val := -DBL_MAX; s.i := 0; s.j := 0; end;
procedure largest(v : double; i, j : integer; inout s : place);
begin
  if v > s.val then s.val := v; s.i := i; s.j := j; end;
end;
procedure largest(inout a : place; inout b : place);
begin
  if a.val > b.val | (a.val = b.val & (a.i < b.i | (a.i = b.i & a.j < b.j))) then b := a; end;
end;

-- the two-procedure form of ZPL: a state of the operand's own type
procedure best(inout s : place); begin s.val := -DBL_MAX; s.i := 0; s.j := 0; end;
procedure best(x : place; inout s : place); begin if x.val > s.val then s := x; end; end;

-- the function form
procedure sum() : double; begin return 0.0; end;
procedure sum(a, b : double) : double; begin return a + b; end;

-- the accumulate procedure may call one with an inout parameter (section 15.8)
procedure keep(v : double; inout s : minmax); begin mm(v, s); end;
procedure keep(out s : minmax); begin mm(s); end;
procedure keep(inout a, b : minmax); begin mm(a, b); end;

procedure s15_5_user_reductions();
var q : place;
begin
  [R] A := (Index1 - 2) * (Index2 - 3);
  [R] M := A > 0.0;
  [R] r := mm<< A;
  [R] p := largest<< (A, Index1, Index2);
  [R with M] p := largest<< (A * 2.0, Index1, 1);   -- a masked region; a scalar operand is promoted
  [R] x := sum<< A + 1.0;                         -- prefix operators take the shortest operand
  [R] P.val := A;
  [R] P.i := Index1;
  [R] P.j := Index2;
  [R] q := best<< P;
  [R] r := keep<< A;
  writeln(r.lo, r.hi, p.val, p.i, p.j, x, q.val);
end;
