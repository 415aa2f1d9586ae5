/* table61.c - von Eicken's Table 6-1 for libsplit: overhead, latency and bandwidth of read, write,
 * get, put and store (8 bytes, 64 KiB, 1 MiB) and the cost of sync, each next to the raw MPI calls
 * that do the same thing, measured in the same run. np = 2; rank 0 operates on rank 1's memory;
 * the transport is chosen by LIBSPLIT_TRANSPORT=rma|am, and the raw side follows it: passive-target
 * RMA on an MPI_Win_allocate window (rma), point-to-point messages (am).
 *
 * Every measurement is warmed up once, then repeated REPS times with the libsplit and the raw run
 * alternating; each field is the median over the repetitions. Output, one line per measurement:
 *     op size metric libsplit raw ratio          (ratio = libsplit / raw)
 * Lines starting with '#' are comments (the definitions below are printed too).
 *
 * Usage: mpirun -np 2 table61 [reps]    (default 9) */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libsplit.h"

/* ---------------- parameters ---------------- */

#define KIB 1024u
#define MIB (1024u * 1024u)
#define DATA_BYTES (16 * MIB)   /* the target region, on both sides */
#define BULK (16 * KIB)         /* raw p2p: payloads from here on go in their own message */
#define AGG (64 * KIB)          /* raw p2p: aggregation buffer per destination */
#define SCALAR_BATCH 10000      /* outstanding 8-byte operations per overhead loop */
#define SCALAR_CHAIN 5000       /* dependent 8-byte operations per latency loop */
#define SYNC_GETS 1000          /* outstanding gets before the measured sync */

static int reps = 9;
static int me;
static int use_am;              /* raw side: point-to-point (am) instead of RMA */

/* One repetition's times on rank 0, in seconds: issuing a loop of operations, then completing
 * them (sync), and the whole. Rank 1 returns zeros. */
typedef struct times {
  double issue, sync, total;
} times;
typedef times (*phase_fn)(size_t n, int count);

/* ---------------- memory shared by both sides ---------------- */

static char *seg;               /* libsplit: my part of the symmetric data region */
static sc_gptr rdata;           /* libsplit: rank 1's data region */
static sc_gptr r0data;          /* libsplit: rank 0's data region (store echo) */
static int64_t *ackslot;        /* libsplit: symmetric 8-byte slot for acknowledging stores */
static sc_stctr k_ack;          /* libsplit: store counter of those acknowledgements */
static int64_t *doneslot;       /* libsplit: symmetric 8-byte slot for the end of a phase */
static sc_stctr k_done;         /* libsplit: its store counter */
static char *lsrc, *ldst;       /* local source and destination buffers (not in any segment) */

static unsigned char pattern(size_t off) { return (unsigned char)(off * 7 + 1); }

/* ---------------- the libsplit side ----------------
 * Both ranks call each phase. Rank 1 serves rank 0's operations from inside a library wait (the
 * AM transport runs handlers only when the target polls), as a program waiting for data would:
 * it store_syncs an 8-byte "done" store that rank 0 sends after its timed part. */

/* The end of a phase: rank 0 signals done, rank 1 waits for it; then a barrier. */
static void ls_phase_end(void) {
  static const int64_t one = 1;
  if (me == 0)
    sc_store_ctr(sc_toglobal(1, doneslot), &one, sizeof one, k_done);
  else
    sc_store_sync_ctr(k_done, sizeof one);
  sc_barrier();
}

/* L blocking reads of n bytes. */
static times ls_read(size_t n, int L) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) sc_read(ldst, rdata, n);
    t.total = MPI_Wtime() - t0;
  }
  ls_phase_end();
  return t;
}

/* L blocking writes of n bytes. */
static times ls_write(size_t n, int L) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) sc_write(rdata, lsrc, n);
    t.total = MPI_Wtime() - t0;
  }
  ls_phase_end();
  return t;
}

/* K gets of n bytes from consecutive remote blocks into consecutive local blocks, then sc_sync. */
static times ls_get_batch(size_t n, int K) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < K; i++) sc_get(ldst + (size_t)i * n, rdata + (uint64_t)i * n, n);
    double t1 = MPI_Wtime();
    sc_sync();
    double t2 = MPI_Wtime();
    t = (times){t1 - t0, t2 - t1, t2 - t0};
  }
  ls_phase_end();
  return t;
}

