/* sc_am.c - libsplit's Active Messages transport over MPI point-to-point: Split-C's own design
 * (von Eicken ch. 6; seed-001 §6.5). Every operation is a small message naming a handler that runs
 * at the target when it polls: get request -> reply with the data, put -> acknowledgment, store ->
 * copy and count the bytes (no reply), atomic -> reply with the old value.
 *
 * Wire: a 32-byte header + payload padded to 8 bytes, appended to a 64 KiB aggregation buffer per
 * destination that goes out with MPI_Isend when full or at any flush, poll or blocking call.
 * Two channels, each with its own send buffers: requests (issued by the program) and replies
 * (issued by request handlers). Reply handlers send nothing, so replies always drain; a request
 * handler that finds no free reply buffer makes its message wait, with the source's later
 * requests, in the source's backlog (copied out of the receive buffer) and is retried at the
 * next poll. That breaks the request/reply cycle that bounded buffers would otherwise deadlock on
 * (the CM-5's two networks, in software): reception never waits for anything.
 * Reception: one ring of AM_NRECV * AM_NCH * min(np - 1, AM_RING_SOURCES) pre-posted MPI_Irecv
 * from any source on one tag (a message that finds no receive posted waits in MPI, its sender
 * polling, until a slot is re-posted; the ring is sized for the neighbours a process talks to, not
 * for all of them: at 1024 processes one per peer was 256 MiB of receive buffers a process),
 * handled in posting order (which is matching order, so delivery per pair is in order), one
 * buffer after another: a poll is an MPI_Test of the ring's next receive, which progresses MPI and
 * sees a message that arrived meanwhile. Replies to a request buffer go out as soon as it has
 * been handled, and its receive is re-posted at the next poll. Payloads of AM_BULK bytes or more
 * travel zero-copy as their own message on a bulk tag, from the source array straight into the
 * destination address: the target posts the receive when it handles the header (put, store) or
 * the origin posts it before sending the request (get). A source's requests after a bulk put or
 * store wait until its data has landed, so counters and acks follow program order per pair.
 * Flow control: at most AM_NBUF buffers in flight per destination and channel; the program waits
 * (polling) for one to free, a handler retries at a later poll. Store counters are byte counts in
 * a static table; all_store_sync is Fig. 6-8's loop of global sums (MPI_Iallreduce + polling).
 * Handlers run only inside am_poll; nothing here blocks inside MPI. */
#include "sc_internal.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define AM_BUFSZ 65536                 /* one aggregation or receive buffer */
#define AM_NBUF 4                      /* send buffers per destination and channel, at most */
#define AM_NRECV 2                     /* receive ring slots per source and channel */
#define AM_RING_SOURCES 32             /* sources the ring has slots for, at most (26: a 3-D stencil's
                                          neighbours); LIBSPLIT_AM_RING says otherwise */
#define AM_BULK 16384                  /* payloads this large go zero-copy as their own message */
#define AM_CHUNK ((size_t)1 << 30)     /* longer contiguous bulk transfers are split into these */
#define AM_TAKE 8                      /* request buffers handled per poll, at most */

enum { CH_REQ, CH_REP, AM_NCH };
enum { TAG_AM = 1, TAG_BULK = 3, TAG_GETD = 4 };

/* Handlers. */
enum { H_GET = 1, H_GET_REP, H_PUT, H_PUT_ACK, H_STORE, H_AMO, H_AMO_REP };
/* Flags: the data comes as its own message; the payload starts with section shapes; cswap. */
enum { F_BULK = 1, F_SECT = 2, F_CSWAP = 4 };

/* The message header. GET: addr = source offset, aux = origin destination, ctr = origin sc_ctr.
 * GET_REP: addr = origin destination, ctr. PUT: addr = target offset, ctr. PUT_ACK: ctr.
 * STORE: addr = target offset, ctr = store-counter id. AMO: addr = target offset, aux = addend or
 * desired value (payload: the expected value for cswap), ctr = origin am_amo. AMO_REP: aux = old
 * value, ctr. */
typedef struct am_hdr {
  uint8_t h, flags;
  uint16_t wlen;    /* payload bytes after the header (a multiple of 8) */
  uint32_t len;     /* data bytes */
  uint64_t addr, aux, ctr;
} am_hdr;
#define HDR ((size_t)sizeof(am_hdr))

/* A section's shape on the wire. */
typedef struct am_sect {
  int32_t ndim, pad;
  uint64_t elem;
  uint64_t count[SC_SECTION_MAXDIM];
  int64_t stride[SC_SECTION_MAXDIM];
} am_sect;
#define SECT ((size_t)sizeof(am_sect))

_Static_assert(sizeof(am_hdr) == 32, "the header is 4 words");
_Static_assert(HDR + 2 * SECT + AM_BULK + 8 <= AM_BUFSZ && AM_BULK + 2 * SECT < 65536,
               "the largest small message fits in a buffer and its payload length in wlen");

/* Outgoing buffers for one destination and channel. */
typedef struct am_out {
  char *cur;                 /* the buffer being filled (non-empty), or NULL */
  size_t fill, room;
  int curi;                  /* its index */
  bool listed;               /* on the dirty list */
  int nbuf;                  /* buffers allocated so far */
  char *buf[AM_NBUF];
  MPI_Request req[AM_NBUF];  /* the Isend of each buffer in flight, else MPI_REQUEST_NULL */
} am_out;

/* Requests from one source that wait because a handler could not run yet (no reply space, bulk
 * data not landed): copied out of the receive ring, handled from pos, in order. */
typedef struct am_backlog {
  char *buf;
  size_t pos, len, cap;
} am_backlog;

