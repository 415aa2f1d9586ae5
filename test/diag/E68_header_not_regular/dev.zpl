program dev;
extern "/dev/zero";
procedure dev();
begin
end;
