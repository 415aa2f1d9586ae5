program p;
region R = [1..4, 1..4];
       L = [1..4];
var A : [R] integer;
    X : [L] integer;
    s : integer;
    f : file;
procedure p();
begin
  [R] read(A, X);
end;
