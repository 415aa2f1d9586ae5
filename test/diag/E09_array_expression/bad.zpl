program p;
region R = [1..4];
var A, B : [R] double;
procedure show(X : [R] double);
[R] begin
  writeln(+<< X);
end;
procedure p();
[R] begin
  show(A + B);
end;
