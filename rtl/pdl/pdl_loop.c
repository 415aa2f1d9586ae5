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
#include <stdio.h>
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

/* The beginRecv statements of one process by name (open addressing; cap a power of two, at least
   twice their number), so that each endRecv finds its beginRecv in constant time. */
typedef struct RecvNames {
  const char **name;
  int *stmt, cap;
} RecvNames;

static unsigned name_hash(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static int name_slot(const RecvNames *r, const char *name) {
  int i = (int)(name_hash(name) & (unsigned)(r->cap - 1));
  while (r->name[i] && strcmp(r->name[i], name) != 0) i = (i + 1) & (r->cap - 1);
  return i;
}

/* Index the beginRecv statements of pr (the first of each name). */
static RecvNames recv_names(const PdlProcess *pr) {
  RecvNames r = {NULL, NULL, 16};
  while (r.cap < 2 * pr->nstmts) r.cap *= 2;
  r.name = calloc((size_t)r.cap, sizeof *r.name);
  r.stmt = xmalloc_or_die(sizeof(int) * (size_t)r.cap);
  if (!r.name) abort();
  for (int k = 0; k < pr->nstmts; k++) {
    const PdlStmt *s = &pr->stmts[k];
    if (s->op != PDL_BEGIN_RECV || !s->name) continue;
    int i = name_slot(&r, s->name);
    if (r.name[i]) continue;
    r.name[i] = s->name;
    r.stmt[i] = k;
  }
  return r;
}

/* The index of the beginRecv named name, or -1. */
static int begin_recv_named(const RecvNames *r, const char *name) {
  int i = name_slot(r, name);
  return r->name[i] ? r->stmt[i] : -1;
}

/* Append statement k of the original process pr, copy c, to u (names get the copy appended). */
static void add_copy(PdlProcess *u, const PdlProcess *pr, int k, int c, Origin *o, int base) {
  const PdlStmt *s = &pr->stmts[k];
  char *name = NULL;
  if (s->name) {
    size_t n = strlen(s->name) + 16; /* a name of any length, and "~copy" */
    name = xmalloc_or_die(n);
    snprintf(name, n, "%s~%d", s->name, c);
  }
  pdl_add_stmt(u, s->op, s->peer, s->tag, s->maxsize, name, s->line, s->col);
  free(name);
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
    RecvNames names = recv_names(pr);
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
        int b = s->op == PDL_END_RECV && s->name ? begin_recv_named(&names, s->name) : -1;
        if (b >= 0) add_copy(up, pr, b, depth, o, o->first[q]);
        if (s->op == PDL_RECV) add_split_recv(up, pr, k, depth, PDL_BEGIN_RECV, o, o->first[q]);
      }
    free(names.name);
    free(names.stmt);
  }
  return f;
}

static void origin_free(Origin *o) {
  free(o->copy);
  free(o->stmt);
  free(o->first);
}

/* The message of a (the original analysis) sent by each statement: sent[first[s] + k] for process
   index s, statement k (-1: none); first as in p. */
static int *messages_by_statement(const PdlPattern *p, const PdlAnalysis *a, int **first) {
  *first = xmalloc_or_die(sizeof(int) * (size_t)(p->nprocs + 1));
  int n = 0;
  for (int q = 0; q < p->nprocs; q++) {
    (*first)[q] = n;
    n += p->procs[q].nstmts;
  }
  (*first)[p->nprocs] = n;
  int *sent = xmalloc_or_die(sizeof(int) * (size_t)(n + 1));
  memset(sent, 0xff, sizeof(int) * (size_t)(n + 1));
  for (int m = a->nmsgs - 1; m >= 0; m--) sent[(*first)[a->msgs[m].sender] + a->msgs[m].send_stmt] = m;
  return sent;
}

/* Set out[m] to mode for the messages m of the original (analysed as a) that still need a token
 * and are blast in the last copy of p unrolled for depth buffers. */
static void mark_free(const PdlPattern *p, const PdlAnalysis *a, int depth, PdlLoopMode mode, PdlLoopMode *out) {
  Origin o;
  PdlFile *f = unroll(p, depth, &o);
  PdlAnalysis *ua = pdl_analyse(f, &f->patterns[0], NULL);
  int *first, *sent = messages_by_statement(p, a, &first);
  for (int i = 0; ua && i < ua->nmsgs; i++) {
    const PdlMessage *g = &ua->msgs[i];
    int at = o.first[g->sender] + g->send_stmt;
    if (o.copy[at] != depth || g->mode != PDL_BLAST) continue;
    int m = sent[first[g->sender] + o.stmt[at]];
    if (m >= 0 && out[m] == PDL_LOOP_TOKEN) out[m] = mode;
  }
  free(sent);
  free(first);
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
