/* mg_ref.c (bench/mg) - the NAS MG benchmark (NPB 3.x, classes S, W and A) in C with MPI, written
 * for this project as the reference azc's multigrid is measured against: it stands in for NPB's
 * own MPI implementation (Fortran, not available here) and computes what it computes, the way it
 * computes it (/work/shared/docs/nas-mg.md states the algorithm; bench/mg/README says how this
 * program is used).
 *
 * - Levels 0 (finest, n^3 points) .. L (2^3 points); level k's point c (0-based, per axis) is the
 *   finest grid's point c * 2^k + 2^k - 1, i.e. the 1-based indices that are multiples of 2^k.
 * - A 3-D block decomposition of the process grid like NPB's (the slowest axis split first; any
 *   process count whose grid the problem can be cut into, not only powers of two): the finest
 *   grid is cut into nearly equal blocks per axis (the first n % p blocks one larger) and every
 *   level's point lives on the process that owns its finest index, so restriction and
 *   interpolation need no data beyond one ghost layer. On coarse levels some processes own no
 *   point of an axis; they compute nothing and still receive the ghost cells the next finer
 *   level's interpolation reads.
 * - comm3: every array has one ghost layer on each side; an exchange fills it axis by axis (each
 *   axis's planes include the ghost cells of the axes before it, so edges and corners arrive
 *   too), periodic: the ghost plane below a process's first point comes from the process owning
 *   the point before it, wrapping around, and a process alone on its axis copies its own planes.
 * - resid, psinv, rprj3 and interp as NPB writes them: the 27-point stencils sum the four face
 *   and four edge neighbours across each line once (u1/u2, r1/r2, x1/y1) and reuse the sums for
 *   the line's neighbours; interp adds the trilinear prolongation with the partial sums z1, z2,
 *   z3 and fills the fine ghost cells itself. With the argument `plain` the three stencils are
 *   written out straight instead (each point sums its neighbours of each distance class the
 *   operator weighs): the same V-cycle as a plain transcription of the operators (the form of
 *   samples/mg.zpl) computes it.
 * - zran3: randlc's x_{k+1} = 5^13 x_k mod 2^46 from 314159265, skipped ahead by repeated
 *   squaring so that each process fills its own block; the 10 largest and 10 smallest values and
 *   their global positions from each process's candidates; +1 and -1 there.
 * - main: one untimed iteration, then reinitialization as NPB does; the timed part is resid, nit
 *   times mg3P and resid, and norm2u3, after a barrier, the slowest process's time.
 *
 * - Under SimGrid SMPI (bench/scale.sh) every loop nest over points reports its points to
 *   bench/smpi_work.h (bench_work: the operators' owned points, interp's and zero3's whole local
 *   arrays, comm3's plane copies) and the work is charged before each MPI call
 *   (bench_work_flush), so AZ_SMPI_WORK=F gives each point F flops; outside SMPI the hooks are
 *   nothing.
 *
 * Usage: mpirun -np P mg_ref CLASS|N [ITERATIONS] [plain]   (CLASS: S, W or A; N: N^3 points, a
 * power of two from 4, not verified: class U; ITERATIONS: 4 unless given, verified only at 4).
 * Prints like NPB (class, size, iterations, VERIFICATION SUCCESSFUL or UNSUCCESSFUL, the L2 norm,
 * "Time in seconds =",
 * "Mop/s total =" with 58 * nit * n^3 operations) and the peak resident memory of the largest
 * process; exits 1 when the verification fails, 2 on a bad command line or process count.
 * Build: mpicc -O3 -march=native mg_ref.c -o mg_ref -lm */
#include <math.h>
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "../smpi_work.h"

enum { NTOP = 10 }; /* charges of each sign */

/* A problem class: the side, the iterations and NPB's L2 norm of the final residual. */
typedef struct mg_class {
  char name;
  int n, nit;
  double verify; /* 0: a size of one's own (class U), not verified */
} mg_class;

static const mg_class mg_classes[] = {
    {'S', 32, 4, 5.307707005734e-05},
    {'W', 128, 4, 6.467329375339e-06},
    {'A', 256, 4, 2.433365309069e-06},
};

/* The operators' weights by distance class (centre, faces, edges, corners): A (the residual's)
 * and S (the smoother of classes S, W and A). */
static const double coef_a[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
static const double coef_s[4] = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};

/* ---- the generator ---- */

#define RAN_MOD_MASK ((UINT64_C(1) << 46) - 1)
static const uint64_t ran_a = UINT64_C(1220703125); /* 5^13 */
static const uint64_t ran_seed = UINT64_C(314159265);

/* randlc: x = a * x mod 2^46, returned as x / 2^46. NPB computes the product in doubles split into
 * 23-bit halves; a 64-bit product wraps modulo 2^64, a multiple of 2^46, so masking it gives the
 * same exact residue. */
static double randlc(uint64_t *x, uint64_t a) {
  *x = (*x * a) & RAN_MOD_MASK;
  return (double)*x * 0x1p-46;
}

/* vranlc: the next count values of the sequence through x into y. */
static void vranlc(int count, uint64_t *x, uint64_t a, double *y) {
  for (int i = 0; i < count; i++)
    y[i] = randlc(x, a);
}