/* K puts of n bytes, then sc_sync. */
static times ls_put_batch(size_t n, int K) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < K; i++) sc_put(rdata + (uint64_t)i * n, lsrc + (size_t)i * n, n);
    double t1 = MPI_Wtime();
    sc_sync();
    double t2 = MPI_Wtime();
    t = (times){t1 - t0, t2 - t1, t2 - t0};
  }
  ls_phase_end();
  return t;
}

/* K stores of n bytes; rank 1 store_syncs all K*n bytes and acknowledges with an 8-byte store,
 * which rank 0 store_syncs. issue: the store loop; total: until the acknowledgement is in. */
static times ls_store_batch(size_t n, int K) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < K; i++) sc_store(rdata + (uint64_t)i * n, lsrc + (size_t)i * n, n);
    double t1 = MPI_Wtime();
    sc_store_sync_ctr(k_ack, sizeof(int64_t));
    double t2 = MPI_Wtime();
    t = (times){t1 - t0, t2 - t1, t2 - t0};
  } else {
    sc_store_sync((size_t)K * n);
    static int64_t one = 1;
    sc_store_ctr(sc_toglobal(0, ackslot), &one, sizeof one, k_ack);
  }
  ls_phase_end();
  return t;
}

/* L times: one get of n bytes, then sc_sync. */
static times ls_get_one(size_t n, int L) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) {
      sc_get(ldst, rdata, n);
      sc_sync();
    }
    t.total = MPI_Wtime() - t0;
  }
  ls_phase_end();
  return t;
}

/* L times: one put of n bytes, then sc_sync. */
static times ls_put_one(size_t n, int L) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) {
      sc_put(rdata, lsrc, n);
      sc_sync();
    }
    t.total = MPI_Wtime() - t0;
  }
  ls_phase_end();
  return t;
}

/* L store ping-pongs: rank 0 stores n bytes into rank 1 and store_syncs n bytes; rank 1
 * store_syncs them and stores n bytes back. */
static times ls_store_pingpong(size_t n, int L) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) {
      sc_store(rdata, lsrc, n);
      sc_store_sync(n);
    }
    t.total = MPI_Wtime() - t0;
  } else {
    for (int i = 0; i < L; i++) {
      sc_store_sync(n);
      sc_store(r0data, lsrc, n);
    }
  }
  ls_phase_end();
  return t;
}

/* L calls of sc_sync with nothing outstanding. */
static times ls_sync_empty(size_t n, int L) {
  (void)n;
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) sc_sync();
    t.total = MPI_Wtime() - t0;
  }
  ls_phase_end();
  return t;
}

/* ---------------- the raw side: common ---------------- */

static MPI_Comm rawcomm;        /* a duplicate of MPI_COMM_WORLD, so no message meets libsplit's */
static char *rawseg;            /* the raw target region (window memory for RMA) */

/* ---------------- the raw side: passive-target RMA ----------------
 * One MPI_Win_allocate window, locked with MPI_Win_lock_all for the whole run: two int64 counters
 * (data bytes received, acknowledgements received), then the data region at WDATA. */

static MPI_Win win;
#define WCNT_DATA 0
#define WCNT_ACK 8
#define WDATA 4096

/* Wait until my own counter at slot reaches v, then consume v (as a store_sync does on RMA:
 * fetch-and-op NO_OP on myself + flush, consume by accumulating -v). */
static void rma_counter_wait(MPI_Aint slot, int64_t v) {
  int64_t got = 0;
  for (;;) {
    MPI_Fetch_and_op(NULL, &got, MPI_INT64_T, me, slot, MPI_NO_OP, win);
    MPI_Win_flush(me, win);
    if (got >= v) break;
  }
  int64_t minus = -v;
  MPI_Accumulate(&minus, 1, MPI_INT64_T, me, slot, 1, MPI_INT64_T, MPI_SUM, win);
  MPI_Win_flush(me, win);
}

/* Signal v bytes to the counter at slot of proc: the data is made remotely complete first, then
 * the counter is added to and made complete. */
static void rma_signal(int proc, MPI_Aint slot, int64_t v) {
  MPI_Win_flush(proc, win);
  MPI_Accumulate(&v, 1, MPI_INT64_T, proc, slot, 1, MPI_INT64_T, MPI_SUM, win);
  MPI_Win_flush(proc, win);
}

static times raw_rma_read(size_t n, int L) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) {
      MPI_Get(ldst, (int)n, MPI_BYTE, 1, WDATA, (int)n, MPI_BYTE, win);
      MPI_Win_flush_local(1, win);
    }
    t.total = MPI_Wtime() - t0;
  }
  MPI_Barrier(rawcomm);
  return t;
}

