/* libsplit.h - the Split-C communication layer (von Eicken, ch. 6) on MPI-3: global pointers into
 * a per-process segment, split-phase get/put/store with completion counters, blocking read/write,
 * strided sections, remote atomics, teams and split-phase collectives. Two transports behind this
 * one API, chosen at sc_init: MPI-3 passive-target RMA (default) and Active Messages over MPI
 * point-to-point. Every wait in the library polls and yields. docs/libsplit.md states the memory
 * model (what a program may assume after each sync) and the cost of each call.
 * The public header of rtl/libsplit/, the lowest layer of the runtime: it knows nothing of the
 * language runtime (rtl/zrt/) or the patterns (rtl/pdl/) above it. */
#ifndef LIBSPLIT_H
#define LIBSPLIT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---------------- process model ---------------- */

typedef enum { SC_TRANSPORT_DEFAULT, SC_TRANSPORT_RMA, SC_TRANSPORT_AM } sc_transport;

typedef struct sc_config {
  size_t segment_bytes;     /* per-process segment; 0: $LIBSPLIT_SEGMENT_MB or 16 MiB */
  sc_transport transport;   /* DEFAULT: $LIBSPLIT_TRANSPORT (rma|am), else RMA */
  int n_store_counters;     /* symmetric store-counter slots; 0: 64 */
} sc_config;

/* Start the layer (calls MPI_Init unless MPI is already initialized). cfg may be NULL. Returns 0,
 * or reports the problem in one line on stderr and exits non-zero (bad environment values). */
int sc_init(int *argc, char ***argv, const sc_config *cfg);
/* Collective, MPI initialized, libsplit not: check cfg and the environment as sc_init would, and
 * stop every process the same way on a bad value (for a caller that starts libsplit later). */
void sc_check_config(const sc_config *cfg);
/* Collective: completes everything (sync, all_store_sync, barrier), frees the segment, and calls
 * MPI_Finalize if sc_init called MPI_Init. */
void sc_finalize(void);
/* Print "libsplit: process P: message" on stderr and stop the whole job with code. */
void sc_abort(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* When set, called every few dozen polls of every libsplit wait with the seconds it has lasted and
   its name; it replaces libsplit's own LIBSPLIT_WATCHDOG check (the runtime's watchdog, which
   names the late processes, sets it). */
extern void (*sc_wait_hook)(double waited, const char *what);
extern int sc_myproc_;        /* read through sc_myproc() */
extern int sc_procs_;
static inline int sc_myproc(void) { return sc_myproc_; }   /* MYPROC: rank in MPI_COMM_WORLD */
static inline int sc_procs(void) { return sc_procs_; }     /* PROCS */
/* The transport in use. */
sc_transport sc_transport_used(void);
const char *sc_transport_name(void);
/* True if every process's segment is mapped into this one (the RMA transport on one node with a
 * shared window): stores and store counters are CPU copies and atomics, no MPI call. */
bool sc_segments_mapped(void);

/* ---------------- global pointers ---------------- */

/* <proc:20 | offset:44>: a byte offset into proc's segment. Offset 0 is the segment header, so
 * the all-zero value is the unique null pointer. */
typedef uint64_t sc_gptr;
#define SC_NULL ((sc_gptr)0)
#define SC_GPTR_OFFSET_BITS 44

static inline sc_gptr sc_gptr_make(int proc, uint64_t offset) {
  return offset == 0 ? SC_NULL : ((uint64_t)(uint32_t)proc << SC_GPTR_OFFSET_BITS) | offset;
}
static inline int sc_toproc(sc_gptr g) { return (int)(g >> SC_GPTR_OFFSET_BITS); }
static inline uint64_t sc_tooffset(sc_gptr g) { return g & ((UINT64_C(1) << SC_GPTR_OFFSET_BITS) - 1); }
static inline int sc_is_local(sc_gptr g) { return sc_toproc(g) == sc_myproc_; }
/* <p, l + i*S>: the i-th element of size S after g on the same process. */
static inline sc_gptr sc_gadd(sc_gptr g, ptrdiff_t i, size_t S) { return g + (uint64_t)((int64_t)i * (int64_t)S); }

