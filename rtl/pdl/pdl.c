/* pdl.c - the PDL data model and Parachute's analysis of a pattern (docs/pdl.md): name pairing
 * and range checks, message matching by symbolic execution, the event-ordering graph, the mode of
 * each message, static receiver buffers and the space-limit search on L0. */
#include "pdl.h"
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- memory and diagnostics ---- */

/* Stop: the analysis has no way to go on without memory (exit status 1, like a bad file). */
static void out_of_memory(void) {
  fputs("pdl: out of memory\n", stderr);
  exit(1);
}

/* malloc that never returns NULL. */
static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) out_of_memory();
  return p;
}

/* Zeroed xmalloc. */
static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) out_of_memory();
  return p;
}

/* realloc that never returns NULL. */
static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) out_of_memory();
  return p;
}

/* Make room for one more element in a growable array. */
static void *grow(void *items, int len, int *cap, size_t size) {
  if (len < *cap) return items;
  if (*cap > INT_MAX / 2) out_of_memory();
  *cap = *cap ? *cap * 2 : 8;
  return xrealloc(items, (size_t)*cap * size);
}

/* A malloc'd string from a format. */
static char *vformat(const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n < 0) n = 0; /* an unprintable message: empty rather than a wild write */
  char *s = xmalloc((size_t)n + 1);
  s[0] = 0;
  vsnprintf(s, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  return s;
}

PdlFile *pdl_new(void) {
  PdlFile *f = xcalloc(1, sizeof *f);
  f->numprocs = -1;
  f->spacelimit = f->spacetotal = f->spaceadvice = -1;
  return f;
}

/* Append a diagnostic. */
static PdlDiag *add_diag(PdlFile *f, int line, int col, bool warning, const char *fmt, va_list ap) {
  f->diags = grow(f->diags, f->ndiags, &f->dcap, sizeof *f->diags);
  PdlDiag *d = &f->diags[f->ndiags++];
  memset(d, 0, sizeof *d);
  d->line = line;
  d->col = col;
  d->warning = warning;
  d->msg = vformat(fmt, ap);
  if (!warning) f->nerrors++;
  return d;
}

PdlDiag *pdl_error(PdlFile *f, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  PdlDiag *d = add_diag(f, line, col, false, fmt, ap);
  va_end(ap);
  return d;
}

PdlDiag *pdl_warning(PdlFile *f, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  PdlDiag *d = add_diag(f, line, col, true, fmt, ap);
  va_end(ap);
  return d;
}

void pdl_note(PdlDiag *d, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  free(d->note);
  d->note = vformat(fmt, ap);
  va_end(ap);
  d->note_line = line;
  d->note_col = col;
}

PdlPattern *pdl_add_pattern(PdlFile *f, int id, int line, int col) {
  f->patterns = grow(f->patterns, f->npatterns, &f->cap, sizeof *f->patterns);
  PdlPattern *p = &f->patterns[f->npatterns++];
  memset(p, 0, sizeof *p);
  p->id = id;
  p->line = line;
  p->col = col;
  return p;
}

PdlProcess *pdl_add_process(PdlPattern *p, int id, int line, int col) {
  p->procs = grow(p->procs, p->nprocs, &p->cap, sizeof *p->procs);
  PdlProcess *pr = &p->procs[p->nprocs++];
  memset(pr, 0, sizeof *pr);
  pr->id = id;
  pr->line = line;
  pr->col = col;
  return pr;
}

PdlStmt *pdl_add_stmt(PdlProcess *pr, PdlOp op, int peer, int tag, long long maxsize, const char *name,
                      int line, int col) {
  pr->stmts = grow(pr->stmts, pr->nstmts, &pr->cap, sizeof *pr->stmts);
  PdlStmt *s = &pr->stmts[pr->nstmts++];
  s->op = op;
  s->peer = peer;
  s->tag = tag;
  s->maxsize = maxsize;
  s->name = name ? strcpy(xmalloc(strlen(name) + 1), name) : NULL;
  s->line = line;
  s->col = col;
  return s;
}

void pdl_analysis_free(PdlAnalysis *a) {
  if (!a) return;
  free(a->msgs);
  free(a->buffer);
  free(a);
}

void pdl_free(PdlFile *f) {
  if (!f) return;
  for (int i = 0; i < f->npatterns; i++) {
    PdlPattern *p = &f->patterns[i];
    for (int j = 0; j < p->nprocs; j++) {
      for (int k = 0; k < p->procs[j].nstmts; k++) free(p->procs[j].stmts[k].name);
      free(p->procs[j].stmts);
    }
    free(p->procs);
    pdl_analysis_free(p->an);
  }
  free(f->patterns);
  for (int i = 0; i < f->ndiags; i++) {
    free(f->diags[i].msg);
    free(f->diags[i].note);
  }
  free(f->diags);
  free(f);
}

/* ---- text ---- */

const char *pdl_mode_name(PdlMode m) {
  return m == PDL_BLAST ? "blast" : m == PDL_SYNC ? "synchronizing" : "receiver-buffered";
}

void pdl_stmt_text(const PdlStmt *s, char *buf, size_t size) {
  static const char *const op[] = {"beginSend", "endSend", "beginRecv", "endRecv", "send", "recv"};
  int n = snprintf(buf, size, "%s", op[s->op]);
  if (s->op == PDL_END_SEND || s->op == PDL_END_RECV) {
    snprintf(buf + n, size - (size_t)n, " name %s", s->name);
    return;
  }
  bool send = s->op == PDL_SEND || s->op == PDL_BEGIN_SEND;
  if (s->peer != PDL_ANY) n += snprintf(buf + n, size - (size_t)n, " %s %d", send ? "dest" : "source", s->peer);
  if (s->tag == PDL_ANY) n += snprintf(buf + n, size - (size_t)n, " tag ANY");
  else n += snprintf(buf + n, size - (size_t)n, " tag %d", s->tag);
  n += snprintf(buf + n, size - (size_t)n, " maxsize %lld", s->maxsize);
  if (s->name) snprintf(buf + n, size - (size_t)n, " name %s", s->name);
}

/* ---- hash tables: (int, int, int) -> int and name -> int ---- */

typedef struct IntMap {
  int *keys;       /* 3 per slot */
  int *vals;       /* -1: empty slot */
  int cap, len;
} IntMap;

static uint32_t hash3(int a, int b, int c) {
  uint32_t h = (uint32_t)a * 0x9E3779B1u ^ ((uint32_t)b + 1) * 0x85EBCA77u ^ ((uint32_t)c + 1) * 0xC2B2AE3Du;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  return h ^ (h >> 12);
}

static void intmap_init(IntMap *m, int expect) {
  m->cap = 16;
  while (m->cap < expect * 2) m->cap *= 2;
  m->len = 0;
  m->keys = xmalloc(sizeof(int) * 3 * (size_t)m->cap);
  m->vals = xmalloc(sizeof(int) * (size_t)m->cap);
  memset(m->vals, 0xff, sizeof(int) * (size_t)m->cap);
}

/* The slot of (a, b, c): where it is, or the empty slot where it would go. */
static int intmap_slot(const IntMap *m, int a, int b, int c) {
  int i = (int)(hash3(a, b, c) & (uint32_t)(m->cap - 1));
  while (m->vals[i] >= 0 && !(m->keys[3 * i] == a && m->keys[3 * i + 1] == b && m->keys[3 * i + 2] == c))
    i = (i + 1) & (m->cap - 1);
  return i;
}