static times raw_rma_write(size_t n, int L) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) {
      MPI_Put(lsrc, (int)n, MPI_BYTE, 1, WDATA, (int)n, MPI_BYTE, win);
      MPI_Win_flush(1, win);
    }
    t.total = MPI_Wtime() - t0;
  }
  MPI_Barrier(rawcomm);
  return t;
}

static times raw_rma_get_batch(size_t n, int K) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < K; i++)
      MPI_Get(ldst + (size_t)i * n, (int)n, MPI_BYTE, 1, WDATA + (MPI_Aint)i * (MPI_Aint)n, (int)n, MPI_BYTE, win);
    double t1 = MPI_Wtime();
    MPI_Win_flush_local(1, win);
    double t2 = MPI_Wtime();
    t = (times){t1 - t0, t2 - t1, t2 - t0};
  }
  MPI_Barrier(rawcomm);
  return t;
}

static times raw_rma_put_batch(size_t n, int K) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < K; i++)
      MPI_Put(lsrc + (size_t)i * n, (int)n, MPI_BYTE, 1, WDATA + (MPI_Aint)i * (MPI_Aint)n, (int)n, MPI_BYTE, win);
    double t1 = MPI_Wtime();
    MPI_Win_flush(1, win);
    double t2 = MPI_Wtime();
    t = (times){t1 - t0, t2 - t1, t2 - t0};
  }
  MPI_Barrier(rawcomm);
  return t;
}

static times raw_rma_store_batch(size_t n, int K) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < K; i++)
      MPI_Put(lsrc + (size_t)i * n, (int)n, MPI_BYTE, 1, WDATA + (MPI_Aint)i * (MPI_Aint)n, (int)n, MPI_BYTE, win);
    double t1 = MPI_Wtime();
    rma_signal(1, WCNT_DATA, (int64_t)K * (int64_t)n);
    rma_counter_wait(WCNT_ACK, 8);
    double t2 = MPI_Wtime();
    t = (times){t1 - t0, t2 - t1, t2 - t0};
  } else {
    rma_counter_wait(WCNT_DATA, (int64_t)K * (int64_t)n);
    rma_signal(0, WCNT_ACK, 8);
  }
  MPI_Barrier(rawcomm);
  return t;
}

static times raw_rma_store_pingpong(size_t n, int L) {
  times t = {0, 0, 0};
  double t0 = MPI_Wtime();
  for (int i = 0; i < L; i++) {
    if (me == 0) {
      MPI_Put(lsrc, (int)n, MPI_BYTE, 1, WDATA, (int)n, MPI_BYTE, win);
      rma_signal(1, WCNT_DATA, (int64_t)n);
      rma_counter_wait(WCNT_DATA, (int64_t)n);
    } else {
      rma_counter_wait(WCNT_DATA, (int64_t)n);
      MPI_Put(lsrc, (int)n, MPI_BYTE, 0, WDATA, (int)n, MPI_BYTE, win);
      rma_signal(0, WCNT_DATA, (int64_t)n);
    }
  }
  if (me == 0) t.total = MPI_Wtime() - t0;
  MPI_Barrier(rawcomm);
  return t;
}

static times raw_rma_sync_empty(size_t n, int L) {
  (void)n;
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) MPI_Win_flush(1, win);
    t.total = MPI_Wtime() - t0;
  }
  MPI_Barrier(rawcomm);
  return t;
}

/* raw get/put one at a time: the same calls as read/write (get + flush_local, put + flush). */
static times raw_rma_get_one(size_t n, int L) { return raw_rma_read(n, L); }
static times raw_rma_put_one(size_t n, int L) { return raw_rma_write(n, L); }

/* ---------------- the raw side: point-to-point ----------------
 * The minimal message protocol that does what an Active Message layer does. A request is a
 * 16-byte record {offset, length, kind}; put and store records carry their payload after it
 * (padded to 8 bytes) when it is below BULK, else the payload follows in its own message (tag
 * T_DATA) straight from the source and is received straight into the target. Records of small
 * operations are appended to a per-destination buffer that goes out as one message when AGG
 * bytes are full and at the sync. The target answers each message that held gets with one
 * message of their data (a bulk get's data goes straight from the target region into the origin's
 * destination), each message that held puts with an 8-byte acknowledgement, and stores not at all.
 * The target runs am_serve, a loop of blocking MPI_Recv, while the origin works. */

enum { T_REQ = 1, T_REP = 2, T_DATA = 3 };
enum { R_GET = 1, R_PUT = 2, R_STORE = 3 };
typedef struct rec {
  uint64_t off;
  uint32_t len, kind;
} rec;

