program shape;
var a : array [1..3] of integer;
    b : array [0..3] of integer;
    c : array [5..7] of double;
procedure shape();
begin
  a[] := c[];
  a[] := b[];
end;
