-- own_file_roundtrip: file output and input: write a data file, read it back with every scalar type, parallel
-- arrays and indexed arrays, eof loops, znull, file parameters, append mode
program files;

config var fname : string = "files_data.txt";

region R = [1..2, 1..3];
var A    : [R] double;
    B    : [R] integer;
    Fl   : [R] boolean;
    f, g : file;
    i, k : integer;
    l    : longint;
    u    : ubyte;
    d    : double;
    q    : quad;
    fl   : float;
    c, c2 : char;
    s, t : string;
    b    : boolean;
    iv   : array [1..4] of integer;
    total : integer;

procedure emit(h : file; v : integer);
begin
  writeln(h, v, " ", "%x":v);
end;

procedure files();
begin
  f := open(fname, file_write);
  writeln(f, 42, " -7 1234567890123 200");
  writeln(f, "3.25 -1e-3 2.5 xy hello true");
  writeln(f, "1 2 3 4 5 6");
  writeln(f, "1.5 2.5 3.5 4.5 5.5 6.5");
  writeln(f, "true false true false false true");
  writeln(f, "10 20 30 40");
  emit(f, 255);
  close(f);
  f := open(fname, "a");
  write(f, "99");
  close(f);
  writeln(close(f), " ", close(zout), " ", f = znull, " ", znull = znull);
  g := open(fname, file_read);
  read(g, i, k, l, u);
  writeln(i, k, l, u);
  read(g, d, q, fl, c);
  read(g, c, c2, s, b);
  writeln(d, q, fl, "[", c, c2, "]", s, b);
  [R] read(g, B);
  [R] writeln(B);
  [R] read(g, A);
  [R] writeln(A);
  [R] read(g, Fl);
  [R] writeln(Fl);
  read(g, iv[]);
  writeln(iv[]);
  total := 0;
  while !eof(g) do
    read(g, t);
    write("<", t, ">");
    total += 1;
  end;
  writeln(total, eof(g));
  close(g);
  writeln(zout, "to zout");
  writeln(znull, "nothing");
  emit(zout, 4096);
  g := open("", file_read);
  writeln(g = znull);
  g := open("/nonexistent/dir/x", file_write);
  writeln(g = znull);
end;
