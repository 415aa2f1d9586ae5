-- own_records: enumerations, records and indexed arrays. Exercises enumerations with
-- explicit values and a trailing comma, enumeration bounds and subscripts, records with
-- array and enumeration fields, arrays of arrays (x[i][j]), whole-array assignment and
-- output with [], brace initializers (nested, flat, records) and index1..index6
-- initializers, record parameters and record results, 'in' array parameters, parallel
-- arrays of records and of indexed arrays with field and element shifts, and conversions.
program inventory;

type
  shade = (red, green, blue);
  level = (low, mid = 10, high,);
  vec3  = array [1..3] of double;
  part  = record
            id     : integer;
            weight : double;
            tags   : array [1..3] of char;
            color  : shade;
          end;
  shelf = array [1..4] of part;
  grid2 = array [1..2] of array [1..3] of double;

constant
  squares : array [1..5] of integer = index1 * index1;
  table   : array [1..2, 1..3] of integer = {{1, 2, 3}, {4, 5, 6}};
  flat    : array [1..2, 1..3] of integer = {1, 2, 3, 4, 5, 6};
  price   : array [red..blue] of double = {1.5, 2.5, 3.5};
  origin  : part = {7, 2.5, {'a', 'b', 'c'}, green};
  ident   : array [1..3, 1..3] of double = to_double(index1 = index2);
  box     : array [1..2, 1..2, 1..2] of integer = index1 * 100 + index2 * 10 + index3;
  tiny6   : array [1..1, 1..1, 1..1, 1..2, 1..2, 1..2] of integer
          = index4 * 100 + index5 * 10 + index6;

region R = [1..3, 1..4];
direction east = [0, 1];

var
  stock   : shelf;
  v, w    : vec3;
  g       : grid2;
  P       : [R] part;
  Vecs    : [R] vec3;
  Wt      : [R] double;
  i, j    : integer;
  s       : shade;
  lv      : level;
  total   : double;
  best    : part;

procedure weigh(p : part) : double;
begin
  return p.weight * price[p.color];
end;

procedure heaviest(in items : shelf) : part;
var k, top : integer;
begin
  top := 1;
  for k := 2 to 4 do
    if items[k].weight > items[top].weight then
      top := k;
    end;
  end;
  items[top].weight += 0.0;          -- 'in' parameters may be changed locally
  return items[top];
end;

procedure brighter(c : shade) : shade;
begin
  if c = blue then
    return red;
  end;
  return green;
end;

procedure inventory();
begin
  for i := 1 to 4 do
    stock[i].id     := 100 + i;
    stock[i].weight := 0.5 * i;
    stock[i].tags[] := 'x';
    stock[i].tags[1] := to_char(64 + i);
    stock[i].color  := brighter(blue);
  end;
  stock[2] := origin;
  best := heaviest(stock);
  writeln("heaviest: ", best.id, " weighs ", best.weight, " tag ", best.tags[1]);
  writeln("value %.2f":weigh(best));

  v[] := 0.0;
  for i := 1 to 3 do
    v[i] := squares[i] / 2.0 + ident[i, i];
  end;
  w[] := v[];
  write(w[]);
  writeln();
  for i := 1 to 2 do
    for j := 1 to 3 do
      g[i][j] := table[i, j] + flat[i, j] * 0.5;
    end;
  end;
  writeln(g[2][3], " ", g[1][1], " ", box[2, 1, 2], " ", tiny6[1, 1, 1, 2, 2, 1]);

  s := blue;
  if s > red & s != green then
    writeln("shade ", s, " index ", to_integer(s) + 1);
  end;
  lv := high;
  writeln("level ", lv, " price of green ", price[green]);

  [R] begin
    P.id     := Index1 * 10 + Index2;
    P.weight := Index2 * 1.5;
    P.color  := red;
    Wt       := P.weight@east;         -- reads the east border of P in column 4
    Vecs[2]  := Wt * 2.0;
    Vecs[1]  := Vecs[2]@east;
    total    := +<< Vecs[2] + +<< P.id;
    writeln("%6.2f":Wt);
  end;
  writeln("total ", total);
end;
