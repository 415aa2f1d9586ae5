-- own_legacy: old-style ZPL that azc accepts with warnings: the obsolete 'var' parameter
-- mode (W1), an identifier beginning with '_' (W2) and an indexed-array bound written as
-- a single expression (W3). The expected warnings are in own_legacy.stderr.
program legacy;

constant size : integer = 4;

var
  _scratch : integer;
  hist     : array [0..size, size-2] of integer;

procedure accumulate(var total : integer; v : integer);
begin
  total += v;
end;

procedure legacy();
var i : integer;
begin
  _scratch := 0;
  for i := 0 to size do
    hist[i, 2] := i * i;
    accumulate(_scratch, hist[i, 2]);
  end;
  writeln("sum of squares: ", _scratch);
end;
