/* sc_core.c - the libsplit core: start-up and configuration, global pointers, the segment
 * allocators, argument checks of every public primitive, statistics, the polling wait loop and
 * its watchdog, strided-section helpers, store-counter ids, and the public wrappers that check,
 * count and hand each call to the transport (sc_tp). */
#include "sc_internal.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int sc_myproc_ = 0;
int sc_procs_ = 0;
sc_segment sc_seg;
sc_stat sc_stats[SC_ST__COUNT];
const char *const sc_stat_names[SC_ST__COUNT] = {
  "get", "put", "store", "read", "write", "get_section", "put_section", "store_section", "atomic",
  "sync", "store_sync", "all_store_sync", "store_local_sync", "barrier", "collective", "poll",
};
int sc_n_stctr;
int sc_am_ring_sources;
const sc_transport_ops *sc_tp;

#define SC_DEFAULT_SEGMENT ((size_t)16 << 20)
#define SC_DEFAULT_STCTR 64
#define SC_MAX_STCTR 2048
#define SC_ALIGN 16

static struct {
  bool inited;              /* between sc_init and sc_finalize */
  bool we_inited_mpi;       /* sc_init called MPI_Init */
  sc_transport transport;
  double watchdog;          /* seconds; 0: off */
  bool alone;               /* no more processes on this node than processors */
  MPI_Comm comm;            /* the core's own communicator (allocation checks, statistics) */
  sc_ctr ctr;               /* the implicit counter of sc_get/sc_put/sc_sync */
  unsigned char *stctr_live;  /* [sc_n_stctr]: 1 if the id is allocated (id 0 always) */
  /* symmetric blocks: a stack of start offsets; top = first free byte above them */
  uint64_t all_top;
  struct all_block { uint64_t prev_top, start; } *all_stack;
  size_t all_n, all_cap;
  /* local blocks below the end of the segment, sorted by offset; bottom = lowest byte used */
  uint64_t local_bottom;
  struct local_block { uint64_t off, bytes; bool used; } *local;
  size_t local_n, local_cap;
} core;

/* ---------------- errors ---------------- */

/* Write "libsplit: process P: message" as one line. */
static void say(const char *fmt, va_list ap) {
  char msg[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  fprintf(stderr, "libsplit: process %d: %s\n", sc_myproc_, msg);
  fflush(stderr);
}

/* Stop the whole job with code (plain exit when MPI is not running). */
static _Noreturn void stop(int code) {
  int inited = 0, finalized = 0;
  MPI_Initialized(&inited);
  MPI_Finalized(&finalized);
  if (inited && !finalized)
    MPI_Abort(MPI_COMM_WORLD, code);
  exit(code);
}

void sc_fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say(fmt, ap);
  va_end(ap);
  stop(1);
}

void sc_abort(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say(fmt, ap);
  va_end(ap);
  stop(code);
}

double sc_now(void) { return MPI_Wtime(); }

/* ---------------- start-up ---------------- */

/* Parse a positive integer; false if s is not one. */
static bool parse_positive_long(const char *s, long *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v <= 0)
    return false;
  *out = v;
  return true;
}

/* The configuration from cfg and the environment; a message (and false) for a bad value. */
static bool configure(const sc_config *cfg, size_t *bytes, int *nstctr, char *msg, size_t msgsz) {
  sc_config c = cfg ? *cfg : (sc_config){0};
  core.transport = c.transport;
  if (core.transport == SC_TRANSPORT_DEFAULT) {
    const char *t = getenv("LIBSPLIT_TRANSPORT");
    if (!t || !*t)
      core.transport = sc_simulated() ? SC_TRANSPORT_AM : SC_TRANSPORT_RMA;
    else if (strcmp(t, "rma") == 0)
      core.transport = SC_TRANSPORT_RMA;
    else if (strcmp(t, "am") == 0)
      core.transport = SC_TRANSPORT_AM;
    else {
      snprintf(msg, msgsz, "LIBSPLIT_TRANSPORT must be 'rma' or 'am', not '%s'", t);
      return false;
    }
  } else if (core.transport != SC_TRANSPORT_RMA && core.transport != SC_TRANSPORT_AM) {
    snprintf(msg, msgsz, "sc_config.transport must be SC_TRANSPORT_DEFAULT, _RMA or _AM, not %d",
             (int)core.transport);
    return false;
  }
  if (core.transport == SC_TRANSPORT_RMA && sc_simulated()) {
    snprintf(msg, msgsz, "the rma transport does not run under SimGrid SMPI (it has no MPI_Win_sync and no "
             "MPI_WIN_MODEL); use LIBSPLIT_TRANSPORT=am, the default there");
    return false;
  }
  /* the segment must hold the header and leave room for data; offsets have 44 bits */
  const size_t max_bytes = (size_t)1 << SC_GPTR_OFFSET_BITS;
  *bytes = c.segment_bytes;
  if (*bytes == 0) {
    const char *s = getenv("LIBSPLIT_SEGMENT_MB");
    long mb;
    if (!s || !*s)
      *bytes = SC_DEFAULT_SEGMENT;
    else if (!parse_positive_long(s, &mb) || (unsigned long)mb >= max_bytes >> 20) {
      snprintf(msg, msgsz, "LIBSPLIT_SEGMENT_MB must be a positive integer below %zu, not '%s'",
               max_bytes >> 20, s);
      return false;
    } else
      *bytes = (size_t)mb << 20;
  } else if (*bytes >= max_bytes) {
    snprintf(msg, msgsz, "sc_config.segment_bytes must be below 2^%d, not %zu",
             SC_GPTR_OFFSET_BITS, *bytes);
    return false;
  }
  *bytes = (*bytes + 4095) & ~(size_t)4095;
  if (*bytes < 2 * SC_SEG_HEADER)
    *bytes = 2 * SC_SEG_HEADER;
  *nstctr = c.n_store_counters ? c.n_store_counters : SC_DEFAULT_STCTR;
  if (*nstctr < 1 || *nstctr > SC_MAX_STCTR) {
    snprintf(msg, msgsz, "sc_config.n_store_counters must be between 1 and %d, not %d", SC_MAX_STCTR,
             c.n_store_counters);
    return false;
  }
  core.watchdog = 0;
  const char *w = getenv("LIBSPLIT_WATCHDOG");
  if (w && *w) {
    char *end;
    errno = 0;
    double v = strtod(w, &end);
    if (errno || end == w || *end || !(v > 0) || !isfinite(v)) {
      snprintf(msg, msgsz, "LIBSPLIT_WATCHDOG must be a positive number of seconds, not '%s'", w);
      return false;
    }
    core.watchdog = v;
  }
  const char *ring = getenv("LIBSPLIT_AM_RING");
  long sources = 0;
  if (ring && *ring && (!parse_positive_long(ring, &sources) || sources > SC_AM_RING_MAX)) {
    snprintf(msg, msgsz, "LIBSPLIT_AM_RING must be a number of processes from 1 to %d, not '%s'",
             SC_AM_RING_MAX, ring);
    return false;
  }
  sc_am_ring_sources = (int)sources;
  const char *map = getenv("LIBSPLIT_RMA_MAP"); /* read by the RMA transport; checked here, so that
                                                    one process reports it (issue 23) */
  if (map && strcmp(map, "0") != 0 && strcmp(map, "1") != 0) {
    snprintf(msg, msgsz, "LIBSPLIT_RMA_MAP must be 0 or 1, not '%s'", map);
    return false;
  }
  return true;
}

