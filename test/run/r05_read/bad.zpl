program t;
var f : file;
    x : integer;
procedure t();
begin
  f := open("test/run/r05_read/data.txt", file_read);
  read(f, x);
end;
