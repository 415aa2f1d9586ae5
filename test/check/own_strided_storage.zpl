-- Section 15.3 and issue 22: a level of a hierarchy over a strided declared region is stored
-- compactly, one element per strided index: with n = 32, U1, U2 and U3 hold 16^3, 8^3 and 4^3
-- doubles (37,376 bytes on all processes together; dense storage would take 786,432), and a shift
-- by the stride moves one plane of 16 x 16 doubles (2,048 bytes) across each process boundary.
-- test/unit/strided_storage.sh checks both through AZ_STATS at np 1-4.
program own_strided_storage;

config var n : integer = 32;

region Base = [0..n-1, 0..n-1, 0..n-1];
       L1   = Base by [2, 2, 2];
       L2   = Base by [4, 4, 4];
       L3   = Base by [8, 8, 8];

var U1 : [L1] double;
    U2 : [L2] double;
    U3 : [L3] double;
    V  : [L1] double;

procedure own_strided_storage();
begin
  [L1] U1 := Index1 + Index2 * 0.5 + Index3 * 0.25;
  [L2] U2 := U1 * 2.0;                 -- levels are aligned: no communication
  [L3] U3 := U2 - U1;
  [L1] writeln(+<< U1);
  [L2] writeln(+<< U2, " ", min<< U2);
  [L3] writeln(+<< U3, " ", max<< U3);
  [[0..n-3, 0..n-1, 0..n-1] by [2, 2, 2]] V := U1@[2, 0, 0];   -- one ghost plane, 2 indices away
  [L1] writeln(+<< V);
end;