/* The configuration, checked on every process (collective): a bad value stops every process, and
 * the lowest process that found one says why, once. */
static void configure_everywhere(const sc_config *cfg, size_t *bytes, int *nstctr) {
  char msg[512] = "";
  bool ok = configure(cfg, bytes, nstctr, msg, sizeof msg);
  int me = 0, procs = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &procs);
  int mine = ok ? procs : me, first = 0;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first < procs) {
    if (first == me)
      fprintf(stderr, "libsplit: %s\n", msg);
    fflush(stderr);
    MPI_Finalize();
    exit(1);
  }
}

void sc_check_config(const sc_config *cfg) {
  if (core.inited)
    sc_fatal("sc_check_config: libsplit is already initialized");
  size_t bytes = 0;
  int nstctr = 0;
  configure_everywhere(cfg, &bytes, &nstctr);
}

int sc_init(int *argc, char ***argv, const sc_config *cfg) {
  if (core.inited)
    sc_fatal("sc_init: libsplit is already initialized");
  int inited = 0;
  MPI_Initialized(&inited);
  if (!inited) {
    MPI_Init(argc, argv);
    core.we_inited_mpi = true;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &sc_myproc_);
  MPI_Comm_size(MPI_COMM_WORLD, &sc_procs_);
  if (sc_procs_ > (1 << (64 - SC_GPTR_OFFSET_BITS)))
    sc_fatal("sc_init: at most %d processes are supported", 1 << (64 - SC_GPTR_OFFSET_BITS));
  size_t bytes = 0;
  int nstctr = 0;
  configure_everywhere(cfg, &bytes, &nstctr);

  MPI_Comm_dup(MPI_COMM_WORLD, &core.comm);
  /* Processes on this node against its processors: with a processor each, a wait spins longer
   * before it starts yielding (nobody else needs the processor, and a yield costs 0.3 us). */
  MPI_Comm node;
  int nlocal = 1;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &nlocal);
  MPI_Comm_free(&node);
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  core.alone = ncpu > 0 && nlocal <= ncpu;
  sc_n_stctr = nstctr;
  core.stctr_live = calloc((size_t)nstctr, 1);
  if (!core.stctr_live)
    sc_fatal("sc_init: out of memory");
  core.stctr_live[SC_STCTR_DEFAULT] = 1;
  memset(sc_stats, 0, sizeof sc_stats);
  core.ctr = (sc_ctr)SC_CTR_INIT;
  sc_tp = core.transport == SC_TRANSPORT_AM ? &sc_am_ops : &sc_rma_ops;
  sc_tp->init(bytes, nstctr);
  if (sc_seg.base == NULL || sc_seg.bytes != bytes || (uintptr_t)sc_seg.base % SC_SEG_ALIGN)
    sc_fatal("sc_init: the %s transport did not set up an aligned segment", sc_tp->name);
  core.all_top = SC_SEG_HEADER;
  core.all_n = 0;
  core.local_bottom = sc_seg.bytes;
  core.local_n = 0;
  core.inited = true;
  sc_coll_init();
  return 0;
}

/* A barrier on the core's communicator that keeps the transport polling. */
static void core_barrier(const char *what) {
  MPI_Request r;
  MPI_Ibarrier(core.comm, &r);
  sc_wait_request(&r, SC_ST_BARRIER, what);
}

void sc_finalize(void) {
  if (!core.inited)
    sc_fatal("sc_finalize: libsplit is not initialized");
  sc_tp->sync_all();
  for (int k = 0; k < sc_n_stctr; k++)
    if (core.stctr_live[k])
      sc_tp->all_store_sync(k);
  sc_tp->store_local_sync();
  sc_tp->flush();
  core_barrier("finalize");
  sc_coll_finalize();
  sc_tp->finalize();
  sc_seg.base = NULL;
  sc_seg.bytes = 0;
  MPI_Comm_free(&core.comm);
  free(core.stctr_live);
  free(core.all_stack);
  free(core.local);
  core.stctr_live = NULL;
  core.all_stack = NULL;
  core.local = NULL;
  core.all_cap = core.local_cap = 0;
  core.inited = false;
  if (core.we_inited_mpi) {
    core.we_inited_mpi = false;
    MPI_Finalize();
  }
}