/* The global pointer of local address p on process proc. p must lie in my segment; for proc other
 * than me this names the same offset there, which is meaningful for symmetric (sc_all_alloc)
 * memory only. */
sc_gptr sc_toglobal(int proc, const void *p);
/* The local address of g; g must be on this process (aborts otherwise). */
void *sc_tolocal(sc_gptr g);

/* ---------------- segment allocation ---------------- */

/* COLLECTIVE, same arguments everywhere: my part of a symmetric block, at the same segment offset
 * on every process (align: a power of two, 0 for 16). Aborts when the segment is full. */
void *sc_all_alloc(size_t bytes, size_t align);
/* COLLECTIVE, last-allocated first. */
void sc_all_free(void *p);
/* Not collective: remotely accessible memory of this process only (pass its sc_toglobal to
 * others). Freed with sc_local_free. */
void *sc_local_alloc(size_t bytes);
void sc_local_free(void *p);

/* ---------------- split-phase, implicit counter (Split-C level) ---------------- */

void sc_get(void *dst, sc_gptr src, size_t n);          /* dst := *src */
void sc_put(sc_gptr dst, const void *src, size_t n);    /* *dst := src */
void sc_store(sc_gptr dst, const void *src, size_t n);  /* *dst :- src (store counter 0) */
void sc_sync(void);                  /* my gets and puts on the implicit counter are complete */
void sc_store_sync(size_t nbytes);   /* wait until nbytes have been stored into me on counter 0; consume them */
void sc_all_store_sync(void);        /* COLLECTIVE: every store on counter 0 by anyone is complete */
void sc_store_local_sync(void);      /* the source buffers of all my stores may be reused */

/* ---------------- blocking ---------------- */

void sc_read(void *dst, sc_gptr src, size_t n);
void sc_write(sc_gptr dst, const void *src, size_t n);

/* ---------------- explicit counters (library level) ---------------- */

/* An origin-side completion counter for gets and puts; may live on the stack. */
typedef struct sc_ctr {
  int64_t outstanding;      /* operations issued and not yet known complete */
  uint32_t flags;           /* transport bookkeeping */
  uint32_t ntouched;        /* targets to complete (RMA); more than SC_CTR_TARGETS: all */
  int32_t touched[6];
} sc_ctr;
#define SC_CTR_TARGETS 6
#define SC_CTR_INIT {0, 0, 0, {0}}
void sc_get_ctr(void *dst, sc_gptr src, size_t n, sc_ctr *c);
void sc_put_ctr(sc_gptr dst, const void *src, size_t n, sc_ctr *c);
void sc_sync_ctr(sc_ctr *c);
int sc_test_ctr(sc_ctr *c);          /* polls once; 1 if every operation on c is complete */

/* A symmetric store counter: the same id on every process names a pair of byte counts (sent by
 * me, received by me). Id 0 (SC_STCTR_DEFAULT) is the implicit counter of sc_store. */
typedef int32_t sc_stctr;
#define SC_STCTR_DEFAULT 0
sc_stctr sc_stctr_alloc(void);       /* COLLECTIVE: the same new id on every process */
void sc_stctr_free(sc_stctr k);      /* COLLECTIVE */
void sc_store_ctr(sc_gptr dst, const void *src, size_t n, sc_stctr k);
void sc_store_sync_ctr(sc_stctr k, size_t nbytes);   /* wait for nbytes stored into me on k; consume */
int sc_store_test_ctr(sc_stctr k, size_t nbytes);    /* polls once; 1 (and consumes) if they are there */
void sc_all_store_sync_ctr(sc_stctr k);              /* COLLECTIVE; k is zero everywhere afterwards */

/* ---------------- strided sections ---------------- */

/* Up to three dimensions of elements of elem bytes: count[d] elements with a byte stride of
 * stride[d] (dimension 0 outermost). Source and destination shapes must hold the same number of
 * elements; the elements are transferred in row-major order of each. */
