program cond;
region R = [1..4, 1..4];
var A : [R] double;
    k : integer;
procedure cond();
begin
  [R] A := 1.0;
  if +<< A > 0.0 then k := 1; end;
end;