sc_transport sc_transport_used(void) { return core.inited ? core.transport : SC_TRANSPORT_DEFAULT; }

const char *sc_transport_name(void) { return core.inited ? sc_tp->name : "none"; }

/* ---------------- argument checks ---------------- */

/* Stop with a message saying what is wrong with g (n bytes at g), for call. */
static _Noreturn void bad_gptr(const char *call, sc_gptr g, size_t n) {
  if (!core.inited)
    sc_fatal("%s: libsplit is not initialized (call sc_init first)", call);
  if (g == SC_NULL)
    sc_fatal("%s: null global pointer", call);
  int p = sc_toproc(g);
  if (p < 0 || p >= sc_procs_)
    sc_fatal("%s: global pointer names process %d, but there are %d", call, p, sc_procs_);
  sc_fatal("%s: %zu bytes at offset %llu of process %d lie outside the segment [%d, %zu)", call,
           n, (unsigned long long)sc_tooffset(g), p, SC_SEG_HEADER, sc_seg.bytes);
}

/* Check that n bytes at g lie in the user part of the segment of an existing process. */
static inline void check_gptr(const char *call, sc_gptr g, size_t n) {
  uint64_t off = sc_tooffset(g);
  if ((unsigned)sc_toproc(g) >= (unsigned)sc_procs_ || off < SC_SEG_HEADER || n > sc_seg.bytes ||
      off > sc_seg.bytes - n)
    bad_gptr(call, g, n);
}

/* Check a store-counter id. */
static inline void check_stctr(const char *call, sc_stctr k) {
  if ((unsigned)k >= (unsigned)sc_n_stctr || !core.stctr_live[k]) {
    if (!core.inited)
      sc_fatal("%s: libsplit is not initialized (call sc_init first)", call);
    sc_fatal("%s: store counter %d is not allocated (ids: 0 .. %d)", call, (int)k, sc_n_stctr - 1);
  }
}

static inline void check_ctr(const char *call, const sc_ctr *c) {
  if (!core.inited)
    sc_fatal("%s: libsplit is not initialized (call sc_init first)", call);
  if (!c)
    sc_fatal("%s: null counter", call);
}

static inline void count(sc_stat_kind kind, size_t n, int proc) {
  sc_stats[kind].ops++;
  sc_stats[kind].bytes += n;
  sc_stats[kind].local_ops += proc == sc_myproc_;
}

/* ---------------- global pointers ---------------- */

sc_gptr sc_toglobal(int proc, const void *p) {
  if (p == NULL)
    return SC_NULL;
  if (!core.inited)
    sc_fatal("sc_toglobal: libsplit is not initialized (call sc_init first)");
  if ((unsigned)proc >= (unsigned)sc_procs_)
    sc_fatal("sc_toglobal: process %d out of range (0 .. %d)", proc, sc_procs_ - 1);
  const char *c = p;
  if (c < sc_seg.base + SC_SEG_HEADER || c > sc_seg.base + sc_seg.bytes)
    sc_fatal("sc_toglobal: %p is not in the segment (allocate remotely accessible memory with "
             "sc_all_alloc or sc_local_alloc)", p);
  return sc_gptr_make(proc, (uint64_t)(c - sc_seg.base));
}

void *sc_tolocal(sc_gptr g) {
  if (g == SC_NULL)
    return NULL;
  if (sc_toproc(g) != sc_myproc_)
    sc_fatal("sc_tolocal: the global pointer names process %d, not this one", sc_toproc(g));
  check_gptr("sc_tolocal", g, 0);
  return sc_seg.base + sc_tooffset(g);
}

/* ---------------- segment allocation ---------------- */

static uint64_t round_up(uint64_t v, uint64_t align) { return (v + align - 1) & ~(align - 1); }

/* Grow a dynamic array to hold one more element. */
static void *grow(void *a, size_t *cap, size_t n, size_t elem) {
  if (n < *cap)
    return a;
  size_t ncap = *cap ? 2 * *cap : 16;
  void *b = realloc(a, ncap * elem);
  if (!b)
    sc_fatal("out of memory");
  *cap = ncap;
  return b;
}

void *sc_all_alloc(size_t bytes, size_t align) {
  if (!core.inited)
    sc_fatal("sc_all_alloc: libsplit is not initialized (call sc_init first)");
  if (align == 0)
    align = SC_ALIGN;
  if (align & (align - 1) || align > SC_SEG_ALIGN)
    sc_fatal("sc_all_alloc: alignment %zu is not a power of two up to %d", align, SC_SEG_ALIGN);
  /* every process must pass the same arguments: check it (allocation is rare) */
  long long a[4] = {(long long)bytes, -(long long)bytes, (long long)align, -(long long)align}, r[4];
  MPI_Request req;
  sc_stats[SC_ST_COLL].ops++;
  sc_tp->flush();
  MPI_Iallreduce(a, r, 4, MPI_LONG_LONG, MPI_MAX, core.comm, &req);
  sc_wait_request(&req, SC_ST_COLL, "sc_all_alloc");
  if (r[0] != -r[1] || r[2] != -r[3])
    sc_fatal("sc_all_alloc: called with different arguments on different processes (here %zu "
             "bytes, alignment %zu)", bytes, align);
  uint64_t start = round_up(core.all_top, align);
  if (start > core.local_bottom || bytes > core.local_bottom - start)
    sc_fatal("sc_all_alloc: segment full: %zu bytes wanted, %llu free between the symmetric "
             "blocks and the local blocks (segment %zu bytes; set LIBSPLIT_SEGMENT_MB)", bytes,
             (unsigned long long)(core.local_bottom > core.all_top ? core.local_bottom - core.all_top : 0),
             sc_seg.bytes);
  core.all_stack = grow(core.all_stack, &core.all_cap, core.all_n, sizeof *core.all_stack);
  core.all_stack[core.all_n++] = (struct all_block){core.all_top, start};
  core.all_top = start + (bytes ? bytes : 1);
  return sc_seg.base + start;
}