/* A list of MPI requests, each with the counter to decrement when it completes (or NULL). */
typedef struct am_reqs {
  MPI_Request *r;
  sc_ctr **c;
  int *idx;
  int n, cap;
} am_reqs;

/* The result of a remote atomic, filled in by the AMO_REP handler. */
typedef struct am_amo {
  int64_t old;
  volatile int done;
} am_amo;

/* Bulk transfer states of a source's head request. */
enum { BULK_NONE, BULK_POSTED, BULK_LANDED };

static struct {
  MPI_Comm comm;
  int me, np, nstctr;
  char *base;                  /* the segment: seg_block's first SC_SEG_ALIGN boundary */
  void *seg_block;
  int64_t *send, *recv;        /* store counters: bytes sent by me, received by me, per id */
  am_out *out;                 /* [ch * np + dest] */
  am_backlog *backlog;         /* [source] */
  int nring, rhead;            /* the receive ring's slots (am_init) and the next */
  int repost;                  /* the slot last handled, its receive not yet re-posted, or -1 */
  char **rbuf;                 /* [slot] */
  MPI_Request *rreq;           /* [slot]: its receive (any source, TAG_AM) */
  int *dirty, ndirty;          /* out entries with a buffer being filled */
  unsigned char *stalled;      /* [source]: its head request waits (reply space, bulk data) */
  int nstalled;
  unsigned char *bphase;       /* [source]: BULK_* of its head request */
  MPI_Request *breq;           /* [source]: the receive of that bulk data */
  am_reqs getq;                /* receives of bulk get data (origin side) */
  am_reqs sendq;               /* Isends of bulk put and store data from the program's arrays */
  am_reqs replq;               /* Isends of bulk get data (target side) */
  int64_t pending;             /* gets and puts issued by me and not complete */
  bool busy;                   /* inside am_poll */
  bool stored;                 /* a store handler ran (take) */
  uint64_t nsent, nrecvd;      /* buffers sent and handled (dump) */
  uint64_t nwait_reply, nwait_bulk, nwait_send;   /* handler retries, program waits (dump) */
} am;

static inline size_t pad8(size_t n) { return (n + 7) & ~(size_t)7; }
static inline am_out *out_of(int ch, int d) { return &am.out[ch * am.np + d]; }

/* ---------------- request lists ---------------- */

/* Append request r (with counter c, or NULL) to q. */
static void reqs_push(am_reqs *q, MPI_Request r, sc_ctr *c) {
  if (q->n == q->cap) {
    int cap = q->cap ? 2 * q->cap : 64;
    MPI_Request *nr = realloc(q->r, (size_t)cap * sizeof *nr);
    sc_ctr **nc = realloc(q->c, (size_t)cap * sizeof *nc);
    int *ni = realloc(q->idx, (size_t)cap * sizeof *ni);
    if (nr)
      q->r = nr;
    if (nc)
      q->c = nc;
    if (ni)
      q->idx = ni;
    if (!nr || !nc || !ni)
      sc_fatal("am transport: out of memory");
    q->cap = cap;
  }
  q->r[q->n] = r;
  q->c[q->n++] = c;
}

/* Complete what has finished in q (decrementing its counters) and drop it from the list. */
static void reqs_test(am_reqs *q) {
  int outc;
  MPI_Testsome(q->n, q->r, &outc, q->idx, MPI_STATUSES_IGNORE);
  if (outc == MPI_UNDEFINED || outc == 0)
    return;
  sc_poll_work++;
  for (int i = 0; i < outc; i++) {
    sc_ctr *c = q->c[q->idx[i]];
    if (c) {
      c->outstanding--;
      am.pending--;
    }
  }
  int m = 0;
  for (int i = 0; i < q->n; i++)
    if (q->r[i] != MPI_REQUEST_NULL) {
      q->r[m] = q->r[i];
      q->c[m++] = q->c[i];
    }
  q->n = m;
}

/* ---------------- sending ---------------- */

/* Send the buffer being filled for (ch, d). */
static void send_cur(int ch, int d) {
  am_out *o = out_of(ch, d);
  MPI_Isend(o->cur, (int)o->fill, MPI_BYTE, d, TAG_AM, am.comm, &o->req[o->curi]);
  /* a small message is sent eagerly, complete at once: tested now, while it travels, the buffer
   * is free without a test when the next message needs one */
  int done;
  MPI_Test(&o->req[o->curi], &done, MPI_STATUS_IGNORE);
  am.nsent++;
  o->cur = NULL;
  o->fill = o->room = 0;
}

/* The index of a free buffer of o (allocating one if under AM_NBUF), or -1 if all are in flight. */
static int free_buf(am_out *o) {
  for (int i = 0; i < o->nbuf; i++) {
    if (o->req[i] == MPI_REQUEST_NULL)
      return i;
    int done = 0;
    MPI_Test(&o->req[i], &done, MPI_STATUS_IGNORE);
    if (done)
      return i;
  }
  if (o->nbuf == AM_NBUF)
    return -1;
  void *b;
  if (posix_memalign(&b, 64, AM_BUFSZ))
    sc_fatal("am transport: out of memory for a send buffer");
  o->buf[o->nbuf] = b;
  o->req[o->nbuf] = MPI_REQUEST_NULL;
  return o->nbuf++;
}

/* Make buffer i of (ch, d) the one being filled. */
static void start_buf(int ch, int d, int i) {
  am_out *o = out_of(ch, d);
  o->cur = o->buf[i];
  o->curi = i;
  o->fill = 0;
  o->room = AM_BUFSZ;
  if (!o->listed) {
    o->listed = true;
    am.dirty[am.ndirty++] = ch * am.np + d;
  }
}

/* Room for m bytes to (ch, d) when the current buffer is full or absent. With kind >= 0 (the
 * program's requests) wait, polling, for a buffer; otherwise (handlers) return NULL instead. */
