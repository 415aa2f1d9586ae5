/* sc_coll.c - libsplit teams and split-phase collectives on MPI's non-blocking collectives.
 * Every collective owns its MPI request and is finished by polling (sc_wait_request), so the
 * transport keeps serving requests while a process waits; several may be in flight at once. */
#include "sc_internal.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct sc_team {
  MPI_Comm comm;
  int rank, size;
};

sc_team *sc_team_all;

typedef enum { COLL_REDUCE, COLL_SCAN, COLL_EXSCAN, COLL_BCAST, COLL_BARRIER } coll_kind;

struct sc_coll {
  MPI_Request req;
  coll_kind kind;
  sc_team *team;
  void *buf;                /* COLL_EXSCAN: rank 0 gets the identity here when done */
  size_t count;
  sc_type ty;
  sc_op op;
};

static const char *const kind_names[] = {"sc_all_reduce", "sc_all_scan", "sc_all_scan",
                                         "sc_bcast", "sc_barrier"};
static const char *const type_names[] = {"SC_I32", "SC_I64", "SC_F32", "SC_F64"};
static const char *const op_names[] = {"SC_SUM", "SC_PROD", "SC_MIN", "SC_MAX", "SC_LAND",
                                       "SC_LOR", "SC_BAND", "SC_BOR", "SC_BXOR"};

/* Wrap comm (which the team then owns). */
static sc_team *team_new(MPI_Comm comm) {
  sc_team *t = malloc(sizeof *t);
  if (!t)
    sc_fatal("out of memory");
  t->comm = comm;
  MPI_Comm_rank(comm, &t->rank);
  MPI_Comm_size(comm, &t->size);
  return t;
}

void sc_coll_init(void) {
  MPI_Comm c;
  MPI_Comm_dup(MPI_COMM_WORLD, &c);
  sc_team_all = team_new(c);
}

void sc_coll_finalize(void) {
  MPI_Comm_free(&sc_team_all->comm);
  free(sc_team_all);
  sc_team_all = NULL;
}

static void check_team(const char *call, const sc_team *t) {
  if (!t)
    sc_fatal("%s: null team%s", call, sc_team_all ? "" : " (libsplit is not initialized)");
}

/* A polling barrier on comm, after completing my gets and puts and pushing out held-back
 * traffic; afterwards, the window is synchronized (the transport's flush). */
static void team_barrier(MPI_Comm comm, const char *what) {
  MPI_Request r;
  sc_tp->sync_all();
  sc_tp->flush();
  MPI_Ibarrier(comm, &r);
  sc_wait_request(&r, SC_ST_BARRIER, what);
  sc_tp->flush();
}

sc_team *sc_team_split(sc_team *t, int color, int key) {
  check_team("sc_team_split", t);
  /* MPI 3 has no non-blocking split: first make sure every member is here and nobody waits for
   * anything of mine, then split (which completes without the transport's help). */
  team_barrier(t->comm, "sc_team_split");
  MPI_Comm c;
  MPI_Comm_split(t->comm, color < 0 ? MPI_UNDEFINED : color, key, &c);
  sc_stats[SC_ST_COLL].ops++;
  return c == MPI_COMM_NULL ? NULL : team_new(c);
}

void sc_team_free(sc_team *t) {
  if (t == NULL)
    return;
  if (t == sc_team_all)
    sc_fatal("sc_team_free: sc_team_all cannot be freed");
  sc_tp->flush();
  MPI_Comm_free(&t->comm);
  free(t);
}

int sc_team_rank(const sc_team *t) {
  check_team("sc_team_rank", t);
  return t->rank;
}

int sc_team_size(const sc_team *t) {
  check_team("sc_team_size", t);
  return t->size;
}

/* ---------------- types and operators ---------------- */

static size_t type_size(sc_type ty) { return ty == SC_I32 || ty == SC_F32 ? 4 : 8; }

/* The MPI datatype and operator for ty and op; stops on a combination that has no meaning. */
static void mpi_type_op(const char *call, sc_type ty, sc_op op, MPI_Datatype *dt, MPI_Op *mop) {
  if ((unsigned)ty > SC_F64)
    sc_fatal("%s: unknown type %d", call, (int)ty);
  if ((unsigned)op > SC_BXOR)
    sc_fatal("%s: unknown operator %d", call, (int)op);
  switch (ty) {
  case SC_I32: *dt = MPI_INT32_T; break;
  case SC_I64: *dt = MPI_INT64_T; break;
  case SC_F32: *dt = MPI_FLOAT; break;
  case SC_F64: *dt = MPI_DOUBLE; break;
  }
  bool is_float = ty == SC_F32 || ty == SC_F64;
  switch (op) {
  case SC_SUM: *mop = MPI_SUM; break;
  case SC_PROD: *mop = MPI_PROD; break;
  case SC_MIN: *mop = MPI_MIN; break;
  case SC_MAX: *mop = MPI_MAX; break;
  case SC_LAND: *mop = MPI_LAND; break;
  case SC_LOR: *mop = MPI_LOR; break;
  case SC_BAND: *mop = MPI_BAND; break;
  case SC_BOR: *mop = MPI_BOR; break;
  case SC_BXOR: *mop = MPI_BXOR; break;
  }
  if (is_float && op >= SC_LAND)
    sc_fatal("%s: %s is not defined on %s (logical and bitwise operators take SC_I32 or SC_I64)",
             call, op_names[op], type_names[ty]);
}