static size_t pad8(size_t n) { return (n + 7) & ~(size_t)7; }

static char *am_out, *am_in, *am_rep;   /* origin aggregation / target receive / replies */
static int64_t *am_acks;
static MPI_Request *am_reqs;
static rec *am_hdrs;
#define AM_MAXREQ (4 * SCALAR_BATCH)

/* Target side: serve nrec records arriving from peer; with ack_at_end, send one 8-byte
 * acknowledgement once they are all in. */
static void am_serve(int peer, int nrec, int ack_at_end) {
  int done = 0, nreq = 0;
  while (done < nrec) {
    MPI_Status st;
    int bytes;
    MPI_Recv(am_in, AGG, MPI_BYTE, peer, T_REQ, rawcomm, &st);
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    size_t rp = 0;
    int64_t puts = 0;
    for (char *p = am_in; p < am_in + bytes; done++) {
      rec r;
      memcpy(&r, p, sizeof r);
      p += sizeof r;
      if (r.kind == R_GET) {
        if (r.len >= BULK) {
          MPI_Isend(rawseg + r.off, (int)r.len, MPI_BYTE, peer, T_REP, rawcomm, &am_reqs[nreq++]);
        } else {
          memcpy(am_rep + rp, rawseg + r.off, r.len);
          rp += r.len;
        }
      } else {
        if (r.len >= BULK) {
          MPI_Recv(rawseg + r.off, (int)r.len, MPI_BYTE, peer, T_DATA, rawcomm, MPI_STATUS_IGNORE);
        } else {
          memcpy(rawseg + r.off, p, r.len);
          p += pad8(r.len);
        }
        if (r.kind == R_PUT) puts++;
      }
    }
    if (rp) MPI_Send(am_rep, (int)rp, MPI_BYTE, peer, T_REP, rawcomm);
    if (puts) MPI_Send(&puts, 1, MPI_INT64_T, peer, T_REP, rawcomm);
  }
  if (ack_at_end) {
    int64_t d = done;
    MPI_Send(&d, 1, MPI_INT64_T, peer, T_REP, rawcomm);
  }
  MPI_Waitall(nreq, am_reqs, MPI_STATUSES_IGNORE);
}

/* Origin side of small operations: records appended to am_out; each full buffer goes out at
 * once, with the receive of its reply posted first. */
typedef struct am_batch {
  int peer, kind;
  size_t pos, chunk;            /* bytes in am_out; start of the unsent chunk */
  size_t rpos;                  /* reply bytes expected so far (gets) */
  int nrec, nreq, nacks;
} am_batch;

static void am_flush(am_batch *b) {
  if (b->pos == b->chunk) return;
  if (b->kind == R_GET) {
    size_t bytes = (size_t)b->nrec * 8;  /* only 8-byte gets are aggregated here */
    MPI_Irecv(am_rep + b->rpos, (int)bytes, MPI_BYTE, b->peer, T_REP, rawcomm, &am_reqs[b->nreq++]);
    b->rpos += bytes;
  } else if (b->kind == R_PUT) {
    MPI_Irecv(&am_acks[b->nacks++], 1, MPI_INT64_T, b->peer, T_REP, rawcomm, &am_reqs[b->nreq++]);
  }
  MPI_Isend(am_out + b->chunk, (int)(b->pos - b->chunk), MPI_BYTE, b->peer, T_REQ, rawcomm, &am_reqs[b->nreq++]);
  b->chunk = b->pos;
  b->nrec = 0;
}

static void am_append(am_batch *b, uint64_t off, const void *src, size_t n) {
  size_t need = sizeof(rec) + (b->kind == R_GET ? 0 : pad8(n));
  if (b->pos - b->chunk + need > AGG) am_flush(b);
  rec r = {off, (uint32_t)n, (uint32_t)b->kind};
  memcpy(am_out + b->pos, &r, sizeof r);
  if (b->kind != R_GET) memcpy(am_out + b->pos + sizeof r, src, n);
  b->pos += need;
  b->nrec++;
}

/* Origin side of one bulk operation: the header in its own message, the payload in another. */
static void am_bulk(int peer, int kind, int i, uint64_t off, char *buf, size_t n, int *nreq) {
  am_hdrs[i] = (rec){off, (uint32_t)n, (uint32_t)kind};
  if (kind == R_GET) MPI_Irecv(buf, (int)n, MPI_BYTE, peer, T_REP, rawcomm, &am_reqs[(*nreq)++]);
  if (kind == R_PUT) MPI_Irecv(&am_acks[i], 1, MPI_INT64_T, peer, T_REP, rawcomm, &am_reqs[(*nreq)++]);
  MPI_Isend(&am_hdrs[i], sizeof(rec), MPI_BYTE, peer, T_REQ, rawcomm, &am_reqs[(*nreq)++]);
  if (kind != R_GET) MPI_Isend(buf, (int)n, MPI_BYTE, peer, T_DATA, rawcomm, &am_reqs[(*nreq)++]);
}

