/* swm.zpl - the shallow-water model of the SPEC benchmark swm256 (the SWM program of the Ironman
 * paper's benchmark suite, seed 003): Paul Swarztrauber's weather-prediction benchmark SHALOW,
 * based on R. Sadourny, "The dynamics of finite-difference models of the shallow-water
 * equations", J. Atmos. Sci. 32 (1975).
 *
 * The fluid has a velocity (U, V) and a pressure (geopotential) P on a staggered m x n grid
 * that is periodic in both directions. Every time step computes the mass fluxes CU and CV, the
 * potential vorticity Z and the height H from U, V and P, then the new values UNEW, VNEW and
 * PNEW with a leapfrog step from UOLD, VOLD and POLD, and finally smooths in time (the
 * Robert-Asselin filter with parameter alpha) and advances one step. The first step is a
 * forward step of length dt; the following ones are leapfrog steps of length 2 dt. The
 * formulas are those of the Fortran program, with dimension 1 its index I (x) and dimension 2
 * its index J (y): X@im is X(I-1,J), X@jp is X(I,J+1), and so on. The Fortran arrays have an
 * extra row and column that repeat the first ones ("periodic continuation"); here the same
 * copies are wrap statements into the arrays' borders, made just before the @ reads that need
 * them, and m x n is the number of distinct grid points.
 *
 * Communication: every step wraps U, V and P (5 wrap statements), then CU, CV, Z and H (6 wrap
 * statements) into their borders, each a remap between the processes at the two ends of the
 * grid lines. The @ reads of each of the two stages (every array in two or three directions,
 * one of them diagonal) are one ghost-cell exchange with the neighbouring processes, as the
 * compiler combines them (AZ_STATS lists the two). Every mprint steps, four reductions.
 *
 * Check: every mprint steps the program prints the checksums PCHECK, UCHECK and VCHECK of the
 * SPEC version (the sums of |PNEW|, |UNEW| and |VNEW| over the grid) to 10 significant digits,
 * which do not depend on the number of processes. It does not compare them with published
 * swm256 results; instead it checks a conserved quantity: the total mass, the sum of P over the
 * grid, may change only by rounding (the flux differences of the P equation cancel over a
 * periodic grid, and the time filter is linear), so it must stay within 1e-12 relatively of
 * its initial value. When this program was written, its checksums agreed in every printed
 * digit with a line-by-line C transcription of the Fortran program in double precision, for
 * square and non-square grids.
 * With -stiming=true it also prints the time of the time steps ("loop seconds"). */
program swm;

config var m      : integer = 64;      -- grid points in the x direction (dimension 1)
           n      : integer = 48;      -- grid points in the y direction (dimension 2)
           iters  : integer = 40;      -- time steps (ITMAX)
           mprint : integer = 10;      -- print the checksums every mprint steps
           timing : boolean = false;   -- print the time of the time steps

constant dt    : double = 90.0;        -- time step (s)
         dx    : double = 1.0e5;       -- grid spacing in x (m)
         dy    : double = 1.0e5;       -- grid spacing in y (m)
         a     : double = 1.0e6;       -- amplitude of the initial stream function
         alpha : double = 0.001;       -- time filter parameter

region R = [1..m, 1..n];

direction im   = [-1,  0];  ip = [1, 0];
          jm   = [ 0, -1];  jp = [0, 1];
          imjm = [-1, -1];  imjp = [-1, 1];  ipjm = [1, -1];

var U, V, P          : [R] double;     -- velocity and pressure at the current time
    UOLD, VOLD, POLD : [R] double;     -- at the previous time (time-smoothed)
    UNEW, VNEW, PNEW : [R] double;     -- at the next time
    CU, CV, Z, H     : [R] double;     -- mass fluxes, potential vorticity, height
    tdt, fsdx, fsdy, tdts8, tdtsdx, tdtsdy : double;
    mass, t : double;
    ncycle  : integer;

