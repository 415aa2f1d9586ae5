program t;
var x : integer;
procedure f(k : integer) : integer;
begin
  if k > 0 then
    return k;
  end;
end;
procedure t();
begin
  x := f(1);
  x := f(0);
end;
