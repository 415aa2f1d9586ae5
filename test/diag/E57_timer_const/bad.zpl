program t;
type lap = record n : integer; t : timer; end;
var u : timer;
const c : timer = u;                              -- no value of type timer can initialize a constant
      laps : array [1..2] of lap = {{1, u}, {2, u}};
procedure t(); begin end;
