/* simple.zpl - SIMPLE, after the Livermore hydrodynamics benchmark (W. P. Crowley et al., "The
 * SIMPLE code", UCID-17715, 1978; one of the Ironman paper's benchmarks, seed 003): a small
 * two-dimensional Lagrangian hydrodynamics code with heat conduction. An ideal gas fills the unit
 * box, whose walls are rigid but slippery; a hot spot off the centre drives a pressure wave
 * outwards. The mesh moves with the gas: the nodes (indices 0..n) carry position and velocity,
 * the zones between them (1..n) carry mass, density, specific internal energy e, pressure p and
 * artificial viscosity q. Row 0 of the nodes is the top wall (y = 1) and column 0 the left wall
 * (x = 0); zone (i,j) has the corners (i-1,j-1), (i-1,j), (i,j-1) and (i,j), so the four zones
 * around node (i,j) are the zones (i,j), (i,j+1), (i+1,j) and (i+1,j+1). Each time step:
 *   1. time-step control: the Courant condition, dt = cfl * min<< over the zones of the zone's
 *      width divided by its sound speed, growing by at most 20% a step;
 *   2. velocities and positions, by velocity Verlet: half a kick with the forces of the step
 *      before, the move, and (step 5) the other half with the new forces;
 *   3. heat conduction along the columns, implicit: on every column the temperatures at the end
 *      of the step satisfy a tridiagonal system, whose forward elimination and back substitution
 *      are loops over the rows, each step working on one row and reading the previous (or next)
 *      one through @north (@south). (SIMPLE alternates the two directions, ADI; here heat flows
 *      along the columns only, vertically.) The walls are insulated;
 *   4. hydrodynamics: the new zone areas give the densities (every zone keeps its mass); the
 *      artificial viscosity q turns on where a zone is compressed; the energy equation
 *      de = -(p + q) dV, with p + q the mean of the values that pushed the nodes at the start and
 *      at the end of the step, is solved exactly with the ideal-gas equation of state
 *      p = (gamma - 1) rho e for the pressure at the end;
 *   5. forces: the force of p + q on a node is minus its integral around the quadrilateral
 *      joining the centres of the node's four zones (Green's theorem), with the pressure varying
 *      linearly along each side. The centres are means of zone corners, so the force on a node
 *      reads all eight neighbouring nodes. A node on a wall sees the mirror image of the gas
 *      beyond it, and moves along the wall only; the corners stay fixed.
 *
 * Self-check: every zone keeps its mass, so the total mass must not change at all; the zones must
 * still tile the box (total area 1 up to rounding, every area positive); the total energy,
 * internal plus kinetic, is conserved by the equations, and the discretization must keep it
 * within a relative 1e-3 for n >= 32 (the error comes from the forces: the integral through the
 * zone centres is not exactly the derivative of the zone areas that the energy equation uses; it
 * falls as the mesh is refined). dt and the maxima of p and q (min<< and max<<, exact; nothing
 * else in a step is a reduction) print the same on any number of processes; the energy and the
 * checksums are +<< sums, printed with fewer digits than their rounding can change.
 *
 * Communication, every step: for the forces, the node coordinates and p + q go to all eight
 * neighbours (the corners too; two transfers, one for x and one for y); for the geometry, the
 * node coordinates go to the zones and the zone centres and conductances to their neighbours;
 * dt takes a min<< reduction; and in the two sweeps of the conduction solver one row goes
 * between the processes of a grid column for every row step that crosses a block boundary.
 * (The mirror images at the walls stay within the processes that hold the walls.) */
program simple;

config var n      : integer = 32;      -- zones on a side
           steps  : integer = 60;      -- time steps
           report : integer = 20;      -- print the state every report steps
           timing : boolean = false;   -- print the time of the steps

constant gamma : double = 1.4;         -- ratio of specific heats
         cv    : double = 1.0;         -- specific heat: temperature = e / cv
         kappa : double = 0.05;        -- thermal conductivity
         cfl   : double = 0.4;         -- Courant number
         cq    : double = 1.0;         -- quadratic and
         cl    : double = 0.2;         -- linear artificial viscosity coefficients
         tol   : double = 1.0e-3;      -- allowed relative change of the total energy

region Nodes = [0..n, 0..n];
       Zones = [1..n, 1..n];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
          nw = [-1, -1]; ne = [-1, 1]; sw = [1, -1]; se = [1, 1];

