program w;
constant k : integer = 2;
var t : array [1..3, k+1] of integer;
    _total : integer;
procedure add(var acc : integer; v : integer);
begin
  acc += v;
end;
procedure w();
var _i : integer;
begin
  for _i := 1 to 3 do
    t[_i, 3] := _i;
    add(_total, t[_i, 3]);
  end;
  writeln(_total);
end;
