-- Section 15.3 and issue 22: arrays over strided declared regions are stored compactly (one cell
-- per strided index) and give the same values as dense arrays over their bounding box under the
-- same strided covering regions, at every process count: shifts by multiples of the stride
-- across process boundaries ('@' into the border that continues the stride, and '@^'), sub-regions,
-- strides known only at run time, negative strides, alignments moved by 'at', reductions, floods
-- and output. Every check prints 0 differences.
program own_strided_compact;

config var n : integer = 12;          -- -sn=N
           s : integer = 2;           -- a stride known at run time

region Base = [0..n-1, 0..n-1];
       S    = Base by [2, 2];         -- rows and columns 0, 2, 4, ...
       Down = Base by [-2, 2];        -- rows n-1, n-3, ...; columns 0, 2, ...
       Odd  = Base by [2, 2] at [1, 1]; -- rows and columns 1, 3, 5, ... (to n)
       Run  = Base by [s, s];         -- the stride of a config var
       S4   = S by [2, 2];            -- rows and columns 0, 4, 8, ...

direction e2 = [0, 2]; w2 = [0, -2]; n2 = [-2, 0]; s2 = [2, 0]; se2 = [2, 2];

var A  : [S] double;                   -- compact
    AD : [Base] double;                -- dense, the reference
    D  : [Down] integer;
    DD : [Base] integer;
    O  : [Odd] double;
    OD : [1..n, 1..n] double;
    R  : [Run] integer;
    RD : [Base] integer;
    F  : [S] double;
    FD : [Base] double;

procedure smooth(inout X : [,] double; Y : [,] double);   -- a parameter bound to compact and dense arrays
begin
  X := (Y@e2 + Y@w2 + Y@n2 + Y@s2) / 4.0 + Y@^se2;
end;

procedure own_strided_compact();
var i : integer;
begin
  [S] A := Index1 * 100.0 + Index2;
  [S] AD := Index1 * 100.0 + Index2;
  [S] writeln("S:", +<< A, " ", max<< A, " ", min<< A);
  [S] writeln("shifts: ", max<< abs((A@e2 + A@w2 * 2.0 + A@n2 * 3.0 + A@s2 * 5.0)
                                  - (AD@e2 + AD@w2 * 2.0 + AD@n2 * 3.0 + AD@s2 * 5.0)));
  [S] writeln("wrap: ", max<< abs((A@^e2 + A@^se2 + A@^[-2, -2]) - (AD@^e2 + AD@^se2 + AD@^[-2, -2])));
  [S] smooth(F, A);
  [S] smooth(FD, AD);
  [S] writeln("smooth: ", max<< abs(F - FD), " ", +<< F);
  [S4] A := A@e2 + A@s2;               -- a sub-region of twice the stride
  [S4] AD := AD@e2 + AD@s2;
  [S] writeln("sub: ", max<< abs(A - AD), " ", +<< A);
  [[2..n-3, 0..n-1] by [2, 2]] A := A@n2 - A@^w2;
  [[2..n-3, 0..n-1] by [2, 2]] AD := AD@n2 - AD@^w2;
  [S] writeln("part: ", max<< abs(A - AD), " ", +<< A);
  [S] A := >>[[0, 0..n-1] by [1, 2]] A;   -- flood row 0 of A
  [S] AD := >>[[0, 0..n-1] by [1, 2]] AD;
  [S] writeln("flood: ", max<< abs(A - AD), " ", +<< A);

  [Down] D := Index1 * 10 + Index2;
  [Down] DD := Index1 * 10 + Index2;
  [Down] D := D@s2 - D@n2 + D@^[-2, 2];  -- the border above row n-1 and below the lowest row
  [Down] DD := DD@s2 - DD@n2 + DD@^[-2, 2];
  [Down] writeln("down: ", max<< abs(D - DD), " ", +<< D);

  [Odd] O := Index1 + Index2 / 100.0;
  [Odd] OD := Index1 + Index2 / 100.0;
  [Odd] O := O@^s2 * 2.0 + O@n2;
  [Odd] OD := OD@^s2 * 2.0 + OD@n2;
  [Odd] writeln("odd: ", max<< abs(O - OD), " ", +<< O);

  [Run] R := Index1 - Index2;
  [Run] RD := Index1 - Index2;
  [[0..n-1-s, s..n-1] by [s, s]] R := R@[0, -s] + R@[s, 0] * 3 + R@^[-s, s];
  [[0..n-1-s, s..n-1] by [s, s]] RD := RD@[0, -s] + RD@[s, 0] * 3 + RD@^[-s, s];
  [Run] writeln("run: ", max<< abs(R - RD), " ", +<< R);

  for i := 1 to 3 do                   -- a pattern loop (test/unit/pdl_static.sh: compact ghost planes)
    [[2..n-3, 2..n-3] by [2, 2]] F := (A@e2 + A@w2 + A@n2 + A@s2) * 0.25;
    [[2..n-3, 2..n-3] by [2, 2]] A := F;
    [[2..n-3, 2..n-3] by [2, 2]] FD := (AD@e2 + AD@w2 + AD@n2 + AD@s2) * 0.25;
    [[2..n-3, 2..n-3] by [2, 2]] AD := FD;
  end;
  [S] writeln("loop: ", max<< abs(A - AD), " ", +<< A);

  [S4] writeln(A);
  [Down] writeln(D);
end;