/* a^k mod 2^46 by repeated squaring (NPB's power): the multiplier that skips k values. */
static uint64_t ran_power(uint64_t a, uint64_t k) {
  uint64_t p = 1;
  while (k) {
    if (k & 1)
      randlc(&p, a);
    randlc(&a, a);
    k >>= 1;
  }
  return p;
}

/* ---- the decomposition ---- */

/* One axis of comm3 at one level: who fills my two ghost planes, whom my edge planes fill. */
typedef struct axis_exchange {
  int from_lo, from_hi; /* ranks sending the planes of my ghost planes 0 and m-1 (me: I own the axis) */
  int nsend;
  int *send_rank;       /* the receivers of my planes */
  int *send_side;       /* 0: my last plane fills their ghost plane 0; 1: my first fills their m-1 */
} axis_exchange;

/* One level of the hierarchy on this process. Local index 0 and m-1 of each axis are the ghost
 * planes, 1 .. m-2 the owned points, whose global indices start at lo; axis 0 varies fastest. */
typedef struct level {
  int n;           /* points per side of the level */
  int lo[3], m[3]; /* the first owned global index and the local extent (owned + 2) per axis */
  size_t size;     /* m[0] * m[1] * m[2] */
  double *u, *r;
  axis_exchange ex[3];
} level;

/* The whole computation's state on this process. */
typedef struct mg {
  const mg_class *cls;
  mg_class own;          /* the class run: a class's, or `mg_ref N`'s (N points per side), its iterations */
  int plain;             /* stencils written out straight, without NPB's partial sums */
  int np, me, dims[3], coords[3];
  int nlev;              /* levels 0 .. nlev-1 */
  level *lev;
  double *v;             /* the right-hand side, on level 0 */
  double *line[3];       /* per-line partial sums, each as long as level 0's axis 0 */
  double *buf;           /* comm3's message buffers */
  size_t plane;          /* the largest plane, in doubles */
  MPI_Request *req;
} mg;

/* Allocates or stops the job. */
static void *alloc_or_die(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "mg_ref: out of memory (%zu bytes)\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  return p;
}

/* Block q of p of the indices 0 .. n-1 along an axis of the finest level: [*lo, *lo + *count). */
static void block_of(int n, int p, int q, int *lo, int *count) {
  int base = n / p, rem = n % p;
  *lo = q * base + (q < rem ? q : rem);
  *count = base + (q < rem);
}

/* Process q's first index and count along axis a at level k: the level's points whose finest
 * indices are in q's finest block. */
static void range_at(const mg *g, int a, int q, int k, int *lo, int *count) {
  int lo0, c0;
  block_of(g->cls->n, g->dims[a], q, &lo0, &c0);
  *lo = lo0 >> k;
  *count = ((lo0 + c0) >> k) - *lo;
}

/* The process coordinate along axis a owning index x of level k. */
static int owner_at(const mg *g, int a, int k, int x) {
  for (int q = 0; q < g->dims[a]; q++) {
    int lo, count;
    range_at(g, a, q, k, &lo, &count);
    if (x >= lo && x < lo + count)
      return q;
  }
  return -1; /* not reached: the ranges cover the level */
}

/* The rank of the process at coordinate q along axis a and at this process's other coordinates. */
static int rank_along(const mg *g, int a, int q) {
  int c[3] = {g->coords[0], g->coords[1], g->coords[2]};
  c[a] = q;
  return c[0] + g->dims[0] * (c[1] + g->dims[1] * c[2]);
}

/* comm3's plan for axis a of level k (periodic: indices wrap modulo the level's side). */
static void plan_exchange(const mg *g, level *L, int k, int a) {
  axis_exchange *e = &L->ex[a];
  int p = g->dims[a], n = L->n, c = g->coords[a];
  int lo = L->lo[a], count = L->m[a] - 2;
  e->from_lo = rank_along(g, a, owner_at(g, a, k, (lo - 1 + n) % n));
  e->from_hi = rank_along(g, a, owner_at(g, a, k, (lo + count) % n));
  e->send_rank = alloc_or_die(2 * (size_t)p * sizeof(int));
  e->send_side = alloc_or_die(2 * (size_t)p * sizeof(int));
  e->nsend = 0;
  for (int q = 0; q < p; q++) {
    if (q == c)
      continue; /* my own ghost planes: a copy when I own the whole axis */
    int qlo, qcount;
    range_at(g, a, q, k, &qlo, &qcount);
    if (owner_at(g, a, k, (qlo - 1 + n) % n) == c) {
      e->send_rank[e->nsend] = rank_along(g, a, q);
      e->send_side[e->nsend++] = 0;
    }
    if (owner_at(g, a, k, (qlo + qcount) % n) == c) {
      e->send_rank[e->nsend] = rank_along(g, a, q);
      e->send_side[e->nsend++] = 1;
    }
  }
}

/* The process grid (NPB's shape: the most processes along the slowest axis) and every level;
 * returns 0, or 1 after saying why the grid cannot be cut. */
