program t;
region R = [1..4, 1..4];
var T : [R] timer;    -- a parallel array of timers: section 15.6's procedures are not promoted
procedure t();
begin
  [R] ClearTimer(T);
end;