var X, Y       : [Nodes] double;       -- node positions
    U, V       : [Nodes] double;       -- node velocities
    AX, AY     : [Nodes] double;       -- node accelerations
    MN         : [Nodes] double;       -- node masses (a quarter of each of its four zones)
    M          : [Zones] double;       -- zone masses
    Area, A1   : [Zones] double;       -- zone areas at the start and at the end of the step
    Rho, E, P  : [Zones] double;       -- density, specific internal energy, pressure
    Q          : [Zones] double;       -- artificial viscosity
    PQ         : [Zones] double;       -- p + q that the last forces were computed with
    Width      : [Zones] double;       -- area / longest diagonal: the zone's smallest width
    Squeeze    : [Zones] double;       -- speed at which a zone is compressed (0 if it expands)
    DVol       : [Zones] double;       -- change of specific volume
    CX, CY     : [Zones] double;       -- zone centres
    GS, GN     : [Zones] double;       -- conductances of the zone's south and north faces
    T          : [Zones] double;       -- temperature after the conduction
    Diag, Rhs  : [Zones] double;       -- the columns' tridiagonal systems, being eliminated
    W          : [Zones] double;       -- multiplier of one elimination step
    h, dt, time    : double;
    mass0, energy0 : double;           -- total mass and energy at the start
    energy, t      : double;
    step           : integer;

-- Total energy: internal energy of the zones plus kinetic energy of the nodes, each zone lending
-- a quarter of its mass to each corner.
procedure total_energy() : double;
var internal, kinetic : double;
begin
  [Zones] begin
    internal := +<< (M * E);
    kinetic  := +<< (M * (U * U + V * V + U@north * U@north + V@north * V@north
                          + U@west * U@west + V@west * V@west + U@nw * U@nw + V@nw * V@nw)) / 8.0;
  end;
  return internal + kinetic;
end;

-- The accelerations of the nodes. Around a node, the sides of the quadrilateral joining the zone
-- centres run from the zone to the north-east to the NW, SW and SE zones and back; each term below
-- is the mean p + q of the two zones a side joins times 8 times a component of the side (the
-- difference of two centres, each the mean of four corners). Beyond the walls, the border cells
-- of the arrays hold the mirror image of the mesh and of p + q.
procedure accelerate();
begin
  [Zones] PQ := P + Q;
  [west of Zones]  reflect PQ;
  [east of Zones]  reflect PQ;
  [north of Zones] reflect PQ;
  [south of Zones] reflect PQ;
  [west of Nodes]  begin X := -X@[0, 2];       Y := Y@[0, 2];        end;   -- x = 0
  [east of Nodes]  begin X := 2.0 - X@[0, -2]; Y := Y@[0, -2];       end;   -- x = 1
  [north of Nodes] begin X := X@[2, 0];        Y := 2.0 - Y@[2, 0];  end;   -- y = 1
  [south of Nodes] begin X := X@[-2, 0];       Y := -Y@[-2, 0];      end;   -- y = 0
  [Nodes] begin
    AX := -((PQ@east + PQ) * (Y@nw + Y@west - Y@ne - Y@east)
          + (PQ + PQ@south) * (Y@sw + Y@south - Y@nw - Y@north)
          + (PQ@south + PQ@se) * (Y@east + Y@se - Y@west - Y@sw)
          + (PQ@se + PQ@east) * (Y@north + Y@ne - Y@south - Y@se)) / (8.0 * MN);
    AY :=  ((PQ@east + PQ) * (X@nw + X@west - X@ne - X@east)
          + (PQ + PQ@south) * (X@sw + X@south - X@nw - X@north)
          + (PQ@south + PQ@se) * (X@east + X@se - X@west - X@sw)
          + (PQ@se + PQ@east) * (X@north + X@ne - X@south - X@se)) / (8.0 * MN);
  end;
  -- Nodes on the walls move along them only.
  [0..n, 0] AX := 0.0;
  [0..n, n] AX := 0.0;
  [0, 0..n] AY := 0.0;
  [n, 0..n] AY := 0.0;
end;

-- The geometry of the mesh: zone areas (half the cross product of the diagonals), widths
-- (area / longest diagonal) and centres, and the conductances of the faces between the zones of
-- a column: G = kappa * (length of the face) / (distance of the centres), 0 at the walls.
procedure geometry();
begin
  [Zones] begin
    A1    := 0.5 * ((X - X@nw) * (Y@north - Y@west) - (Y - Y@nw) * (X@north - X@west));
    Width := A1 / max(sqrt(sqr(X - X@nw) + sqr(Y - Y@nw)),
                      sqrt(sqr(X@north - X@west) + sqr(Y@north - Y@west)));
    CX    := 0.25 * (X + X@north + X@west + X@nw);
    CY    := 0.25 * (Y + Y@north + Y@west + Y@nw);
    [1..n-1, 1..n] GS := kappa * sqrt(sqr(X - X@west) + sqr(Y - Y@west))
                         / sqrt(sqr(CX@south - CX) + sqr(CY@south - CY));
    [n, 1..n]      GS := 0.0;
    [2..n, 1..n]   GN := GS@north;
    [1, 1..n]      GN := 0.0;
  end;
