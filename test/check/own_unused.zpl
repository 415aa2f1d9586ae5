-- own_unused: parameters of every mode and kind that a procedure never uses, unused locals of
-- every kind, procedures that are never called and empty statements compile without warnings in
-- the generated C.
program unu;
region R = [1..2];
var g : integer;
    G : [R] integer;
procedure f(x : integer; y : double; A : [] integer; inout z : integer; in w : integer; out o : integer) : integer;
var t : integer;
    s : string;
    L : [R] integer;
    a : array [1..2] of integer;
    r : record p : integer; end;
begin
  return 1;
end;
prototype never(x : integer) : integer;
procedure never(x : integer) : integer;
begin
  return x;
end;
procedure h(f1 : file);
begin
end;
procedure unu();
var q : integer;
    k : integer;
begin
  [R] g := f(1, 2.0, G, q, 3, k);
  h(zout);
  for k := 1 to 0 do end;
  while false do end;
  repeat until true;
  if true then elsif false then else end;
  [R] begin end;
  ;
  begin end;
  writeln(g, q, k);
end;
