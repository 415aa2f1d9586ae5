-- Section 15.7 in the back end: projections are read, written and assigned element by element,
-- the leftmost '[]' varying slowest: a scalar to every element (also through an out parameter),
-- a projection to another of the same shape (also overlapping, and to and from a whole array,
-- with conversion), subscripts after a '[]', arrays with run-time bounds, written to a file and
-- read back, run on every process (section 11: the same output for every P).
program own_projections;

config var n     : integer = 3;
           fname : string = "projections_data.txt";

type place = record val : double; loc : array [1..3] of integer; end;
     tenk  = record max, min : array [1..4] of place; end;
     pair  = record w : array [0..1] of shortint; end;
     cells = record cell : array [1..2, 1..3] of pair; end;

var c, d  : tenk;
    g     : cells;
    p     : array [1..n] of place;                 -- bounds known at elaboration
    flat  : array [1..4, 1..3] of integer;
    table : array [1..4, 1..3] of double;
    f     : file;
    i, j  : integer;

procedure clear(out s : tenk);
begin
  s.max[].val := -1.5;
  s.min[].val := 1.5;
  s.max[].loc[] := 0;
  s.min[].loc[] := 0;
end;

procedure own_projections();
begin
  clear(c);
  writeln(c.max[].val, c.min[].loc[]);
  for i := 1 to 4 do
    for j := 1 to 3 do
      c.max[i].loc[j] := 10 * i + j;
    end;
    c.max[i].val := i / 4.0;
  end;
  writeln(c.max[].loc[]);
  d.min[].loc[] := c.max[].loc[];             -- the same shape
  writeln(d.min[].loc[2], " ", d.min[].loc[3]);
  table[] := c.max[].loc[];                    -- to a whole array of that shape, converted
  writeln(table[]);
  flat[] := 7;
  c.min[].loc[] := flat[];                     -- from a whole array of that shape
  writeln(c.min[].loc[]);
  c.min[].loc[] := c.min[].loc[];              -- onto itself
  d.max[].val := c.max[].val;
  writeln(d.max[].val);
  g.cell[].w[] := 3;                           -- two levels of a two-dimensional record array
  g.cell[1, 2].w[1] := -4;
  g.cell[2, 3].w[0] := 9;
  writeln(g.cell[].w[]);
  writeln(g.cell[].w[1]);
  p[].loc[] := 5;                              -- run-time bounds
  p[n].loc[2] := n;
  p[].val := c.max[2].val;
  writeln(p[].loc[], p[].val);
  c.max[].loc[1] := p[1].loc[2];
  writeln(c.max[].loc[]);

  f := open(fname, file_write);
  writeln(f, c.max[].loc[], d.min[].loc[]);
  writeln(f, c.max[].val);
  i := close(f);
  clear(d);
  f := open(fname, file_read);
  read(f, d.max[].loc[], d.min[].loc[], d.max[].val);  -- 12 + 12 integers, 4 doubles
  i := close(f);
  writeln(d.max[].loc[]);
  writeln(d.min[].loc[]);
  writeln(d.max[].val);
end;