static int mg_setup(mg *g) {
  int n = g->cls->n, d[3] = {0, 0, 0};
  MPI_Dims_create(g->np, 3, d); /* non-increasing */
  for (int a = 0; a < 3; a++)
    g->dims[a] = d[2 - a];
  g->coords[0] = g->me % g->dims[0];
  g->coords[1] = g->me / g->dims[0] % g->dims[1];
  g->coords[2] = g->me / (g->dims[0] * g->dims[1]);
  if (g->dims[2] > n) {
    if (g->me == 0)
      fprintf(stderr, "mg_ref: class %c (%d^3) cannot be cut into %d x %d x %d blocks of at least one point\n",
              g->cls->name, n, g->dims[0], g->dims[1], g->dims[2]);
    return 1;
  }
  g->nlev = 0;
  while ((n >> g->nlev) >= 2)
    g->nlev++;
  g->lev = alloc_or_die((size_t)g->nlev * sizeof *g->lev);
  for (int k = 0; k < g->nlev; k++) {
    level *L = &g->lev[k];
    L->n = n >> k;
    for (int a = 0; a < 3; a++) {
      int count;
      range_at(g, a, g->coords[a], k, &L->lo[a], &count);
      L->m[a] = count + 2;
    }
    L->size = (size_t)L->m[0] * L->m[1] * L->m[2];
    L->u = alloc_or_die(L->size * sizeof(double));
    L->r = alloc_or_die(L->size * sizeof(double));
    for (int a = 0; a < 3; a++)
      plan_exchange(g, L, k, a);
  }
  const level *f = &g->lev[0];
  g->v = alloc_or_die(f->size * sizeof(double));
  for (int i = 0; i < 3; i++)
    g->line[i] = alloc_or_die((size_t)f->m[0] * sizeof(double));
  int maxp = 1;
  g->plane = 0;
  for (int a = 0; a < 3; a++) {
    size_t s = f->size / (size_t)f->m[a];
    if (s > g->plane)
      g->plane = s;
    if (g->dims[a] > maxp)
      maxp = g->dims[a];
  }
  g->buf = alloc_or_die((2 + 2 * (size_t)maxp) * g->plane * sizeof(double));
  g->req = alloc_or_die((2 + 2 * (size_t)maxp) * sizeof(MPI_Request));
  return 0;
}

/* ---- comm3 ---- */

/* A box of local indices: [lo[a], hi[a]) per axis. */
typedef struct box {
  int lo[3], hi[3];
} box;

/* The plane at local index `at` of axis a as comm3 moves it: the whole extent of the axes before
 * a (their ghost cells are current), the owned points of the axes after it. */
static box plane_box(const level *L, int a, int at) {
  box b;
  for (int x = 0; x < 3; x++) {
    b.lo[x] = x < a ? 0 : 1;
    b.hi[x] = x < a ? L->m[x] : L->m[x] - 1;
  }
  b.lo[a] = at;
  b.hi[a] = at + 1;
  return b;
}

/* The box's values of u, in order, into buf (to = 0) or from buf into the box (to = 1). */
static void box_move(double *u, const int m[3], box b, double *buf, int to) {
  size_t k = 0;
  for (int i3 = b.lo[2]; i3 < b.hi[2]; i3++)
    for (int i2 = b.lo[1]; i2 < b.hi[1]; i2++) {
      double *row = u + ((size_t)i3 * m[1] + i2) * m[0];
      for (int i1 = b.lo[0]; i1 < b.hi[0]; i1++, k++) {
        if (to)
          row[i1] = buf[k];
        else
          buf[k] = row[i1];
      }
    }
  bench_work((double)k);
}

/* The number of values in the box. */
static int box_count(box b) {
  return (b.hi[0] - b.lo[0]) * (b.hi[1] - b.lo[1]) * (b.hi[2] - b.lo[2]);
}

/* The points this process owns on level L (its arrays without their ghost planes). */
static double owned_points(const level *L) {
  return (double)(L->m[0] - 2) * (L->m[1] - 2) * (L->m[2] - 2);
}

/* Fills the ghost cells of u, an array of level L: axis 0, 1, then 2. */
static void comm3(mg *g, const level *L, double *u) {
  for (int a = 0; a < 3; a++) {
    const axis_exchange *e = &L->ex[a];
    int last = L->m[a] - 2;
    box ghost_lo = plane_box(L, a, 0), ghost_hi = plane_box(L, a, last + 1);
    box first = plane_box(L, a, 1), lastp = plane_box(L, a, last);
    int count = box_count(first);
    if (count == 0)
      continue; /* no plane along this axis (the same for every process of the line) */
    double *in_lo = g->buf, *in_hi = g->buf + g->plane;
    if (e->from_lo == g->me) { /* I own the whole axis: my own planes wrap around */
      box_move(u, L->m, lastp, in_lo, 0);
      box_move(u, L->m, first, in_hi, 0);
      box_move(u, L->m, ghost_lo, in_lo, 1);
      box_move(u, L->m, ghost_hi, in_hi, 1);
      continue;
    }
    int nreq = 0;
    bench_work_flush();
    MPI_Irecv(in_lo, count, MPI_DOUBLE, e->from_lo, 2 * a, MPI_COMM_WORLD, &g->req[nreq++]);
    MPI_Irecv(in_hi, count, MPI_DOUBLE, e->from_hi, 2 * a + 1, MPI_COMM_WORLD, &g->req[nreq++]);
    for (int s = 0; s < e->nsend; s++) {
      double *out = g->buf + (2 + (size_t)s) * g->plane;
      box_move(u, L->m, e->send_side[s] ? first : lastp, out, 0);
      bench_work_flush();
      MPI_Isend(out, count, MPI_DOUBLE, e->send_rank[s], 2 * a + e->send_side[s], MPI_COMM_WORLD,
                &g->req[nreq++]);
    }
    MPI_Waitall(nreq, g->req, MPI_STATUSES_IGNORE);
    box_move(u, L->m, ghost_lo, in_lo, 1);
    box_move(u, L->m, ghost_hi, in_hi, 1);
  }
}