void sc_all_free(void *p) {
  if (!core.inited)
    sc_fatal("sc_all_free: libsplit is not initialized");
  if (p == NULL)
    return;
  if (core.all_n == 0)
    sc_fatal("sc_all_free: no symmetric block is allocated");
  struct all_block b = core.all_stack[core.all_n - 1];
  if ((char *)p != sc_seg.base + b.start)
    sc_fatal("sc_all_free: %p is not the most recently allocated symmetric block (free them "
             "last-allocated first)", p);
  core.all_n--;
  core.all_top = b.prev_top;
}

void *sc_local_alloc(size_t bytes) {
  if (!core.inited)
    sc_fatal("sc_local_alloc: libsplit is not initialized (call sc_init first)");
  uint64_t want = round_up(bytes ? bytes : 1, SC_ALIGN);
  /* first fit among freed blocks (sorted by offset, lowest first) */
  for (size_t i = 0; i < core.local_n; i++) {
    struct local_block *b = &core.local[i];
    if (b->used || b->bytes < want)
      continue;
    if (b->bytes > want) {   /* split: the used part on top, the rest stays free below */
      core.local = grow(core.local, &core.local_cap, core.local_n, sizeof *core.local);
      b = &core.local[i];
      memmove(b + 1, b, (core.local_n - i) * sizeof *b);
      core.local_n++;
      b[0].bytes -= want;
      b[1].off = b[0].off + b[0].bytes;
      b[1].bytes = want;
      b = &b[1];
    }
    b->used = true;
    return sc_seg.base + b->off;
  }
  if (want > core.local_bottom - core.all_top)
    sc_fatal("sc_local_alloc: segment full: %zu bytes wanted, %llu free (segment %zu bytes; set "
             "LIBSPLIT_SEGMENT_MB)", bytes, (unsigned long long)(core.local_bottom - core.all_top),
             sc_seg.bytes);
  core.local = grow(core.local, &core.local_cap, core.local_n, sizeof *core.local);
  memmove(core.local + 1, core.local, core.local_n * sizeof *core.local);
  core.local_n++;
  core.local_bottom -= want;
  core.local[0] = (struct local_block){core.local_bottom, want, true};
  return sc_seg.base + core.local_bottom;
}

void sc_local_free(void *p) {
  if (p == NULL)
    return;
  uint64_t off = (uint64_t)((char *)p - sc_seg.base);
  size_t i = 0;
  while (i < core.local_n && core.local[i].off != off)
    i++;
  if ((char *)p < sc_seg.base || i == core.local_n || !core.local[i].used)
    sc_fatal("sc_local_free: %p was not allocated by sc_local_alloc (or is already freed)", p);
  core.local[i].used = false;
  /* merge with free neighbours, then give free blocks at the bottom back */
  if (i + 1 < core.local_n && !core.local[i + 1].used) {
    core.local[i].bytes += core.local[i + 1].bytes;
    memmove(&core.local[i + 1], &core.local[i + 2], (core.local_n - i - 2) * sizeof *core.local);
    core.local_n--;
  }
  if (i > 0 && !core.local[i - 1].used) {
    core.local[i - 1].bytes += core.local[i].bytes;
    memmove(&core.local[i], &core.local[i + 1], (core.local_n - i - 1) * sizeof *core.local);
    core.local_n--;
  }
  if (core.local_n > 0 && !core.local[0].used) {
    core.local_bottom += core.local[0].bytes;
    memmove(&core.local[0], &core.local[1], (core.local_n - 1) * sizeof *core.local);
    core.local_n--;
  }
}

/* ---------------- the wait loop and the watchdog ---------------- */

/* Idle polls (polls since the last one that did work) before the first yield, and polls between
 * yields after that: enough spinning that a partner on another core answers without a context
 * switch, few enough yields that a target serving requests from inside a wait keeps up; 4 ranks
 * on 2 cores still get the CPU. A process that serves a stream of requests from inside a wait
 * yields every SC_YIELD_ANYWAY-th poll regardless. With no more processes than processors on
 * the node ("alone"), no other process of the job needs the processor, and a yield costs some
 * 0.3 us on an idle machine and a whole time slice on a loaded one: a wait spins as a blocking
 * MPI call would for the length of a large transfer first (SC_SPIN_ALONE polls, some 0.7 ms)
 * and yields regardless only every few milliseconds. */
#define SC_SPIN_FIRST 64
#define SC_SPIN_ALONE 16384
#define SC_YIELD_EVERY 8
#define SC_YIELD_ANYWAY 256
#define SC_YIELD_ANYWAY_ALONE 65536
#define SC_WATCHDOG_EVERY 64
/* A wait reads the clock (for its statistics and the watchdog) only from this poll on: most
 * waits of a blocking operation end within a round trip, some 20 polls, and two clock reads
 * would add 0.05 us to each. Shorter waits are not timed. */
#define SC_CLOCK_AFTER 32
_Static_assert(SC_CLOCK_AFTER < SC_WATCHDOG_EVERY, "the watchdog needs the clock");

unsigned sc_poll_work;
void (*sc_wait_hook)(double waited, const char *what);

void sc_wait_begin(sc_wait *w, sc_stat_kind kind, const char *what) {
  w->kind = kind;
  w->what = what;
  w->start = 0;
  w->spins = 0;
  w->idle = 0;
}

