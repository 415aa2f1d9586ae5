-- mg.zpl - the NAS MG benchmark (NPB 2.4/3.x MG): four V-cycles of multigrid on the discrete
-- Poisson problem A u = v on an n x n x n grid, periodic in every dimension, written the way
-- hierarchical ZPL programs are (language.md section 15):
--   * the levels are one hierarchy of regions: level k is Base by step[k], the points of the fine
--     grid whose indices are multiples of 2^k, and U and R hold one parallel array per level;
--   * the 27-point operators resid (A), psinv (S), rprj3 (P) and interp (Q) read their neighbours
--     2^k away with wrap-around shifts by direction constants (U@^dir110[k]), 90 of them;
--   * zran3's charges, the ten largest and ten smallest values of NPB's random field and their
--     places, are found by a user-defined reduction (minMaxK<<);
--   * the random field is NPB's randlc generator, reproduced exactly in double precision (the
--     23-bit split), each point reached directly by repeated squaring, so the charges land where
--     NPB's do;
--   * the time is measured by free timers and reported as the largest over the processes.
-- It prints what NPB prints: the class, size and iterations, VERIFICATION SUCCESSFUL when the L2
-- norm of the final residual is within 1e-8 (relative) of NPB's value, the norm, the time and the
-- Mop/s; -stiming=false leaves out what depends on the machine and the process count.
--
--   ./mg                     class S: 32^3, 4 iterations, L2 norm 5.307707005734e-05
--   ./mg -sClass=W           128^3, 4 iterations, 6.467329375339e-06
--   ./mg -sClass=A           256^3, 4 iterations, 2.433365309069e-06
--   ./mg -spoints=64         64^3 (class U, as NPB calls a size of its own), not verified: any power of
--                            two from 4 (bench/scale.sh's weak scaling: 64^3 points a process)
program mg;

type classes = (S, W, A);

config var
  Class      : classes = S;
  points     : integer = 0;        -- points per side instead of the class's (not verified)
  iterations : integer = 4;        -- NPB's for S, W and A; any other number is not verified
  timing     : boolean = true;     -- print the times, Mop/s and the process count
  chargefile : string  = "";       -- read the charges' places from this file (30 + 30 integers)
  charges    : boolean = false;    -- print the charges' places

-- the size of a class: points per side
procedure class_size(c : classes) : integer;
begin
  if c = S then return 32; elsif c = W then return 128; else return 256; end;
end;

-- NPB's L2 norm of the residual after 4 iterations
procedure class_norm(c : classes) : double;
begin
  if c = S then return 5.307707005734e-05;
  elsif c = W then return 6.467329375339e-06;
  else return 2.433365309069e-06;
  end;
end;

-- log2 of a power of two (of the next one up, for any other m)
procedure log2(m : integer) : integer;
var k, p : integer;
begin
  k := 0;
  p := 1;
  while p < m do
    p := 2 * p;
    k := k + 1;
  end;
  return k;
end;

-- the points per side: the class's, or -spoints=P when P is a power of two from 4
procedure grid_side(c : classes; p : integer) : integer;
begin
  if p = 0 then return class_size(c); end;
  if p < 4 | p != 2^log2(p) then
    writeln(zerr, "mg: -spoints=", "%d":p, ": the points per side must be a power of two, 4 or more");
    halt;
  end;
  return p;
end;

constant
  n  : integer = grid_side(Class, points);
  L  : integer = log2(n) - 1;      -- levels 0 (finest, n points per side) .. L (2 points per side)
  -- the operators' coefficients (classes S, W and A)
  a0 : double = -8.0 / 3.0;        -- A: centre, faces, edges, corners
  a2 : double = 1.0 / 6.0;
  a3 : double = 1.0 / 12.0;
  c0 : double = -3.0 / 8.0;        -- S
  c1 : double = 1.0 / 32.0;
  c2 : double = -1.0 / 64.0;
  -- randlc: x := a x mod 2^46 by 23-bit halves
  r23  : double = 0.5 ^ 23;
  t23  : double = 2.0 ^ 23;
  r46  : double = r23 * r23;
  t46  : double = t23 * t23;
  seed : double = 314159265.0;
  mult : double = 1220703125.0;    -- 5^13

-- the directions to the 26 neighbours 2^k away at level k: dirXYZ, each of X, Y, Z one of
-- 1 (+2^k), 0 and N (-2^k)
const
  dir100 : array [0..L] of direction<+,0,0> = [ 2^index1,         0,         0];
  dirN00 : array [0..L] of direction<-,0,0> = [-2^index1,         0,         0];
  dir010 : array [0..L] of direction<0,+,0> = [        0,  2^index1,         0];
  dir0N0 : array [0..L] of direction<0,-,0> = [        0, -2^index1,         0];
  dir001 : array [0..L] of direction<0,0,+> = [        0,         0,  2^index1];
  dir00N : array [0..L] of direction<0,0,-> = [        0,         0, -2^index1];
  dir110 : array [0..L] of direction<+,+,0> = [ 2^index1,  2^index1,         0];
  dir1N0 : array [0..L] of direction<+,-,0> = [ 2^index1, -2^index1,         0];
  dirN10 : array [0..L] of direction<-,+,0> = [-2^index1,  2^index1,         0];
  dirNN0 : array [0..L] of direction<-,-,0> = [-2^index1, -2^index1,         0];
  dir101 : array [0..L] of direction<+,0,+> = [ 2^index1,         0,  2^index1];
  dir10N : array [0..L] of direction<+,0,-> = [ 2^index1,         0, -2^index1];
  dirN01 : array [0..L] of direction<-,0,+> = [-2^index1,         0,  2^index1];
  dirN0N : array [0..L] of direction<-,0,-> = [-2^index1,         0, -2^index1];
  dir011 : array [0..L] of direction<0,+,+> = [        0,  2^index1,  2^index1];
  dir01N : array [0..L] of direction<0,+,-> = [        0,  2^index1, -2^index1];
  dir0N1 : array [0..L] of direction<0,-,+> = [        0, -2^index1,  2^index1];
  dir0NN : array [0..L] of direction<0,-,-> = [        0, -2^index1, -2^index1];
  dir111 : array [0..L] of direction<+,+,+> = [ 2^index1,  2^index1,  2^index1];
  dir11N : array [0..L] of direction<+,+,-> = [ 2^index1,  2^index1, -2^index1];
  dir1N1 : array [0..L] of direction<+,-,+> = [ 2^index1, -2^index1,  2^index1];
  dir1NN : array [0..L] of direction<+,-,-> = [ 2^index1, -2^index1, -2^index1];
  dirN11 : array [0..L] of direction<-,+,+> = [-2^index1,  2^index1,  2^index1];
  dirN1N : array [0..L] of direction<-,+,-> = [-2^index1,  2^index1, -2^index1];
  dirNN1 : array [0..L] of direction<-,-,+> = [-2^index1, -2^index1,  2^index1];
  dirNNN : array [0..L] of direction<-,-,-> = [-2^index1, -2^index1, -2^index1];
  -- the hierarchy: level k keeps every 2^k-th index, counting down from n
  step   : array [0..L] of direction<-,-,-> = [-2^index1, -2^index1, -2^index1];
  Base   : region<..,..,..> = [1..n, 1..n, 1..n];
  Level  : array [0..L] of region<..,..,..> = Base by step[index1];

type
  place = record                   -- a value of the random field and where it is
            val : double;
            loc : array [1..3] of integer;
          end;
  tenk  = record                   -- the ten largest (max, descending) and smallest (min, ascending)
            max, min : array [1..10] of place;
          end;

var
  U, R : array [0..L] of [Level[index1]] double;   -- the approximation and the residual per level
  V    : [Base] double;                              -- the right-hand side: the 20 charges
  F1   : [1..n, *, *] double;                        -- randlc skip-ahead factors per dimension
  F2   : [*, 1..n, *] double;
  F3   : [*, *, 1..n] double;

free var
  tinit, tbench : timer;

-- ---- NPB's random numbers ------------------------------------------------------------------

-- x := a x (mod 2^46), exactly in double precision; returns x / 2^46
procedure randlc(inout x : double; a : double) : double;
var t1, t2, t3, t4, a1, a2, x1, x2, z : double;
begin
  t1 := r23 * a;
  a1 := trunc(t1);
  a2 := a - t23 * a1;
  t1 := r23 * x;
  x1 := trunc(t1);
  x2 := x - t23 * x1;
  t1 := a1 * x2 + a2 * x1;
  t2 := trunc(r23 * t1);
  z := t1 - t23 * t2;
  t3 := t23 * z + a2 * x2;
  t4 := trunc(r46 * t3);
  x := t3 - t46 * t4;
  return r46 * x;
end;

-- x y (mod 2^46) for x, y below 2^46
procedure mulmod(x, y : double) : double;
var t, r : double;
begin
  t := x;
  r := randlc(t, y);
  return t;
end;

-- a^e (mod 2^46), by repeated squaring
procedure power(a : double; e : integer) : double;
var x, b, r : double;
    m : integer;
begin
  x := 1.0;
  b := a;
  m := e;
  while m > 0 do
    if m % 2 = 1 then r := randlc(x, b); end;
    r := b;
    r := randlc(b, r);
    m := m / 2;
  end;
  return x;
end;

-- ---- zran3's charges: a user-defined reduction -------------------------------------------------

-- insert p into the ten largest values m (descending)
procedure keepmax(inout m : array [1..10] of place; p : place);
var j : integer;
begin
  j := 10;
  while j > 1 & m[j - 1].val < p.val do
    m[j] := m[j - 1];
    j := j - 1;
  end;
  m[j] := p;
end;

-- insert p into the ten smallest values m (ascending)
procedure keepmin(inout m : array [1..10] of place; p : place);
var j : integer;
begin
  j := 10;
  while j > 1 & m[j - 1].val > p.val do
    m[j] := m[j - 1];
    j := j - 1;
  end;
  m[j] := p;
end;

-- identity: nothing kept yet
procedure minMaxK(out s : tenk);
begin
  s.max[].val := -DBL_MAX;
  s.min[].val := DBL_MAX;
  s.max[].loc[] := 0;
  s.min[].loc[] := 0;
end;

-- accumulate: the value v at (i1, i2, i3)
procedure minMaxK(v : double; i1, i2, i3 : integer; inout s : tenk);
var p : place;
begin
  p.val := v;
  p.loc[1] := i1;
  p.loc[2] := i2;
  p.loc[3] := i3;
  if v > s.max[10].val then keepmax(s.max, p); end;
  if v < s.min[10].val then keepmin(s.min, p); end;
end;

-- combine: a's values into b
procedure minMaxK(inout a : tenk; inout b : tenk);
var j : integer;
begin
  for j := 1 to 10 do
    if a.max[j].val > b.max[10].val then keepmax(b.max, a.max[j]); end;
    if a.min[j].val < b.min[10].val then keepmin(b.min, a.min[j]); end;
  end;
end;

-- v: zero but for +1.0 at the ten largest and -1.0 at the ten smallest values of NPB's random
-- field, whose point (i1, i2, i3) holds x_k / 2^46 for k = i1 + n (i2 - 1) + n^2 (i3 - 1)
procedure zran3(out v : [,,] double);
var c     : tenk;
    i     : integer;
    an    : double;                  -- a^n and a^(n^2): the steps along dimensions 2 and 3
    an2   : double;
    f     : file;
begin
  an := power(mult, n);
  an2 := power(an, n);
  for i := 1 to n do
    [i, *, *] F1 := power(mult, i);
    [*, i, *] F2 := power(an, i - 1);
    [*, *, i] F3 := power(an2, i - 1);
  end;
  [Base] v := r46 * mulmod(mulmod(mulmod(seed, F1), F2), F3);  -- the field, in v until the charges are found
  if chargefile = "" then
    [Base] c := minMaxK<< (v, Index1, Index2, Index3);
  else
    f := open(chargefile, file_read);
    read(f, c.max[].loc[], c.min[].loc[]);
    i := close(f);
  end;
  if charges then
    writeln(c.max[].loc[]);
    writeln(c.min[].loc[]);
  end;
  [Base] v := 0.0;
  for i := 1 to 10 do
    [c.min[i].loc[1], c.min[i].loc[2], c.min[i].loc[3]] v := -1.0;
  end;
  for i := 1 to 10 do
    [c.max[i].loc[1], c.max[i].loc[2], c.max[i].loc[3]] v := 1.0;
  end;
end;

-- ---- the operators ------------------------------------------------------------------------------

-- r := v - A u at level k (r and v may be the same array). The sums are NPB's: the four faces and
-- the four corners of the square around each point of a row across the last dimension, (u1 and u2
-- in NPB's resid), at the point and its two neighbours along the last dimension; azc computes
-- each such sum once per row (docs/codegen.md, "Partial sums").
procedure resid(out r : [,,] double; v, u : [,,] double; k : integer);
[Level[k]] r := v - a0 * u
                  - a2 * ((u@^dirNN0[k] + u@^dirN10[k] + u@^dir1N0[k] + u@^dir110[k])
                        + (u@^dir0NN[k] + u@^dir01N[k] + u@^dirN0N[k] + u@^dir10N[k])
                        + (u@^dir0N1[k] + u@^dir011[k] + u@^dirN01[k] + u@^dir101[k]))
                  - a3 * ((u@^dirNNN[k] + u@^dirN1N[k] + u@^dir1NN[k] + u@^dir11N[k])
                        + (u@^dirNN1[k] + u@^dirN11[k] + u@^dir1N1[k] + u@^dir111[k]));

-- u := u + S r at level k (the smoother; NPB's r1 and r2 sums)
procedure psinv(r : [,,] double; inout u : [,,] double; k : integer);
[Level[k]] u := u + c0 * r
                  + c1 * (r@^dir00N[k] + r@^dir001[k]
                        + (r@^dir0N0[k] + r@^dir010[k] + r@^dirN00[k] + r@^dir100[k]))
                  + c2 * ((r@^dirNN0[k] + r@^dirN10[k] + r@^dir1N0[k] + r@^dir110[k])
                        + (r@^dir0NN[k] + r@^dir01N[k] + r@^dirN0N[k] + r@^dir10N[k])
                        + (r@^dir0N1[k] + r@^dir011[k] + r@^dirN01[k] + r@^dir101[k]));

-- s := P r: level k + 1 from level k (restriction; NPB's x1/x2 and y1/y2 sums)
procedure rprj3(r : [,,] double; out s : [,,] double; k : integer);
[Level[k + 1]] s := 0.5 * r
                  + 0.25 * (r@^dir00N[k] + r@^dir001[k]
                          + (r@^dir0N0[k] + r@^dir010[k] + r@^dirN00[k] + r@^dir100[k]))
                  + 0.125 * ((r@^dir0NN[k] + r@^dir01N[k] + r@^dirN0N[k] + r@^dir10N[k])
                           + (r@^dir0N1[k] + r@^dir011[k] + r@^dirN01[k] + r@^dir101[k])
                           + (r@^dirNN0[k] + r@^dir1N0[k] + r@^dirN10[k] + r@^dir110[k]))
                  + 0.0625 * ((r@^dirNNN[k] + r@^dir1NN[k] + r@^dirN1N[k] + r@^dir11N[k])
                            + (r@^dirNN1[k] + r@^dir1N1[k] + r@^dirN11[k] + r@^dir111[k]));

-- u := u + Q z: level k from level k + 1 (trilinear interpolation): the points of level k that
-- are points of level k + 1, then those between two of them along one dimension, between four in
-- a plane, and between eight
procedure interp(z : [,,] double; inout u : [,,] double; k : integer);
[Level[k + 1]] begin
  u := u + z;
  [" at dirN00[k]] u := u + 0.5 * (z@^dir100[k] + z@^dirN00[k]);
  [" at dir0N0[k]] u := u + 0.5 * (z@^dir010[k] + z@^dir0N0[k]);
  [" at dir00N[k]] u := u + 0.5 * (z@^dir001[k] + z@^dir00N[k]);
  [" at dirNN0[k]] u := u + 0.25 * (z@^dir110[k] + z@^dir1N0[k] + z@^dirN10[k] + z@^dirNN0[k]);
  [" at dirN0N[k]] u := u + 0.25 * (z@^dir101[k] + z@^dir10N[k] + z@^dirN01[k] + z@^dirN0N[k]);
  [" at dir0NN[k]] u := u + 0.25 * (z@^dir011[k] + z@^dir01N[k] + z@^dir0N1[k] + z@^dir0NN[k]);
  [" at dirNNN[k]] u := u + 0.125 * (z@^dir111[k] + z@^dir11N[k] + z@^dir1N1[k] + z@^dir1NN[k]
                                   + z@^dirN11[k] + z@^dirN1N[k] + z@^dirNN1[k] + z@^dirNNN[k]);
end;

-- one V-cycle (NPB's mg3P): restrict the residual down, smooth at the coarsest level, then
-- interpolate, correct and smooth up to the finest
procedure mg3P();
var k : integer;
begin
  for k := 0 to L - 1 do
    rprj3(R[k], R[k + 1], k);
  end;
  [Level[L]] U[L] := 0.0;
  psinv(R[L], U[L], L);
  for k := L - 1 downto 1 do
    [Level[k]] U[k] := 0.0;
    interp(U[k + 1], U[k], k);
    resid(R[k], R[k], U[k], k);
    psinv(R[k], U[k], k);
  end;
  interp(U[1], U[0], 0);
  resid(R[0], V, U[0], 0);
  psinv(R[0], U[0], 0);
end;

-- the L2 norm of the residual, sqrt(sum r^2 / n^3)
procedure norm2u3() : double;
var s : double;
begin
  [Base] s := +<< (R[0] * R[0]);
  return sqrt(s / (1.0 * n * n * n));
end;

-- ---- the benchmark ------------------------------------------------------------------------------

procedure mg();
var it       : integer;
    rnm2     : double;
    err      : double;
    tmax     : double;
    verified : boolean;
    known    : boolean;                          -- NPB's size and iterations: verified
    name     : string;
begin
  if n != class_size(Class) then name := "U";
  elsif Class = S then name := "S"; elsif Class = W then name := "W"; else name := "A";
  end;
  writeln();
  writeln(" NAS Parallel Benchmarks (azc ZPL) - MG Benchmark");
  writeln();
  writeln(" Size: ", "%4d":n, "x", "%4d":n, "x", "%4d":n, "  (class ", name, ")");
  writeln(" Iterations: ", "%4d":iterations);
  if timing then writeln(" Number of processes: ", "%5d":PROCESSORS); end;
  writeln();

  ClearTimer(tinit);
  StartTimer(tinit, 1);
  zran3(V);
  resid(R[0], V, U[0], 0);
  rnm2 := norm2u3();
  mg3P();                                      -- one iteration for startup, as NPB does
  resid(R[0], V, U[0], 0);
  [Level[0]] U[0] := 0.0;
  zran3(V);
  StopTimer(tinit);
  tmax := max<< ReadTimer(tinit);
  if timing then writeln(" Initialization time: ", "%15.3f":tmax, " seconds"); writeln(); end;

  ClearTimer(tbench);
  StartTimer(tbench, 1);
  resid(R[0], V, U[0], 0);
  rnm2 := norm2u3();
  for it := 1 to iterations do
    if it = 1 | it = iterations | it % 5 = 0 then writeln("  iter ", "%3d":it); end;
    mg3P();
    resid(R[0], V, U[0], 0);
  end;
  rnm2 := norm2u3();
  StopTimer(tbench);
  tmax := max<< ReadTimer(tbench);

  writeln();
  writeln(" Benchmark completed");
  verified := false;
  known := iterations = 4 & n = class_size(Class);
  if known then
    err := abs(rnm2 - class_norm(Class)) / class_norm(Class);
    verified := err <= 1.0e-8;
  end;
  if verified then writeln(" VERIFICATION SUCCESSFUL");
  elsif known then writeln(" VERIFICATION FAILED");
  else writeln(" Problem size unknown: no verification");
  end;
  writeln(" L2 Norm is ", "%20.12e":rnm2);
  writeln();
  writeln();
  writeln(" MG Benchmark Completed.");
  writeln(" Class           = ", "%24s":name);
  writeln(" Size            = ", "%12d":n, "x", "%4d":n, "x", "%4d":n);
  writeln(" Iterations      = ", "%24d":iterations);
  if timing then
    writeln(" Time in seconds = ", "%24.6f":tmax);
    writeln(" Total processes = ", "%24d":PROCESSORS);
    if tmax > 0.0 then
      writeln(" Mop/s total     = ", "%24.2f":58.0 * iterations * n * n * n / tmax / 1.0e6);
    end;
  end;
  writeln(" Operation type  = ", "%24s":"floating point");
  if verified then writeln(" Verification    = ", "%24s":"SUCCESSFUL");
  elsif known then writeln(" Verification    = ", "%24s":"UNSUCCESSFUL");
  else writeln(" Verification    = ", "%24s":"NOT PERFORMED");
  end;
end;
