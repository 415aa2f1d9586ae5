program t;
region R = [1..4];
type clock = record t : timer; laps : integer; end;
var C : [R] clock;
procedure t();
begin
  [R] StartTimer(C.t, 1);
end;
