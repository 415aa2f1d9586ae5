program t;
-- A procedure called while the globals are elaborated (section 3.3) runs a shifted statement under a
-- region declared later: R11 (it divided by the zero stride of the unelaborated region on 2 or more
-- processes, and overran the heap on one, with an empty pattern file)
var A, B : [1..8] double;
    s : integer = f();
region R = [1..8];
direction east = [1];
procedure f() : integer;
begin
  [R] A := B@east;
  return 1;
end;
procedure t();
begin
  writeln(s);
end;