/* ---- the operators (NPB's loops; local indices, ghost cells included) ---- */

/* Sums of the neighbours of the point at p by distance class, for the plain stencils: the 6
 * faces, the 12 edges and the 8 corners (s2, s3: the strides of axes 1 and 2). */
static inline double faces(const double *p, ptrdiff_t s2, ptrdiff_t s3) {
  return p[-1] + p[1] + p[-s2] + p[s2] + p[-s3] + p[s3];
}
static inline double edges(const double *p, ptrdiff_t s2, ptrdiff_t s3) {
  return p[-1 - s2] + p[1 - s2] + p[-1 + s2] + p[1 + s2] + p[-1 - s3] + p[1 - s3] + p[-1 + s3] + p[1 + s3] +
         p[-s2 - s3] + p[s2 - s3] + p[-s2 + s3] + p[s2 + s3];
}
static inline double corners(const double *p, ptrdiff_t s2, ptrdiff_t s3) {
  return p[-1 - s2 - s3] + p[1 - s2 - s3] + p[-1 + s2 - s3] + p[1 + s2 - s3] + p[-1 - s2 + s3] +
         p[1 - s2 + s3] + p[-1 + s2 + s3] + p[1 + s2 + s3];
}

/* For every point (i2, i3) of the line at c: s1 = the 4 face neighbours across the line, s2 =
 * the 4 edge neighbours across it (NPB's u1/u2), over the whole line including its ghosts. */
static inline void cross_sums(const double *restrict c, int n1, ptrdiff_t s2, ptrdiff_t s3, double *restrict sum1,
                              double *restrict sum2) {
  for (int i1 = 0; i1 < n1; i1++) {
    sum1[i1] = c[i1 - s2] + c[i1 + s2] + c[i1 - s3] + c[i1 + s3];
    sum2[i1] = c[i1 - s2 - s3] + c[i1 + s2 - s3] + c[i1 - s2 + s3] + c[i1 + s2 + s3];
  }
}

/* r = v - A u on the owned points of level L, then r's ghost cells; v may be r. */
static void resid(mg *g, const level *L, const double *restrict u, const double *v, double *r) {
  const int n1 = L->m[0], n2 = L->m[1], n3 = L->m[2];
  const ptrdiff_t s2 = n1, s3 = (ptrdiff_t)n1 * n2;
  const double a0 = coef_a[0], a2 = coef_a[2], a3 = coef_a[3]; /* coef_a[1] = 0, as NPB assumes */
  double *restrict u1 = g->line[0], *restrict u2 = g->line[1];
  for (int i3 = 1; i3 < n3 - 1; i3++)
    for (int i2 = 1; i2 < n2 - 1; i2++) {
      const ptrdiff_t o = i2 * s2 + i3 * s3;
      const double *c = u + o;
      const double *vl = v + o;
      double *rl = r + o;
      if (g->plain) {
        for (int i1 = 1; i1 < n1 - 1; i1++)
          rl[i1] = vl[i1] - a0 * c[i1] - a2 * edges(c + i1, s2, s3) - a3 * corners(c + i1, s2, s3);
        continue;
      }
      cross_sums(c, n1, s2, s3, u1, u2);
      for (int i1 = 1; i1 < n1 - 1; i1++)
        rl[i1] = vl[i1] - a0 * c[i1] - a2 * (u2[i1] + u1[i1 - 1] + u1[i1 + 1]) - a3 * (u2[i1 - 1] + u2[i1 + 1]);
    }
  bench_work(owned_points(L));
  comm3(g, L, r);
}