/* K operations of kind on n bytes each from rank 0 to rank 1; issue excludes the final flush
 * and waits. Gets are copied from the reply buffer to their destinations at the sync. Stores
 * end with the target's acknowledgement. */
static times am_batch_run(int kind, size_t n, int K) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime(), t1;
    if (n < BULK) {
      am_batch b = {1, kind, 0, 0, 0, 0, 0, 0};
      for (int i = 0; i < K; i++) am_append(&b, (uint64_t)i * n, lsrc + (size_t)i * n, n);
      t1 = MPI_Wtime();
      am_flush(&b);
      if (kind == R_STORE) MPI_Irecv(&am_acks[0], 1, MPI_INT64_T, 1, T_REP, rawcomm, &am_reqs[b.nreq++]);
      MPI_Waitall(b.nreq, am_reqs, MPI_STATUSES_IGNORE);
      if (kind == R_GET)
        for (int i = 0; i < K; i++) memcpy(ldst + (size_t)i * n, am_rep + (size_t)i * n, n);
    } else {
      int nreq = 0;
      for (int i = 0; i < K; i++)
        am_bulk(1, kind, i, (uint64_t)i * n, (kind == R_GET ? ldst : lsrc) + (size_t)i * n, n, &nreq);
      t1 = MPI_Wtime();
      if (kind == R_STORE) MPI_Irecv(&am_acks[0], 1, MPI_INT64_T, 1, T_REP, rawcomm, &am_reqs[nreq++]);
      MPI_Waitall(nreq, am_reqs, MPI_STATUSES_IGNORE);
    }
    double t2 = MPI_Wtime();
    t = (times){t1 - t0, t2 - t1, t2 - t0};
  } else {
    am_serve(0, K, kind == R_STORE);
  }
  MPI_Barrier(rawcomm);
  return t;
}

/* One operation from me to peer, completed: get and put wait for their reply, a store does not. */
static void am_one(int peer, int kind, uint64_t off, char *buf, size_t n) {
  int nreq = 0;
  if (n < BULK) {
    am_batch b = {peer, kind, 0, 0, 0, 0, 0, 0};
    am_append(&b, off, buf, n);
    am_flush(&b);
    nreq = b.nreq;
    MPI_Waitall(nreq, am_reqs, MPI_STATUSES_IGNORE);
    if (kind == R_GET) memcpy(buf, am_rep, n);
  } else {
    am_bulk(peer, kind, 0, off, buf, n, &nreq);
    MPI_Waitall(nreq, am_reqs, MPI_STATUSES_IGNORE);
  }
}

static times am_one_run(int kind, size_t n, int L) {
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    for (int i = 0; i < L; i++) am_one(1, kind, 0, kind == R_GET ? ldst : lsrc, n);
    t.total = MPI_Wtime() - t0;
  } else {
    am_serve(0, L, 0);
  }
  MPI_Barrier(rawcomm);
  return t;
}

static times raw_am_read(size_t n, int L) { return am_one_run(R_GET, n, L); }
static times raw_am_write(size_t n, int L) { return am_one_run(R_PUT, n, L); }
static times raw_am_get_one(size_t n, int L) { return am_one_run(R_GET, n, L); }
static times raw_am_put_one(size_t n, int L) { return am_one_run(R_PUT, n, L); }
static times raw_am_get_batch(size_t n, int K) { return am_batch_run(R_GET, n, K); }
static times raw_am_put_batch(size_t n, int K) { return am_batch_run(R_PUT, n, K); }
static times raw_am_store_batch(size_t n, int K) { return am_batch_run(R_STORE, n, K); }

static times raw_am_store_pingpong(size_t n, int L) {
  times t = {0, 0, 0};
  double t0 = MPI_Wtime();
  for (int i = 0; i < L; i++) {
    if (me == 0) {
      am_one(1, R_STORE, 0, lsrc, n);
      am_serve(1, 1, 0);
    } else {
      am_serve(0, 1, 0);
      am_one(0, R_STORE, 0, lsrc, n);
    }
  }
  if (me == 0) t.total = MPI_Wtime() - t0;
  MPI_Barrier(rawcomm);
  return t;
}

