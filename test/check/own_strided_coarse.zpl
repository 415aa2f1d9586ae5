-- Section 15.3 and issue 22: a coarse level lives on few processes. Level 3 of [0..31] (stride 8)
-- has the indices 0, 8, 16 and 24; on 8 processes (blocks of 4 indices) half of them own none,
-- allocate nothing and take part only in the collectives: a shift by the stride moves one
-- element between each pair of owners (test/unit/strided_storage.sh counts the messages), and a
-- shift by two strides (16 indices, two cells of the compact storage) goes through ghost cells
-- too: the fluff counts cells, 8 of them, not indices.
program own_strided_coarse;

config var n : integer = 32;

region Base = [0..n-1];
       L3   = Base by [8];
direction e8 = [8]; w8 = [-8];

var U, V : [L3] integer;

procedure own_strided_coarse();
begin
  [L3] U := Index1 * 10 + 1;
  [[0..n-9] by [8]] V := U@e8 - U;     -- 0, 8, 16 read 8, 16, 24
  [L3] writeln(V);
  [L3] V := U@^w8 + U@^e8;
  [L3] writeln(V, " ", +<< V, " ", max<< V);
  [[0..n-17] by [8]] V := U@[16] * 2;  -- 0, 8 read 16, 24
  [L3] writeln(V);
end;
