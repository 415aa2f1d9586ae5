/* zrt_xfer_plan.h - the plan of a ghost-cell transfer, private to the runtime's transfer files:
 * zrt_xfer.c (plans, bindings, the Ironman calls) and zrt_phases.c (exchanges by dimension). */
#ifndef AZC_ZRT_XFER_PLAN_H
#define AZC_ZRT_XFER_PLAN_H
#include "libsplit.h"
#include "zrt_internal.h"
#include "zrt_region.h"

#define XFER_MAX_ITEMS ZG_MAX_ITEMS

/* The geometry (boxes, items, what each pair of processes exchanges) is zrt_geom.c's, shared with
 * azc, which computes the same at compile time for the pattern file it writes. */
typedef zg_box box;
typedef zg_item xfer_item;

/* What the plan depends on: the region, the items, and each array's storage region, element size
 * and flood dimensions. All of it is the same on every process, so every process rebuilds a plan
 * at the same time (the libsplit bindings allocate collectively then). */
typedef struct xfer_key {
  zrt_region c;
  int nitems;
  struct {
    int rank;
    size_t elem;
    unsigned flood;
    int64_t slo[ZRT_MAX_RANK], shi[ZRT_MAX_RANK];
    int64_t dlo[ZRT_MAX_RANK], dhi[ZRT_MAX_RANK]; /* wrap-around items wrap in the declared region */
    int64_t step[ZRT_MAX_RANK], phase[ZRT_MAX_RANK]; /* compact storage (section 15.3) */
    int64_t d[ZRT_MAX_RANK];
    int64_t move[ZRT_MAX_RANK];
    bool wrap;
    bool like_before;        /* the array of the item before, wrapping alike: the same fields above */
  } items[XFER_MAX_ITEMS];
} xfer_key;

/* The boxes exchanged with one other process, in item order, and the message buffer. */
typedef struct xfer_peer {
  int proc;
  int nboxes;
  int *item;                 /* per box: which item (array) */
  box *boxes;                /* where the receiver stores them */
  int64_t (*off)[ZRT_MAX_RANK]; /* per box: the sender reads box + off (wrap-around items) */
  zrt_box_copy *prep;        /* per box: its copy, prepared at its first (NULL: none yet) */
  size_t bytes;
  char *buf;
  MPI_Request rq;
} xfer_peer;

/* One phase of an exchange by dimension (see plan_phases): what travels along grid dimension k. */
typedef struct xfer_phase {
  xfer_peer *sends, *recvs;
  int nsends, nrecvs;
  xfer_peer local;           /* hops within this process: copies box + off to box */
} xfer_phase;

/* What a plan computed for one description (its key), put aside while the transfer runs under
 * another one and taken up again when it comes back (see plan_from_shelf). */
typedef struct shelved_plan {
  xfer_key *key;
  xfer_peer *sends, *recvs;
  int nsends, nrecvs;
  xfer_peer self;
  int nphases;
  xfer_phase phase[ZRT_MAX_RANK];
} shelved_plan;
#define SHELF_MAX 12               /* MG's operators run at every level of the hierarchy */

typedef enum { BIND_MSG, BIND_PUT, BIND_STORE, BIND_TAILORED, BIND_AUTO } binding;
/* The ready tokens a DN sent for the next round: none yet (a new plan), one per receive, or
 * only those of the messages that need one in the steady state (tailored). The same on every
 * process, since every process makes every round's calls. */
