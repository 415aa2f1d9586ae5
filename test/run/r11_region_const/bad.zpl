program t;
var A : [1..8] double;
    s : double = f();
const Base : region<..> = [1..8];
procedure f() : double;
var L : [Base] double;
begin
  [Base] L := A;
  return 1.0;
end;
procedure t(); begin writeln(s); end;
