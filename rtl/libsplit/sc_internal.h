/* sc_internal.h - what the libsplit core (sc_core.c: start-up, global pointers, segment allocation,
 * argument checks, statistics, the polling wait loop and its watchdog), the collectives
 * (sc_coll.c) and the two transports (sc_rma.c, sc_am.c) share. Internal to rtl/libsplit/; not
 * installed. */
#ifndef SC_INTERNAL_H
#define SC_INTERNAL_H
#include <mpi.h>
#include <stdbool.h>
#include <stdio.h>
#include "libsplit.h"

/* ---- the segment: this process's remotely accessible memory ----
 * [0, SC_SEG_HEADER) is the header (transport data such as RMA store counters; offset 0 is never
 * a valid target, so SC_NULL stays unique); symmetric blocks (sc_all_alloc) grow upward from
 * SC_SEG_HEADER, local blocks (sc_local_alloc) downward from the end. */
#define SC_SEG_HEADER 65536
/* sc_seg.base is aligned to this, so that sc_all_alloc's aligned offsets are aligned addresses. */
#define SC_SEG_ALIGN 4096
typedef struct sc_segment {
  char *base;               /* set by the transport's init (SC_SEG_ALIGN-aligned) */
  size_t bytes;
} sc_segment;
extern sc_segment sc_seg;

/* ---- statistics (sc_stats_print) ---- */
typedef enum {
  SC_ST_GET, SC_ST_PUT, SC_ST_STORE, SC_ST_READ, SC_ST_WRITE, SC_ST_GET_SECTION, SC_ST_PUT_SECTION,
  SC_ST_STORE_SECTION, SC_ST_ATOMIC, SC_ST_SYNC, SC_ST_STORE_SYNC, SC_ST_ALL_STORE_SYNC,
  SC_ST_STORE_LOCAL_SYNC, SC_ST_BARRIER, SC_ST_COLL, SC_ST_POLL, SC_ST__COUNT
} sc_stat_kind;
typedef struct sc_stat {
  uint64_t ops, bytes, local_ops;  /* local_ops: served by the same-process path */
  double wait_seconds;             /* time spent in waits of this kind */
} sc_stat;
extern sc_stat sc_stats[SC_ST__COUNT];
extern const char *const sc_stat_names[SC_ST__COUNT];

/* ---- waiting: every wait in the library is a loop of sc_wait_step ----
 *   sc_wait w; sc_wait_begin(&w, SC_ST_SYNC, "sync");
 *   while (!done()) sc_wait_step(&w);
 *   sc_wait_end(&w);
 * sc_wait_step polls (transport progress, pending requests), yields the CPU every few
 * iterations, and when $LIBSPLIT_WATCHDOG seconds have passed in one wait prints the wait's name
 * and every counter (sc_dump_state) and aborts the job. */
typedef struct sc_wait {
  sc_stat_kind kind;
  const char *what;
  double start;           /* read at the SC_CLOCK_AFTER-th poll (short waits are not timed) */
  unsigned spins, idle;   /* polls so far, polls since one did work */
} sc_wait;
/* A transport's poll adds 1 when it did work (ran a handler, completed a transfer); the wait
 * loop yields only after a run of polls without work. */
extern unsigned sc_poll_work;
void sc_wait_begin(sc_wait *w, sc_stat_kind kind, const char *what);
void sc_wait_step(sc_wait *w);
void sc_wait_end(sc_wait *w);
/* Wait on an MPI request by polling (MPI_Test + sc_wait_step), never blocking inside MPI. */
void sc_wait_request(MPI_Request *r, sc_stat_kind kind, const char *what);
/* Print the state of everything that can be waited for on stderr (watchdog). */
void sc_dump_state(FILE *f);

