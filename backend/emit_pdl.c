/* emit_pdl.c - the pattern file azc writes next to the C (docs/pdl.md, "Files azc writes"): what a
 * run on N processes with the config defaults records with --az-pdl, computed at compile time from
 * the IR. The communication operations of one iteration of each pattern loop (passes/patterns.c),
 * in program order, the same the C writer prints, are played on every process as the runtime
 * plays their calls: a transfer's DR is a beginRecv from each process that sends here, SR a
 * beginSend to each destination, DN and SV end them (zg_pair_boxes decides who sends what); a
 * gather's steps are begun and ended as zrt_coll.c does (zg_gather_step, with the algorithm the
 * runtime chooses by default for N processes). The values come from pdl_values.c, the text from
 * rtl/zrt/zrt_pevents.c, in Felten's strict Appendix A form: no comments. A pattern whose sizes are
 * not known at compile time is left out; with --pdl-comments (an extension of the format) a header
 * and a comment line in its place say what and why. */
#include <string.h>
#include "pdl_internal.h"
#include "zrt_pevents.h"

/* A transfer as last described (zrt_xfer_begin/add), with this process's peers. */
typedef struct Plan {
  const IrTransfer *t;
  int id;
  bool skip;                 /* an item's reads leave its storage: the calls do nothing */
  int nrecv, nsend;
  int *recv_from, *send_to;  /* peers in increasing order */
  size_t *recv_bytes, *send_bytes;
} Plan;

/* A gather begun and not yet finished. */
typedef struct Gather {
  const IrGather *g;         /* split-phase: the gather of the IR */
  size_t n;                  /* bytes per process */
  int ordinal;               /* gathers begun before it in the iteration */
  zg_gather_alg alg;         /* flat, dissemination or tree, as the runtime chooses for P processes */
  int step, steps;           /* the step in flight, of how many */
} Gather;

/* Playing one iteration of a pattern loop on one process. */
typedef struct Play {
  PdlValues *V;
  int me, P, pattern;
  PtrVec plans;              /* Plan* */
  PtrVec gathers;            /* Gather* in flight */
  int ngathers;              /* begun in the iteration */
  zrt_pev *ev;               /* the calls recorded */
  int nev, cap;
  const char *why;           /* set when the pattern cannot be written */
} Play;

/* Record one call. */
static void record(Play *pl, zrt_pevent kind, int peer, int tag, size_t bytes) {
  if (pl->nev == pl->cap) {
    int cap = pl->cap ? 2 * pl->cap : 64;
    zrt_pev *ev = ARENA_ARRAY(pl->V->arena, zrt_pev, cap);
    if (pl->nev) memcpy(ev, pl->ev, (size_t)pl->nev * sizeof *ev);
    pl->ev = ev;
    pl->cap = cap;
  }
  pl->ev[pl->nev++] = (zrt_pev){pl->pattern, (int)kind, peer, tag, (int64_t)bytes};
}

/* The plan of transfer t, made on first use. */
static Plan *plan_of(Play *pl, const IrTransfer *t, bool make) {
  for (int i = 0; i < pl->plans.len; i++) {
    Plan *p = pl->plans.items[i];
    if (p->t == t) return p;
  }
  if (!make) return NULL;
  Plan *p = ARENA_NEW(pl->V->arena, Plan);
  p->t = t;
  vec_push(pl->V->arena, &pl->plans, p);
  return p;
}

/* This process's peers of the transfer over region c of items: from whom it receives and to whom it
 * sends how much, as plan_build in zrt_xfer.c finds them. */
static void plan_peers(Play *pl, Plan *p, const zrt_region *c, const zg_item *items, int n) {
  Arena *a = pl->V->arena;
  p->nrecv = p->nsend = 0;
  p->recv_from = ARENA_ARRAY(a, int, pl->P);
  p->send_to = ARENA_ARRAY(a, int, pl->P);
  p->recv_bytes = ARENA_ARRAY(a, size_t, pl->P);
  p->send_bytes = ARENA_ARRAY(a, size_t, pl->P);
  for (int q = 0; q < pl->P; q++) {
    if (q == pl->me) continue;
    zg_pair pe;
    zg_pair_boxes(pl->V->grids, c, items, n, q, pl->me, &pe);
    if (pe.nboxes > 0) {
      p->recv_from[p->nrecv] = q;
      p->recv_bytes[p->nrecv++] = pe.bytes;
    }
    zg_pair_boxes(pl->V->grids, c, items, n, pl->me, q, &pe);
    if (pe.nboxes > 0) {
      p->send_to[p->nsend] = q;
      p->send_bytes[p->nsend++] = pe.bytes;
    }
  }
}

