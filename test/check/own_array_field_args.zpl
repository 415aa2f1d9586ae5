-- A record field, an element of an indexed array of indexed arrays and a parameter, each of
-- indexed-array type, passed to an indexed-array parameter: the call passes that field or element
-- (section 4.4), not the variable it belongs to (insert(m.max, ...) once wrote into m.min).
program own_array_field_args;
config var n : integer = 4;
type vec  = array [1..3] of integer;
     pair = record min : vec; max : vec; end;
var m    : pair;
    t    : array [1..2] of vec;
    w    : array [1..3] of integer;
    ps   : array [1..2] of pair;
    dyn  : array [1..n] of integer;
procedure insert(inout a : vec; i : integer; v : integer);
begin
  a[i] := v;
end;
procedure total(a : vec) : integer;
begin
  return a[1] + a[2] + a[3];
end;
procedure forward(inout a : vec; v : integer);   -- passes its own parameter on
begin
  insert(a, 3, v);
end;
procedure fill(inout d : array [1..n] of integer; v : integer);
var i : integer;
begin
  for i := 1 to n do d[i] := v * i; end;
end;
procedure own_array_field_args();
begin
  insert(m.max, 2, 7);
  insert(m.min, 1, 5);
  forward(m.max, 8);
  insert(t[2], 3, 9);
  insert(w, 1, 4);
  insert(w[], 2, 6);
  insert(ps[2].min, 2, 11);
  forward(ps[1].max, 12);
  fill(dyn, 3);
  writeln(m.min[], "/ ", m.max[]);
  writeln(t[1][], "/ ", t[2][]);
  writeln(w[]);
  writeln(ps[1].min[], "/ ", ps[1].max[], "/ ", ps[2].min[], "/ ", ps[2].max[]);
  writeln(dyn[]);
  writeln(total(m.max), total(m.min), total(t[2]), total(w), total(ps[2].min));
end;
