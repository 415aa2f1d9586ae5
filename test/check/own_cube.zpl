-- own_cube: higher ranks. Exercises rank-3 regions, directions and arrays, Index1..Index3,
-- partial reductions of rank 3 (one dimension, and two dimensions into a flood array
-- flooded in two dimensions), the flood operator replicating one plane, per-dimension
-- scans along the third dimension and along two dimensions, 3-D array output, a shift
-- along the third dimension that reads border cells, and ranks 4 to 6 with Index4..Index6.
program cube;

config var n : integer = 3;

region
  C3    = [1..n, 1..n, 1..n];
  Plane = [1..n, 1..n, 1];
  R4    = [1..2, 1..2, 1..2, 1..2];
  R6    = [1..2, 1..1, 1..2, 1..1, 1..2, 1..2];

direction
  up   = [0, 0, 1];
  diag = [1, 1, 1, 1];

var
  T, S : [C3] integer;
  P    : [Plane] integer;
  F3   : [1..n, *, *] integer;
  Q    : [R4] integer;
  H    : [R6] integer;

procedure cube();
begin
  [C3] begin
    T := Index1 * 100 + Index2 * 10 + Index3;
    [Plane]      P  := +<< [C3] T;            -- sum along dimension 3
    [Plane]      writeln(P);
    [1..n, *, *] F3 := max<< [C3] T;          -- maximum over dimensions 2 and 3
    S := T - F3;
    writeln(S);
    S := >>[ , , 1] T;                        -- replicate plane 1 along dimension 3
    writeln(S);
    S := +||[3] T;
    S := max||[3, 2] T;
    writeln(S);
    S := T@up;                                -- plane n+1 is a border of zeros
    writeln("sum of shifted: ", +<< S);
  end;
  [R4] begin
    Q := Index1 + Index2 + Index3 + Index4;
    Q := Q@^diag;
    writeln("sum4 = ", +<< Q);
  end;
  [R6] begin
    H := Index1 + Index3 * Index5 - Index6;
    writeln(H);
    writeln("sum6 = ", +<< H);
  end;
end;
