-- hier_wrap.zpl: wrap of elements of an indexed array of parallel arrays under an 'of' region of their
-- own region (the border of the indexed array), read through @ by a direction constant.
program hier_wrap;
const
  Base  : region<..,..> = [1..4, 1..4];
  east  : direction<0,+> = [0, 1];
  Lv    : array [1..2] of region<..,..> = [1..4, 1..2 * index1];
var U : array [1..2] of [Lv[index1]] integer;
    k : integer;
procedure hier_wrap();
begin
  for k := 1 to 2 do
    [Lv[k]] U[k] := Index1 * 10 + Index2;
    [east of Lv[k]] wrap U[k];
    [Lv[k]] writeln(+<< U[k]@east);
  end;
end;