static char *reserve_slow(int ch, int d, size_t m, int kind) {
  am_out *o = out_of(ch, d);
  if (o->cur)
    send_cur(ch, d);
  int i = free_buf(o);
  if (i < 0) {
    if (kind < 0)
      return NULL;
    am.nwait_send++;
    sc_wait w;
    sc_wait_begin(&w, (sc_stat_kind)kind, "am: a free send buffer");
    while ((i = free_buf(o)) < 0)
      sc_wait_step(&w);
    sc_wait_end(&w);
  }
  start_buf(ch, d, i);
  o->fill = m;
  o->room -= m;
  return o->cur;
}

/* Room for an m-byte message (header + padded payload) to (ch, d). */
static inline char *reserve(int ch, int d, size_t m, int kind) {
  am_out *o = out_of(ch, d);
  if (m <= o->room) {
    char *p = o->cur + o->fill;
    o->fill += m;
    o->room -= m;
    return p;
  }
  return reserve_slow(ch, d, m, kind);
}

/* Send the requests to d that are being aggregated (after a bulk header: its data, or the
 * receive waiting for it, should not wait for the next flush). */
static inline void send_now(int d) {
  if (out_of(CH_REQ, d)->cur)
    send_cur(CH_REQ, d);
}

/* Send every buffer being filled. */
static void am_flush(void) {
  for (int i = 0; i < am.ndirty; i++) {
    int e = am.dirty[i];
    am_out *o = &am.out[e];
    o->listed = false;
    if (o->cur)
      send_cur(e / am.np, e % am.np);
  }
  am.ndirty = 0;
}

/* ---------------- sections on the wire ---------------- */

static void sect_put(char *p, const sc_section *s) {
  am_sect w = {s->ndim, 0, s->elem, {0}, {0}};
  for (int d = 0; d < s->ndim && d < SC_SECTION_MAXDIM; d++) {
    w.count[d] = s->count[d];
    w.stride[d] = s->stride[d];
  }
  memcpy(p, &w, SECT);
}

static sc_section sect_get(const char *p) {
  am_sect w;
  memcpy(&w, p, SECT);
  sc_section s = {w.ndim, w.elem, {0}, {0}};
  for (int d = 0; d < SC_SECTION_MAXDIM; d++) {
    s.count[d] = w.count[d];
    s.stride[d] = w.stride[d];
  }
  return s;
}

static size_t sect_bytes(const sc_section *s) {
  size_t n = sc_section_bytes(s);
  if (n > UINT32_MAX)
    sc_fatal("am transport: a section of %zu bytes is too large for one transfer (at most 4 GiB)", n);
  return n;
}

/* ---------------- handlers ---------------- */

/* Reply room of m bytes to s, or NULL (the handler then waits for the next poll). */
static inline char *reply_room(int s, size_t m) { return reserve(CH_REP, s, m, -1); }

/* Whether the bulk data of s's head request (put or store, h) has landed; posts its receive the
 * first time. */
static bool bulk_landed(int s, const am_hdr *h) {
  if (am.bphase[s] == BULK_NONE) {
    void *dst = am.base + h->addr;
    if (h->flags & F_SECT) {
      sc_section ds = sect_get((const char *)(h + 1));
      MPI_Datatype t = sc_section_type(&ds);
      MPI_Irecv(dst, 1, t, s, TAG_BULK, am.comm, &am.breq[s]);
      MPI_Type_free(&t);
    } else
      MPI_Irecv(dst, (int)h->len, MPI_BYTE, s, TAG_BULK, am.comm, &am.breq[s]);
    am.bphase[s] = BULK_POSTED;
  }
  if (am.bphase[s] == BULK_POSTED) {
    int done = 0;
    MPI_Test(&am.breq[s], &done, MPI_STATUS_IGNORE);
    if (!done)
      return false;
    am.bphase[s] = BULK_LANDED;
  }
  return true;
}

/* GET request: reply with the data (or send it as its own message). */
static bool h_get(int s, const am_hdr *h) {
  const char *pl = (const char *)(h + 1);
  char *src = am.base + h->addr;
  if (h->flags & F_BULK) {
    MPI_Request r;
    if (h->flags & F_SECT) {
      sc_section ss = sect_get(pl);
      MPI_Datatype t = sc_section_type(&ss);
      MPI_Isend(src, 1, t, s, TAG_GETD, am.comm, &r);
      MPI_Type_free(&t);
    } else
      MPI_Isend(src, (int)h->len, MPI_BYTE, s, TAG_GETD, am.comm, &r);
    reqs_push(&am.replq, r, NULL);
    return true;
  }
  size_t w = ((h->flags & F_SECT) ? SECT : 0) + pad8(h->len);
  char *r = reply_room(s, HDR + w);
  if (!r)
    return false;
  *(am_hdr *)r = (am_hdr){H_GET_REP, h->flags & F_SECT, (uint16_t)w, h->len, h->aux, 0, h->ctr};
  if (h->flags & F_SECT) {
    sc_section ss = sect_get(pl);
    memcpy(r + HDR, pl + SECT, SECT);   /* the origin's destination shape */
    sc_section_pack(r + HDR + SECT, src, &ss);
  } else
    memcpy(r + HDR, src, h->len);
  return true;
}

