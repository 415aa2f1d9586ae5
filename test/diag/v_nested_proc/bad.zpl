program n; var x : integer;
procedure outer();
var y : integer;
procedure inner();
begin y := 1; end;
begin x := 1; end;
procedure n(); begin end;
