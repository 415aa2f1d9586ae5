-- own_redblack: red-black SOR on strided regions; negative strides; printing strided regions
program redblack;

config var n     : integer = 7;
           iters : integer = 4;
           omega : double  = 1.25;

region R   = [1..n, 1..n];
       Big = [0..n+1, 0..n+1];
       Red1 = R by [2, 2];
       Red2 = [2..n, 2..n] by [2, 2];
       Blk1 = [1..n, 2..n] by [2, 2];
       Blk2 = [2..n, 1..n] by [2, 2];

direction north = [-1, 0];
          south = [ 1, 0];
          east  = [ 0, 1];
          west  = [ 0,-1];

var U : [Big] double;
    K : [R] integer;
    it : integer;

procedure relax();
begin
  U := (1.0 - omega) * U + omega * (U@north + U@south + U@east + U@west) / 4.0;
end;

procedure redblack();
begin
  [Big] U := 0.0;
  [south of R] U := 1.0;
  [east of R] U := Index1 / 2.0;
  for it := 1 to iters do
    [Red1] relax();
    [Red2] relax();
    [Blk1] relax();
    [Blk2] relax();
  end;
  [R] writeln("%6.3f":U);
  [R] writeln("sum = %.6f":+<< U);
  [R] K := Index1 * 10 + Index2;
  [R by [2, 2]] writeln(K);
  [R by [-2, -3]] writeln(K);
  [R by [-3, 1]] writeln(+<< K, " ", *<< (K % 7 + 1));
  [[1..10] by [-4]] writeln(Index1);
  [[1..n] by [3] at [1]] writeln(Index1 * 2);
  [R by [2, 2] at [1, 1]] writeln(U);
end;