/* PUT request: copy the data (small) or let it land (bulk), then acknowledge. */
static bool h_put(int s, const am_hdr *h) {
  const char *pl = (const char *)(h + 1);
  if (h->flags & F_BULK) {
    if (!bulk_landed(s, h))
      return false;
    char *r = reply_room(s, HDR);
    if (!r)
      return false;
    *(am_hdr *)r = (am_hdr){H_PUT_ACK, 0, 0, 0, 0, 0, h->ctr};
    am.bphase[s] = BULK_NONE;
    return true;
  }
  char *r = reply_room(s, HDR);   /* reserve first: a waiting message must not have copied yet */
  if (!r)
    return false;
  if (h->flags & F_SECT) {
    sc_section ds = sect_get(pl);
    sc_section_unpack(am.base + h->addr, &ds, pl + SECT);
  } else
    memcpy(am.base + h->addr, pl, h->len);
  *(am_hdr *)r = (am_hdr){H_PUT_ACK, 0, 0, 0, 0, 0, h->ctr};
  return true;
}

/* STORE: copy the data (small) or let it land (bulk), then count its bytes. */
static bool h_store(int s, const am_hdr *h) {
  const char *pl = (const char *)(h + 1);
  if (h->flags & F_BULK) {
    if (!bulk_landed(s, h))
      return false;
    am.bphase[s] = BULK_NONE;
  } else if (h->flags & F_SECT) {
    sc_section ds = sect_get(pl);
    sc_section_unpack(am.base + h->addr, &ds, pl + SECT);
  } else
    memcpy(am.base + h->addr, pl, h->len);
  am.recv[h->ctr] += h->len;
  am.stored = true;
  return true;
}

/* The new value of an atomic on old. */
static inline int64_t amo_apply(int64_t old, bool cswap, int64_t expect, int64_t v) {
  if (cswap)
    return old == expect ? v : old;
  return (int64_t)((uint64_t)old + (uint64_t)v);
}

/* AMO request: apply it (handlers run only at polls, so this is atomic) and reply the old value. */
static bool h_amo(int s, const am_hdr *h) {
  char *r = reply_room(s, HDR);
  if (!r)
    return false;
  char *p = am.base + h->addr;
  int64_t old, expect = 0;
  bool cswap = h->flags & F_CSWAP;
  if (cswap)
    memcpy(&expect, h + 1, sizeof expect);
  memcpy(&old, p, sizeof old);
  int64_t nv = amo_apply(old, cswap, expect, (int64_t)h->aux);
  memcpy(p, &nv, sizeof nv);
  *(am_hdr *)r = (am_hdr){H_AMO_REP, 0, 0, 0, 0, (uint64_t)old, h->ctr};
  return true;
}

/* Run the handler of message h from s; false if it must wait (retried at the next poll). */
static bool handle(int s, const am_hdr *h) {
  const char *pl = (const char *)(h + 1);
  switch (h->h) {
  case H_GET:
    return h_get(s, h);
  case H_GET_REP: {
    void *dst = (void *)(uintptr_t)h->addr;
    if (h->flags & F_SECT) {
      sc_section ds = sect_get(pl);
      sc_section_unpack(dst, &ds, pl + SECT);
    } else
      memcpy(dst, pl, h->len);
    ((sc_ctr *)(uintptr_t)h->ctr)->outstanding--;
    am.pending--;
    return true;
  }
  case H_PUT:
    return h_put(s, h);
  case H_PUT_ACK:
    ((sc_ctr *)(uintptr_t)h->ctr)->outstanding--;
    am.pending--;
    return true;
  case H_STORE:
    return h_store(s, h);
  case H_AMO:
    return h_amo(s, h);
  case H_AMO_REP: {
    am_amo *a = (am_amo *)(uintptr_t)h->ctr;
    a->old = (int64_t)h->aux;
    a->done = 1;
    return true;
  }
  default:
    sc_fatal("am transport: message with unknown handler %d from process %d", h->h, s);
  }
}

/* ---------------- reception and progress ---------------- */

/* Run the handlers of the messages in b[pos, len) from s in order; returns where one had to wait
 * (it is retried at a later poll), or len. */
static size_t run(int s, const char *b, size_t pos, size_t len) {
  while (pos < len) {
    const am_hdr *h = (const am_hdr *)(b + pos);
    if (!handle(s, h)) {
      if (am.bphase[s] == BULK_POSTED)
        am.nwait_bulk++;
      else
        am.nwait_reply++;
      return pos;
    }
    pos += HDR + h->wlen;
  }
  return len;
}

/* Append b[0, n) to s's backlog. */
static void backlog_add(int s, const char *b, size_t n) {
  am_backlog *q = &am.backlog[s];
  if (q->len + n > q->cap) {
    size_t cap = q->cap ? q->cap : AM_BUFSZ;
    while (cap < q->len + n)
      cap *= 2;
    char *nb = realloc(q->buf, cap);
    if (!nb)
      sc_fatal("am transport: out of memory for waiting requests");
    q->buf = nb;
    q->cap = cap;
  }
  memcpy(q->buf + q->len, b, n);
  q->len += n;
}

/* Whether h is a reply (those never wait, and a buffer holds messages of one channel). */
static inline bool is_reply(const am_hdr *h) {
  return h->h == H_GET_REP || h->h == H_PUT_ACK || h->h == H_AMO_REP;
}

/* A buffer of cnt bytes from s has arrived: run its handlers. Requests behind one that waits go
 * to s's backlog, in order. The replies made go out at once. Returns whether a handler may have
 * ended a wait of the program (it held replies or stores). */
static bool take(int s, const char *b, size_t cnt) {
  am.nrecvd++;
  if (is_reply((const am_hdr *)b)) {
    run(s, b, 0, cnt);
    return true;
  }
  if (am.stalled[s]) {
    backlog_add(s, b, cnt);
    return false;
  }
  am.stored = false;
  size_t at = run(s, b, 0, cnt);
  if (at < cnt) {
    am.stalled[s] = 1;
    am.nstalled++;
    backlog_add(s, b + at, cnt - at);
  }
  if (out_of(CH_REP, s)->cur)
    send_cur(CH_REP, s);
  return am.stored;
}