/* zrt_xfer_begin and zrt_xfer_add of transfer t: its region and items. */
static void describe(Play *pl, const IrTransfer *t) {
  if (!t->cover) {
    pl->why = arena_printf(pl->V->arena, "transfer %d (line %d) runs under a region that is not named", t->id, t->line);
    return;
  }
  if (t->items.len > ZG_MAX_ITEMS) {
    pl->why = arena_printf(pl->V->arena, "transfer %d (line %d) has more than %d items", t->id, t->line, ZG_MAX_ITEMS);
    return;
  }
  Plan *p = plan_of(pl, t, true);
  p->id = t->id;
  p->skip = false;
  zrt_region c;
  if (!pdl_region(pl->V, t->cover, &c, &pl->why)) return;
  zg_item items[ZG_MAX_ITEMS];
  int n = 0;
  for (int i = 0; i < t->items.len; i++) {
    const IrShift *sh = t->items.items[i];
    zrt_array *a = pdl_array(pl->V, sh->array, &pl->why);
    if (!a) return;
    if (pl->V->grid_why[a->rank]) {
      pl->why = pl->V->grid_why[a->rank];
      return;
    }
    int64_t d[ZRT_MAX_RANK] = {0};
    memcpy(d, sh->d, (size_t)(sh->rank < ZRT_MAX_RANK ? sh->rank : ZRT_MAX_RANK) * sizeof *d);
    if (!sh->wrap && !zrt_contains(&c, a, d)) { /* as zrt_xfer_add: the same on every process */
      p->skip = true;
      continue;
    }
    items[n] = (zg_item){.a = a, .wrap = sh->wrap}; /* no move */
    memcpy(items[n++].d, d, sizeof d);
  }
  plan_peers(pl, p, &c, items, n);
}

/* One Ironman call of transfer t: DR (a beginRecv from each process that sends here), SR (a
 * beginSend to each destination), DN (endRecv) or SV (endSend). */
static void xfer_call(Play *pl, zrt_pevent kind, const IrTransfer *t) {
  Plan *p = plan_of(pl, t, false);
  if (!p) {
    pl->why = arena_printf(pl->V->arena, "transfer %d (line %d) is described before the loop", t->id, t->line);
    return;
  }
  if (pl->P == 1 || p->skip) return;
  bool recv = kind == ZRT_PEV_BEGIN_RECV || kind == ZRT_PEV_END_RECV;
  int n = recv ? p->nrecv : p->nsend;
  for (int i = 0; i < n; i++)
    record(pl, kind, recv ? p->recv_from[i] : p->send_to[i], p->id, recv ? p->recv_bytes[i] : p->send_bytes[i]);
}

/* The calls of an operation on transfer t: its description first, then DR, SR, DN, SV as asked. */
static void xfer_calls(Play *pl, const IrTransfer *t, bool describe_it, bool dr_sr, bool dn, bool sv) {
  if (describe_it) describe(pl, t);
  if (dr_sr && !pl->why) xfer_call(pl, ZRT_PEV_BEGIN_RECV, t);
  if (dr_sr && !pl->why) xfer_call(pl, ZRT_PEV_BEGIN_SEND, t);
  if (dn && !pl->why) xfer_call(pl, ZRT_PEV_END_RECV, t);
  if (sv && !pl->why) xfer_call(pl, ZRT_PEV_END_SEND, t);
}

/* The calls of g's step in flight: begun (beginRecv, beginSend) or completed (endRecv, endSend). */
static void gather_calls(Play *pl, const Gather *g, bool begin) {
  zg_gather_msg msgs[ZG_FLAT_MAX]; /* flat only up to ZG_FLAT_MAX processes, else one message */
  int n = zg_gather_step(pl->P, pl->me, g->alg, g->step, g->n, msgs);
  int tag = zg_gather_tag(g->ordinal, g->step);
  for (int i = 0; i < n; i++) { /* a tree's step may only send or only receive */
    if (msgs[i].from >= 0) record(pl, begin ? ZRT_PEV_BEGIN_RECV : ZRT_PEV_END_RECV, msgs[i].from, tag, msgs[i].bytes);
    if (msgs[i].to >= 0) record(pl, begin ? ZRT_PEV_BEGIN_SEND : ZRT_PEV_END_SEND, msgs[i].to, tag, msgs[i].bytes);
  }
}

