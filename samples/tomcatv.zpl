/* tomcatv.zpl - TOMCATV, the mesh-generation benchmark of SPEC CFP92 and CFP95 (one of the Ironman
 * paper's benchmarks, seed 003): Thompson's method makes a curvilinear mesh smooth by solving, for
 * the coordinates x and y of its points, the elliptic (Winslow) equations
 *     a x_ii - 2 c x_ij + b x_jj = 0        a y_ii - 2 c y_ij + b y_jj = 0
 * whose coefficients a = x_j^2 + y_j^2, b = x_i^2 + y_i^2, c = x_i x_j + y_i y_j depend on the
 * mesh itself (i is the row index of a point and j its column index; the derivatives are central
 * differences). The boundary points stay fixed. Every iteration, as in the SPEC program:
 *   1. computes the coefficients and the residuals RX, RY of the equations at every interior point
 *      from its eight neighbours (the cross derivative x_ij reads the four corners);
 *   2. takes the largest residuals with max<< of abs(RX) and abs(RY);
 *   3. solves, along every column of the mesh, the tridiagonal system (AA, DD, AA) that treats
 *      the i-derivative implicitly: forward elimination and back substitution are loops over the
 *      rows, each step working on one row and reading the previous one through @north (or the
 *      next one through @south). (SPEC's Fortran solves along its second index, with the first,
 *      contiguous in memory, as the vector; here the rows are contiguous, so the solve runs down
 *      the columns and keeps the memory behaviour);
 *   4. adds the corrections to X and Y.
 * The initial mesh interpolates linearly between the roof and the floor of a channel whose floor
 * has a bump, and every interior point is pushed off its place by up to 0.3 mesh widths in x and
 * in y.
 *
 * Self-check: the maximum residuals, printed every `report` iterations, must fall at every
 * iteration until they reach rounding level (thousands of iterations at the default size); the
 * program checks that and prints true or false. max<< is exact and the iteration has no sums, so
 * the residuals print the same on any number of processes; the checksums of X and Y are +<< sums,
 * printed with fewer digits than their rounding can change.
 *
 * Communication: an eight-way ghost exchange of X and Y every iteration (the corners too), two
 * max<< reductions, and in the two sweeps of the tridiagonal solver one exchange of a single
 * row between the processes of a grid column for every row step that crosses a block boundary. */
program tomcatv;

config var n      : integer = 33;      -- mesh points on a side
           iters  : integer = 60;      -- iterations
           report : integer = 15;      -- print the residuals every report iterations
           timing : boolean = false;   -- print the time of the iterations

constant rel   : double = 2.0;         -- DD = 2a + rel b; 2b is the diagonal of b x_jj
         bump  : double = 0.25;        -- height of the bump on the channel floor

region Mesh  = [1..n, 1..n];
       Inner = [2..n-1, 2..n-1];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
          nw = [-1, -1]; ne = [-1, 1]; sw = [1, -1]; se = [1, 1];

var X, Y           : [Mesh] double;    -- coordinates of the mesh points
    XI, YI, XJ, YJ : [Mesh] double;    -- central differences along i and along j
    A, B, C        : [Mesh] double;    -- a, b, c from differences not divided by the mesh width
    AA, DD         : [Mesh] double;    -- off-diagonal and diagonal of the tridiagonal systems
    D              : [Mesh] double;    -- reciprocals of the pivots of the elimination
    R              : [Mesh] double;    -- multiplier of one elimination step
    RX, RY         : [Mesh] double;    -- residuals, then the corrections to X and Y
    h, t           : double;
    rxm, rym       : double;           -- largest residuals of this iteration
    rxmOld, rymOld : double;           -- and of the previous one
    falling        : boolean;          -- have both fallen at every iteration?
    it, i          : integer;

procedure tomcatv();
[Mesh] begin
  -- The channel: x from 0 to 1; the roof at y = 1 and the floor y = bump sin^2(pi x).
  h := 1.0 / (n - 1);
  X := (Index2 - 1) * h;
  Y := 1.0 - (Index1 - 1) * h * (1.0 - bump * sin(M_PI * X) ^ 2);
  [Inner] begin
    X += 0.3 * h * sin(7.0 * Index1 + 3.0 * Index2);
    Y += 0.3 * h * cos(5.0 * Index1 - 11.0 * Index2);
  end;

  falling := true;
  rxmOld := DBL_MAX;  rymOld := DBL_MAX;
  t := ResetTimer();
  for it := 1 to iters do
    [Inner] begin
      -- Coefficients and residuals at every interior point.
      XI := X@south - X@north;  YI := Y@south - Y@north;
      XJ := X@east - X@west;    YJ := Y@east - Y@west;
      A  := 0.25 * (XJ * XJ + YJ * YJ);
      B  := 0.25 * (XI * XI + YI * YI);
      C  := 0.125 * (XI * XJ + YI * YJ);
      AA := -A;
      DD := A + A + B * rel;
      RX := A * (X@south - 2.0 * X + X@north) + B * (X@east - 2.0 * X + X@west)
            - C * (X@se - X@sw - X@ne + X@nw);
      RY := A * (Y@south - 2.0 * Y + Y@north) + B * (Y@east - 2.0 * Y + Y@west)
            - C * (Y@se - Y@sw - Y@ne + Y@nw);
      rxm := max<< abs(RX);
      rym := max<< abs(RY);
    end;
    falling := falling & rxm < rxmOld & rym < rymOld;
    rxmOld := rxm;  rymOld := rym;
    if it = 1 | it % report = 0 then
      writeln("iteration ", "%4d":it, "   max residuals  x %.6e":rxm, "  y %.6e":rym);
    end;

    -- Tridiagonal solve along every column (LU decomposition): forward elimination ...
    [2, 2..n-1] D := 1.0 / DD;
    for i := 3 to n - 1 do
      [i, 2..n-1] begin
        R  := AA * D@north;
        D  := 1.0 / (DD - AA@north * R);
        RX := RX - RX@north * R;
        RY := RY - RY@north * R;
      end;
    end;
    -- ... and back substitution.
    [n-1, 2..n-1] begin
      RX := RX * D;
      RY := RY * D;
    end;
    for i := n - 2 downto 2 do
      [i, 2..n-1] begin
        RX := (RX - AA * RX@south) * D;
        RY := (RY - AA * RY@south) * D;
      end;
    end;

    [Inner] begin
      X += RX;
      Y += RY;
    end;
  end;
  t := CheckTimer();

  writeln("residuals fell at every iteration: ", falling);
  writeln("checksum x %.10e":+<< X, "  y %.10e":+<< Y);
  if timing then
    writeln("loop seconds: %.6f":t);
  end;
end;
