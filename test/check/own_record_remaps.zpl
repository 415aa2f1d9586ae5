/* own_record_remaps.zpl - fields of record arrays (and components of indexed arrays in them)
 * under '@^', a shift wider than the fluff, 'wrap' and 'reflect': the whole records move
 * between processes (a remap into a temporary) and only the part is read or written. Same
 * output at every process count. */
program own_record_remaps;

config var n : integer = 6;

region R = [1..n, 1..n];

direction east = [0, 1]; north = [-1, 0]; far = [0, 9]; back = [0, -2];

type cell = record
  a : double;
  p : record
        x, y : integer;
      end;
  v : array [1..3] of integer;
end;

var C : [R] cell;
    B : [R] double;
    I : [R] integer;

procedure own_record_remaps();
[R] begin
  C.a := Index1 * 10.0 + Index2;
  C.p.x := Index1 - Index2;
  C.p.y := Index2 * 3;
  C.v[2] := Index1 * Index2;
  C.v[3] := 7;

  -- torus shifts and a wide shift of fields
  B := C.a@^east + C.a@^north;
  writeln("%6.1f" : B);
  I := C.p.x@^north * 100 + C.p.y@^east + C.p.y@far + C.p.y@back;
  writeln("%5d" : I);
  I := C.v[2]@^east - C.v[3]@^north;
  writeln("%5d" : I);

  -- wrap and reflect of fields leave the other fields' border cells alone
  [east of R] C.p.y := -1;
  [east of R] wrap C.a, C.p.x;
  [north of R] reflect C.p.y;
  B := C.a@east + C.a@north;
  writeln("%6.1f" : B);
  I := C.p.x@east * 100 + C.p.y@north + C.p.y@east;
  writeln("%5d" : I);
  I := C.v[2]@north * 10 + C.v[3]@north;
  writeln("%5d" : I);
end;
