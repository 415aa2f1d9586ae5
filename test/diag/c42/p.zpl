program p;
procedure inc(k : integer);
begin
  k := k + 1;
end;
procedure p();
begin
  inc(1);
end;