typedef enum { EARLY_NONE, EARLY_ALL, EARLY_TOKENS } early_tokens;
struct zrt_xfer_plan {
  xfer_key *key;             /* the plan below is valid for this (allocated with the first plan) */
  binding bind;              /* this transfer's binding now (auto: msg or tailored) */
  bool auto_msg;             /* auto: the plan changed after the switch to tailored: msg for good */
  /* libsplit bindings */
  bool counters;             /* dat and tok allocated */
  sc_stctr dat, tok;         /* data (or put signals) arriving / ready tokens arriving */
  sc_stctr dat_odd;          /* tailored with two buffers: data of odd rounds */
  char *rbuf;                /* my receive buffer in the segment (symmetric) */
  size_t rbuf_bytes;         /* its size (the largest any process needs) */
  size_t half;               /* tailored with two buffers: offset of the odd rounds' buffer, else 0 */
  size_t *slot;              /* per send peer: my slot's offset in its receive buffer */
  size_t *rslot;             /* per receive peer: its slot's offset in my receive buffer */
  uint64_t control;
  bool valid;
  bool same;                 /* this round's description so far is the one the plan was built for */
  bool skip;                 /* an item's storage does not cover what it needs: the transfer does nothing
                              * (a transfer the compiler started early; its statement reports the error) */
  xfer_item items[XFER_MAX_ITEMS];
  int nitems;
  zrt_region c;
  xfer_peer *sends, *recvs;
  int nsends, nrecvs;
  xfer_peer self;            /* wrap-around items: what this process copies within its own arrays
                              * (where a grid dimension wraps onto the same process) */
  int nphases;               /* > 0: msg rounds exchange by dimension, through phase[0..nphases-1] */
  xfer_phase phase[ZRT_MAX_RANK];
  bool phased_round;         /* this round goes by phases */
  int phase_at, phase_in;    /* the phase being received, and how many of its receives are in */
  shelved_plan *shelf;       /* msg: the plans of other descriptions, oldest first */
  int nshelf;
  bool receiving, sending;   /* receives posted and not yet waited for / sends not yet complete */
  early_tokens early;        /* libsplit bindings: what the last DN sent */
  /* tailored */
  bool decided;              /* the analysis's answers are in send_free and recv_free */
  bool tailor_off;           /* the plan changed after it was first built: tokens always */
  bool steady;               /* this round is in the steady state */
  unsigned char *send_free, *recv_free; /* per peer: no ready token needed in the steady state */
  int token_sends;           /* sends that need one */
  uint64_t round;
  int id, line;
  /* zrt_xfer_split's last answer, for region split_c under this plan */
  bool split_valid;
  zrt_region split_c, split[ZRT_SPLIT_MAX];
  int nsplit, split_border;
  /* AZ_STATS: this process's part */
  uint64_t count, bytes, messages;
  uint64_t built, reused;    /* plans built, and taken up again from the shelf */
  uint64_t reused_at_begin;  /* of those, taken up by region when the transfer began (shelf_take_region) */
  double dn_wait, sv_wait;
  zrt_xfer_plan *next;       /* all plans, freed at exit */
};

/* zrt_xfer.c */
/* Pack (to_buf) or unpack all of pe's boxes through its buffer (or from); returns the bytes. */
size_t xfer_copy_peer(const zrt_xfer_plan *p, xfer_peer *pe, const char *from, bool to_buf);
/* Copy pe's boxes within this process's arrays, each from box + off. */
void xfer_copy_within(const zrt_xfer_plan *p, xfer_peer *pe);
/* What process src sends process dst (see zg_pair_boxes), into *pe. */
void xfer_pair_boxes(const zrt_xfer_plan *p, int src, int dst, xfer_peer *pe);
/* True if box b lies inside the allocation of a on this process (its block and fluff). */
bool xfer_inside_allocation(const zrt_array *a, const box *b);
/* The message buffers of n peers. */
void xfer_alloc_bufs(const zrt_xfer *x, xfer_peer *v, int n);
void xfer_free_peer(xfer_peer *pe);

/* zrt_phases.c: the phases of plan p where they pay (nphases stays 0 otherwise), and a msg round
 * by phases: post a phase's receives, make its hops within this process and its sends, wait for
 * its receives and unpack them. */
void xfer_plan_phases(const zrt_xfer *x, zrt_xfer_plan *p);
/* The processes around process proc (their blocks within the items' reach of its own, in every
 * dimension, around the grid: next to it where every block is as wide as every shift), in
 * increasing order, into out (room for ZRT_NEAR_MAX): the only processes p's direct plan lets proc
 * exchange with; -1 where there are more than ZRT_NEAR_MAX of them or the items do not allow the
 * question (every process must be asked). */
enum { ZRT_NEAR_MAX = 729 }; /* 3^ZRT_MAX_RANK */
int xfer_near_procs(const zrt_xfer_plan *p, int proc, int *out);
void xfer_phase_post(const zrt_xfer *x, xfer_phase *ph);
void xfer_phase_send(const zrt_xfer *x, zrt_xfer_plan *p, xfer_phase *ph);
/* A round by phases (phase 0 sent): progress moves on through the phases that arrived without
 * waiting; finish waits for the rest. */
void xfer_phases_progress(const zrt_xfer *x, zrt_xfer_plan *p);
void xfer_phases_finish(const zrt_xfer *x, zrt_xfer_plan *p);
#endif