/* The raw sync with nothing outstanding: one progress poll. */
static times raw_am_sync_empty(size_t n, int L) {
  (void)n;
  times t = {0, 0, 0};
  if (me == 0) {
    double t0 = MPI_Wtime();
    int flag;
    for (int i = 0; i < L; i++) MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, rawcomm, &flag, MPI_STATUS_IGNORE);
    t.total = MPI_Wtime() - t0;
  }
  MPI_Barrier(rawcomm);
  return t;
}

/* ---------------- the driver ---------------- */

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int check_failures;

/* Rank 0, after a warm-up get into ldst: the bytes must be the target's pattern. */
static void check_gets(const char *who, const char *what, size_t n, int count) {
  if (me != 0) return;
  size_t bytes = n * (size_t)count;
  for (size_t i = 0; i < bytes; i++)
    if ((unsigned char)ldst[i] != pattern(i)) {
      printf("# CHECK FAILED: %s %s n=%zu: byte %zu is %d, expected %d\n", who, what, n, i,
             (unsigned char)ldst[i], pattern(i));
      check_failures++;
      return;
    }
}

/* Warm up each side once, then run REPS repetitions alternating libsplit and raw; the medians
 * of each field go to *ls and *raw (rank 0). check: the number of n-byte blocks at ldst the
 * warm-up has gotten, to verify (0: none). */
static void run_pair(const char *what, phase_fn lsf, phase_fn rawf, size_t n, int count, int check,
                     times *ls, times *raw) {
  double v[2][3][64];
  int R = reps < 64 ? reps : 64;
  for (int side = 0; side < 2; side++) {
    if (check) memset(ldst, 0, n * (size_t)check);
    MPI_Barrier(rawcomm);
    (side ? rawf : lsf)(n, count);
    if (check) check_gets(side ? "raw" : "libsplit", what, n, check);
  }
  for (int r = 0; r < R; r++)
    for (int side = 0; side < 2; side++) {
      MPI_Barrier(rawcomm);
      times t = (side ? rawf : lsf)(n, count);
      v[side][0][r] = t.issue;
      v[side][1][r] = t.sync;
      v[side][2][r] = t.total;
    }
  *ls = (times){median(v[0][0], R), median(v[0][1], R), median(v[0][2], R)};
  *raw = (times){median(v[1][0], R), median(v[1][1], R), median(v[1][2], R)};
}

static void emit(const char *op, const char *size, const char *metric, double ls, double raw) {
  if (me != 0) return;
  printf("%-6s %-8s %-12s %12.4f %12.4f %8.3f\n", op, size, metric, ls, raw, raw > 0 ? ls / raw : 0.0);
  fflush(stdout);
}

static const char *size_name(size_t n) {
  static char buf[32];
  snprintf(buf, sizeof buf, "%zu", n);
  return buf;
}

#define US(s) ((s) * 1e6)
#define MBPS(bytes, s) ((s) > 0 ? (double)(bytes) / (s) / 1e6 : 0.0)

/* Operations per loop for size n: many for 8 bytes, 32 MiB-ish per loop for bulk. */
static int batch_count(size_t n) { return n < BULK ? SCALAR_BATCH : n >= MIB ? 8 : 32; }
static int chain_count(size_t n) { return n < BULK ? SCALAR_CHAIN : n >= MIB ? 20 : 100; }

typedef struct ops {
  phase_fn read, write, get_batch, put_batch, store_batch, get_one, put_one, store_pingpong, sync_empty;
} ops;

static const ops ls_ops = {ls_read, ls_write, ls_get_batch, ls_put_batch, ls_store_batch,
                           ls_get_one, ls_put_one, ls_store_pingpong, ls_sync_empty};
static const ops rma_ops = {raw_rma_read, raw_rma_write, raw_rma_get_batch, raw_rma_put_batch,
                            raw_rma_store_batch, raw_rma_get_one, raw_rma_put_one,
                            raw_rma_store_pingpong, raw_rma_sync_empty};
static const ops am_ops = {raw_am_read, raw_am_write, raw_am_get_batch, raw_am_put_batch,
                           raw_am_store_batch, raw_am_get_one, raw_am_put_one,
                           raw_am_store_pingpong, raw_am_sync_empty};