/* The bytes each process contributes to a gather: reduction e's value, or the values of split-phase
 * gather ig packed one after the other. */
static bool gather_size(const Expr *e, const IrGather *ig, size_t *n) {
  if (!ig) return pdl_type_size(e->type, n);
  *n = 0;
  for (int i = 0; i < ig->values.len; i++) {
    size_t one;
    if (!pdl_type_size(((const Expr *)ig->values.items[i])->type, &one)) return false;
    *n += one;
  }
  return true;
}

/* Begin a gather (gather_start in zrt_coll.c): of reduction e's value, or split-phase gather ig. */
static Gather *gather_begin(Play *pl, const Expr *e, const IrGather *ig) {
  Gather *g = ARENA_NEW(pl->V->arena, Gather);
  g->g = ig;
  g->ordinal = pl->ngathers++;
  bool exact = ig ? gather_exact(ig) : e->kind == EX_REDUCE && reduce_exact((RedOp)e->op, e->type);
  g->alg = zg_gather_alg_default(pl->P, exact);
  g->steps = zg_gather_steps(pl->P, g->alg);
  if (!gather_size(e, ig, &g->n)) {
    pl->why = "the size of a reduction's value is not known at compile time";
    return g;
  }
  if (g->steps > 0) gather_calls(pl, g, true);
  return g;
}

/* Finish gather g: every remaining step completes, and the next one begins (gather_step). */
static void gather_end(Play *pl, Gather *g) {
  while (g->step < g->steps) {
    gather_calls(pl, g, false);
    g->step++;
    if (g->step < g->steps) gather_calls(pl, g, true);
  }
}

/* The split-phase gather ig in flight (taken off the list), or NULL. */
static Gather *gather_of(Play *pl, const IrGather *ig) {
  for (int i = 0; i < pl->gathers.len; i++) {
    Gather *g = pl->gathers.items[i];
    if (g->g == ig) {
      pl->gathers.items[i] = pl->gathers.items[--pl->gathers.len];
      return g;
    }
  }
  return NULL;
}

/* Play one communication operation. */
static void play_op(Play *pl, const IrComm *c) {
  switch (c->kind) {
  case IC_XFER_BEGIN: xfer_calls(pl, c->t, true, true, false, false); break;
  case IC_XFER_ONCE: xfer_calls(pl, c->t, true, true, true, true); break;
  case IC_XFER_DN: xfer_calls(pl, c->t, false, false, true, false); break;
  case IC_XFER_SV: xfer_calls(pl, c->t, false, false, false, true); break;
  case IC_GATHER: gather_end(pl, gather_begin(pl, c->e, NULL)); break;
  case IC_GATHER_BEGIN: vec_push(pl->V->arena, &pl->gathers, gather_begin(pl, NULL, c->g)); break;
  case IC_GATHER_END: {
    Gather *g = gather_of(pl, c->g);
    if (g) gather_end(pl, g);
    else pl->why = "a reduction is combined before the loop";
    break;
  }
  case IC_XFER_ELSEWHERE: case IC_GATHER_OPEN: case IC_GATHER_PUT: case IC_PATTERN_BEGIN: case IC_PATTERN_END:
  case IC_PATTERN_LEAVE: case IC_WRAP_GHOST: break; /* no call */
  default: pl->why = arena_printf(pl->V->arena, "it has communication a pattern cannot hold (%s)", ir_comm_kind_name(c->kind));
  }
}

static void play_ops(Play *pl, const PtrVec *ops) {
  for (int i = 0; i < ops->len && !pl->why; i++) play_op(pl, ops->items[i]);
}

static void play_list(Play *pl, const IrList *l);

/* The operations of statement s and of the statements nested in it, in program order (a repeat
 * loop tests its condition after its body). */
static void play_stmt(Play *pl, const IrStmt *s) {
  if (s->kind != IR_REPEAT) play_ops(pl, &s->comm);
  play_list(pl, &s->body);
  for (int i = 0; i < s->narms; i++) play_list(pl, &s->arms[i]);
  play_list(pl, &s->else_body);
  if (s->kind == IR_REPEAT) play_ops(pl, &s->comm);
}

