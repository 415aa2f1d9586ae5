program t;
config var c : timer = 0;
procedure t(); begin end;