/* The watchdog fired: say which wait, dump everything, stop the job. */
static _Noreturn void watchdog_fire(const sc_wait *w, double waited) {
  fprintf(stderr, "libsplit: process %d: watchdog: wait '%s' has not finished after %.1f s "
          "(LIBSPLIT_WATCHDOG=%g)\n", sc_myproc_, w->what, waited, core.watchdog);
  sc_dump_state(stderr);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 3);
  exit(3);
}

void sc_wait_step(sc_wait *w) {
  unsigned s = ++w->spins, work = sc_poll_work;
  if (s == SC_CLOCK_AFTER)
    w->start = sc_now();
  sc_tp->poll();
  w->idle = sc_poll_work != work ? 0 : w->idle + 1;
  unsigned first = core.alone ? SC_SPIN_ALONE : SC_SPIN_FIRST;
  unsigned anyway = core.alone ? SC_YIELD_ANYWAY_ALONE : SC_YIELD_ANYWAY;
  sc_pause(w->idle, (w->idle > first && w->idle % SC_YIELD_EVERY == 0) || s % anyway == 0);
  if (s % SC_WATCHDOG_EVERY == 0 && sc_wait_hook) {
    sc_wait_hook(sc_now() - w->start, w->what);
  } else if (core.watchdog > 0 && s % SC_WATCHDOG_EVERY == 0) {
    double waited = sc_now() - w->start;
    if (waited > core.watchdog)
      watchdog_fire(w, waited);
  }
}

#ifdef SC_SIMULATED
/* Under SMPI the first idle poll costs this much simulated time, each further one twice the last,
 * up to SIM_PAUSE_MAX_NS: a wait wakes up at most that late, and a long wait costs the simulation
 * one event per microsecond. */
#define SIM_PAUSE_MIN_NS 50
#define SIM_PAUSE_MAX_NS 1000
int sc_simulated(void) { return 1; }
void sc_pause(unsigned idle_polls, int yield) {
  (void)yield;
  long ns = idle_polls >= 5 ? SIM_PAUSE_MAX_NS : SIM_PAUSE_MIN_NS << idle_polls;
  struct timespec t = {0, ns < SIM_PAUSE_MAX_NS ? ns : SIM_PAUSE_MAX_NS};
  nanosleep(&t, NULL);
}
#else
int sc_simulated(void) { return 0; }
void sc_pause(unsigned idle_polls, int yield) {
  (void)idle_polls;
  if (yield)
    sched_yield();
}
#endif

void sc_wait_end(sc_wait *w) {
  if (w->spins >= SC_CLOCK_AFTER)
    sc_stats[w->kind].wait_seconds += sc_now() - w->start;
}

void sc_wait_request(MPI_Request *r, sc_stat_kind kind, const char *what) {
  int done = 0;
  MPI_Test(r, &done, MPI_STATUS_IGNORE);
  if (done)
    return;
  sc_wait w;
  sc_wait_begin(&w, kind, what);
  for (;;) {
    sc_wait_step(&w);
    MPI_Test(r, &done, MPI_STATUS_IGNORE);
    if (done)
      break;
  }
  sc_wait_end(&w);
}

void sc_dump_state(FILE *f) {
  int me = sc_myproc_;
  fprintf(f, "libsplit: process %d: state: transport %s, %d processes; segment %zu bytes, "
          "symmetric blocks %zu up to offset %llu, local blocks %zu down to offset %llu\n", me,
          sc_tp ? sc_tp->name : "none", sc_procs_, sc_seg.bytes, core.all_n,
          (unsigned long long)core.all_top, core.local_n, (unsigned long long)core.local_bottom);
  fprintf(f, "libsplit: process %d: implicit counter: %lld gets/puts outstanding\n", me,
          (long long)core.ctr.outstanding);
  fprintf(f, "libsplit: process %d: store counters allocated:", me);
  for (int k = 0; k < sc_n_stctr; k++)
    if (core.stctr_live && core.stctr_live[k])
      fprintf(f, " %d", k);
  fprintf(f, "\n");
  for (int i = 0; i < SC_ST__COUNT; i++)
    if (sc_stats[i].ops || sc_stats[i].wait_seconds > 0)
      fprintf(f, "libsplit: process %d:   %-16s %10llu ops %12llu bytes %8.3f s waiting\n", me,
              sc_stat_names[i], (unsigned long long)sc_stats[i].ops,
              (unsigned long long)sc_stats[i].bytes, sc_stats[i].wait_seconds);
  if (sc_tp && sc_tp->dump)
    sc_tp->dump(f);
  fflush(f);
}

/* ---------------- statistics ---------------- */

enum { STAT_WORDS = 4 };

void sc_stats_print(void) {
  if (!core.inited)
    sc_fatal("sc_stats_print: libsplit is not initialized");
  uint64_t mine[SC_ST__COUNT][STAT_WORDS];
  for (int i = 0; i < SC_ST__COUNT; i++) {
    mine[i][0] = sc_stats[i].ops;
    mine[i][1] = sc_stats[i].bytes;
    mine[i][2] = sc_stats[i].local_ops;
    memcpy(&mine[i][3], &sc_stats[i].wait_seconds, sizeof(double));
  }
  uint64_t (*all)[SC_ST__COUNT][STAT_WORDS] = NULL;
  if (sc_myproc_ == 0 && !(all = malloc((size_t)sc_procs_ * sizeof *all)))
    sc_fatal("sc_stats_print: out of memory");
  MPI_Request r;
  sc_tp->flush();
  MPI_Igather(mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, 0, core.comm, &r);
  sc_wait_request(&r, SC_ST_COLL, "sc_stats_print");
  if (sc_myproc_ != 0)
    return;
  fprintf(stderr, "libsplit statistics: transport %s, %d processes\n", sc_tp->name, sc_procs_);
  for (int p = 0; p < sc_procs_; p++) {
    fprintf(stderr, "process %d:\n  %-16s %12s %12s %14s %12s\n", p, "primitive", "ops",
            "local ops", "bytes", "wait (s)");
    int rows = 0;
    for (int i = 0; i < SC_ST__COUNT; i++) {
      double wait;
      memcpy(&wait, &all[p][i][3], sizeof wait);
      if (all[p][i][0] == 0 && wait == 0)
        continue;
      rows++;
      fprintf(stderr, "  %-16s %12llu %12llu %14llu %12.6f\n", sc_stat_names[i],
              (unsigned long long)all[p][i][0], (unsigned long long)all[p][i][2],
              (unsigned long long)all[p][i][1], wait);
    }
    if (!rows)
      fprintf(stderr, "  (no operations)\n");
  }
  fflush(stderr);
  free(all);
}