-- the initial values: P from cosines, the velocities from a stream function PSI
procedure initial_values();
var PSI         : [R] double;
    di, dj, pcf : double;
[R] begin
  di  := 2.0 * M_PI / m;
  dj  := 2.0 * M_PI / n;
  pcf := M_PI * M_PI * a * a / (n * dx * n * dx);
  PSI := a * sin((Index1 - 0.5) * di) * sin((Index2 - 0.5) * dj);
  P   := pcf * (cos(2.0 * (Index1 - 1) * di) + cos(2.0 * (Index2 - 1) * dj)) + 50000.0;
  [jp of R] wrap PSI;
  [ip of R] wrap PSI;
  U := -(PSI@jp - PSI) / dy;
  V := (PSI@ip - PSI) / dx;
  UOLD := U;
  VOLD := V;
  POLD := P;
end;

procedure swm();
[R] begin
  initial_values();
  mass := +<< P;

  writeln("number of points in the x direction %8d" : m);
  writeln("number of points in the y direction %8d" : n);
  writeln("grid spacing in the x direction     %8.0f" : dx);
  writeln("grid spacing in the y direction     %8.0f" : dy);
  writeln("time step                           %8.0f" : dt);
  writeln("time filter parameter               %8.3f" : alpha);

  fsdx := 4.0 / dx;
  fsdy := 4.0 / dy;
  tdt  := dt;
  t := ResetTimer();
  for ncycle := 1 to iters do
    -- capital U, capital V, Z and H
    [im of R]   wrap P, V;
    [jm of R]   wrap P, U;
    [imjm of R] wrap P;
    [ip of R]   wrap U;
    [jp of R]   wrap V;
    CU := 0.5 * (P + P@im) * U;
    CV := 0.5 * (P + P@jm) * V;
    Z  := (fsdx * (V - V@im) - fsdy * (U - U@jm)) / (P@imjm + P@jm + P + P@im);
    H  := P + 0.25 * (U@ip * U@ip + U * U + V@jp * V@jp + V * V);

    -- new values of U, V and P
    [ip of R]   wrap CU, Z;
    [jp of R]   wrap CV, Z;
    [im of R]   wrap CV, H;
    [jm of R]   wrap CU, H;
    [imjp of R] wrap CV;
    [ipjm of R] wrap CU;
    tdts8  := tdt / 8.0;
    tdtsdx := tdt / dx;
    tdtsdy := tdt / dy;
    UNEW := UOLD + tdts8 * (Z@jp + Z) * (CV@jp + CV@imjp + CV@im + CV) - tdtsdx * (H - H@im);
    VNEW := VOLD - tdts8 * (Z@ip + Z) * (CU@ip + CU + CU@jm + CU@ipjm) - tdtsdy * (H - H@jm);
    PNEW := POLD - tdtsdx * (CU@ip - CU) - tdtsdy * (CV@jp - CV);

    if ncycle % mprint = 0 then
      writeln();
      writeln("cycle number %5d" : ncycle, "  model time in hours %6.2f" : ncycle * dt / 3600.0);
      writeln("Pcheck = %.9e" : +<< abs(PNEW));
      writeln("Ucheck = %.9e" : +<< abs(UNEW));
      writeln("Vcheck = %.9e" : +<< abs(VNEW));
      writeln("mass conserved: ", abs(+<< PNEW - mass) <= 1.0e-12 * mass);
    end;

    -- time smoothing (none after the first, forward step) and update for the next step
    if ncycle = 1 then
      tdt  := tdt + tdt;
      UOLD := U;
      VOLD := V;
      POLD := P;
    else
      UOLD := U + alpha * (UNEW - 2.0 * U + UOLD);
      VOLD := V + alpha * (VNEW - 2.0 * V + VOLD);
      POLD := P + alpha * (PNEW - 2.0 * P + POLD);
    end;
    U := UNEW;
    V := VNEW;
    P := PNEW;
  end;
  t := CheckTimer();
  if timing then
    writeln("loop seconds: %.6f" : t);
  end;
end;