static int intmap_get(const IntMap *m, int a, int b, int c) { return m->vals[intmap_slot(m, a, b, c)]; }

/* Set (a, b, c) to v (>= 0). */
static void intmap_put(IntMap *m, int a, int b, int c, int v) {
  if (2 * (m->len + 1) > m->cap) {
    IntMap old = *m;
    intmap_init(m, old.cap);
    for (int i = 0; i < old.cap; i++)
      if (old.vals[i] >= 0) intmap_put(m, old.keys[3 * i], old.keys[3 * i + 1], old.keys[3 * i + 2], old.vals[i]);
    free(old.keys);
    free(old.vals);
  }
  int i = intmap_slot(m, a, b, c);
  if (m->vals[i] < 0) m->len++;
  m->keys[3 * i] = a;
  m->keys[3 * i + 1] = b;
  m->keys[3 * i + 2] = c;
  m->vals[i] = v;
}

static void intmap_free(IntMap *m) {
  free(m->keys);
  free(m->vals);
}

/* Open names of one process: name -> begin event (-1 once ended). */
typedef struct NameMap {
  const char **keys;
  int *vals;
  int cap;
} NameMap;

static uint32_t hash_name(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

/* The slot of name in a map sized for n names (never full: cap >= 2n). */
static int name_slot(NameMap *m, const char *name) {
  int i = (int)(hash_name(name) & (uint32_t)(m->cap - 1));
  while (m->keys[i] && strcmp(m->keys[i], name) != 0) i = (i + 1) & (m->cap - 1);
  return i;
}

/* ---- the analysis context of one pattern ---- */

enum { BS, ES, BR, ER };       /* the four events of a message */

typedef struct Ev {
  int proc, stmt, role;
  int mate;                    /* begin <-> end event of the same operation */
  int msg;                     /* after matching */
} Ev;

typedef struct Ctx {
  PdlFile *f;
  const PdlPattern *p;
  int np;                      /* processes */
  IntMap pidx;                 /* process id -> index */
  Ev *ev;
  int nev;
  int *first;                  /* first event of each process; first[np] = nev */
  PdlMessage *msgs;
  int nmsgs;
  int (*node)[4];              /* the four events of each message */
  int *order;                  /* events in the order matching executed them */
  int *ord, *at;               /* topological position of each event, and its inverse */
  bool *blast, *sync;          /* sync: chosen by greedy (valid while size > cur_l0) */
  long long cur_l0;
  int *cand, ncand, done;      /* greedy candidates by decreasing size; how many decided */
  int *mark, stamp;            /* DFS marks */
  int *stack, *fset, *bset;    /* DFS stack and the forward/backward sets of an insertion */
  int *by_recv, *recv_first;   /* messages grouped by receiver */
  int *g;                      /* latest event of the receiver that happens before the send */
} Ctx;

/* "pattern P, process Q, statement K" prefix for the statement k of process index q. */
static PdlDiag *stmt_error(Ctx *c, int q, int k, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static PdlDiag *stmt_error(Ctx *c, int q, int k, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = vformat(fmt, ap);
  va_end(ap);
  const PdlStmt *s = &c->p->procs[q].stmts[k];
  PdlDiag *d = pdl_error(c->f, s->line, s->col, "pattern %d, process %d, statement %d: %s", c->p->id,
                         c->p->procs[q].id, k + 1, msg);
  free(msg);
  return d;
}

static const PdlStmt *ev_stmt(const Ctx *c, int e) { return &c->p->procs[c->ev[e].proc].stmts[c->ev[e].stmt]; }

/* ---- 1. processes, ranges and name pairing ---- */

/* Process ids: unique, in range; fills pidx. False on an error. */
static bool check_processes(Ctx *c) {
  bool ok = true;
  intmap_init(&c->pidx, c->np);
  for (int i = 0; i < c->np; i++) {
    const PdlProcess *pr = &c->p->procs[i];
    int prev = intmap_get(&c->pidx, pr->id, 0, 0);
    if (prev >= 0) {
      PdlDiag *d = pdl_error(c->f, pr->line, pr->col, "pattern %d: process %d appears twice", c->p->id, pr->id);
      pdl_note(d, c->p->procs[prev].line, c->p->procs[prev].col, "process %d is first described here", pr->id);
      ok = false;
    } else {
      intmap_put(&c->pidx, pr->id, 0, 0, i);
    }
    if (pr->id < 0 || (c->f->numprocs >= 0 && pr->id >= c->f->numprocs)) {
      pdl_error(c->f, pr->line, pr->col, "pattern %d: process %d is out of range [0, %d)", c->p->id, pr->id,
                c->f->numprocs);
      ok = false;
    }
  }
  return ok;
}

/* dest/source of each statement: in range and a process of the pattern; tags and sizes sane. */
static bool check_peers(Ctx *c) {
  bool ok = true;
  for (int q = 0; q < c->np; q++) {
    const PdlProcess *pr = &c->p->procs[q];
    for (int k = 0; k < pr->nstmts; k++) {
      const PdlStmt *s = &pr->stmts[k];
      if (s->op == PDL_END_SEND || s->op == PDL_END_RECV) continue;
      bool send = s->op == PDL_SEND || s->op == PDL_BEGIN_SEND;
      const char *what = send ? "dest" : "source";
      if (send && (s->peer == PDL_ANY || s->tag == PDL_ANY)) {
        stmt_error(c, q, k, "a send needs a dest and an exact tag");
        ok = false;
      } else if (s->peer != PDL_ANY && (s->peer < 0 || (c->f->numprocs >= 0 && s->peer >= c->f->numprocs))) {
        stmt_error(c, q, k, "%s %d is out of range [0, %d)", what, s->peer, c->f->numprocs);
        ok = false;
      } else if (s->peer != PDL_ANY && intmap_get(&c->pidx, s->peer, 0, 0) < 0) {
        stmt_error(c, q, k, "%s %d is not a process of pattern %d", what, s->peer, c->p->id);
        ok = false;
      } else if ((s->tag < 0 && s->tag != PDL_ANY) || s->maxsize < 0) {
        stmt_error(c, q, k, "tags and sizes cannot be negative");
        ok = false;
      }
    }
  }
  return ok;
}

/* Add the events of one statement; pair names through names. */
static bool add_events(Ctx *c, int q, int k, NameMap *names) {
  const PdlStmt *s = &c->p->procs[q].stmts[k];
  int e = c->nev;
  Ev *ev = c->ev;
  switch (s->op) {
  case PDL_SEND:
  case PDL_RECV: {
    int role = s->op == PDL_SEND ? BS : BR;
    ev[e] = (Ev){q, k, role, e + 1, -1};
    ev[e + 1] = (Ev){q, k, role + 1, e, -1};
    c->nev += 2;
    return true;
  }
  case PDL_BEGIN_SEND:
  case PDL_BEGIN_RECV: {
    int i = name_slot(names, s->name);
    if (names->keys[i] && names->vals[i] >= 0) {
      const PdlStmt *o = ev_stmt(c, names->vals[i]);
      PdlDiag *d = stmt_error(c, q, k, "name '%s' is still in use", s->name);
      pdl_note(d, o->line, o->col, "'%s' was begun here and not yet ended", s->name);
      return false;
    }
    names->keys[i] = s->name;
    names->vals[i] = e;
    ev[e] = (Ev){q, k, s->op == PDL_BEGIN_SEND ? BS : BR, -1, -1};
    c->nev++;
    return true;
  }
  default: {
    bool send = s->op == PDL_END_SEND;
    int i = name_slot(names, s->name);
    int b = names->keys[i] ? names->vals[i] : -1;
    if (b < 0) {
      stmt_error(c, q, k, "%s '%s' has no %s before it", send ? "endSend" : "endRecv", s->name,
                 send ? "open beginSend" : "open beginRecv");
      return false;
    }
    if ((ev[b].role == BS) != send) {
      const PdlStmt *o = ev_stmt(c, b);
      PdlDiag *d = stmt_error(c, q, k, "%s '%s' ends a %s", send ? "endSend" : "endRecv", s->name,
                              send ? "beginRecv" : "beginSend");
      pdl_note(d, o->line, o->col, "'%s' is begun here", s->name);
      return false;
    }
    names->vals[i] = -1;
    ev[b].mate = e;
    ev[e] = (Ev){q, k, ev[b].role + 1, b, -1};
    c->nev++;
    return true;
  }
  }
}

/* Expand every statement into events (send/recv into two) and pair beginX/endX by name. */
static bool make_events(Ctx *c) {
  int n = 0;
  for (int q = 0; q < c->np; q++) n += 2 * c->p->procs[q].nstmts;
  c->ev = xmalloc(sizeof *c->ev * (size_t)(n + 1));
  c->first = xmalloc(sizeof(int) * (size_t)(c->np + 1));
  bool ok = true;
  for (int q = 0; q < c->np; q++) {
    const PdlProcess *pr = &c->p->procs[q];
    NameMap names;
    names.cap = 16;
    while (names.cap < 2 * pr->nstmts) names.cap *= 2;
    names.keys = xcalloc((size_t)names.cap, sizeof *names.keys);
    names.vals = xcalloc((size_t)names.cap, sizeof *names.vals);
    c->first[q] = c->nev;
    for (int k = 0; k < pr->nstmts; k++) ok &= add_events(c, q, k, &names);
    for (int e = c->first[q]; e < c->nev; e++)
      if (c->ev[e].mate < 0) {
        const PdlStmt *s = ev_stmt(c, e);
        stmt_error(c, q, c->ev[e].stmt, "%s '%s' is never ended", c->ev[e].role == BS ? "beginSend" : "beginRecv",
                   s->name);
        ok = false;
      }
    free(names.keys);
    free(names.vals);
  }
  c->first[c->np] = c->nev;
  return ok;
}

/* ---- 2. matching by symbolic execution (Felten 5.1.4, O(M)) ---- */

/* A message in transit; it sits on four FIFO lists: (dest), (dest, tag), (dest, source),
   (dest, source, tag), so that any receive finds its first match in O(1). */
typedef struct Pend {
  int ev;                      /* its beginSend */
  int list[4], prev[4], next[4];
} Pend;

typedef struct Lists {
  IntMap index;                /* (dest, source or -1, tag or -1) -> list */
  int (*ends)[2];              /* head, tail of each list (pending indices, -1: none) */
  int n, cap;
  Pend *pend;
  int npend;
} Lists;

/* The list of key, made if missing. */
static int list_of(Lists *L, int dest, int source, int tag) {
  int l = intmap_get(&L->index, dest, source, tag);
  if (l >= 0) return l;
  L->ends = grow(L->ends, L->n, &L->cap, sizeof *L->ends);
  L->ends[L->n][0] = L->ends[L->n][1] = -1;
  intmap_put(&L->index, dest, source, tag, L->n);
  return L->n++;
}

/* Put the message sent by event e on its four lists. */
static void pend_add(Lists *L, int e, int dest, int source, int tag) {
  int i = L->npend++;
  Pend *pd = &L->pend[i];
  pd->ev = e;
  int keys[4][2] = {{-1, -1}, {-1, tag}, {source, -1}, {source, tag}};
  for (int k = 0; k < 4; k++) {
    int l = list_of(L, dest, keys[k][0], keys[k][1]);
    pd->list[k] = l;
    pd->prev[k] = L->ends[l][1];
    pd->next[k] = -1;
    if (L->ends[l][1] >= 0) L->pend[L->ends[l][1]].next[k] = i;
    else L->ends[l][0] = i;
    L->ends[l][1] = i;
  }
}

/* Take pending message i off its lists. */
static void pend_remove(Lists *L, int i) {
  Pend *pd = &L->pend[i];
  for (int k = 0; k < 4; k++) {
    int l = pd->list[k];
    if (pd->prev[k] >= 0) L->pend[pd->prev[k]].next[k] = pd->next[k];
    else L->ends[l][0] = pd->next[k];
    if (pd->next[k] >= 0) L->pend[pd->next[k]].prev[k] = pd->prev[k];
    else L->ends[l][1] = pd->prev[k];
  }
  pd->ev = -1;
}

/* The first pending message that a receive at dest (source, tag: -1 for any) takes, or -1. */
static int pend_first(const Lists *L, int dest, int source, int tag) {
  int l = intmap_get(&L->index, dest, source, tag);
  return l < 0 ? -1 : L->ends[l][0];
}

/* Source index of a receive (-1: any). */
static int recv_source(const Ctx *c, const PdlStmt *s) {
  return s->peer == PDL_ANY ? -1 : intmap_get(&c->pidx, s->peer, 0, 0);
}

/* Record the message of send event bs received by end-receive event er. */
static void match(Ctx *c, int bs, int er) {
  int m = c->nmsgs++;
  int br = c->ev[er].mate;
  c->node[m][BS] = bs;
  c->node[m][ES] = c->ev[bs].mate;
  c->node[m][BR] = br;
  c->node[m][ER] = er;
  for (int r = 0; r < 4; r++) c->ev[c->node[m][r]].msg = m;
}

/* The unexecuted sends grouped by destination, each group in event order (process, statement). */
typedef struct Unsent {
  int *ev, *first;             /* first[np] = count */
} Unsent;

static Unsent unsent_index(const Ctx *c, const int *pc) {
  Unsent u = {xmalloc(sizeof(int) * (size_t)(c->nev + 1)), xcalloc((size_t)c->np + 2, sizeof(int))};
  for (int pass = 0; pass < 2; pass++) {
    int *fill = pass ? xmalloc(sizeof(int) * (size_t)(c->np + 1)) : NULL;
    if (pass) memcpy(fill, u.first, sizeof(int) * (size_t)(c->np + 1));
    for (int q = 0; q < c->np; q++)
      for (int e = pc[q]; e < c->first[q + 1]; e++) {
        if (c->ev[e].role != BS) continue;
        int d = intmap_get(&c->pidx, ev_stmt(c, e)->peer, 0, 0);
        if (pass) u.ev[fill[d]++] = e;
        else u.first[d + 1]++;
      }
    if (!pass)
      for (int d = 0; d < c->np; d++) u.first[d + 1] += u.first[d];
    free(fill);
  }
  return u;
}

/* The first unexecuted send of any process that the blocked receive at event er could take, or -1
   (the first in event order among the sends to its process: one index, not a scan of every
   process for every blocked one). */
static int future_sender(const Ctx *c, const Unsent *u, int er) {
  const PdlStmt *r = ev_stmt(c, c->ev[er].mate);
  int p = c->ev[er].proc, src = recv_source(c, r);
  for (int i = u->first[p]; i < u->first[p + 1]; i++) {
    int e = u->ev[i];
    if ((src < 0 || c->ev[e].proc == src) && (r->tag == PDL_ANY || r->tag == ev_stmt(c, e)->tag)) return e;
  }
  return -1;
}

/* Explain why matching stopped: unmatched sends and receives, and deadlock cycles. */
static void report_stuck(Ctx *c, const int *pc, const Lists *L) {
  int *waits = xmalloc(sizeof(int) * (size_t)c->np); /* the send a blocked process waits for */
  Unsent u = unsent_index(c, pc);
  int *seen = xcalloc((size_t)c->np, sizeof(int));
  char text[256];
  for (int q = 0; q < c->np; q++) {
    waits[q] = -1;
    if (pc[q] == c->first[q + 1]) continue;
    int er = pc[q];
    waits[q] = future_sender(c, &u, er);
    if (waits[q] >= 0) continue;
    const PdlStmt *r = ev_stmt(c, c->ev[er].mate);
    pdl_stmt_text(r, text, sizeof text);
    PdlDiag *d = stmt_error(c, q, c->ev[er].stmt, "ill-formed: '%s' matches no message", text);
    int other = pend_first(L, q, -1, -1);
    if (other >= 0) {
      const PdlStmt *s = ev_stmt(c, L->pend[other].ev);
      pdl_note(d, s->line, s->col, "the message left for process %d comes from process %d with tag %d",
               c->p->procs[q].id, c->p->procs[c->ev[L->pend[other].ev].proc].id, s->tag);
    }
  }
  /* Each process waits for one other; follow the waits to find the cycles. */
  for (int q = 0; q < c->np; q++) {
    int x = q;
    while (x >= 0 && !seen[x] && waits[x] >= 0) {
      seen[x] = q + 1;
      x = c->ev[waits[x]].proc;
    }
    if (x < 0 || seen[x] != q + 1 || waits[x] < 0) continue;
    /* x is on a new cycle: describe it from x around. */
    size_t cap = 256, n = 0;
    char *msg = xmalloc(cap);
    msg[0] = 0;
    int y = x;
    do {
      int w = waits[y], z = c->ev[w].proc;
      char part[256];
      int len = snprintf(part, sizeof part, "%sprocess %d waits in statement %d for process %d, which sends at statement %d",
                         n ? "; " : "", c->p->procs[y].id, c->ev[pc[y]].stmt + 1, c->p->procs[z].id, c->ev[w].stmt + 1);
      while (n + (size_t)len + 1 > cap) msg = xrealloc(msg, cap *= 2);
      memcpy(msg + n, part, (size_t)len + 1);
      n += (size_t)len;
      y = z;
    } while (y != x);
    pdl_stmt_text(ev_stmt(c, c->ev[pc[x]].mate), text, sizeof text);
    PdlDiag *d = stmt_error(c, x, c->ev[pc[x]].stmt, "deadlock: '%s' never completes: %s", text, msg);
    int z = c->ev[waits[x]].proc;
    const PdlStmt *zs = &c->p->procs[z].stmts[c->ev[pc[z]].stmt];
    if (z != x) pdl_note(d, zs->line, zs->col, "process %d is blocked here", c->p->procs[z].id);
    free(msg);
  }
  free(waits);
  free(seen);
  free(u.ev);
  free(u.first);
}

/* Unreceived messages once every process has finished (or whose receiver has). */
static void report_unreceived(Ctx *c, const int *pc, const Lists *L) {
  for (int i = 0; i < L->npend; i++) {
    int e = L->pend[i].ev;
    if (e < 0) continue;
    const PdlStmt *s = ev_stmt(c, e);
    int d = intmap_get(&c->pidx, s->peer, 0, 0);
    if (pc[d] != c->first[d + 1]) continue; /* its receiver is stuck: reported there */
    stmt_error(c, c->ev[e].proc, c->ev[e].stmt, "ill-formed: the message to process %d with tag %d is never received",
               s->peer, s->tag);
  }
}

/* Run every process symbolically: a beginSend puts its message in transit, an endRecv takes the
   first matching one or blocks its process until one arrives (Felten 5.1.4; ready list 5.4.1). */
static bool match_messages(Ctx *c) {
  int *pc = xmalloc(sizeof(int) * (size_t)c->np);
  int *ready = xmalloc(sizeof(int) * (size_t)c->np);
  bool *blocked = xcalloc((size_t)c->np, sizeof(bool));
  int head = 0, tail = 0, nready = 0, executed = 0;
  Lists L;
  memset(&L, 0, sizeof L);
  intmap_init(&L.index, 64);
  L.pend = xmalloc(sizeof *L.pend * (size_t)(c->nev / 2 + 1));
  c->node = xmalloc(sizeof *c->node * (size_t)(c->nev / 4 + 1));
  c->order = xmalloc(sizeof(int) * (size_t)(c->nev + 1));
  for (int q = 0; q < c->np; q++) {
    pc[q] = c->first[q];
    if (pc[q] == c->first[q + 1]) continue;
    ready[tail] = q;
    tail = (tail + 1) % c->np;
    nready++;
  }
  while (nready > 0) { /* one event of the process at the head, which then goes to the back */
    int q = ready[head];
    head = (head + 1) % c->np;
    nready--;
    int e = pc[q];
    const PdlStmt *s = ev_stmt(c, e);
    if (c->ev[e].role == BS) {
      int d = intmap_get(&c->pidx, s->peer, 0, 0);
      pend_add(&L, e, d, q, s->tag);
      if (blocked[d]) {
        const PdlStmt *r = ev_stmt(c, c->ev[pc[d]].mate);
        int src = recv_source(c, r);
        if ((src < 0 || src == q) && (r->tag == PDL_ANY || r->tag == s->tag)) {
          blocked[d] = false;
          ready[tail] = d;
          tail = (tail + 1) % c->np;
          nready++;
        }
      }
    } else if (c->ev[e].role == ER) {
      const PdlStmt *r = ev_stmt(c, c->ev[e].mate);
      int i = pend_first(&L, q, recv_source(c, r), r->tag);
      if (i < 0) {
        blocked[q] = true;
        continue;
      }
      match(c, L.pend[i].ev, e);
      pend_remove(&L, i);
    }
    c->order[executed++] = e;
    if (++pc[q] < c->first[q + 1]) {
      ready[tail] = q;
      tail = (tail + 1) % c->np;
      nready++;
    }
  }
  bool ok = executed == c->nev;
  if (!ok) report_stuck(c, pc, &L);
  int before = c->f->nerrors;
  report_unreceived(c, pc, &L);
  ok = ok && c->f->nerrors == before;
  intmap_free(&L.index);
  free(L.ends);
  free(L.pend);
  free(pc);
  free(ready);
  free(blocked);
  return ok;
}

/* Number the messages in the order of their sends (process, statement) and fill c->msgs. */
static bool number_messages(Ctx *c) {
  int (*node)[4] = xmalloc(sizeof *node * (size_t)(c->nmsgs + 1));
  c->msgs = xcalloc((size_t)c->nmsgs + 1, sizeof *c->msgs);
  bool ok = true;
  int m = 0;
  for (int e = 0; e < c->nev; e++) {
    if (c->ev[e].role != BS) continue;
    memcpy(node[m], c->node[c->ev[e].msg], sizeof node[m]);
    for (int r = 0; r < 4; r++) c->ev[node[m][r]].msg = m;
    PdlMessage *msg = &c->msgs[m];
    const PdlStmt *s = ev_stmt(c, node[m][BS]), *r = ev_stmt(c, node[m][BR]);
    msg->sender = c->ev[node[m][BS]].proc;
    msg->receiver = c->ev[node[m][BR]].proc;
    msg->send_stmt = c->ev[node[m][BS]].stmt;
    msg->send_end_stmt = c->ev[node[m][ES]].stmt;
    msg->recv_stmt = c->ev[node[m][BR]].stmt;
    msg->recv_end_stmt = c->ev[node[m][ER]].stmt;
    msg->tag = s->tag;
    msg->size = s->maxsize;
    msg->offset = -1;
    if (s->maxsize > r->maxsize) {
      PdlDiag *d = stmt_error(c, msg->sender, msg->send_stmt,
                              "message of up to %lld bytes to process %d is larger than the receive's maxsize %lld",
                              s->maxsize, c->p->procs[msg->receiver].id, r->maxsize);
      pdl_note(d, r->line, r->col, "the receive that takes it");
      ok = false;
    }
    m++;
  }
  free(c->node);
  c->node = node;
  return ok;
}

/* ---- 3. the event-ordering graph (Felten 5.2.3) ---- */

/* Synchronizing mode of message m under the current L0. */
static bool is_sync(const Ctx *c, int m) { return c->sync[m] && c->msgs[m].size > c->cur_l0; }

/* The edge out of e to another process: beginSend -> endRecv, beginRecv -> endSend (synchronizing). */
static int cross_succ(const Ctx *c, int e) {
  int m = c->ev[e].msg;
  if (c->ev[e].role == BS) return c->node[m][ER];
  if (c->ev[e].role == BR && is_sync(c, m)) return c->node[m][ES];
  return -1;
}

/* The edge into e from another process. */
static int cross_pred(const Ctx *c, int e) {
  int m = c->ev[e].msg;
  if (c->ev[e].role == ER) return c->node[m][BS];
  if (c->ev[e].role == ES && is_sync(c, m)) return c->node[m][BR];
  return -1;
}

static int prog_succ(const Ctx *c, int e) { return e + 1 < c->first[c->ev[e].proc + 1] ? e + 1 : -1; }
static int prog_pred(const Ctx *c, int e) { return e > c->first[c->ev[e].proc] ? e - 1 : -1; }

/* Pairs (position, event) for sorting a set of events by topological position. */
typedef struct PosEv {
  int pos, ev;
} PosEv;

static int cmp_posev(const void *a, const void *b) {
  const PosEv *x = a, *y = b;
  return (x->pos > y->pos) - (x->pos < y->pos);
}

/* Sort the n events of set by position; returns them as PosEv (malloc'd). */
static PosEv *by_position(const Ctx *c, const int *set, int n) {
  PosEv *v = xmalloc(sizeof *v * (size_t)(n + 1));
  for (int i = 0; i < n; i++) v[i] = (PosEv){c->ord[set[i]], set[i]};
  qsort(v, (size_t)n, sizeof *v, cmp_posev);
  return v;
}

/* Add edge x -> y unless it closes a cycle, keeping ord a topological order (Pearce and Kelly's
   dynamic topological sort: only the events between y and x in the order are searched). */
static bool add_edge_acyclic(Ctx *c, int x, int y) {
  int lb = c->ord[y], ub = c->ord[x];
  if (ub < lb) return true;
  int nf = 0, nb = 0, sp = 0;
  int fmark = ++c->stamp, bmark = ++c->stamp;
  c->stack[sp++] = y;
  c->mark[y] = fmark;
  while (sp > 0) {
    int w = c->stack[--sp];
    c->fset[nf++] = w;
    int next[2] = {prog_succ(c, w), cross_succ(c, w)};
    for (int i = 0; i < 2; i++) {
      int s = next[i];
      if (s == x) return false;
      if (s >= 0 && c->ord[s] < ub && c->mark[s] != fmark) {
        c->mark[s] = fmark;
        c->stack[sp++] = s;
      }
    }
  }
  c->stack[sp++] = x;
  c->mark[x] = bmark;
  while (sp > 0) {
    int w = c->stack[--sp];
    c->bset[nb++] = w;
    int prev[2] = {prog_pred(c, w), cross_pred(c, w)};
    for (int i = 0; i < 2; i++) {
      int s = prev[i];
      if (s >= 0 && c->ord[s] > lb && c->mark[s] != bmark) {
        c->mark[s] = bmark;
        c->stack[sp++] = s;
      }
    }
  }
  /* Reorder: the backward set, then the forward set, into the positions both held. */
  PosEv *fv = by_position(c, c->fset, nf), *bv = by_position(c, c->bset, nb);
  int *pos = xmalloc(sizeof(int) * (size_t)(nf + nb));
  for (int i = 0, j = 0, k = 0; k < nf + nb; k++)
    pos[k] = (j >= nf || (i < nb && bv[i].pos < fv[j].pos)) ? bv[i++].pos : fv[j++].pos;
  for (int k = 0; k < nf + nb; k++) {
    int e = k < nb ? bv[k].ev : fv[k - nb].ev;
    c->ord[e] = pos[k];
    c->at[pos[k]] = e;
  }
  free(fv);
  free(bv);
  free(pos);
  return true;
}

/* Position of e in its process's event sequence. */
static int local(const Ctx *c, int e) { return e - c->first[c->ev[e].proc]; }

/* What one event knows of the receivers before it: for each process that has received something
   in its past, the latest of its receive events (beginRecv or endRecv, as an index in that
   process's sequence) that happens before or is the event. A vector clock, sparse (sorted by
   process) while few processes are known, dense (indexed by process, -1: none) beyond; immutable
   once shared (refs > 1), so a process that sends many messages in a row hands the same clock to
   all of them. */
typedef struct Clock {
  int refs, n;                 /* n: entries of a sparse clock */
  bool dense;
  int *proc, *last;            /* sparse: n pairs; dense: last[np] */
} Clock;

static Clock *clock_new(int n, bool dense) {
  Clock *k = xmalloc(sizeof *k);
  k->refs = 1;
  k->n = 0;
  k->dense = dense;
  k->proc = dense ? NULL : xmalloc(sizeof(int) * (size_t)(n + 1));
  k->last = xmalloc(sizeof(int) * (size_t)(n + 1));
  return k;
}

static Clock *clock_ref(Clock *k) {
  if (k) k->refs++;
  return k;
}

static void clock_release(Clock *k) {
  if (!k || --k->refs > 0) return;
  free(k->proc);
  free(k->last);
  free(k);
}

/* The latest receive event of process q known to k, or -1. */
static int clock_get(const Clock *k, int q) {
  if (!k) return -1;
  if (k->dense) return k->last[q];
  int lo = 0, hi = k->n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (k->proc[mid] < q) lo = mid + 1;
    else hi = mid;
  }
  return lo < k->n && k->proc[lo] == q ? k->last[lo] : -1;
}

/* Raise the entries of dense clock d to those of k. */
static void clock_raise(Clock *d, const Clock *k, int np) {
  if (!k) return;
  if (k->dense) {
    for (int q = 0; q < np; q++) d->last[q] = k->last[q] > d->last[q] ? k->last[q] : d->last[q];
    return;
  }
  for (int i = 0; i < k->n; i++)
    if (k->last[i] > d->last[k->proc[i]]) d->last[k->proc[i]] = k->last[i];
}

/* The join of sparse clocks a and b (either may be NULL), with own's entry raised to own_last
   (own < 0: none); a new sparse clock. */
static Clock *clock_join_sparse(const Clock *a, const Clock *b, int own, int own_last) {
  int na = a ? a->n : 0, nb = b ? b->n : 0;
  Clock *k = clock_new(na + nb + 1, false);
  int i = 0, j = 0;
  while (i < na || j < nb || own >= 0) {
    int q = INT_MAX;
    if (i < na && a->proc[i] < q) q = a->proc[i];
    if (j < nb && b->proc[j] < q) q = b->proc[j];
    if (own >= 0 && own < q) q = own;
    int v = -1;
    if (i < na && a->proc[i] == q) v = a->last[i++];
    if (j < nb && b->proc[j] == q && b->last[j] > v) v = b->last[j];
    if (j < nb && b->proc[j] == q) j++;
    if (q == own) {
      if (own_last > v) v = own_last;
      own = -1;
    }
    k->proc[k->n] = q;
    k->last[k->n++] = v;
  }
  return k;
}

/* *cur becomes the join of *cur and in, with own's entry raised to own_last (own < 0: none): in
   place when *cur is dense and not shared, else as a new clock (dense once it would know more
   than an eighth of the np processes). */
static void clock_join(Clock **cur, const Clock *in, int own, int own_last, int np) {
  Clock *a = *cur;
  int na = a ? (a->dense ? np : a->n) : 0, nb = in ? (in->dense ? np : in->n) : 0;
  if (a && a->dense && a->refs == 1) {
    clock_raise(a, in, np);
  } else if ((a && a->dense) || (in && in->dense) || 8 * (na + nb + 1) > np) {
    Clock *d = clock_new(np, true);
    for (int q = 0; q < np; q++) d->last[q] = -1;
    clock_raise(d, a, np);
    clock_raise(d, in, np);
    clock_release(a);
    *cur = a = d;
  } else {
    Clock *k = clock_join_sparse(a, in, own, own_last);
    clock_release(a);
    *cur = k;
    return;
  }
  if (own >= 0 && own_last > a->last[own]) a->last[own] = own_last;
}

/* For every message m: g[m] = the latest receive event (beginRecv or endRecv, as an index in the
   receiver's sequence) of m's receiver that happens before m's beginSend, or -1. One pass in
   topological order carries a sparse vector clock per process (issue 23: the bit sweep it replaces
   was O(N * M / 64), 21 s for 100,000 messages); the clock after a beginSend, and after a
   synchronizing beginRecv, waits for the event across its edge. */
static void sweep_receivers(Ctx *c) {
  Clock **cur = xcalloc((size_t)c->np + 1, sizeof *cur);
  Clock **sent = xcalloc((size_t)c->nmsgs + 1, sizeof *sent); /* after the beginSend of m */
  Clock **ready = xcalloc((size_t)c->nmsgs + 1, sizeof *ready); /* after the beginRecv of a synchronizing m */
  for (int k = 0; k < c->nev; k++) {
    int e = c->at[k], p = c->ev[e].proc, m = c->ev[e].msg, role = c->ev[e].role;
    int b = cross_pred(c, e);
    if (role == BS) {
      c->g[m] = clock_get(cur[p], c->msgs[m].receiver);
    } else {
      Clock **in = b < 0 ? NULL : role == ER ? &sent[m] : &ready[m];
      bool receive = role == BR || role == ER;
      if (in || receive) clock_join(&cur[p], in ? *in : NULL, receive ? p : -1, local(c, e), c->np);
      if (in) {
        clock_release(*in);
        *in = NULL;
      }
    }
    if (cross_succ(c, e) >= 0) {
      Clock **out = role == BS ? &sent[m] : &ready[m];
      clock_release(*out);
      *out = clock_ref(cur[p]);
    }
  }
  for (int q = 0; q < c->np; q++) clock_release(cur[q]);
  for (int m = 0; m < c->nmsgs; m++) {
    clock_release(sent[m]);
    clock_release(ready[m]);
  }
  free(cur);
  free(sent);
  free(ready);
}

/* ---- 4. modes and buffers ---- */

/* qsort order of message pointers: decreasing size, then message order. */
static int cmp_by_size(const void *a, const void *b) {
  const PdlMessage *x = *(const PdlMessage *const *)a, *y = *(const PdlMessage *const *)b;
  if (x->size != y->size) return x->size < y->size ? 1 : -1;
  return (x > y) - (x < y);
}

/* Decide synchronizing mode greedily for the candidates bigger than l0 not yet decided. */
static void greedy_to(Ctx *c, long long l0) {
  c->cur_l0 = l0;
  while (c->done < c->ncand && c->msgs[c->cand[c->done]].size > l0) {
    int m = c->cand[c->done++];
    if (add_edge_acyclic(c, c->node[m][BR], c->node[m][ES])) c->sync[m] = true;
  }
}

/* Two receiver-buffered messages to one process need separate space unless one is received before
   the other is sent (Felten 5.3.2). */
static bool conflict(const Ctx *c, int a, int b) {
  return !(local(c, c->node[a][ER]) <= c->g[b] || local(c, c->node[b][ER]) <= c->g[a]);
}

/* The free stretches of one receiver's buffer: where no placed message (of any lifetime) lies,
   sorted, the last one endless. */
typedef struct Gaps {
  long long (*g)[2];           /* [start, end) */
  int n, cap;
} Gaps;

/* Take [a, b) out of the free stretches. */
static void gaps_take(Gaps *gs, long long a, long long b) {
  int n = 0;
  long long (*out)[2] = xmalloc(sizeof *out * (size_t)(gs->n + 2));
  for (int i = 0; i < gs->n; i++) {
    long long s = gs->g[i][0], e = gs->g[i][1];
    if (e <= a || s >= b) {
      out[n][0] = s, out[n++][1] = e;
      continue;
    }
    if (s < a) out[n][0] = s, out[n++][1] = a;
    if (e > b) out[n][0] = b, out[n++][1] = e;
  }
  free(gs->g);
  gs->g = out;
  gs->n = n;
}

/* The first free stretch that holds size bytes: where first fit puts a message that overlaps in
   time every message placed so far. */
static long long gaps_first_fit(const Gaps *gs, long long size) {
  for (int i = 0; i < gs->n; i++)
    if (gs->g[i][1] - gs->g[i][0] >= size) return gs->g[i][0];
  return -1; /* not reached: the last stretch is endless */
}

/* First fit by decreasing size into each receiver's buffer; fills offsets and buffer sizes.
   Message m lives from after the receive event g[m] to its endRecv; two conflict when their lives
   overlap. When m overlaps every message placed so far (a gather), first fit is the first free
   stretch; when it overlaps none, offset 0; only otherwise are the placed messages scanned (issue
   23: always scanning was quadratic, 100,000 messages to one process did not finish). */
static void allocate(Ctx *c, long long *buffer) {
  int *placed = xmalloc(sizeof(int) * (size_t)(c->nmsgs + 1));
  for (int r = 0; r < c->np; r++) {
    int n = 0;
    buffer[r] = 0;
    int min_end = INT_MAX, max_end = INT_MIN, min_start = INT_MAX, max_start = INT_MIN;
    Gaps gs = {xmalloc(sizeof *gs.g), 1, 1};
    gs.g[0][0] = 0, gs.g[0][1] = LLONG_MAX;
    /* by_recv is in candidate order (decreasing size) within each receiver. */
    for (int i = c->recv_first[r]; i < c->recv_first[r + 1]; i++) {
      int m = c->by_recv[i];
      PdlMessage *msg = &c->msgs[m];
      if (msg->mode != PDL_RBUF) continue;
      int start = c->g[m], end = local(c, c->node[m][ER]);
      long long off = 0;
      if (msg->size == 0 || n == 0 || start >= max_end || end <= min_start) {
        off = 0;
      } else if (start < min_end && end > max_start) {
        off = gaps_first_fit(&gs, msg->size);
      } else {
        for (int j = 0; j < n; j++) {
          const PdlMessage *o = &c->msgs[placed[j]];
          if (o->offset >= off + msg->size) break;
          if (o->size > 0 && conflict(c, m, placed[j]) && o->offset + o->size > off) off = o->offset + o->size;
        }
      }
      msg->offset = off;
      int j = n++;
      while (j > 0 && c->msgs[placed[j - 1]].offset > off) {
        placed[j] = placed[j - 1];
        j--;
      }
      placed[j] = m;
      if (msg->size > 0) {
        gaps_take(&gs, off, off + msg->size);
        if (end < min_end) min_end = end;
        if (end > max_end) max_end = end;
        if (start < min_start) min_start = start;
        if (start > max_start) max_start = start;
      }
      if (off + msg->size > buffer[r]) buffer[r] = off + msg->size;
    }
    free(gs.g);
  }
  free(placed);
}

/* Space used: the largest buffer of one process, and all of them together. */
typedef struct Space {
  long long most, total;
} Space;

/* Modes and buffers for L0 = l0. */
static Space evaluate(Ctx *c, long long l0, long long *buffer) {
  if (l0 < c->cur_l0) greedy_to(c, l0);
  c->cur_l0 = l0;
  for (int m = 0; m < c->nmsgs; m++) {
    c->msgs[m].mode = c->blast[m] ? PDL_BLAST : is_sync(c, m) ? PDL_SYNC : PDL_RBUF;
    c->msgs[m].offset = -1;
  }
  sweep_receivers(c);
  allocate(c, buffer);
  Space s = {0, 0};
  for (int r = 0; r < c->np; r++) {
    if (buffer[r] > s.most) s.most = buffer[r];
    s.total += buffer[r];
  }
  return s;
}

/* True if s meets the per-process target and the total limit. */
static bool fits(const Ctx *c, Space s, long long target) {
  return (target < 0 || s.most <= target) && (c->f->spacetotal < 0 || s.total <= c->f->spacetotal);
}

/* Sort the messages by decreasing size (ties: message order) into cand, and group them by
   receiver in that order (the allocation order) into by_recv. */
static void sort_messages(Ctx *c) {
  const PdlMessage **sorted = xmalloc(sizeof *sorted * (size_t)(c->nmsgs + 1));
  for (int m = 0; m < c->nmsgs; m++) sorted[m] = &c->msgs[m];
  qsort(sorted, (size_t)c->nmsgs, sizeof *sorted, cmp_by_size);
  c->recv_first = xcalloc((size_t)c->np + 1, sizeof(int));
  c->by_recv = xmalloc(sizeof(int) * (size_t)(c->nmsgs + 1));
  c->cand = xmalloc(sizeof(int) * (size_t)(c->nmsgs + 1));
  for (int m = 0; m < c->nmsgs; m++) c->recv_first[c->msgs[m].receiver + 1]++;
  for (int r = 0; r < c->np; r++) c->recv_first[r + 1] += c->recv_first[r];
  int *fill = xmalloc(sizeof(int) * (size_t)(c->np + 1));
  memcpy(fill, c->recv_first, sizeof(int) * (size_t)(c->np + 1));
  for (int i = 0; i < c->nmsgs; i++) {
    int m = (int)(sorted[i] - c->msgs);
    c->by_recv[fill[c->msgs[m].receiver]++] = m;
    c->cand[i] = m;
  }
  c->ncand = c->nmsgs;
  free(fill);
  free(sorted);
}

/* Blast, then greedy synchronizing, then buffers; then the space-limit search on L0 (5.3.3). */
static PdlAnalysis *choose_modes(Ctx *c, const PdlOptions *opt) {
  int n = c->nev, M = c->nmsgs;
  c->ord = xmalloc(sizeof(int) * (size_t)(n + 1));
  c->at = xmalloc(sizeof(int) * (size_t)(n + 1));
  for (int k = 0; k < n; k++) {
    c->at[k] = c->order[k];
    c->ord[c->order[k]] = k;
  }
  c->blast = xcalloc((size_t)M + 1, sizeof(bool));
  c->sync = xcalloc((size_t)M + 1, sizeof(bool));
  c->mark = xcalloc((size_t)n + 1, sizeof(int));
  c->stack = xmalloc(sizeof(int) * (size_t)(n + 1));
  c->fset = xmalloc(sizeof(int) * (size_t)(n + 1));
  c->bset = xmalloc(sizeof(int) * (size_t)(n + 1));
  c->g = xmalloc(sizeof(int) * (size_t)(M + 1));
  c->cur_l0 = LLONG_MAX; /* no synchronizing edges yet */
  sort_messages(c);
  sweep_receivers(c);
  int k = 0;
  for (int i = 0; i < M; i++) {
    int m = c->cand[i];
    c->blast[m] = local(c, c->node[m][BR]) <= c->g[m];
    if (!c->blast[m]) c->cand[k++] = m;
  }
  c->ncand = k;

  PdlAnalysis *a = xcalloc(1, sizeof *a);
  a->buffer = xcalloc((size_t)c->np + 1, sizeof(long long));
  long long l0 = opt && opt->l0 >= 0 ? opt->l0 : PDL_DEFAULT_L0;
  long long target = c->f->spacelimit;
  if (c->f->spaceadvice >= 0 && (target < 0 || c->f->spaceadvice < target)) target = c->f->spaceadvice;
  Space s = evaluate(c, l0, a->buffer);
  if (!fits(c, s, target)) {
    long long best = l0;
    Space s0 = evaluate(c, 0, a->buffer);
    if (fits(c, s0, target)) {
      long long lo = 0, hi = l0; /* lo fits, hi does not */
      while (hi - lo > 1) {
        long long mid = lo + (hi - lo) / 2;
        if (fits(c, evaluate(c, mid, a->buffer), target)) lo = mid;
        else hi = mid;
      }
      best = lo;
    } else if (s0.most < s.most || (s0.most == s.most && s0.total <= s.total)) {
      best = 0;
    }
    s = evaluate(c, best, a->buffer);
    l0 = best;
    a->space_unmet = !fits(c, s, c->f->spacelimit);
  }
  a->l0 = l0;
  a->msgs = c->msgs;
  c->msgs = NULL;
  a->nmsgs = M;
  a->states = 4 * M;
  for (int m = 0; m < M; m++) {
    a->bytes += a->msgs[m].size;
    a->nblast += a->msgs[m].mode == PDL_BLAST;
    a->nsync += a->msgs[m].mode == PDL_SYNC;
    a->nrbuf += a->msgs[m].mode == PDL_RBUF;
  }
  if (a->space_unmet) {
    pdl_warning(c->f, c->p->line, c->p->col,
                "pattern %d: receiver buffers need %lld bytes on one process (%lld in all), over the space limit even with L0 = 0",
                c->p->id, s.most, s.total);
  }
  return a;
}

static void ctx_free(Ctx *c) {
  intmap_free(&c->pidx);
  free(c->ev);
  free(c->first);
  free(c->msgs);
  free(c->node);
  free(c->order);
  free(c->ord);
  free(c->at);
  free(c->blast);
  free(c->sync);
  free(c->cand);
  free(c->mark);
  free(c->stack);
  free(c->fset);
  free(c->bset);
  free(c->by_recv);
  free(c->recv_first);
  free(c->g);
}

PdlAnalysis *pdl_analyse(PdlFile *f, const PdlPattern *p, const PdlOptions *opt) {
  Ctx c;
  memset(&c, 0, sizeof c);
  c.f = f;
  c.p = p;
  c.np = p->nprocs;
  PdlAnalysis *a = NULL;
  bool ok = check_processes(&c);
  ok = check_peers(&c) && ok;
  ok = make_events(&c) && ok;
  if (ok && match_messages(&c) && number_messages(&c)) a = choose_modes(&c, opt);
  ctx_free(&c);
  return a;
}

int pdl_check(PdlFile *f, const PdlOptions *opt) {
  IntMap ids;
  intmap_init(&ids, f->npatterns);
  for (int i = 0; i < f->npatterns; i++) {
    PdlPattern *p = &f->patterns[i];
    int prev = intmap_get(&ids, p->id, 0, 0);
    if (prev >= 0) {
      PdlDiag *d = pdl_error(f, p->line, p->col, "pattern %d is described twice", p->id);
      pdl_note(d, f->patterns[prev].line, f->patterns[prev].col, "pattern %d is first described here", p->id);
      continue;
    }
    intmap_put(&ids, p->id, 0, 0, i);
    pdl_analysis_free(p->an);
    p->an = pdl_analyse(f, p, opt);
  }
  intmap_free(&ids);
  return f->nerrors;
}

/* ---- output ---- */

void pdl_print_stats(FILE *out, const PdlFile *f) {
  if (f->numprocs >= 0) fprintf(out, "numprocesses %d\n", f->numprocs);
  if (f->spacelimit >= 0) fprintf(out, "spacelimit %lld bytes per process\n", f->spacelimit);
  if (f->spacetotal >= 0) fprintf(out, "spacelimit %lld bytes in all\n", f->spacetotal);
  if (f->spaceadvice >= 0) fprintf(out, "spaceadvice %lld bytes per process\n", f->spaceadvice);
  fprintf(out, "%d pattern%s\n", f->npatterns, f->npatterns == 1 ? "" : "s");
  for (int i = 0; i < f->npatterns; i++) {
    const PdlPattern *p = &f->patterns[i];
    const PdlAnalysis *a = p->an;
    if (!a) continue;
    fprintf(out, "\npattern %d: %d process%s, %d message%s, %lld bytes, %d states\n", p->id, p->nprocs,
            p->nprocs == 1 ? "" : "es", a->nmsgs, a->nmsgs == 1 ? "" : "s", a->bytes, a->states);
    fprintf(out, "  modes: %d blast, %d synchronizing, %d receiver-buffered (L0 = %lld)\n", a->nblast, a->nsync,
            a->nrbuf, a->l0);
    if (a->space_unmet) fprintf(out, "  warning: the space limit is not met\n");
    PdlLoopMode *loop = pdl_loop_modes(p);
    int nloop[3] = {0, 0, 0};
    for (int m = 0; m < a->nmsgs; m++) nloop[loop[m]]++;
    fprintf(out, "  in a loop: %d without handshake, %d without handshake with two buffers, %d with a ready token\n",
            nloop[PDL_LOOP_FREE], nloop[PDL_LOOP_FREE2], nloop[PDL_LOOP_TOKEN]);
    for (int m = 0; m < a->nmsgs; m++) {
      const PdlMessage *g = &a->msgs[m];
      fprintf(out, "  message %d: process %d statement %d -> process %d statement %d, tag %d, %lld bytes, %s",
              m + 1, p->procs[g->sender].id, g->send_stmt + 1, p->procs[g->receiver].id, g->recv_stmt + 1, g->tag,
              g->size, pdl_mode_name(g->mode));
      if (g->mode == PDL_RBUF) fprintf(out, " at offset %lld", g->offset);
      fprintf(out, "; in a loop: %s\n", pdl_loop_mode_name(loop[m]));
    }
    free(loop);
    fprintf(out, "  buffer bytes per process:");
    for (int q = 0; q < p->nprocs; q++) fprintf(out, " %d:%lld", p->procs[q].id, a->buffer[q]);
    fputc('\n', out);
  }
}

void pdl_print_dot(FILE *out, const PdlPattern *p) {
  static const char *const colour[] = {"red", "blue", "forestgreen"};
  char text[256];
  fprintf(out, "digraph \"pattern %d\" {\n", p->id);
  fprintf(out, "  label=\"pattern %d (red: receiver-buffered, blue: synchronizing, green: blast)\";\n", p->id);
  fprintf(out, "  labelloc=t;\n  node [shape=box, fontsize=10];\n");
  for (int q = 0; q < p->nprocs; q++) {
    const PdlProcess *pr = &p->procs[q];
    fprintf(out, "  subgraph cluster_%d {\n    label=\"process %d\";\n", q, pr->id);
    if (pr->nstmts == 0) fprintf(out, "    p%d_empty [label=\"(no statements)\", style=dashed];\n", q);
    for (int k = 0; k < pr->nstmts; k++) {
      pdl_stmt_text(&pr->stmts[k], text, sizeof text);
      fprintf(out, "    p%d_%d [label=\"%d: %s\"];\n", q, k, k + 1, text);
    }
    for (int k = 0; k + 1 < pr->nstmts; k++) fprintf(out, "    p%d_%d -> p%d_%d [weight=100, arrowhead=none, style=dotted];\n", q, k, q, k + 1);
    fprintf(out, "  }\n");
  }
  const PdlAnalysis *a = p->an;
  for (int m = 0; a && m < a->nmsgs; m++) {
    const PdlMessage *g = &a->msgs[m];
    fprintf(out, "  p%d_%d -> p%d_%d [color=%s, constraint=false, label=\"tag %d, %lld B\"];\n", g->sender,
            g->send_stmt, g->receiver, g->recv_end_stmt, colour[g->mode], g->tag, g->size);
  }
  fprintf(out, "}\n");
}