/* Fill count elements at buf with the identity of op on ty. */
static void fill_identity(void *buf, size_t count, sc_type ty, sc_op op) {
  for (size_t i = 0; i < count; i++) {
    int64_t iv = 0;
    double fv = 0;
    switch (op) {
    case SC_SUM: case SC_LOR: case SC_BOR: case SC_BXOR: iv = 0; fv = 0; break;
    case SC_PROD: case SC_LAND: iv = 1; fv = 1; break;
    case SC_BAND: iv = -1; break;
    case SC_MIN: iv = ty == SC_I32 ? INT32_MAX : INT64_MAX; fv = INFINITY; break;
    case SC_MAX: iv = ty == SC_I32 ? INT32_MIN : INT64_MIN; fv = -INFINITY; break;
    }
    switch (ty) {
    case SC_I32: ((int32_t *)buf)[i] = (int32_t)iv; break;
    case SC_I64: ((int64_t *)buf)[i] = iv; break;
    case SC_F32: ((float *)buf)[i] = (float)fv; break;
    case SC_F64: ((double *)buf)[i] = fv; break;
    }
  }
}

/* ---------------- split-phase collectives ---------------- */

/* A new handle of kind on t; counts the collective. */
static sc_coll *coll_new(coll_kind kind, sc_team *t, size_t bytes) {
  check_team(kind_names[kind], t);
  sc_coll *h = malloc(sizeof *h);
  if (!h)
    sc_fatal("out of memory");
  *h = (sc_coll){.req = MPI_REQUEST_NULL, .kind = kind, .team = t};
  sc_stat_kind st = kind == COLL_BARRIER ? SC_ST_BARRIER : SC_ST_COLL;
  sc_stats[st].ops++;
  sc_stats[st].bytes += bytes;
  return h;
}

static int checked_count(const char *call, size_t count) {
  if (count > INT_MAX)
    sc_fatal("%s: %zu elements are too many for one collective", call, count);
  return (int)count;
}

sc_coll *sc_all_reduce_begin(sc_team *t, void *inout, size_t count, sc_type ty, sc_op op) {
  MPI_Datatype dt;
  MPI_Op mop;
  mpi_type_op("sc_all_reduce", ty, op, &dt, &mop);
  int n = checked_count("sc_all_reduce", count);
  sc_coll *h = coll_new(COLL_REDUCE, t, count * type_size(ty));
  sc_tp->flush();
  MPI_Iallreduce(MPI_IN_PLACE, inout, n, dt, mop, t->comm, &h->req);
  return h;
}

sc_coll *sc_all_scan_begin(sc_team *t, void *inout, size_t count, sc_type ty, sc_op op, int exclusive) {
  MPI_Datatype dt;
  MPI_Op mop;
  mpi_type_op("sc_all_scan", ty, op, &dt, &mop);
  int n = checked_count("sc_all_scan", count);
  sc_coll *h = coll_new(exclusive ? COLL_EXSCAN : COLL_SCAN, t, count * type_size(ty));
  h->buf = inout;
  h->count = count;
  h->ty = ty;
  h->op = op;
  sc_tp->flush();
  if (exclusive)
    MPI_Iexscan(MPI_IN_PLACE, inout, n, dt, mop, t->comm, &h->req);
  else
    MPI_Iscan(MPI_IN_PLACE, inout, n, dt, mop, t->comm, &h->req);
  return h;
}

sc_coll *sc_bcast_begin(sc_team *t, void *buf, size_t n, int root) {
  check_team("sc_bcast", t);
  if (root < 0 || root >= t->size)
    sc_fatal("sc_bcast: root %d is not a rank of the team (0 .. %d)", root, t->size - 1);
  int cnt = checked_count("sc_bcast", n);
  sc_coll *h = coll_new(COLL_BCAST, t, n);
  sc_tp->flush();
  MPI_Ibcast(buf, cnt, MPI_BYTE, root, t->comm, &h->req);
  return h;
}

sc_coll *sc_barrier_begin(sc_team *t) {
  sc_coll *h = coll_new(COLL_BARRIER, t, 0);
  sc_tp->sync_all();
  sc_tp->flush();
  MPI_Ibarrier(t->comm, &h->req);
  return h;
}

/* The collective of h is complete: finish its result and free it. */
static void coll_done(sc_coll *h) {
  if (h->kind == COLL_EXSCAN && h->team->rank == 0)
    fill_identity(h->buf, h->count, h->ty, h->op);
  if (h->kind == COLL_BARRIER)
    sc_tp->flush();   /* in RMA: synchronize the window with what others did before */
  free(h);
}

void sc_coll_wait(sc_coll *h) {
  if (!h)
    sc_fatal("sc_coll_wait: null handle");
  sc_tp->flush();
  sc_wait_request(&h->req, h->kind == COLL_BARRIER ? SC_ST_BARRIER : SC_ST_COLL, kind_names[h->kind]);
  coll_done(h);
}

int sc_coll_test(sc_coll *h) {
  if (!h)
    sc_fatal("sc_coll_test: null handle");
  sc_tp->poll();
  int done = 0;
  MPI_Test(&h->req, &done, MPI_STATUS_IGNORE);
  if (done)
    coll_done(h);
  return done;
}

/* ---------------- blocking forms ---------------- */

void sc_all_reduce(sc_team *t, void *inout, size_t count, sc_type ty, sc_op op) {
  sc_coll_wait(sc_all_reduce_begin(t, inout, count, ty, op));
}

void sc_all_scan(sc_team *t, void *inout, size_t count, sc_type ty, sc_op op, int exclusive) {
  sc_coll_wait(sc_all_scan_begin(t, inout, count, ty, op, exclusive));
}

void sc_bcast(sc_team *t, void *buf, size_t n, int root) {
  sc_coll_wait(sc_bcast_begin(t, buf, n, root));
}

void sc_barrier(void) {
  if (!sc_team_all)
    sc_fatal("sc_barrier: libsplit is not initialized (call sc_init first)");
  sc_stats[SC_ST_BARRIER].ops++;
  team_barrier(sc_team_all->comm, "sc_barrier");
}
