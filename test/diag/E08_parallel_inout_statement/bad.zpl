program t;
region R = [1..4, 1..4];
var A : [R] double;
procedure bump(inout y : double); begin y := y + 1.0; end;
procedure t();
begin
  [R] bump(A);            -- a call statement is never promoted (section 6.10)
end;
