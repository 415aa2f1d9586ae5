/* not_constant.zpl - patterns azc cannot size at compile time are left out of prog.pdl with a
 * comment (test/unit/pdl_static.sh): a region whose bound is a variable, and a parameter bound to
 * different arrays by different calls; a parameter every call binds to the same array, and an
 * 'in' parameter (a copy), are sized as the array. */
program not_constant;

config var n : integer = 12;

region R = [1..n];

direction left = [-1]; right = [1];

var A, B, C : [R] double;
    s : double = 0.0;
    it : integer;
    m : integer = n / 2;

region H = [1..m];

-- called with A and with C: the sizes are the same, but azc does not know which array it is
procedure smooth(inout X : [R] double);
[R] begin
  for it := 1 to 2 do
    B := X@left + X@right;
    X := B * 0.5;
  end;
end;

-- always called with A
procedure sum_right(inout Y : [R] double; Z : [R] double);
[R] begin
  for it := 1 to 2 do
    B := Y@right + Z@left;
    Y := B;
    s := +<< Y;
  end;
end;

procedure not_constant();
begin
  [R] A := Index1;
  [R] C := 1.0;
  for it := 1 to 3 do
    [H] B := A@left + A@right;     -- H's bound m is a variable
    [R] A := B * 0.5;
    [R] s := s + +<< B;           -- needed by the next iteration: no run-ahead
  end;
  smooth(A);
  smooth(C);
  sum_right(A, C);
  writeln(s);
end;
