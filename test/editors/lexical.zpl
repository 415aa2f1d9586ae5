program lexical; -- every token class of language.md section 2, for the editor tests
config var n : integer = 010;
region R = [1..n, 1..n];
direction east = [0, 1];
var A, B : [R] double;
    s : string;
    c : char;
/* a block comment
   over two lines: "no string" here, [no brackets] */
procedure lexical();
[R] begin
  A := B@east + B@^east * 2.5e-3 - .5 + 1. + 0x1Fl + 7L;
  s := "tab\there \"quoted\" \q"; c := '\n'; c := '"';
  [" at east] A := +<< B + max<< B + bxor<< B + myop<< B;
  A := +|| B; A := ||| B; A := max(1, 2) + sqrt(2.0) + Index1;
  [R with A = B] A := >>[1, 1..n] B;
  if x--1 then halt; end; -- the comment begins at --
  if a == b && c || d then end;
  B := A'@east + 09;
end;
