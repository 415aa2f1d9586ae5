-- Section 15.7: blank-index projections: several '[]' in a designator, with fields between them,
-- denote every element reached, the leftmost '[]' varying slowest; they are read, written and
-- assigned (a scalar to every element, or a projection of the same shape).
program s15_7_projections;

type place  = record val : double; loc : array [1..3] of integer; end;
     charge = record max, min : array [1..10] of place; end;

var c, d   : charge;
    table  : array [1..10, 1..3] of integer;
    vals   : array [1..10] of double;
    f      : file;

procedure s15_7_projections();
var i : integer;
begin
  c.max[].loc[] := 0;                        -- a scalar to every element
  c.min[].val := -1.0;
  for i := 1 to 10 do
    c.max[i].loc[] := i;
    c.max[i].val := 1.0 * i;
  end;
  d.min[].loc[] := c.max[].loc[];            -- projections of the same shape
  table[] := c.max[].loc[];                  -- and a whole array of that shape
  vals[] := c.max[].val;
  c.min[].loc[2] := 7;                       -- a subscript after a '[]'
  writeln(c.max[].loc[]);                    -- 10 x 3 integers, the leftmost '[]' slowest
  writeln(d.min[].loc[3], c.min[].val);
  f := open("", file_read);
  if f != znull then
    read(f, c.max[].loc[]);                  -- reads 10 x 3 integers
    read(f, c.min[].loc[], c.min[].val);
  end;
end;