/* Blocking read or write of n bytes: overhead = latency = time per call, bandwidth n / latency. */
static void blocking_row(const char *op, phase_fn lsf, phase_fn rawf, size_t n, int check) {
  times ls, raw;
  int L = chain_count(n);
  run_pair(op, lsf, rawf, n, L, check ? 1 : 0, &ls, &raw);
  const char *sz = size_name(n);
  emit(op, sz, "overhead_us", US(ls.total / L), US(raw.total / L));
  emit(op, sz, "latency_us", US(ls.total / L), US(raw.total / L));
  emit(op, sz, "bw_MBps", MBPS(n, ls.total / L), MBPS(n, raw.total / L));
}

/* Split-phase get, put or store of n bytes: overhead from the issue loop of the batch, latency
 * from one-at-a-time operations (store: half a ping-pong), bandwidth n / overhead for 8 bytes
 * and K n / (issue + completion) for bulk. */
static void split_row(const char *op, phase_fn lsb, phase_fn rawb, phase_fn ls1, phase_fn raw1,
                      size_t n, int pingpong, int check) {
  times ls, raw;
  int K = batch_count(n), L = chain_count(n);
  const char *sz = size_name(n);
  run_pair(op, lsb, rawb, n, K, check ? K : 0, &ls, &raw);
  double ovl = ls.issue / K, ovr = raw.issue / K;
  emit(op, sz, "overhead_us", US(ovl), US(ovr));
  emit(op, sz, "amortized_us", US(ls.total / K), US(raw.total / K));
  if (n < BULK)
    emit(op, sz, "bw_MBps", MBPS(n, ovl), MBPS(n, ovr));
  else
    emit(op, sz, "bw_MBps", MBPS(n * (size_t)K, ls.total), MBPS(n * (size_t)K, raw.total));
  run_pair(op, ls1, raw1, n, L, check ? 1 : 0, &ls, &raw);
  double div = pingpong ? 2.0 * L : L;
  emit(op, sz, "latency_us", US(ls.total / div), US(raw.total / div));
}

static void print_definitions(void) {
  if (me != 0) return;
  printf("# table61 transport=%s np=2 reps=%d raw=%s\n", sc_transport_name(), reps,
         use_am ? "MPI point-to-point (Isend/Irecv; small requests aggregated per 64 KiB)"
                : "MPI_Win_allocate window + lock_all, MPI_Get/MPI_Put/MPI_Win_flush(_local)");
  printf("# rank 0 operates on rank 1's memory; each value is the median of %d repetitions after a warm-up\n", reps);
  printf("# overhead_us: time in the issuing call per operation, in a loop of %d (8 B), 32 (64 KiB) or 8 (1 MiB)\n", SCALAR_BATCH);
  printf("#   operations, excluding the completing sync; read and write block, so theirs is the latency\n");
  printf("# latency_us: start to completion of one operation, averaged over a chain of one-at-a-time operations:\n");
  printf("#   read/write: the blocking call; get/put: issue + sync; store: half a ping-pong (store n bytes,\n");
  printf("#   the receiver store_syncs them and stores n bytes back), i.e. until the receiver's store_sync returns\n");
  printf("# amortized_us: (issue loop + completion) / operations; store completion = the receiver's 8-byte acknowledgement\n");
  printf("# bw_MBps (MB = 10^6 B): 8 B: bytes / overhead (von Eicken); bulk: bytes / (issue loop + completion);\n");
  printf("#   read/write: bytes / latency\n");
  printf("# sync 0 time_us: one sync with nothing outstanding; sync %d time_us: the sync after %d outstanding 8 B gets\n",
         SYNC_GETS, SYNC_GETS);
  if (use_am) {
    printf("# raw (am): read/get = 16 B request + reply (bulk: reply straight into the destination); write/put =\n");
    printf("#   request with payload (bulk: header + payload message received in place) + 8 B ack; store = the same,\n");
    printf("#   no ack; 8 B batches aggregated into 64 KiB messages; raw empty sync = one MPI_Iprobe\n");
  } else {
    printf("# raw (rma): read/get = MPI_Get + MPI_Win_flush_local; write/put = MPI_Put + MPI_Win_flush; store = MPI_Put,\n");
    printf("#   then per batch MPI_Win_flush + MPI_Accumulate(counter) + MPI_Win_flush, the receiver polling its counter\n");
    printf("#   with MPI_Fetch_and_op(NO_OP) + MPI_Win_flush and consuming with MPI_Accumulate; raw empty sync = MPI_Win_flush\n");
  }
  printf("# columns: op size metric libsplit raw ratio(libsplit/raw)\n");
}

/* n bytes aligned to a page (freed with free). */
static void *page_alloc(size_t n) {
  void *p = NULL;
  if (posix_memalign(&p, 4096, n) != 0)
    sc_abort(2, "table61: out of memory");
  return p;
}

