/* own_nested_init.zpl - initializers of multi-dimensional arrays of records and of arrays,
 * nested by dimension and flat (section 4.4). */
program ninit;
type pt = record x, y : double; end;
constant g : array [1..2, 1..2] of pt = {{{1.0, 2.0}, {3.0, 4.0}}, {{5.0, 6.0}, {7.0, 8.0}}};
         h : array [1..2, 1..2] of pt = {{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}, {7.0, 8.0}};
         m : array [1..2, 1..3] of array [1..2] of integer = {{{1,2},{3,4},{5,6}},{{7,8},{9,10},{11,12}}};
procedure ninit();
begin
  writeln(g[2, 1].x, g[1, 2].y, h[2, 2].x, m[2, 3][1], m[1, 2][2]);
end;