/* Retry the waiting requests of s. */
static void retry(int s) {
  am_backlog *q = &am.backlog[s];
  size_t at = run(s, q->buf, q->pos, q->len);
  if (at != q->pos)
    sc_poll_work++;
  q->pos = at;
  if (q->pos == q->len) {
    q->pos = q->len = 0;
    am.stalled[s] = 0;
    am.nstalled--;
  }
  if (out_of(CH_REP, s)->cur)
    send_cur(CH_REP, s);
}

/* Re-post the receive of the ring slot handled last, if it waits for that. */
static inline void repost(void) {
  if (am.repost >= 0) {
    MPI_Irecv(am.rbuf[am.repost], AM_BUFSZ, MPI_BYTE, MPI_ANY_SOURCE, TAG_AM, am.comm,
              &am.rreq[am.repost]);
    am.repost = -1;
  }
}

/* Progress: take in what has arrived, run its handlers, retry waiting requests, complete bulk
 * transfers, then send every buffer being filled. Reception is MPI_Test on the ring's next
 * receive, the cheapest poll there is: it progresses MPI and sees a message that arrived
 * meanwhile. After a buffer that may have ended the caller's wait (replies, stores) the poll
 * goes on without testing further, and the slot's receive is re-posted only at the next poll, off
 * the path of that wait; after other requests (whose replies are out) up to AM_TAKE buffers are
 * taken. Slots are re-posted in ring order, which keeps posting order the ring's order. */
static void am_poll(void) {
  if (am.busy)
    return;
  am.busy = true;
  for (int k = 0; k < AM_TAKE && am.nring; k++) {
    repost();
    int done = 0;
    MPI_Status st;
    MPI_Test(&am.rreq[am.rhead], &done, &st);
    if (!done)
      break;
    int cnt, slot = am.rhead;
    sc_poll_work++;
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    am.rhead = (slot + 1) % am.nring;
    am.repost = slot;
    if (take(st.MPI_SOURCE, am.rbuf[slot], (size_t)cnt))
      break;
  }
  if (am.nstalled)
    for (int s = 0; s < am.np; s++)
      if (am.stalled[s])
        retry(s);
  if (am.getq.n)
    reqs_test(&am.getq);
  if (am.sendq.n)
    reqs_test(&am.sendq);
  if (am.replq.n)
    reqs_test(&am.replq);
  am_flush();
  am.busy = false;
}

/* ---------------- start and stop ---------------- */

static void *zalloc(size_t n) {
  void *p = calloc(n ? n : 1, 1);
  if (!p)
    sc_fatal("am transport: out of memory");
  return p;
}

static void am_init(size_t bytes, int n_stctr) {
  am.me = sc_myproc_;
  am.np = sc_procs_;
  am.nstctr = n_stctr;
  /* calloc's pages of a large block are zero until touched: only what the program uses of the
   * segment becomes resident (16 MiB a process, written whole, were most of a simulation's memory) */
  if (bytes > SIZE_MAX - SC_SEG_ALIGN || !(am.seg_block = calloc(bytes + SC_SEG_ALIGN - 1, 1)))
    sc_fatal("am transport: cannot allocate a segment of %zu bytes", bytes);
  char *seg = (char *)(((uintptr_t)am.seg_block + SC_SEG_ALIGN - 1) / SC_SEG_ALIGN * SC_SEG_ALIGN);
  am.base = seg;
  sc_seg.base = seg;
  sc_seg.bytes = bytes;
  am.send = zalloc((size_t)n_stctr * sizeof *am.send);
  am.recv = zalloc((size_t)n_stctr * sizeof *am.recv);

  /* our own communicator, so no other traffic mixes with ours (nonblocking, by the rule) */
  MPI_Request r;
  int done = 0;
  if (sc_simulated()) /* SimGrid SMPI has no MPI_Comm_idup */
    MPI_Comm_dup(MPI_COMM_WORLD, &am.comm);
  else {
    MPI_Comm_idup(MPI_COMM_WORLD, &am.comm, &r);
    while (MPI_Test(&r, &done, MPI_STATUS_IGNORE), !done)
      ;
  }

  int np = am.np;
  am.out = zalloc((size_t)AM_NCH * np * sizeof *am.out);
  am.backlog = zalloc((size_t)np * sizeof *am.backlog);
  am.dirty = zalloc((size_t)AM_NCH * np * sizeof *am.dirty);
  am.stalled = zalloc((size_t)np);
  am.bphase = zalloc((size_t)np);
  am.breq = zalloc((size_t)np * sizeof *am.breq);
  for (int s = 0; s < np; s++)
    am.breq[s] = MPI_REQUEST_NULL;
  for (int e = 0; e < AM_NCH * np; e++)
    for (int i = 0; i < AM_NBUF; i++)
      am.out[e].req[i] = MPI_REQUEST_NULL;
  int sources = sc_am_ring_sources ? sc_am_ring_sources : AM_RING_SOURCES;
  am.nring = AM_NRECV * AM_NCH * (np - 1 < sources ? np - 1 : sources);
  am.rhead = 0;
  am.repost = -1;
  am.rbuf = zalloc((size_t)am.nring * sizeof *am.rbuf);
  am.rreq = zalloc((size_t)am.nring * sizeof *am.rreq);
  for (int k = 0; k < am.nring; k++) {
    void *b;
    if (posix_memalign(&b, 64, AM_BUFSZ))
      sc_fatal("am transport: out of memory for receive buffers");
    am.rbuf[k] = b;
    MPI_Irecv(b, AM_BUFSZ, MPI_BYTE, MPI_ANY_SOURCE, TAG_AM, am.comm, &am.rreq[k]);
  }
  am.pending = 0;
  am.busy = false;
}