/* u = u + S r on the owned points of level L (the smoother), then u's ghost cells. */
static void psinv(mg *g, const level *L, const double *restrict r, double *restrict u) {
  const int n1 = L->m[0], n2 = L->m[1], n3 = L->m[2];
  const ptrdiff_t s2 = n1, s3 = (ptrdiff_t)n1 * n2;
  const double c0 = coef_s[0], c1 = coef_s[1], c2 = coef_s[2]; /* coef_s[3] = 0, as NPB assumes */
  double *restrict r1 = g->line[0], *restrict r2 = g->line[1];
  for (int i3 = 1; i3 < n3 - 1; i3++)
    for (int i2 = 1; i2 < n2 - 1; i2++) {
      const ptrdiff_t o = i2 * s2 + i3 * s3;
      const double *c = r + o;
      double *ul = u + o;
      if (g->plain) {
        for (int i1 = 1; i1 < n1 - 1; i1++)
          ul[i1] = ul[i1] + c0 * c[i1] + c1 * faces(c + i1, s2, s3) + c2 * edges(c + i1, s2, s3);
        continue;
      }
      cross_sums(c, n1, s2, s3, r1, r2);
      for (int i1 = 1; i1 < n1 - 1; i1++)
        ul[i1] = ul[i1] + c0 * c[i1] + c1 * (c[i1 - 1] + c[i1 + 1] + r1[i1]) + c2 * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
    }
  bench_work(owned_points(L));
  comm3(g, L, u);
}

/* Where coarse local index j of an axis sits on the finer level: at fine local 2 j + off, off
 * being 0 or -1 with the parity of the finer level's first owned index. */
static int fine_offset(const level *fine, int a) {
  return -(fine->lo[a] & 1);
}

/* s = P r: the residual r of level F restricted to the owned points of level C = F + 1, then s's
 * ghost cells. */
static void rprj3(mg *g, const level *F, const double *restrict r, const level *C, double *restrict s) {
  const int mc1 = C->m[0], mc2 = C->m[1], mc3 = C->m[2];
  const ptrdiff_t s2 = F->m[0], s3 = (ptrdiff_t)F->m[0] * F->m[1];
  const ptrdiff_t t2 = mc1, t3 = (ptrdiff_t)mc1 * mc2;
  const int d1 = fine_offset(F, 0), d2 = fine_offset(F, 1), d3 = fine_offset(F, 2);
  double *restrict x1 = g->line[0], *restrict y1 = g->line[1];
  for (int j3 = 1; j3 < mc3 - 1; j3++)
    for (int j2 = 1; j2 < mc2 - 1; j2++) {
      const double *c = r + (2 * j2 + d2) * s2 + (2 * j3 + d3) * s3;
      double *sl = s + j2 * t2 + j3 * t3;
      if (g->plain) {
        for (int j1 = 1; j1 < mc1 - 1; j1++) {
          const double *p = c + 2 * j1 + d1;
          sl[j1] = 0.5 * p[0] + 0.25 * faces(p, s2, s3) + 0.125 * edges(p, s2, s3) + 0.0625 * corners(p, s2, s3);
        }
        continue;
      }
      for (int j1 = 1; j1 < mc1; j1++) { /* the fine points between the coarse ones */
        int i1 = 2 * j1 + d1 - 1;
        x1[i1] = c[i1 - s2] + c[i1 + s2] + c[i1 - s3] + c[i1 + s3];
        y1[i1] = c[i1 - s2 - s3] + c[i1 - s2 + s3] + c[i1 + s2 - s3] + c[i1 + s2 + s3];
      }
      for (int j1 = 1; j1 < mc1 - 1; j1++) {
        int i1 = 2 * j1 + d1;
        double y2 = c[i1 - s2 - s3] + c[i1 - s2 + s3] + c[i1 + s2 - s3] + c[i1 + s2 + s3];
        double x2 = c[i1 - s2] + c[i1 + s2] + c[i1 - s3] + c[i1 + s3];
        sl[j1] = 0.5 * c[i1] + 0.25 * (c[i1 - 1] + c[i1 + 1] + x2) + 0.125 * (x1[i1 - 1] + x1[i1 + 1] + y2) +
                 0.0625 * (y1[i1 - 1] + y1[i1 + 1]);
      }
    }
  bench_work(owned_points(C));
  comm3(g, C, s);
}

/* One fine line of interp: f (mf values) += w times the coarse line z interpolated along axis 0,
 * off as fine_offset (z holds every coarse point the line reaches). */
static void interp_line(double *restrict f, int mf, const double *restrict z, int off, double w) {
  if (off) { /* fine point 0 lies between coarse points 0 and 1 */
    f[0] += 0.5 * w * (z[1] + z[0]);
    f++, mf--, z++;
  }
  const double h = 0.5 * w;
  int j = 0;
  for (; 2 * j + 1 < mf; j++) {
    f[2 * j] += w * z[j];
    f[2 * j + 1] += h * (z[j + 1] + z[j]);
  }
  if (2 * j < mf)
    f[2 * j] += w * z[j];
}

/* u = u + Q z: level C's z interpolated onto every local point of level F = C - 1, ghost cells
 * included (they are computed from z's ghost cells as their owners compute them). */