/* ---------------- sections ---------------- */

/* A section reduced to contiguous runs of `run` bytes, placed by up to three loops (dimension 0
 * outermost); dimensions of one element and contiguous inner dimensions are merged away. */
typedef struct sc_runs {
  int nd;
  size_t run;
  size_t count[SC_SECTION_MAXDIM];
  ptrdiff_t stride[SC_SECTION_MAXDIM];
} sc_runs;

/* Check a section's shape, for call. */
static void check_section(const char *call, const sc_section *s) {
  if (!s)
    sc_fatal("%s: null section", call);
  if (s->ndim < 1 || s->ndim > SC_SECTION_MAXDIM)
    sc_fatal("%s: a section has 1 to %d dimensions, not %d", call, SC_SECTION_MAXDIM, s->ndim);
  if (s->elem == 0)
    sc_fatal("%s: a section's element size must be positive", call);
}

size_t sc_section_bytes(const sc_section *s) {
  check_section("sc_section_bytes", s);
  size_t n = s->elem;
  for (int d = 0; d < s->ndim; d++)
    n *= s->count[d];
  return n;
}

/* The run form of s (which holds at least one element). */
static sc_runs section_runs(const sc_section *s) {
  sc_runs r = {0, s->elem, {0}, {0}};
  size_t cnt[SC_SECTION_MAXDIM];
  ptrdiff_t str[SC_SECTION_MAXDIM];
  int n = 0;
  for (int d = 0; d < s->ndim; d++)
    if (s->count[d] != 1) {
      cnt[n] = s->count[d];
      str[n++] = s->stride[d];
    }
  /* absorb contiguous innermost dimensions into the run */
  while (n > 0 && str[n - 1] == (ptrdiff_t)r.run) {
    r.run *= cnt[n - 1];
    n--;
  }
  /* merge an outer dimension into the next inner one when they form one arithmetic sequence */
  for (int d = 0; d < n; d++) {
    if (r.nd > 0 && r.count[r.nd - 1] != 0 && str[d] * (ptrdiff_t)cnt[d] == r.stride[r.nd - 1]) {
      r.count[r.nd - 1] *= cnt[d];
      r.stride[r.nd - 1] = str[d];
      continue;
    }
    r.count[r.nd] = cnt[d];
    r.stride[r.nd++] = str[d];
  }
  return r;
}

/* Walks the runs of a section. */
typedef struct run_iter {
  sc_runs r;
  char *base;
  size_t idx[SC_SECTION_MAXDIM];
  char *p;          /* the current run */
  size_t left;      /* bytes left in it */
} run_iter;

static void iter_start(run_iter *it, const sc_runs *r, char *base) {
  it->r = *r;
  it->base = base;
  memset(it->idx, 0, sizeof it->idx);
  it->p = base;
  it->left = r->run;
}

/* Move to the next run (the caller knows there is one). */
static void iter_next(run_iter *it) {
  const sc_runs *r = &it->r;
  for (int d = r->nd - 1; d >= 0; d--) {
    if (++it->idx[d] < r->count[d])
      break;
    it->idx[d] = 0;
  }
  char *p = it->base;
  for (int d = 0; d < r->nd; d++)
    p += (ptrdiff_t)it->idx[d] * r->stride[d];
  it->p = p;
  it->left = r->run;
}

/* Copy total bytes from the runs of s to the runs of d. */
static void runs_copy(const sc_runs *dr, char *dst, const sc_runs *sr, const char *src, size_t total) {
  if (dr->nd == 0 && sr->nd == 0) {
    memcpy(dst, src, total);
    return;
  }
  run_iter di, si;
  iter_start(&di, dr, dst);
  iter_start(&si, sr, (char *)src);
  while (total > 0) {
    size_t n = di.left < si.left ? di.left : si.left;
    memcpy(di.p, si.p, n);
    total -= n;
    if (!total)
      break;
    di.p += n;
    si.p += n;
    if (!(di.left -= n))
      iter_next(&di);
    if (!(si.left -= n))
      iter_next(&si);
  }
}

void sc_section_copy(void *dst, const sc_section *ds, const void *src, const sc_section *ss) {
  size_t total = sc_section_bytes(ss);
  if (total == 0)
    return;
  sc_runs dr = section_runs(ds), sr = section_runs(ss);
  runs_copy(&dr, dst, &sr, src, total);
}

void sc_section_pack(void *buf, const void *src, const sc_section *s) {
  size_t total = sc_section_bytes(s);
  if (total == 0)
    return;
  sc_runs cr = {0, total, {0}, {0}}, sr = section_runs(s);
  runs_copy(&cr, buf, &sr, src, total);
}

void sc_section_unpack(void *dst, const sc_section *s, const void *buf) {
  size_t total = sc_section_bytes(s);
  if (total == 0)
    return;
  sc_runs cr = {0, total, {0}, {0}}, dr = section_runs(s);
  runs_copy(&dr, dst, &cr, buf, total);
}