/* Whether every send buffer and bulk transfer of mine has completed (testing them). */
static bool all_sent(void) {
  bool ok = am.sendq.n == 0 && am.replq.n == 0 && am.getq.n == 0;
  for (int e = 0; e < AM_NCH * am.np; e++)
    for (int i = 0; i < am.out[e].nbuf; i++) {
      int done = 1;
      if (am.out[e].req[i] != MPI_REQUEST_NULL)
        MPI_Test(&am.out[e].req[i], &done, MPI_STATUS_IGNORE);
      ok = ok && done;
    }
  return ok;
}

static void am_finalize(void) {
  /* Everything is complete and everyone is past a barrier, so every message sent has been
   * received: our sends only need local completion, and nobody sends to us any more. */
  am_flush();
  if (!all_sent()) {
    sc_wait w;
    sc_wait_begin(&w, SC_ST_BARRIER, "am: finalize (send completion)");
    do
      sc_wait_step(&w);
    while (!all_sent());
    sc_wait_end(&w);
  }
  for (int k = 0; k < am.nring; k++) {
    int done = 0;
    if (k != am.repost) {
      MPI_Cancel(&am.rreq[k]);
      while (MPI_Test(&am.rreq[k], &done, MPI_STATUS_IGNORE), !done)
        ;
    }
    free(am.rbuf[k]);
  }
  for (int e = 0; e < AM_NCH * am.np; e++)
    for (int i = 0; i < am.out[e].nbuf; i++)
      free(am.out[e].buf[i]);
  for (int p = 0; p < am.np; p++)
    free(am.backlog[p].buf);
  am_reqs *qs[] = {&am.getq, &am.sendq, &am.replq};
  for (int i = 0; i < 3; i++) {
    free(qs[i]->r);
    free(qs[i]->c);
    free(qs[i]->idx);
  }
  free(am.out);
  free(am.backlog);
  free(am.dirty);
  free(am.stalled);
  free(am.bphase);
  free(am.breq);
  free(am.rbuf);
  free(am.rreq);
  free(am.send);
  free(am.recv);
  MPI_Comm_free(&am.comm);
  free(am.seg_block);
  memset(&am, 0, sizeof am);
}

/* ---------------- get, put, store ---------------- */

/* A contiguous get of n >= AM_BULK bytes: post the receive, then ask for the data. */
static void get_bulk(char *dst, int proc, uint64_t off, size_t n, sc_ctr *c) {
  for (size_t done = 0; done < n;) {
    size_t m = n - done < AM_CHUNK ? n - done : AM_CHUNK;
    MPI_Request r;
    c->outstanding++;
    am.pending++;
    MPI_Irecv(dst + done, (int)m, MPI_BYTE, proc, TAG_GETD, am.comm, &r);
    reqs_push(&am.getq, r, c);
    am_hdr *h = (am_hdr *)reserve(CH_REQ, proc, HDR, SC_ST_GET);
    *h = (am_hdr){H_GET, F_BULK, 0, (uint32_t)m, off + done, 0, (uint64_t)(uintptr_t)c};
    send_now(proc);
    done += m;
  }
}

static void am_get(void *dst, int proc, uint64_t off, size_t n, sc_ctr *c) {
  if (proc == am.me) {
    memmove(dst, am.base + off, n);
    return;
  }
  if (n >= AM_BULK) {
    get_bulk(dst, proc, off, n, c);
    return;
  }
  c->outstanding++;   /* count before the request can be answered */
  am.pending++;
  am_hdr *h = (am_hdr *)reserve(CH_REQ, proc, HDR, SC_ST_GET);
  *h = (am_hdr){H_GET, 0, 0, (uint32_t)n, off, (uint64_t)(uintptr_t)dst, (uint64_t)(uintptr_t)c};
}

/* A contiguous put or store (handler hd, counter word ctr) of n >= AM_BULK bytes: the header,
 * then the data straight from src as its own message. */
static void send_bulk(int hd, int proc, uint64_t off, const char *src, size_t n, sc_ctr *c,
                      uint64_t ctr, sc_stat_kind kind) {
  for (size_t done = 0; done < n;) {
    size_t m = n - done < AM_CHUNK ? n - done : AM_CHUNK;
    if (c) {
      c->outstanding++;
      am.pending++;
    }
    am_hdr *h = (am_hdr *)reserve(CH_REQ, proc, HDR, kind);
    *h = (am_hdr){(uint8_t)hd, F_BULK, 0, (uint32_t)m, off + done, 0, ctr};
    MPI_Request r;
    MPI_Isend(src + done, (int)m, MPI_BYTE, proc, TAG_BULK, am.comm, &r);
    reqs_push(&am.sendq, r, NULL);
    send_now(proc);
    done += m;
  }
}

static void am_put(int proc, uint64_t off, const void *src, size_t n, sc_ctr *c) {
  if (proc == am.me) {
    memmove(am.base + off, src, n);
    return;
  }
  if (n >= AM_BULK) {
    send_bulk(H_PUT, proc, off, src, n, c, (uint64_t)(uintptr_t)c, SC_ST_PUT);
    return;
  }
  c->outstanding++;
  am.pending++;
  size_t w = pad8(n);
  char *p = reserve(CH_REQ, proc, HDR + w, SC_ST_PUT);
  *(am_hdr *)p = (am_hdr){H_PUT, 0, (uint16_t)w, (uint32_t)n, off, 0, (uint64_t)(uintptr_t)c};
  memcpy(p + HDR, src, n);
}