#define SC_SECTION_MAXDIM 3
typedef struct sc_section {
  int ndim;
  size_t elem;
  size_t count[SC_SECTION_MAXDIM];
  ptrdiff_t stride[SC_SECTION_MAXDIM];
} sc_section;
size_t sc_section_bytes(const sc_section *s);        /* payload bytes */
void sc_get_section(void *dst, const sc_section *ds, sc_gptr src, const sc_section *ss, sc_ctr *c);
void sc_put_section(sc_gptr dst, const sc_section *ds, const void *src, const sc_section *ss, sc_ctr *c);
/* Counts the payload bytes at the receiver on store counter k. */
void sc_store_section(sc_gptr dst, const sc_section *ds, const void *src, const sc_section *ss, sc_stctr k);

/* ---------------- remote atomics (blocking) ---------------- */

int64_t sc_fetch_add_i64(sc_gptr g, int64_t v);
int64_t sc_cswap_i64(sc_gptr g, int64_t expect, int64_t desired);   /* returns the old value */

/* ---------------- teams and collectives ---------------- */

typedef enum { SC_I32, SC_I64, SC_F32, SC_F64 } sc_type;
typedef enum { SC_SUM, SC_PROD, SC_MIN, SC_MAX, SC_LAND, SC_LOR, SC_BAND, SC_BOR, SC_BXOR } sc_op;
typedef struct sc_team sc_team;
extern sc_team *sc_team_all;
sc_team *sc_team_split(sc_team *t, int color, int key);   /* COLLECTIVE over t */
void sc_team_free(sc_team *t);                            /* COLLECTIVE over t */
int sc_team_rank(const sc_team *t);
int sc_team_size(const sc_team *t);

/* sc_barrier completes my gets and puts first (it does not imply all_store_sync). */
void sc_barrier(void);

/* Split-phase collectives: *_begin starts one and returns a handle; several may be in flight at
 * once (each completes independently); sc_coll_wait polls until it is done and frees the handle,
 * sc_coll_test polls once and returns 1 (handle freed) when done. Buffers belong to the
 * collective until then. Every process of the team must begin the team's collectives in the same
 * order. */
typedef struct sc_coll sc_coll;
sc_coll *sc_all_reduce_begin(sc_team *t, void *inout, size_t count, sc_type ty, sc_op op);
sc_coll *sc_all_scan_begin(sc_team *t, void *inout, size_t count, sc_type ty, sc_op op, int exclusive);
sc_coll *sc_bcast_begin(sc_team *t, void *buf, size_t n, int root);
sc_coll *sc_barrier_begin(sc_team *t);
void sc_coll_wait(sc_coll *h);
int sc_coll_test(sc_coll *h);
/* The blocking forms: begin + wait. An exclusive scan leaves the identity on team rank 0. */
void sc_all_reduce(sc_team *t, void *inout, size_t count, sc_type ty, sc_op op);
void sc_all_scan(sc_team *t, void *inout, size_t count, sc_type ty, sc_op op, int exclusive);
void sc_bcast(sc_team *t, void *buf, size_t n, int root);

/* ---------------- progress and diagnostics ---------------- */

void sc_poll(void);                  /* serve pending requests, progress MPI; cheap when idle */
/* What a wait loop does after a poll that found nothing, the idle_polls-th in a row: on real MPI
 * it yields the processor if yield is set; under SimGrid SMPI it lets simulated time pass instead
 * (a poll costs time on a real machine, and only a simulated sleep lets the other simulated
 * processes run), 50 ns doubling with every idle poll up to 1 us. */
void sc_pause(unsigned idle_polls, int yield);
/* 1 in the runtime built for SimGrid SMPI (make smpi: -DSC_SIMULATED), else 0. */
int sc_simulated(void);
/* Print per-primitive operation and byte counts and time spent waiting (one block per process,
 * in rank order) on stderr. COLLECTIVE. */
void sc_stats_print(void);

#endif
