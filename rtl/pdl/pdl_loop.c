/* pdl_loop.c - what a pattern needs when it runs again and again, as the body of a loop does: for
 * each message, whether the receiver is proven ready for the next iteration's message without a
 * handshake.
 *
 * The model is that of the runtime's receive buffers: one buffer (or two, used alternately) per
 * message, reused by every iteration, and free again as soon as the receiver has taken the
 * message out of it (its endRecv). With d buffers, the message of iteration i + d may overwrite
 * that of iteration i once the receiver's endRecv of iteration i has happened. So the pattern is
 * unrolled d + 1 times, and in the last copy every beginRecv is moved to right after the endRecv
 * of the same receive in the first copy (where the buffer it uses becomes free; a blocking `recv`
 * is split into its two halves for this); a message of the last copy that Parachute's analysis
 * then finds blast (its beginRecv happens before its beginSend) needs no ready token in the
 * steady state. Events between iterations (other code, other patterns) only add ordering, so a proof for
 * two consecutive iterations holds for every later pair. */
#include "pdl.h"
#include <stdlib.h>
#include <string.h>

/* Where each statement of the unrolled pattern came from. */
typedef struct Origin {
  int *copy;     /* per process: per statement, its copy */
  int *stmt;     /* per process: per statement, the original statement */
  int *first;    /* per process: its first entry in copy and stmt */
} Origin;

static void *xmalloc_or_die(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) abort();
  return p;
}

/* The index of the beginRecv in pr named name, or -1. */
static int begin_recv_named(const PdlProcess *pr, const char *name) {
  for (int k = 0; k < pr->nstmts; k++)
    if (pr->stmts[k].op == PDL_BEGIN_RECV && pr->stmts[k].name && strcmp(pr->stmts[k].name, name) == 0) return k;
  return -1;
}

/* Append statement k of the original process pr, copy c, to u (names get the copy appended). */
static void add_copy(PdlProcess *u, const PdlProcess *pr, int k, int c, Origin *o, int base) {
  const PdlStmt *s = &pr->stmts[k];
  char name[256];
  if (s->name) snprintf(name, sizeof name, "%s~%d", s->name, c);
  pdl_add_stmt(u, s->op, s->peer, s->tag, s->maxsize, s->name ? name : NULL, s->line, s->col);
  o->copy[base + u->nstmts - 1] = c;
  o->stmt[base + u->nstmts - 1] = k;
}

/* Half of the blocking receive k of pr in copy c, split into beginRecv and endRecv (named '#k',
 * which no statement of a file can be called) so that its beginRecv can move like the others. */
static void add_split_recv(PdlProcess *u, const PdlProcess *pr, int k, int c, PdlOp op, Origin *o, int base) {
  const PdlStmt *s = &pr->stmts[k];
  char name[32];
  snprintf(name, sizeof name, "#%d~%d", k, c);
  pdl_add_stmt(u, op, s->peer, s->tag, s->maxsize, name, s->line, s->col);
  o->copy[base + u->nstmts - 1] = c;
  o->stmt[base + u->nstmts - 1] = k;
}

/* p unrolled depth + 1 times into a new file, each beginRecv of the last copy right after the
 * endRecv of its receive in the first copy. */
static PdlFile *unroll(const PdlPattern *p, int depth, Origin *o) {
  PdlFile *f = pdl_new();
  PdlPattern *u = pdl_add_pattern(f, p->id, p->line, p->col);
  int total = 0;
  o->first = xmalloc_or_die(sizeof(int) * (size_t)(p->nprocs + 1));
  for (int q = 0; q < p->nprocs; q++) {
    o->first[q] = total;
    total += (depth + 1) * p->procs[q].nstmts;
    for (int k = 0; k < p->procs[q].nstmts; k++)
      total += p->procs[q].stmts[k].op == PDL_RECV; /* split in the last copy */
  }
  o->first[p->nprocs] = total;
  o->copy = xmalloc_or_die(sizeof(int) * (size_t)total);
  o->stmt = xmalloc_or_die(sizeof(int) * (size_t)total);
  for (int q = 0; q < p->nprocs; q++) {
    const PdlProcess *pr = &p->procs[q];
    PdlProcess *up = pdl_add_process(u, pr->id, pr->line, pr->col);
    for (int c = 0; c <= depth; c++)
      for (int k = 0; k < pr->nstmts; k++) {
        const PdlStmt *s = &pr->stmts[k];
        if (c == depth && s->op == PDL_BEGIN_RECV) continue; /* moved up */
        if (c == depth && s->op == PDL_RECV) {
          add_split_recv(up, pr, k, depth, PDL_END_RECV, o, o->first[q]);
          continue;
        }
        add_copy(up, pr, k, c, o, o->first[q]);
        if (c != 0) continue;
        int b = s->op == PDL_END_RECV && s->name ? begin_recv_named(pr, s->name) : -1;
        if (b >= 0) add_copy(up, pr, b, depth, o, o->first[q]);
        if (s->op == PDL_RECV) add_split_recv(up, pr, k, depth, PDL_BEGIN_RECV, o, o->first[q]);
      }
  }
  return f;
}

static void origin_free(Origin *o) {
  free(o->copy);
  free(o->stmt);
  free(o->first);
}

/* The message of a (the original analysis) sent by process index s with statement k, or -1. */
static int message_sent_by(const PdlAnalysis *a, int s, int k) {
  for (int m = 0; m < a->nmsgs; m++)
    if (a->msgs[m].sender == s && a->msgs[m].send_stmt == k) return m;
  return -1;
}

/* Set out[m] to mode for the messages m of the original (analysed as a) that still need a token
 * and are blast in the last copy of p unrolled for depth buffers. */
static void mark_free(const PdlPattern *p, const PdlAnalysis *a, int depth, PdlLoopMode mode, PdlLoopMode *out) {
  Origin o;
  PdlFile *f = unroll(p, depth, &o);
  PdlAnalysis *ua = pdl_analyse(f, &f->patterns[0], NULL);
  for (int i = 0; ua && i < ua->nmsgs; i++) {
    const PdlMessage *g = &ua->msgs[i];
    int at = o.first[g->sender] + g->send_stmt;
    if (o.copy[at] != depth || g->mode != PDL_BLAST) continue;
    int m = message_sent_by(a, g->sender, o.stmt[at]);
    if (m >= 0 && out[m] == PDL_LOOP_TOKEN) out[m] = mode;
  }
  pdl_analysis_free(ua);
  pdl_free(f);
  origin_free(&o);
}

PdlLoopMode *pdl_loop_modes(const PdlPattern *p) {
  const PdlAnalysis *a = p->an;
  if (!a) return NULL;
  PdlLoopMode *out = xmalloc_or_die(sizeof *out * (size_t)a->nmsgs);
  for (int m = 0; m < a->nmsgs; m++) out[m] = PDL_LOOP_TOKEN;
  mark_free(p, a, 1, PDL_LOOP_FREE, out);
  bool rest = false;
  for (int m = 0; m < a->nmsgs; m++) rest |= out[m] == PDL_LOOP_TOKEN;
  if (rest) mark_free(p, a, 2, PDL_LOOP_FREE2, out);
  return out;
}

const char *pdl_loop_mode_name(PdlLoopMode m) {
  return m == PDL_LOOP_FREE ? "no handshake" : m == PDL_LOOP_FREE2 ? "no handshake with two buffers" : "ready token";
}
