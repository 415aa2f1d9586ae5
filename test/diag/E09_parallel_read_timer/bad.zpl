program t;
region R = [1..4, 1..4];
var T : [R] timer;
    x : double;
procedure t();
begin
  [R] x := max<< ReadTimer(T);
end;
