program records;

type mode  = (slow, medium, fast);
     point = record
               x, y : integer;
             end;

config var m       : mode    = medium;
           n       : integer = 3;
           verbose : boolean = false;

constant weights : array [slow..fast] of integer = {1, 5, 25};

var pts    : array [1..4] of point;
    i, acc : integer;

procedure records();
begin
  for i := 1 to 4 do
    pts[i].x := i;
    pts[i].y := i * i;
  end;
  acc := 0;
  for i := 1 to n do
    acc += pts[i].y * weights[m];
  end;
  writeln("mode ", m, "weight ", weights[m], "acc ", acc);
  if verbose then
    writeln("last point: (%d,":pts[4].x, " %d)":pts[4].y);
  end;
end;