static void play_list(Play *pl, const IrList *l) {
  play_ops(pl, &l->head);
  for (int i = 0; i < l->n; i++) {
    play_ops(pl, &l->items[i]->before);
    play_stmt(pl, l->items[i]);
    play_ops(pl, &l->items[i]->after);
  }
  play_ops(pl, &l->tail);
}

/* What process me records in one iteration of pattern loop s, or NULL with *why set. */
static Play *play(PdlValues *V, const IrStmt *s, int me, const char **why) {
  Play *pl = ARENA_NEW(V->arena, Play);
  pl->V = V;
  pl->me = me;
  pl->P = V->nprocs;
  pl->pattern = s->pattern;
  play_list(pl, &s->body);
  if (!pl->why && pl->gathers.len) pl->why = "a reduction begun in the loop is combined after it";
  *why = pl->why;
  return pl->why ? NULL : pl;
}

/* The pattern loops of list l (and of the lists nested in it), in program order, into out. */
static void pattern_loops(Arena *a, const IrList *l, PtrVec *out) {
  for (int i = 0; i < l->n; i++) {
    const IrStmt *s = l->items[i];
    if (s->pattern) vec_push(a, out, (void *)s);
    pattern_loops(a, &s->body, out);
    for (int k = 0; k < s->narms; k++) pattern_loops(a, &s->arms[k], out);
    pattern_loops(a, &s->else_body, out);
  }
}

/* The header comment (--pdl-comments): what the file is, for how many processes and which config
 * values. */
static void header(FILE *out, Sema *S, const PdlOptions *o) {
  fprintf(out, "// %s: the communication patterns azc computed for a run on %d process%s (what --az-pdl records\n"
               "// of the first iteration of each pattern loop), with the config defaults",
          S->prog->name.name, o->nprocs, o->nprocs == 1 ? "" : "es");
  for (int i = 0; o->config && i < o->config->n; i++)
    fprintf(out, "%s -s%s=%lld", i ? "" : " but", o->config->names[i], (long long)o->config->values[i]);
  fprintf(out, "\n");
}

void emit_pdl(FILE *out, Arena *a, const IrProgram *ir, const PdlOptions *o) {
  Sema *S = ir->sema;
  PdlValues V;
  pdl_values_init(&V, a, S, o->config, o->nprocs);
  PtrVec loops = {0};
  for (int i = 0; i < ir->procs.len; i++) pattern_loops(a, &((const IrProc *)ir->procs.items[i])->body, &loops);
  int P = o->nprocs, n = loops.len, npatterns = 0;
  for (int i = 0; i < n; i++) {
    const IrStmt *T = loops.items[i];
    if (T->pattern > npatterns) npatterns = T->pattern;
  }
  /* every pattern on every process: plays[i * P + p], all NULL where the pattern is not written */
  const char **notes = ARENA_ARRAY(a, const char *, npatterns + 1);
  Play **plays = ARENA_ARRAY(a, Play *, (size_t)n * (size_t)P);
  for (int i = 0; i < n; i++) {
    const IrStmt *T = loops.items[i];
    const char *why = NULL;
    for (int p = 0; p < P && !why; p++) plays[(size_t)i * P + p] = play(&V, T, p, &why);
    if (!why) continue;
    notes[T->pattern] = arena_printf(a, "not written: %s", why);
    for (int p = 0; p < P; p++) plays[(size_t)i * P + p] = NULL;
  }
  /* their calls, process by process */
  int *count = ARENA_ARRAY(a, int, P);
  size_t total = 0;
  for (size_t k = 0; k < (size_t)n * P; k++) total += plays[k] ? (size_t)plays[k]->nev : 0;
  zrt_pev *events = ARENA_ARRAY(a, zrt_pev, total + 1), *at = events;
  for (int p = 0; p < P; p++)
    for (int i = 0; i < n; i++) {
      const Play *pl = plays[(size_t)i * P + p];
      if (!pl || !pl->nev) continue;
      memcpy(at, pl->ev, (size_t)pl->nev * sizeof *at);
      at += pl->nev;
      count[p] += pl->nev;
    }
  if (o->comments) header(out, S, o);
  zrt_pev_write(out, P, events, count, npatterns, o->comments ? notes : NULL);
}