int main(int argc, char **argv) {
  sc_config cfg = {.segment_bytes = 2 * DATA_BYTES + MIB};
  sc_init(&argc, &argv, &cfg);
  if (argc > 1) reps = atoi(argv[1]);
  if (reps < 1) reps = 1;
  me = sc_myproc();
  if (sc_procs() != 2) sc_abort(2, "table61 runs on exactly 2 processes (mpirun -np 2)");
  use_am = sc_transport_used() == SC_TRANSPORT_AM;
  MPI_Comm_dup(MPI_COMM_WORLD, &rawcomm);

  seg = sc_all_alloc(DATA_BYTES, 4096);
  ackslot = sc_all_alloc(sizeof(int64_t), 0);
  k_ack = sc_stctr_alloc();
  doneslot = sc_all_alloc(sizeof(int64_t), 0);
  k_done = sc_stctr_alloc();
  rdata = sc_toglobal(1, seg);
  r0data = sc_toglobal(0, seg);
  /* Local buffers, the libsplit target (the segment) and the raw AM target are all page-aligned,
   * so both sides copy between equally aligned addresses (a copy between addresses 16 bytes
   * apart modulo a page is 12-16% slower in the kernel's process_vm_readv). */
  lsrc = page_alloc(DATA_BYTES);
  ldst = page_alloc(DATA_BYTES);
  am_out = malloc((size_t)SCALAR_BATCH * 32 + AGG);
  am_in = malloc(AGG);
  am_rep = malloc((size_t)SCALAR_BATCH * 8 + AGG);
  am_acks = calloc(AM_MAXREQ, sizeof *am_acks);
  am_reqs = malloc(AM_MAXREQ * sizeof *am_reqs);
  am_hdrs = malloc(AM_MAXREQ * sizeof *am_hdrs);
  if (use_am) {
    rawseg = page_alloc(DATA_BYTES);
  } else {
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "accumulate_ops", "same_op_no_op");
    char *base;
    MPI_Win_allocate(WDATA + DATA_BYTES, 1, info, rawcomm, &base, &win);
    MPI_Info_free(&info);
    memset(base, 0, WDATA);
    rawseg = base + WDATA;
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
  }
  if (!lsrc || !ldst || !rawseg || !am_out || !am_in || !am_rep || !am_acks || !am_reqs || !am_hdrs)
    sc_abort(1, "table61: out of memory");
  for (size_t i = 0; i < DATA_BYTES; i++) lsrc[i] = seg[i] = rawseg[i] = (char)pattern(i);
  if (!use_am) MPI_Win_sync(win);
  sc_barrier();
  MPI_Barrier(rawcomm);

  print_definitions();
  const ops *raw = use_am ? &am_ops : &rma_ops;
  static const size_t sizes[] = {8, 64 * KIB, MIB};
  for (int s = 0; s < 3; s++) {
    size_t n = sizes[s];
    blocking_row("read", ls_ops.read, raw->read, n, 1);
    blocking_row("write", ls_ops.write, raw->write, n, 0);
    split_row("get", ls_ops.get_batch, raw->get_batch, ls_ops.get_one, raw->get_one, n, 0, 1);
    split_row("put", ls_ops.put_batch, raw->put_batch, ls_ops.put_one, raw->put_one, n, 0, 0);
    split_row("store", ls_ops.store_batch, raw->store_batch, ls_ops.store_pingpong, raw->store_pingpong, n, 1, 0);
  }
  times ls, rw;
  run_pair("sync", ls_ops.sync_empty, raw->sync_empty, 0, SCALAR_CHAIN, 0, &ls, &rw);
  emit("sync", "0", "time_us", US(ls.total / SCALAR_CHAIN), US(rw.total / SCALAR_CHAIN));
  run_pair("sync", ls_ops.get_batch, raw->get_batch, 8, SYNC_GETS, SYNC_GETS, &ls, &rw);
  emit("sync", size_name(SYNC_GETS), "time_us", US(ls.sync), US(rw.sync));
  emit("sync", size_name(SYNC_GETS), "per_get_us", US(ls.sync / SYNC_GETS), US(rw.sync / SYNC_GETS));
  if (me == 0) printf("# check: %s\n", check_failures ? "FAILED" : "ok");

  if (!use_am) {
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
  } else {
    free(rawseg);
  }
  MPI_Comm_free(&rawcomm);
  sc_finalize();
  return check_failures ? 1 : 0;
}
