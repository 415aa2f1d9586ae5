/* hello.zpl - the smallest program: a config var and formatted output.
 * Try: ./hello -sname=ZPL  or  ./hello --help */
program hello;

config var name  : string  = "world";
           times : integer = 1;

var i : integer;

procedure hello();
begin
  for i := 1 to times do
    writeln("Hello, %s!":name);
  end;
end;
