program t;
var A : [1..8] double;
    s : double = f();
const step : array [0..1] of direction<-> = [-2^index1];
      Level : array [0..1] of region<..> = [1..8] by step[index1];
procedure f() : double;
var r : double;
begin
  [Level[1]] r := +<< A;
  return r;
end;
procedure t(); begin writeln(s); end;