/* ---- sections ---- */
/* Copy the elements of section ss at src to section ds at dst (both local). */
void sc_section_copy(void *dst, const sc_section *ds, const void *src, const sc_section *ss);
/* Pack section s at src into contiguous buf / unpack buf into section s at dst. */
void sc_section_pack(void *buf, const void *src, const sc_section *s);
void sc_section_unpack(void *dst, const sc_section *s, const void *buf);
/* An MPI datatype for section s (committed; the caller frees it). */
MPI_Datatype sc_section_type(const sc_section *s);

/* ---- store counters: ids 0 .. n_stctr-1, id 0 the default; the core hands out ids ---- */
extern int sc_n_stctr;

/* The sources the AM transport's receive ring has slots for (LIBSPLIT_AM_RING, checked by the core;
 * 0: its default). */
extern int sc_am_ring_sources;
#define SC_AM_RING_MAX 65536

/* ---- the transport interface ----
 * The core checks arguments (pointers in range, counter ids valid), counts statistics and then
 * calls these. Every operation handles the same-process case itself (proc == sc_myproc_), because
 * store counters and atomics live in the transport. Offsets are segment offsets at proc. No
 * function may block inside MPI: waits go through sc_wait_step / sc_wait_request. */
typedef struct sc_transport_ops {
  const char *name;
  /* Allocate the segment (sc_seg.base, sc_seg.bytes = bytes) and n_stctr store counters (all
   * zero); collective over MPI_COMM_WORLD. */
  void (*init)(size_t bytes, int n_stctr);
  /* Everything is complete and all processes are past a barrier: free the segment. */
  void (*finalize)(void);
  void (*get)(void *dst, int proc, uint64_t off, size_t n, sc_ctr *c);
  void (*put)(int proc, uint64_t off, const void *src, size_t n, sc_ctr *c);
  void (*store)(int proc, uint64_t off, const void *src, size_t n, sc_stctr k);
  void (*get_section)(void *dst, const sc_section *ds, int proc, uint64_t off, const sc_section *ss, sc_ctr *c);
  void (*put_section)(int proc, uint64_t off, const sc_section *ds, const void *src, const sc_section *ss, sc_ctr *c);
  void (*store_section)(int proc, uint64_t off, const sc_section *ds, const void *src, const sc_section *ss, sc_stctr k);
  int (*test_ctr)(sc_ctr *c);                 /* progress once; 1 if complete (then c is reset) */
  void (*sync_ctr)(sc_ctr *c);                /* wait until complete (c is reset) */
  void (*sync_all)(void);                     /* complete every get and put of this process */
  int (*store_test)(sc_stctr k, size_t n);    /* 1 and consume n if >= n bytes arrived on k */
  void (*all_store_sync)(sc_stctr k);         /* collective; k zero everywhere afterwards */
  void (*store_local_sync)(void);             /* the sources of my stores may be reused */
  int64_t (*fetch_add)(int proc, uint64_t off, int64_t v);
  int64_t (*cswap)(int proc, uint64_t off, int64_t expect, int64_t desired);
  /* Progress: serve requests, move pending traffic, publish pending store signals. Cheap when idle. */
  void (*poll)(void);
  /* Push out everything issued but held back (aggregation buffers, unpublished store signals);
   * called before any wait that another process may be waiting on in turn. */
  void (*flush)(void);
  /* Print counters and queues (watchdog). */
  void (*dump)(FILE *f);
} sc_transport_ops;

extern const sc_transport_ops sc_rma_ops;
extern const sc_transport_ops sc_am_ops;
extern const sc_transport_ops *sc_tp;      /* the transport in use */

/* Teams and collectives (sc_coll.c): sc_init calls sc_coll_init after the transport's init
 * (creates sc_team_all); sc_finalize calls sc_coll_finalize before the transport's finalize. */
void sc_coll_init(void);
void sc_coll_finalize(void);

/* The stop of sc_abort, callable from anywhere: message on stderr, MPI_Abort. */
_Noreturn void sc_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Seconds (MPI_Wtime). */
double sc_now(void);

#endif
