program t;
region R = [1..4, 1..4];
var A : [R] integer;
    q : strng;
    x : integer;
    d : double;
prototype helper(k : integer) : integer;
procedure t();
begin
  x := y; d := z;
  [R] A := A + 1;
  exit;
  [R] x := A;
end;
