program t;
region R = [1..4, 1..4];
var A, B : [R] double;
procedure bump(inout y : double) : double; begin y := y + 1.0; return y; end;
procedure t();
begin
  [R] B := bump(A);
end;