static void am_store(int proc, uint64_t off, const void *src, size_t n, sc_stctr k) {
  am.send[k] += (int64_t)n;
  if (proc == am.me) {
    memmove(am.base + off, src, n);
    am.recv[k] += (int64_t)n;
    return;
  }
  if (n >= AM_BULK) {
    send_bulk(H_STORE, proc, off, src, n, NULL, (uint64_t)k, SC_ST_STORE);
    return;
  }
  size_t w = pad8(n);
  char *p = reserve(CH_REQ, proc, HDR + w, SC_ST_STORE);
  *(am_hdr *)p = (am_hdr){H_STORE, 0, (uint16_t)w, (uint32_t)n, off, 0, (uint64_t)k};
  memcpy(p + HDR, src, n);
}

/* ---------------- sections ---------------- */

static void am_get_section(void *dst, const sc_section *ds, int proc, uint64_t off,
                           const sc_section *ss, sc_ctr *c) {
  if (proc == am.me) {
    sc_section_copy(dst, ds, am.base + off, ss);
    return;
  }
  size_t n = sect_bytes(ss);
  c->outstanding++;
  am.pending++;
  if (n < AM_BULK) {   /* the reply carries ds back, so the origin keeps no state */
    char *p = reserve(CH_REQ, proc, HDR + 2 * SECT, SC_ST_GET_SECTION);
    *(am_hdr *)p = (am_hdr){H_GET, F_SECT, 2 * SECT, (uint32_t)n, off, (uint64_t)(uintptr_t)dst,
                            (uint64_t)(uintptr_t)c};
    sect_put(p + HDR, ss);
    sect_put(p + HDR + SECT, ds);
    return;
  }
  MPI_Datatype t = sc_section_type(ds);
  MPI_Request r;
  MPI_Irecv(dst, 1, t, proc, TAG_GETD, am.comm, &r);
  MPI_Type_free(&t);
  reqs_push(&am.getq, r, c);
  char *p = reserve(CH_REQ, proc, HDR + SECT, SC_ST_GET_SECTION);
  *(am_hdr *)p = (am_hdr){H_GET, F_SECT | F_BULK, SECT, (uint32_t)n, off, 0, (uint64_t)(uintptr_t)c};
  sect_put(p + HDR, ss);
  send_now(proc);
}

/* A put or store of section ss at src into section ds at off on proc: packed into the message
 * (small) or sent zero-copy with an MPI datatype on each side (bulk). */
static void send_section(int hd, int proc, uint64_t off, const sc_section *ds, const void *src,
                         const sc_section *ss, size_t n, uint64_t ctr, sc_stat_kind kind) {
  if (n < AM_BULK) {
    size_t w = SECT + pad8(n);
    char *p = reserve(CH_REQ, proc, HDR + w, kind);
    *(am_hdr *)p = (am_hdr){(uint8_t)hd, F_SECT, (uint16_t)w, (uint32_t)n, off, 0, ctr};
    sect_put(p + HDR, ds);
    sc_section_pack(p + HDR + SECT, src, ss);
    return;
  }
  char *p = reserve(CH_REQ, proc, HDR + SECT, kind);
  *(am_hdr *)p = (am_hdr){(uint8_t)hd, F_SECT | F_BULK, SECT, (uint32_t)n, off, 0, ctr};
  sect_put(p + HDR, ds);
  MPI_Datatype t = sc_section_type(ss);
  MPI_Request r;
  MPI_Isend(src, 1, t, proc, TAG_BULK, am.comm, &r);
  MPI_Type_free(&t);
  reqs_push(&am.sendq, r, NULL);
  send_now(proc);
}

static void am_put_section(int proc, uint64_t off, const sc_section *ds, const void *src,
                           const sc_section *ss, sc_ctr *c) {
  if (proc == am.me) {
    sc_section_copy(am.base + off, ds, src, ss);
    return;
  }
  size_t n = sect_bytes(ss);
  c->outstanding++;
  am.pending++;
  send_section(H_PUT, proc, off, ds, src, ss, n, (uint64_t)(uintptr_t)c, SC_ST_PUT_SECTION);
}

static void am_store_section(int proc, uint64_t off, const sc_section *ds, const void *src,
                             const sc_section *ss, sc_stctr k) {
  size_t n = sect_bytes(ss);
  am.send[k] += (int64_t)n;
  if (proc == am.me) {
    sc_section_copy(am.base + off, ds, src, ss);
    am.recv[k] += (int64_t)n;
    return;
  }
  send_section(H_STORE, proc, off, ds, src, ss, n, (uint64_t)k, SC_ST_STORE_SECTION);
}

/* ---------------- completion ---------------- */

static void ctr_reset(sc_ctr *c) {
  c->outstanding = 0;
  c->flags = 0;
  c->ntouched = 0;
}

static int am_test_ctr(sc_ctr *c) {
  if (c->outstanding) {
    am_poll();   /* flushes too */
    if (c->outstanding)
      return 0;
  }
  ctr_reset(c);
  return 1;
}

static void am_sync_ctr(sc_ctr *c) {
  am_flush();   /* a blocking entry: the requests go out even if c has none */
  if (c->outstanding) {
    sc_wait w;
    sc_wait_begin(&w, SC_ST_SYNC, "sync_ctr (gets and puts)");
    while (c->outstanding)
      sc_wait_step(&w);
    sc_wait_end(&w);
  }
  ctr_reset(c);
}

static void am_sync_all(void) {
  am_flush();
  if (am.pending) {
    sc_wait w;
    sc_wait_begin(&w, SC_ST_SYNC, "sync_all (every get and put of this process)");
    while (am.pending)
      sc_wait_step(&w);
    sc_wait_end(&w);
  }
}

/* 1 (consuming n) if n bytes have arrived on k; keeps sum(send - recv) = bytes in flight. */
static int am_store_test(sc_stctr k, size_t n) {
  if (am.recv[k] < (int64_t)n)
    return 0;
  am.recv[k] -= (int64_t)n;
  am.send[k] -= (int64_t)n;
  return 1;
}

