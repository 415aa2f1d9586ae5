/* own_record_arrays.zpl - records with indexed-array fields: copies are values (section 4.3). */
program rec;
type part = record
              id   : integer;
              tags : array [1..3] of char;
            end;
var p, q : part;
    i : integer;
procedure rec();
begin
  p.id := 7;
  for i := 1 to 3 do p.tags[i] := to_char(96 + i); end;
  q := p;
  q.tags[2] := 'z';
  writeln(p.id, p.tags[1], p.tags[2], q.tags[2]);
end;
