program t;
var f : file;
procedure t();
begin
  f := open("test/run/r06_write/data.txt", file_read);
  writeln(f, "no");
end;