MPI_Datatype sc_section_type(const sc_section *s) {
  size_t total = sc_section_bytes(s);
  MPI_Datatype t, next;
  if (total == 0) {
    MPI_Type_contiguous(0, MPI_BYTE, &t);
    MPI_Type_commit(&t);
    return t;
  }
  sc_runs r = section_runs(s);
  if (r.run > INT_MAX)
    sc_fatal("section transfers: a contiguous run of %zu bytes is too long for MPI", r.run);
  MPI_Type_contiguous((int)r.run, MPI_BYTE, &t);
  for (int d = r.nd - 1; d >= 0; d--) {
    if (r.count[d] > INT_MAX)
      sc_fatal("section transfers: %zu elements in one dimension are too many for MPI", r.count[d]);
    MPI_Type_create_hvector((int)r.count[d], 1, (MPI_Aint)r.stride[d], t, &next);
    MPI_Type_free(&t);
    t = next;
  }
  MPI_Type_commit(&t);
  return t;
}

/* Check a section transfer: shapes valid and of equal size, and the remote side (section rs at
 * g) inside the segment. Returns the payload bytes. */
static size_t check_section_xfer(const char *call, sc_gptr g, const sc_section *rs,
                                 const sc_section *ls) {
  check_section(call, rs);
  check_section(call, ls);
  size_t n = sc_section_bytes(rs);
  if (rs->elem != ls->elem || sc_section_bytes(ls) != n)
    sc_fatal("%s: the sections differ (%zu elements of %zu bytes here, %zu of %zu there)", call,
             sc_section_bytes(ls) / ls->elem, ls->elem, n / rs->elem, rs->elem);
  check_gptr(call, g, 0);
  if (n == 0)
    return 0;
  /* the lowest and highest byte touched, relative to g */
  int64_t lo = 0, hi = (int64_t)rs->elem;
  for (int d = 0; d < rs->ndim; d++) {
    int64_t span = (int64_t)(rs->count[d] - 1) * (int64_t)rs->stride[d];
    if (span < 0)
      lo += span;
    else
      hi += span;
  }
  uint64_t off = sc_tooffset(g);
  if (lo < -(int64_t)(off - SC_SEG_HEADER) || (uint64_t)hi > sc_seg.bytes - off)
    sc_fatal("%s: the section at offset %llu of process %d reaches bytes [%lld, %lld) outside "
             "the segment [%d, %zu)", call, (unsigned long long)off, sc_toproc(g),
             (long long)((int64_t)off + lo), (long long)((int64_t)off + hi), SC_SEG_HEADER,
             sc_seg.bytes);
  return n;
}

/* ---------------- store-counter ids ---------------- */

sc_stctr sc_stctr_alloc(void) {
  if (!core.inited)
    sc_fatal("sc_stctr_alloc: libsplit is not initialized");
  for (int k = 1; k < sc_n_stctr; k++)
    if (!core.stctr_live[k]) {
      core.stctr_live[k] = 1;
      return k;
    }
  sc_fatal("sc_stctr_alloc: all %d store counters are in use (sc_config.n_store_counters)",
           sc_n_stctr - 1);
}

void sc_stctr_free(sc_stctr k) {
  check_stctr("sc_stctr_free", k);
  if (k == SC_STCTR_DEFAULT)
    sc_fatal("sc_stctr_free: the default store counter cannot be freed");
  sc_tp->all_store_sync(k);   /* zero everywhere, so the id starts clean when reused */
  core.stctr_live[k] = 0;
}

/* ---------------- split-phase access ---------------- */

void sc_get(void *dst, sc_gptr src, size_t n) {
  check_gptr("sc_get", src, n);
  count(SC_ST_GET, n, sc_toproc(src));
  sc_tp->get(dst, sc_toproc(src), sc_tooffset(src), n, &core.ctr);
}

void sc_put(sc_gptr dst, const void *src, size_t n) {
  check_gptr("sc_put", dst, n);
  count(SC_ST_PUT, n, sc_toproc(dst));
  sc_tp->put(sc_toproc(dst), sc_tooffset(dst), src, n, &core.ctr);
}

void sc_store(sc_gptr dst, const void *src, size_t n) {
  check_gptr("sc_store", dst, n);
  count(SC_ST_STORE, n, sc_toproc(dst));
  sc_tp->store(sc_toproc(dst), sc_tooffset(dst), src, n, SC_STCTR_DEFAULT);
}

void sc_get_ctr(void *dst, sc_gptr src, size_t n, sc_ctr *c) {
  check_gptr("sc_get_ctr", src, n);
  check_ctr("sc_get_ctr", c);
  count(SC_ST_GET, n, sc_toproc(src));
  sc_tp->get(dst, sc_toproc(src), sc_tooffset(src), n, c);
}

void sc_put_ctr(sc_gptr dst, const void *src, size_t n, sc_ctr *c) {
  check_gptr("sc_put_ctr", dst, n);
  check_ctr("sc_put_ctr", c);
  count(SC_ST_PUT, n, sc_toproc(dst));
  sc_tp->put(sc_toproc(dst), sc_tooffset(dst), src, n, c);
}

void sc_store_ctr(sc_gptr dst, const void *src, size_t n, sc_stctr k) {
  check_gptr("sc_store_ctr", dst, n);
  check_stctr("sc_store_ctr", k);
  count(SC_ST_STORE, n, sc_toproc(dst));
  sc_tp->store(sc_toproc(dst), sc_tooffset(dst), src, n, k);
}

/* Complete the gets and puts on c, timing the wait. */
static void sync_ctr(sc_ctr *c) {
  sc_stats[SC_ST_SYNC].ops++;
  /* not timed here: two clock reads would double the cost of a get + sync (waits inside the
   * transport's wait loops are timed there) */
  sc_tp->sync_ctr(c);
}