/* Fig. 6-8: fold my (send - recv) into d and zero both, sum d over everyone, repeat until the sum
 * is zero. Each round is one MPI_Iallreduce that everyone enters after contributing, so nobody
 * leaves (and stores on k again) before every contribution to the last round was made: bytes of
 * the next phase are counted only after the zeroing, in the next phase. */
static void am_all_store_sync(sc_stctr k) {
  am_flush();
  int64_t d = 0, all = 0;
  sc_wait w;
  sc_wait_begin(&w, SC_ST_ALL_STORE_SYNC, "all_store_sync");
  do {
    d += am.send[k] - am.recv[k];
    am.send[k] = am.recv[k] = 0;
    MPI_Request r;
    int done = 0;
    MPI_Iallreduce(&d, &all, 1, MPI_INT64_T, MPI_SUM, am.comm, &r);
    while (MPI_Test(&r, &done, MPI_STATUS_IGNORE), !done)
      sc_wait_step(&w);
  } while (all != 0);
  sc_wait_end(&w);
}

static void am_store_local_sync(void) {
  am_flush();   /* small stores were copied at issue; bulk ones are sent from the program's arrays */
  if (am.sendq.n)
    reqs_test(&am.sendq);
  if (am.sendq.n) {
    sc_wait w;
    sc_wait_begin(&w, SC_ST_STORE_LOCAL_SYNC, "store_local_sync (bulk sends)");
    while (am.sendq.n)
      sc_wait_step(&w);
    sc_wait_end(&w);
  }
}

/* ---------------- atomics ---------------- */

static int64_t atomic_op(int proc, uint64_t off, bool cswap, int64_t expect, int64_t v) {
  if (proc == am.me) {
    int64_t old;
    char *p = am.base + off;
    memcpy(&old, p, sizeof old);
    int64_t nv = amo_apply(old, cswap, expect, v);
    memcpy(p, &nv, sizeof nv);
    return old;
  }
  am_amo res = {0, 0};
  size_t w = cswap ? 8 : 0;
  char *p = reserve(CH_REQ, proc, HDR + w, SC_ST_ATOMIC);
  *(am_hdr *)p = (am_hdr){H_AMO, cswap ? F_CSWAP : 0, (uint16_t)w, 0, off, (uint64_t)v,
                          (uint64_t)(uintptr_t)&res};
  if (cswap)
    memcpy(p + HDR, &expect, sizeof expect);
  am_flush();
  sc_wait w8;
  sc_wait_begin(&w8, SC_ST_ATOMIC, cswap ? "cswap" : "fetch_add");
  while (!res.done)
    sc_wait_step(&w8);
  sc_wait_end(&w8);
  return res.old;
}

static int64_t am_fetch_add(int proc, uint64_t off, int64_t v) { return atomic_op(proc, off, false, 0, v); }

static int64_t am_cswap(int proc, uint64_t off, int64_t expect, int64_t desired) {
  return atomic_op(proc, off, true, expect, desired);
}

/* ---------------- diagnostics ---------------- */

static void am_dump(FILE *f) {
  int me = am.me;
  fprintf(f, "libsplit: process %d: am: %lld gets/puts outstanding; bulk: %d get receives, %d "
          "put/store sends, %d get-reply sends; buffers sent %llu, handled %llu; %d dirty; "
          "retries for reply space %llu, for bulk data %llu; waits for a send buffer %llu; "
          "a receive ring of %d slots\n", me, (long long)am.pending, am.getq.n, am.sendq.n, am.replq.n, (unsigned long long)am.nsent,
          (unsigned long long)am.nrecvd, am.ndirty, (unsigned long long)am.nwait_reply,
          (unsigned long long)am.nwait_bulk, (unsigned long long)am.nwait_send, am.nring);
  for (int k = 0; k < am.nstctr; k++)
    if (am.send[k] || am.recv[k])
      fprintf(f, "libsplit: process %d: am: store counter %d: sent %lld, received %lld\n", me, k,
              (long long)am.send[k], (long long)am.recv[k]);
  for (int p = 0; p < am.np; p++) {
    if (p == me)
      continue;
    for (int ch = 0; ch < AM_NCH; ch++) {
      am_out *o = out_of(ch, p);
      int inflight = 0;
      for (int i = 0; i < o->nbuf; i++) {
        int done = 1;
        if (o->req[i] != MPI_REQUEST_NULL)
          MPI_Test(&o->req[i], &done, MPI_STATUS_IGNORE);
        inflight += !done;
      }
      if (inflight || o->cur)
        fprintf(f, "libsplit: process %d: am: %s to %d: %d buffers in flight, %zu bytes being "
                "filled\n", me, ch == CH_REQ ? "requests" : "replies", p, inflight, o->fill);
    }
    if (am.stalled[p])
      fprintf(f, "libsplit: process %d: am: requests from %d wait (%s; %zu bytes unhandled)\n",
              me, p, am.bphase[p] == BULK_POSTED ? "bulk data not landed" : "no free reply buffer",
              am.backlog[p].len - am.backlog[p].pos);
  }
}

const sc_transport_ops sc_am_ops = {
  .name = "am",
  .init = am_init,
  .finalize = am_finalize,
  .get = am_get,
  .put = am_put,
  .store = am_store,
  .get_section = am_get_section,
  .put_section = am_put_section,
  .store_section = am_store_section,
  .test_ctr = am_test_ctr,
  .sync_ctr = am_sync_ctr,
  .sync_all = am_sync_all,
  .store_test = am_store_test,
  .all_store_sync = am_all_store_sync,
  .store_local_sync = am_store_local_sync,
  .fetch_add = am_fetch_add,
  .cswap = am_cswap,
  .poll = am_poll,
  .flush = am_flush,
  .dump = am_dump,
};
