-- own_elaboration: elaboration order: config-dependent regions and directions, initializers calling procedures,
-- parallel arrays with initializers (global and local), local arrays re-elaborated per call
program elab;

config var n : integer = 3;
config const k : integer = n + 1;

constant half : double = 0.5;
         tbl  : array [1..k] of integer = index1 * 100;

region R = [1..n, 1..k];
       Wide = [0..n+1, 0..k+1];
direction far = [0, k - 1];

var A : [R] double = half * 3.0;
    B : [Wide] integer = count();
    C : [R] integer = tbl[k] + n;
    calls : integer;
    s : string = "init";
    first : integer = count() + count();

procedure count() : integer;
begin
  calls += 1;
  return calls * 10;
end;

procedure frame(m : integer) : integer;
var L : [1..m] integer = m;
    t : array [1..m] of integer = index1 + m;
    u : double = 2.0 * m;
begin
  [1..m] L += Index1;
  [1..m] writeln(L, " ", t[m], " ", u);
  [1..m] return +<< L;
end;

procedure elab();
begin
  writeln(calls, first, s);
  [R] writeln(A);
  [Wide] writeln(+<< B);
  [R] writeln(C);
  [1..n, 1] writeln(C@far - C + Index2);
  writeln(frame(2), frame(4));
  [R] begin
    calls := 0;
    calls := calls + 1;
    C := calls;
    calls := calls + 1;
    writeln(+<< C, calls);
  end;
end;
