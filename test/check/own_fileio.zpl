-- own_fileio: files and formatted I/O. Exercises open with file_write, file_read and "a",
-- close, eof, comparing files with '=' and '!=', the predefined files zin, zout, zerr and
-- znull, writing scalars and a parallel array to a file, reading scalars of several types,
-- a parallel array (over the covering region) and a whole indexed array back, formatted
-- items with flags, width, precision and length modifiers for every conversion letter,
-- '%%' in formats and in plain strings, string literal concatenation, halt with and
-- without items, and a 'file' variable passed to a procedure.
program fileio;

config var fname : string = "own_fileio.tmp";

region R = [1..2, 1..3];

var
  A, Back : [R] double;
  t       : array [1..4] of integer;
  f, g    : file;
  n, k    : integer;
  count   : integer;
  x       : double;
  word    : string;
  ch      : char;
  ok      : boolean;
  big     : longint;
  u       : uinteger;
  q       : quad;

procedure dump(f : file; title : string);
begin
  writeln(f, "-- ", title, " --");
end;

procedure fileio();
begin
  f := open(fname, file_write);
  if f = znull then
    halt("cannot create ", fname);
  end;
  writeln(f, 3, " ", 2.5);
  writeln(f, "%d":42, " ", "%5.2f":1.25);
  [R] A := Index1 * 1.5 + Index2;
  [R] writeln(f, A);
  writeln(f, 10, " ", 20, " ", 30, " ", 40);
  write(f, "alpha beta ");
  writeln(f, true);
  k := close(f);

  g := open(fname, "a");
  dump(g, "appended");
  k := close(g);

  f := open(fname, file_read);
  if f != znull & f != zin then
    read(f, n, x);
    read(f, k, x);
    [R] read(f, Back);
    read(f, t[]);
    read(f, word);
    read(f, word, ok);
    count := 0;
    while !eof(f) do
      read(f, ch);
      count += 1;
    end;
    k := close(f);
  end;
  if count < 0 then
    halt;
  end;

  writeln("n = ", n, " last word = ", word, " ok = ", ok);
  [R] writeln("%6.2f":Back - A);
  write(t[]);
  writeln();

  big := 1234567890123L;
  u   := 4000000000;
  q   := 2.5;
  ch  := 'z';
  writeln("[%-8s|]":word, "[%8s]":word, "[%c]":ch, "[%d]":ch, "[%c]":65);
  writeln("[%+08.3f]":x, "[% d]":n, "[%#x]":255, "[%X]":255, "[%o]":8, "[%u]":u);
  writeln("[%ld]":big, "[%lld]":big, "[%hd]":n, "[%hhd]":n, "[%lu]":u);
  writeln("[%e]":x, "[%E]":x, "[%g]":x, "[%G]":1.0e-10, "[%a]":1.0, "[%A]":2.0);
  writeln("[%10.4Lf]":q, "[%F]":x, "[%i]":n, "[%5.1f]":n);
  writeln("[%s]":ok, "[%d]":ok, "[%3d%%]":50);
  writeln("100%% done", " and " "joined", ' ', '!');
  writeln(zout, "to standard output");
  writeln(zerr, "to standard error");
  writeln(znull, "discarded");
  dump(zout, "end");
end;
