-- hier_arrays.zpl: indexed arrays of parallel arrays with a region per element (section 15.2):
-- U[k] as operand, shifted operand, target, reduction operand, argument by value and by
-- reference, the same element bound to two parameters of one call, a local one freed at exit.
program hier_arrays;
config var n : integer = 8;
constant L : integer = 2;
const
  dirE  : array [0..L] of direction<0,+> = [0, 2^index1];
  step  : array [0..L] of direction<-,-> = [-2^index1, -2^index1];
  Base  : region<..,..> = [1..n, 1..n];
  Level : array [0..L] of region<..,..> = Base by step[index1];
var U, R : array [0..L] of [Level[index1]] integer;
    k : integer;

-- r := v - u@^d, with r and v possibly the same array
procedure resid(inout r : [,] integer; v : [,] integer; u : [,] integer; lvl : integer);
begin
  r := v - u@^dirE[lvl];
end;

procedure scale(inout a : [,] integer; f : integer);
begin
  a := a * f;
end;

procedure local_sum(lvl : integer) : integer;
var W : array [1..2] of [Level[lvl]] integer;
begin
  [Level[lvl]] W[1] := Index1;
  [Level[lvl]] W[2] := W[1] + Index2;
  [Level[lvl]] return +<< W[2];
end;

procedure hier_arrays();
begin
  for k := 0 to L do
    [Level[k]] U[k] := Index1 * 10 + Index2;
    [Level[k]] R[k] := 1;
  end;
  for k := 0 to L do
    [Level[k]] writeln("level ", k, ": ", +<< U[k], " ", +<< R[k]);
    [Level[k]] R[k] := U[k]@^dirE[k] + R[k];
    [Level[k]] writeln("  shifted: ", +<< R[k]);
    [Level[k]] resid(R[k], R[k], U[k], k);
    [Level[k]] writeln("  resid aliased: ", +<< R[k]);
    [Level[k]] scale(U[k], k + 2);
    [Level[k]] writeln("  scaled: ", +<< U[k], " max ", max<< U[k]);
    writeln("  local: ", local_sum(k));
  end;
  [Level[2]] U[1] := U[0] + U[2];
  [Level[1]] writeln("mixed: ", +<< U[1]);
end;