void sc_sync(void) {
  if (!core.inited)
    sc_fatal("sc_sync: libsplit is not initialized (call sc_init first)");
  sync_ctr(&core.ctr);
}

void sc_sync_ctr(sc_ctr *c) {
  check_ctr("sc_sync_ctr", c);
  sync_ctr(c);
}

int sc_test_ctr(sc_ctr *c) {
  check_ctr("sc_test_ctr", c);
  return sc_tp->test_ctr(c);
}

void sc_store_sync_ctr(sc_stctr k, size_t nbytes) {
  check_stctr("sc_store_sync_ctr", k);
  sc_stats[SC_ST_STORE_SYNC].ops++;
  sc_stats[SC_ST_STORE_SYNC].bytes += nbytes;
  sc_tp->flush();   /* never wait while holding signals someone else may be waiting for */
  if (sc_tp->store_test(k, nbytes))
    return;
  sc_wait w;
  sc_wait_begin(&w, SC_ST_STORE_SYNC, k == SC_STCTR_DEFAULT ? "sc_store_sync" : "sc_store_sync_ctr");
  do
    sc_wait_step(&w);
  while (!sc_tp->store_test(k, nbytes));
  sc_wait_end(&w);
}

void sc_store_sync(size_t nbytes) { sc_store_sync_ctr(SC_STCTR_DEFAULT, nbytes); }

int sc_store_test_ctr(sc_stctr k, size_t nbytes) {
  check_stctr("sc_store_test_ctr", k);
  sc_tp->poll();
  return sc_tp->store_test(k, nbytes);
}

void sc_all_store_sync_ctr(sc_stctr k) {
  check_stctr("sc_all_store_sync_ctr", k);
  sc_stats[SC_ST_ALL_STORE_SYNC].ops++;
  sc_tp->all_store_sync(k);
}

void sc_all_store_sync(void) { sc_all_store_sync_ctr(SC_STCTR_DEFAULT); }

void sc_store_local_sync(void) {
  if (!core.inited)
    sc_fatal("sc_store_local_sync: libsplit is not initialized (call sc_init first)");
  sc_stats[SC_ST_STORE_LOCAL_SYNC].ops++;
  sc_tp->store_local_sync();
}

/* ---------------- blocking ---------------- */

void sc_read(void *dst, sc_gptr src, size_t n) {
  check_gptr("sc_read", src, n);
  count(SC_ST_READ, n, sc_toproc(src));
  sc_ctr c = SC_CTR_INIT;
  sc_tp->get(dst, sc_toproc(src), sc_tooffset(src), n, &c);
  sc_tp->sync_ctr(&c);
}

void sc_write(sc_gptr dst, const void *src, size_t n) {
  check_gptr("sc_write", dst, n);
  count(SC_ST_WRITE, n, sc_toproc(dst));
  sc_ctr c = SC_CTR_INIT;
  sc_tp->put(sc_toproc(dst), sc_tooffset(dst), src, n, &c);
  sc_tp->sync_ctr(&c);
}

/* ---------------- sections ---------------- */

void sc_get_section(void *dst, const sc_section *ds, sc_gptr src, const sc_section *ss, sc_ctr *c) {
  size_t n = check_section_xfer("sc_get_section", src, ss, ds);
  check_ctr("sc_get_section", c);
  count(SC_ST_GET_SECTION, n, sc_toproc(src));
  if (n)
    sc_tp->get_section(dst, ds, sc_toproc(src), sc_tooffset(src), ss, c);
}

void sc_put_section(sc_gptr dst, const sc_section *ds, const void *src, const sc_section *ss, sc_ctr *c) {
  size_t n = check_section_xfer("sc_put_section", dst, ds, ss);
  check_ctr("sc_put_section", c);
  count(SC_ST_PUT_SECTION, n, sc_toproc(dst));
  if (n)
    sc_tp->put_section(sc_toproc(dst), sc_tooffset(dst), ds, src, ss, c);
}

void sc_store_section(sc_gptr dst, const sc_section *ds, const void *src, const sc_section *ss, sc_stctr k) {
  size_t n = check_section_xfer("sc_store_section", dst, ds, ss);
  check_stctr("sc_store_section", k);
  count(SC_ST_STORE_SECTION, n, sc_toproc(dst));
  if (n)
    sc_tp->store_section(sc_toproc(dst), sc_tooffset(dst), ds, src, ss, k);
}

/* ---------------- atomics ---------------- */

/* Check the target of an atomic: in the segment and 8-byte aligned. */
static void check_atomic(const char *call, sc_gptr g) {
  check_gptr(call, g, sizeof(int64_t));
  if (sc_tooffset(g) % sizeof(int64_t))
    sc_fatal("%s: offset %llu is not 8-byte aligned", call, (unsigned long long)sc_tooffset(g));
}

int64_t sc_fetch_add_i64(sc_gptr g, int64_t v) {
  check_atomic("sc_fetch_add_i64", g);
  count(SC_ST_ATOMIC, sizeof v, sc_toproc(g));
  return sc_tp->fetch_add(sc_toproc(g), sc_tooffset(g), v);
}

int64_t sc_cswap_i64(sc_gptr g, int64_t expect, int64_t desired) {
  check_atomic("sc_cswap_i64", g);
  count(SC_ST_ATOMIC, sizeof expect, sc_toproc(g));
  return sc_tp->cswap(sc_toproc(g), sc_tooffset(g), expect, desired);
}

/* ---------------- progress ---------------- */

void sc_poll(void) {
  if (!sc_tp)
    sc_fatal("sc_poll: libsplit is not initialized (call sc_init first)");
  sc_stats[SC_ST_POLL].ops++;
  sc_tp->poll();
}