end;

-- Heat conduction along the columns over dt, implicit: on every column the temperatures T' at
-- the end of the step satisfy
--   M_i cv (T'_i - T_i) = dt (GS_i (T'_i+1 - T'_i) - GN_i (T'_i - T'_i-1)),
-- a tridiagonal system, solved by elimination row by row. The sum of M cv T over a column does
-- not change: the walls are insulated.
procedure conduct();
var i : integer;
begin
  [Zones] begin
    Diag := M * cv + dt * (GN + GS);
    Rhs  := M * E;
  end;
  -- Forward elimination ...
  for i := 2 to n do
    [i, 1..n] begin
      W    := dt * GN / Diag@north;
      Diag := Diag - W * dt * GN;
      Rhs  := Rhs + W * Rhs@north;
    end;
  end;
  -- ... and back substitution.
  [n, 1..n] T := Rhs / Diag;
  for i := n - 1 downto 1 do
    [i, 1..n] T := (Rhs + dt * GS * T@south) / Diag;
  end;
  [Zones] E := cv * T;
end;

procedure simple();
begin
  -- A uniform mesh; gas at rest with density 1 and e = 1, plus a hot spot at (0.35, 0.6).
  h := 1.0 / n;
  [Nodes] begin
    X := Index2 * h;
    Y := 1.0 - Index1 * h;
  end;
  geometry();
  [Zones] begin
    Area := A1;
    Rho  := 1.0;
    M    := Rho * Area;
    E    := 1.0 + 10.0 * exp(-(sqr(CX - 0.35) + sqr(CY - 0.6)) / 0.01);
    P    := (gamma - 1.0) * Rho * E;
  end;
  [west of Zones]  reflect M;          -- the mirror images beyond the walls have mass too
  [east of Zones]  reflect M;
  [north of Zones] reflect M;
  [south of Zones] reflect M;
  [Nodes] MN := 0.25 * (M + M@east + M@south + M@se);
  [Zones] mass0 := +<< M;
  energy0 := total_energy();
  writeln("total mass %.12f":mass0, "  total energy %.10f":energy0);
  accelerate();

  dt := 1.0;
  time := 0.0;
  t := ResetTimer();
  for step := 1 to steps do
    -- 1. Time step: the Courant condition, with p + q for the pressure.
    [Zones] dt := min(cfl * min<< (Width / sqrt(gamma * PQ / Rho)), 1.2 * dt);

    -- 2. Half a kick and the move.
    [Nodes] begin
      U += 0.5 * dt * AX;
      V += 0.5 * dt * AY;
      X += dt * U;
      Y += dt * V;
    end;

    -- 3. The geometry of the moved mesh, and heat conduction on it.
    geometry();
    conduct();

    -- 4. Hydrodynamics: density, viscosity, then e and p from
    -- e' = e - (PQ + q' + (gamma - 1) rho' e') dV / 2.
    [Zones] begin
      Rho     := M / A1;
      Squeeze := max(Area - A1, 0.0) / (dt * sqrt(A1));
      Q       := Rho * Squeeze * (cq * Squeeze + cl * sqrt(gamma * P / Rho));
      DVol    := (A1 - Area) / M;
      E       := (E - 0.5 * (PQ + Q) * DVol) / (1.0 + 0.5 * (gamma - 1.0) * Rho * DVol);
      P       := (gamma - 1.0) * Rho * E;
      Area    := A1;
    end;

    -- 5. The new forces and the other half of the kick.
    accelerate();
    [Nodes] begin
      U += 0.5 * dt * AX;
      V += 0.5 * dt * AY;
    end;

    time += dt;
    if step % report = 0 then
      [Zones] writeln("step ", "%4d":step, "  time %.6f":time, "  dt %.6e":dt,
                      "  max pressure %.6f":max<< P, "  max q %.6f":max<< Q);
    end;
  end;
  t := CheckTimer();

  energy := total_energy();
  [Zones] begin
    writeln("total mass unchanged: ", +<< M = mass0);
    writeln("zones tile the box: ", abs(+<< Area - 1.0) < 1.0e-12 & min<< Area > 0.0);
    writeln("total energy %.10f":energy, "  conserved within %.0e: ":tol,
            abs(energy - energy0) < tol * energy0);
    writeln("checksum e %.10e":+<< E, "  rho %.10e":+<< Rho);
  end;
  [Nodes] begin
    writeln("checksum x %.10e":+<< X, "  y %.10e":+<< Y);
    writeln("checksum speed %.10e":+<< sqrt(U * U + V * V));
  end;
  if timing then
    writeln("loop seconds: %.6f":t);
  end;
end;