static void interp(mg *g, const level *C, const double *restrict z, const level *F, double *restrict u) {
  const int mc1 = C->m[0], mc2 = C->m[1], mc3 = C->m[2];
  const int mf1 = F->m[0], mf2 = F->m[1], mf3 = F->m[2];
  const ptrdiff_t t2 = mc1, t3 = (ptrdiff_t)mc1 * mc2;
  const ptrdiff_t s2 = mf1, s3 = (ptrdiff_t)mf1 * mf2;
  const int d1 = fine_offset(F, 0), d2 = fine_offset(F, 1), d3 = fine_offset(F, 2);
  double *restrict z1 = g->line[0], *restrict z2 = g->line[1], *restrict z3 = g->line[2];
  for (int j3 = 0; j3 < mc3; j3++)
    for (int j2 = 0; j2 < mc2; j2++) {
      const double *z0 = z + j2 * t2 + j3 * t3;
      int next2 = j2 + 1 < mc2, next3 = j3 + 1 < mc3;
      for (int j1 = 0; j1 < mc1; j1++) {
        if (next2)
          z1[j1] = z0[j1 + t2] + z0[j1];
        if (next3)
          z2[j1] = z0[j1 + t3] + z0[j1];
        if (next2 && next3)
          z3[j1] = z0[j1 + t2 + t3] + z0[j1 + t3] + z1[j1];
      }
      /* the four fine lines at (2 j2 + d2 + e2, 2 j3 + d3 + e3); those between two coarse lines
       * exist only where the next coarse line does */
      const double *zl[2][2] = {{z0, z1}, {z2, z3}};
      const double w[2][2] = {{1.0, 0.5}, {0.5, 0.25}};
      for (int e3 = 0; e3 < 2; e3++)
        for (int e2 = 0; e2 < 2; e2++) {
          int i2 = 2 * j2 + d2 + e2, i3 = 2 * j3 + d3 + e3;
          if (i2 < 0 || i2 >= mf2 || i3 < 0 || i3 >= mf3)
            continue;
          interp_line(u + i2 * s2 + i3 * s3, mf1, zl[e3][e2], d1, w[e3][e2]);
        }
    }
  bench_work((double)F->size); /* every local point of F, ghost cells included */
}

/* ---- the V-cycle ---- */

/* Zeroes a whole local array, ghost cells included. */
static void zero3(double *u, const level *L) {
  memset(u, 0, L->size * sizeof(double));
  bench_work((double)L->size);
}

/* NPB's mg3P: restrict the residual to the coarsest level, smooth there, then up the levels
 * interpolate, correct the residual and smooth; on the finest level against v. */
static void mg3p(mg *g) {
  int top = g->nlev - 1;
  for (int k = 0; k < top; k++)
    rprj3(g, &g->lev[k], g->lev[k].r, &g->lev[k + 1], g->lev[k + 1].r);
  level *L = &g->lev[top];
  zero3(L->u, L);
  psinv(g, L, L->r, L->u);
  for (int k = top - 1; k >= 1; k--) {
    L = &g->lev[k];
    zero3(L->u, L);
    interp(g, &g->lev[k + 1], g->lev[k + 1].u, L, L->u);
    resid(g, L, L->u, L->r, L->r);
    psinv(g, L, L->r, L->u);
  }
  L = &g->lev[0];
  interp(g, &g->lev[1], g->lev[1].u, L, L->u);
  resid(g, L, L->u, g->v, L->r);
  psinv(g, L, L->r, L->u);
}

