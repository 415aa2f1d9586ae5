-- wrap under an 'of' region whose direction is known only at run time: no border was made for
-- it, so the filled cells are outside A's storage region (R4, before anything is written)
program wrapc;
config var k : integer = -1;
region R = [1..4, 1..4];
var A : [R] integer;
procedure wrapc();
begin
  [R] A := 1;
  writeln("before");
  [[0, k] of R] wrap A;
  writeln("after");
end;