/* NPB's norm2u3: the L2 norm sqrt(sum u^2 / n^3) and the largest |u| over the owned points. */
static void norm2u3(const level *L, const double *u, double *rnm2, double *rnmu) {
  double s = 0, mx = 0;
  for (int i3 = 1; i3 < L->m[2] - 1; i3++)
    for (int i2 = 1; i2 < L->m[1] - 1; i2++) {
      const double *row = u + ((size_t)i3 * L->m[1] + i2) * L->m[0];
      for (int i1 = 1; i1 < L->m[0] - 1; i1++) {
        s += row[i1] * row[i1];
        if (fabs(row[i1]) > mx)
          mx = fabs(row[i1]);
      }
    }
  bench_work(owned_points(L));
  bench_work_flush();
  double sum;
  MPI_Allreduce(&s, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&mx, rnmu, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  *rnm2 = sqrt(sum / ((double)L->n * L->n * L->n));
}

/* ---- zran3: the right-hand side ---- */

/* A candidate charge: a value and its global position (i1 + n i2 + n^2 i3; -1: none). */
typedef struct charge {
  double value, pos;
} charge;

/* Keeps best[0..NTOP-1] the NTOP most extreme values seen (best[0] the least extreme of them):
 * the largest if sign > 0, the smallest if sign < 0 (NPB's bubble). */
static void keep_extreme(charge *best, double value, double pos, int sign) {
  if (sign * value <= sign * best[0].value)
    return;
  int i = 0;
  while (i + 1 < NTOP && sign * value > sign * best[i + 1].value) {
    best[i] = best[i + 1];
    i++;
  }
  best[i].value = value;
  best[i].pos = pos;
}

/* qsort order of candidates: the largest value first, ties by position. */
static int by_value_desc(const void *x, const void *y) {
  const charge *a = x, *b = y;
  if (a->value != b->value)
    return a->value > b->value ? -1 : 1;
  return (a->pos > b->pos) - (a->pos < b->pos);
}

/* Puts `value` at each of the NTOP most extreme candidates of all[0..count-1] that lies in this
 * process's block (sign > 0: the largest, sign < 0: the smallest). */
static void place_charges(const mg *g, charge *all, int count, int sign, double value) {
  const level *L = &g->lev[0];
  int n = L->n;
  qsort(all, (size_t)count, sizeof *all, by_value_desc);
  for (int t = 0, placed = 0; t < count && placed < NTOP; t++) {
    const charge *c = sign > 0 ? &all[t] : &all[count - 1 - t];
    if (c->pos < 0)
      continue;
    placed++;
    long pos = (long)c->pos;
    int x[3] = {(int)(pos % n), (int)(pos / n % n), (int)(pos / n / n)}, in = 1;
    for (int a = 0; a < 3; a++) {
      x[a] -= L->lo[a] - 1;
      in = in && x[a] >= 1 && x[a] <= L->m[a] - 2;
    }
    if (in)
      g->v[((size_t)x[2] * L->m[1] + x[1]) * L->m[0] + x[0]] = value;
  }
}

/* NPB's zran3: v = +1 at the NTOP largest values of the random field, -1 at the NTOP smallest, 0
 * elsewhere; each process generates its own block and the processes' candidates decide. */
static void zran3(mg *g) {
  const level *L = &g->lev[0];
  double *z = g->v;
  uint64_t n = (uint64_t)L->n;
  uint64_t a1 = ran_power(ran_a, n), a2 = ran_power(ran_a, n * n);
  uint64_t first = (uint64_t)L->lo[0] + n * ((uint64_t)L->lo[1] + n * (uint64_t)L->lo[2]);
  uint64_t x0 = ran_seed;
  randlc(&x0, ran_power(ran_a, first));
  zero3(z, L);
  const int c1 = L->m[0] - 2;
  charge hi[NTOP], lo[NTOP];
  for (int i = 0; i < NTOP; i++) {
    hi[i] = (charge){0.0, -1};
    lo[i] = (charge){1.0, -1};
  }
  for (int i3 = 1; i3 < L->m[2] - 1; i3++) {
    uint64_t x1 = x0;
    for (int i2 = 1; i2 < L->m[1] - 1; i2++) {
      uint64_t xx = x1;
      double *row = z + ((size_t)i3 * L->m[1] + i2) * L->m[0];
      vranlc(c1, &xx, ran_a, row + 1);
      double base = (double)L->lo[0] + (double)n * ((L->lo[1] + i2 - 1) + (double)n * (L->lo[2] + i3 - 1));
      for (int i1 = 1; i1 <= c1; i1++) {
        keep_extreme(hi, row[i1], base + i1 - 1, +1);
        keep_extreme(lo, row[i1], base + i1 - 1, -1);
      }
      randlc(&x1, a1);
    }
    randlc(&x0, a2);
  }
  charge mine[2 * NTOP];
  memcpy(mine, hi, sizeof hi);
  memcpy(mine + NTOP, lo, sizeof lo);
  charge *all = alloc_or_die((size_t)g->np * 2 * NTOP * sizeof *all);
  bench_work_flush();
  MPI_Allgather(mine, 4 * NTOP, MPI_DOUBLE, all, 4 * NTOP, MPI_DOUBLE, MPI_COMM_WORLD);
  zero3(z, L);
  int count = g->np * 2 * NTOP;
  place_charges(g, all, count, -1, -1.0);
  place_charges(g, all, count, +1, +1.0);
  free(all);
  comm3(g, L, z);
}

/* ---- main ---- */

/* The largest resident set of any process, in kilobytes. */
static long peak_rss_kb(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  long mine = ru.ru_maxrss, most;
  MPI_Allreduce(&mine, &most, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
  return most;
}

/* A power of two from 4 written in decimal, or 0. */
static int power_of_two_side(const char *s) {
  char *end;
  long n = strtol(s, &end, 10);
  if (*s < '0' || *s > '9' || *end || n < 4 || n > 1 << 20 || (n & (n - 1)))
    return 0;
  return (int)n;
}

/* The iterations ITERATIONS asks for (1 to 10000), or 0 if it is not such a number. */
static int iterations_arg(const char *a) {
  char *end;
  long v = strtol(a, &end, 10);
  return a[0] >= '0' && a[0] <= '9' && *end == 0 && v >= 1 && v <= 10000 ? (int)v : 0;
}

/* Reads `mg_ref CLASS|N [ITERATIONS] [plain]`; returns 0, or 2 after one line from process 0 saying
 * what is wrong. Iterations other than the class's 4 are not verified. */
static int parse_args(mg *g, int argc, char **argv) {
  g->cls = NULL;
  g->plain = 0;
  for (size_t i = 0; argc >= 2 && i < sizeof mg_classes / sizeof mg_classes[0]; i++)
    if (argv[1][0] == mg_classes[i].name && argv[1][1] == 0)
      g->own = mg_classes[i], g->cls = &g->own;
  if (argc >= 2 && !g->cls && power_of_two_side(argv[1])) {
    g->own = (mg_class){'U', power_of_two_side(argv[1]), 4, 0.0};
    g->cls = &g->own;
  }
  const char *bad = NULL;
  int nit = 0;
  for (int i = 2; i < argc && !bad; i++) { /* ITERATIONS at most once, before plain */
    int it = iterations_arg(argv[i]);
    if (strcmp(argv[i], "plain") == 0 && !g->plain)
      g->plain = 1;
    else if (it && !nit && !g->plain)
      nit = it;
    else
      bad = argv[i];
  }
  char what[160];
  if (argc < 2)
    snprintf(what, sizeof what, "no class given");
  else if (!g->cls)
    snprintf(what, sizeof what, "unknown class '%.40s'", argv[1]);
  else if (bad)
    snprintf(what, sizeof what, "unknown argument '%.40s'", bad);
  else {
    if (nit && nit != g->own.nit)
      g->own.nit = nit, g->own.verify = 0.0;
    return 0;
  }
  if (g->me == 0)
    fprintf(stderr,
            "mg_ref: %s (usage: mg_ref CLASS|N [ITERATIONS] [plain], CLASS: S, W or A; N: points per "
            "side, a power of two from 4; not verified but for a class at 4 iterations)\n",
            what);
  return 2;
}

/* NPB's report. */
static void report(const mg *g, double rnm2, double secs, double init_secs, long rss_kb) {
  const mg_class *c = g->cls;
  double err = c->verify ? fabs(rnm2 - c->verify) / c->verify : 0.0;
  int ok = c->verify && err <= 1e-8;
  const char *verdict = !c->verify ? "NOT PERFORMED" : ok ? "SUCCESSFUL" : "UNSUCCESSFUL";
  double mops = secs > 0 ? 58.0 * c->nit * (double)c->n * c->n * c->n / secs / 1e6 : 0.0;
  char size[64];
  snprintf(size, sizeof size, "%4dx%4dx%4d", c->n, c->n, c->n);
  printf("\n NAS Parallel Benchmarks (NPB 3.x MG, bench/mg/mg_ref.c: C + MPI) - MG Benchmark\n\n");
  printf(" Size: %4dx%4dx%4d  (class %c)\n", c->n, c->n, c->n, c->name);
  printf(" Iterations: %4d\n", c->nit);
  printf(" Number of processes: %6d (process grid %d x %d x %d)\n", g->np, g->dims[0], g->dims[1], g->dims[2]);
  printf(" Stencils: %s\n\n", g->plain ? "plain 27-point sums" : "NPB's partial sums (u1/u2)");
  printf(" Initialization time: %15.6f seconds\n\n", init_secs);
  printf(" Benchmark completed\n");
  if (c->verify)
    printf(" VERIFICATION %s\n", verdict);
  else
    printf(" Problem size unknown: no verification\n");
  printf(" L2 Norm is  %20.13E\n", rnm2);
  printf(" Error is    %20.13E\n\n", err);
  printf(" MG Benchmark Completed.\n");
  printf(" Class           = %24c\n", c->name);
  printf(" Size            = %24s\n", size);
  printf(" Iterations      = %24d\n", c->nit);
  printf(" Time in seconds = %24.6f\n", secs);
  printf(" Total processes = %24d\n", g->np);
  printf(" Mop/s total     = %24.2f\n", mops);
  printf(" Mop/s/process   = %24.2f\n", mops / g->np);
  printf(" Operation type  = %24s\n", "floating point");
  printf(" Verification    = %24s\n", verdict);
  printf(" Peak memory     = %21.1f MB (resident, the largest process)\n", rss_kb / 1024.0);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  mg g;
  MPI_Comm_size(MPI_COMM_WORLD, &g.np);
  MPI_Comm_rank(MPI_COMM_WORLD, &g.me);
  if (parse_args(&g, argc, argv) || mg_setup(&g)) {
    MPI_Finalize();
    return 2;
  }
  double t_init = MPI_Wtime();
  level *top = &g.lev[0];
  double rnm2, rnmu;

  /* NPB: the untimed iteration, then u, v and r from the start again */
  zero3(top->u, top);
  zran3(&g);
  resid(&g, top, top->u, g.v, top->r);
  mg3p(&g);
  resid(&g, top, top->u, g.v, top->r);
  zero3(top->u, top);
  zran3(&g);
  bench_work_flush();
  t_init = MPI_Wtime() - t_init;

  MPI_Barrier(MPI_COMM_WORLD);
  bench_work_start_loop();
  double t0 = MPI_Wtime();
  resid(&g, top, top->u, g.v, top->r);
  norm2u3(top, top->r, &rnm2, &rnmu);
  for (int it = 0; it < g.cls->nit; it++) {
    mg3p(&g);
    resid(&g, top, top->u, g.v, top->r);
  }
  norm2u3(top, top->r, &rnm2, &rnmu);
  bench_work_flush();
  double secs = MPI_Wtime() - t0, slowest, init_slowest;
  bench_work_end_loop(secs, g.me);
  MPI_Reduce(&secs, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&t_init, &init_slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  long rss = peak_rss_kb();
  int ok = !g.cls->verify || fabs(rnm2 - g.cls->verify) / g.cls->verify <= 1e-8;
  if (g.me == 0)
    report(&g, rnm2, slowest, init_slowest, rss);
  MPI_Finalize();
  return ok ? 0 : 1;
}
