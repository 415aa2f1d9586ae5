/* emit_pdl.c - the pattern file azc writes next to the C (docs/pdl.md, "Files azc writes"): what a
 * run on N processes with the config defaults records with --az-pdl, computed at compile time. Each
 * pattern table (the calls the C emitter made in the body of a pattern loop, in order) is played on
 * every process as the runtime plays it: a transfer's DR is a beginRecv from each process that
 * sends here, SR a beginSend to each destination, DN and SV end them (zg_pair_boxes decides who
 * sends what); a gather's steps are begun and ended as zrt_coll.c does (zg_gather_step, with the algorithm
 * the runtime chooses by default for N processes). The
 * values come from pdl_values.c, the text from rtl/zrt_pevents.c, in Felten's strict Appendix A form:
 * no comments. A pattern whose sizes are not known at compile time is left out; with --pdl-comments
 * (an extension of the format) a header and a comment line in its place say what and why. */
#include <string.h>
#include "pdl_internal.h"
#include "zrt_pevents.h"

/* A transfer as last described (zrt_xfer_begin/add), with this process's peers. */
typedef struct Plan {
  const char *x;
  int id;
  bool skip;                 /* an item's reads leave its storage: the calls do nothing */
  int nrecv, nsend;
  int *recv_from, *send_to;  /* peers in increasing order */
  size_t *recv_bytes, *send_bytes;
} Plan;

/* A gather begun and not yet finished. */
typedef struct Gather {
  const char *handle;        /* split-phase: the C variable of its handle */
  size_t n;                  /* bytes per process */
  int ordinal;               /* gathers begun before it in the iteration */
  bool flat;                 /* flat or dissemination, as the runtime chooses for P processes */
  int step, steps;           /* the step in flight, of how many */
} Gather;

/* Playing one pattern table on one process. */
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

/* The plan of zrt_xfer x, made on first use. */
static Plan *plan_of(Play *pl, const char *x, bool make) {
  for (int i = 0; i < pl->plans.len; i++) {
    Plan *p = pl->plans.items[i];
    if (!strcmp(p->x, x)) return p;
  }
  if (!make) return NULL;
  Plan *p = ARENA_NEW(pl->V->arena, Plan);
  p->x = x;
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

/* zrt_xfer_begin and zrt_xfer_add of transfer t (zrt_xfer x): its region and items. */
static void describe(Play *pl, const char *x, const IrTransfer *t) {
  if (!t) {
    pl->why = "it has a transfer the code generator made itself";
    return;
  }
  if (!t->cover) {
    pl->why = arena_printf(pl->V->arena, "transfer %d (line %d) runs under a region that is not named", t->id, t->line);
    return;
  }
  if (t->items.len > ZG_MAX_ITEMS) {
    pl->why = arena_printf(pl->V->arena, "transfer %d (line %d) has more than %d items", t->id, t->line, ZG_MAX_ITEMS);
    return;
  }
  Plan *p = plan_of(pl, x, true);
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
    if (!zrt_contains(&c, a, d)) { /* as zrt_xfer_add: the same on every process */
      p->skip = true;
      continue;
    }
    items[n].a = a;
    memcpy(items[n++].d, d, sizeof d);
  }
  plan_peers(pl, p, &c, items, n);
}

/* DR, SR, DN or SV of zrt_xfer x. */
static void xfer_call(Play *pl, PatCallKind k, const char *x) {
  Plan *p = plan_of(pl, x, false);
  if (!p) {
    pl->why = arena_printf(pl->V->arena, "a transfer (%s in the C) is described before the loop", x);
    return;
  }
  if (pl->P == 1 || p->skip) return;
  bool recv = k == PC_DR || k == PC_DN;
  int n = recv ? p->nrecv : p->nsend;
  zrt_pevent kind = k == PC_DR ? ZRT_PEV_BEGIN_RECV : k == PC_SR ? ZRT_PEV_BEGIN_SEND : k == PC_DN ? ZRT_PEV_END_RECV : ZRT_PEV_END_SEND;
  for (int i = 0; i < n; i++)
    record(pl, kind, recv ? p->recv_from[i] : p->send_to[i], p->id, recv ? p->recv_bytes[i] : p->send_bytes[i]);
}

/* The calls of g's step in flight: begun (beginRecv, beginSend) or completed (endRecv, endSend). */
static void gather_calls(Play *pl, const Gather *g, bool begin) {
  zg_gather_msg msgs[ZG_FLAT_MAX]; /* flat only up to ZG_FLAT_MAX processes, else one message */
  int n = zg_gather_step(pl->P, pl->me, g->flat, g->step, g->n, msgs);
  int tag = zg_gather_tag(g->ordinal, g->step);
  for (int i = 0; i < n; i++) {
    record(pl, begin ? ZRT_PEV_BEGIN_RECV : ZRT_PEV_END_RECV, msgs[i].from, tag, msgs[i].bytes);
    record(pl, begin ? ZRT_PEV_BEGIN_SEND : ZRT_PEV_END_SEND, msgs[i].to, tag, msgs[i].bytes);
  }
}

/* Begin a gather of a value of type t (gather_start in zrt_coll.c). */
/* The bytes each process contributes to the gather of call c: one reduction's value, or several
 * packed one after the other (PatCall.group). */
static bool gather_size(const PatCall *c, size_t *n) {
  if (!c->group) return pdl_type_size(c->type, n);
  *n = 0;
  for (int i = 0; i < c->group->len; i++) {
    size_t one;
    if (!pdl_type_size(c->group->items[i], &one)) return false;
    *n += one;
  }
  return true;
}

static Gather *gather_begin(Play *pl, const char *handle, const PatCall *c) {
  Gather *g = ARENA_NEW(pl->V->arena, Gather);
  g->handle = handle;
  g->ordinal = pl->ngathers++;
  g->flat = zg_gather_flat_default(pl->P);
  g->steps = zg_gather_steps(pl->P, g->flat);
  if (!gather_size(c, &g->n)) {
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

/* The split-phase gather whose handle is h (taken off the list), or NULL. */
static Gather *gather_of(Play *pl, const char *h) {
  for (int i = 0; i < pl->gathers.len; i++) {
    Gather *g = pl->gathers.items[i];
    if (g->handle == h) {
      pl->gathers.items[i] = pl->gathers.items[--pl->gathers.len];
      return g;
    }
  }
  return NULL;
}

/* Play one call of the table. */
static void play_call(Play *pl, const PatCall *c) {
  switch (c->kind) {
  case PC_XFER: describe(pl, c->x, c->t); break;
  case PC_DR: case PC_SR: case PC_DN: case PC_SV: xfer_call(pl, c->kind, c->x); break;
  case PC_GATHER: gather_end(pl, gather_begin(pl, NULL, c)); break;
  case PC_GATHER_BEGIN: vec_push(pl->V->arena, &pl->gathers, gather_begin(pl, c->x, c)); break;
  case PC_GATHER_END: {
    Gather *g = gather_of(pl, c->x);
    if (g) gather_end(pl, g);
    else pl->why = "a reduction is combined before the loop";
    break;
  }
  }
}

/* What process me records in one iteration of pattern table T, or NULL with *why set. */
static Play *play(PdlValues *V, const PatTable *T, int me, const char **why) {
  Play *pl = ARENA_NEW(V->arena, Play);
  pl->V = V;
  pl->me = me;
  pl->P = V->nprocs;
  pl->pattern = T->id;
  for (int i = 0; i < T->calls.len && !pl->why; i++) play_call(pl, T->calls.items[i]);
  if (!pl->why && pl->gathers.len) pl->why = "a reduction begun in the loop is combined after it";
  *why = pl->why;
  return pl->why ? NULL : pl;
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

void emit_pdl(FILE *out, Arena *a, Sema *S, const PtrVec *patterns, const PdlOptions *o) {
  PdlValues V;
  pdl_values_init(&V, a, S, o->config, o->nprocs);
  int P = o->nprocs, n = patterns->len, npatterns = 0;
  for (int i = 0; i < n; i++) {
    const PatTable *T = patterns->items[i];
    if (T->id > npatterns) npatterns = T->id;
  }
  /* every pattern on every process: plays[i * P + p], all NULL where the pattern is not written */
  const char **notes = ARENA_ARRAY(a, const char *, npatterns + 1);
  Play **plays = ARENA_ARRAY(a, Play *, (size_t)n * (size_t)P);
  for (int i = 0; i < n; i++) {
    const PatTable *T = patterns->items[i];
    const char *why = NULL;
    for (int p = 0; p < P && !why; p++) plays[(size_t)i * P + p] = play(&V, T, p, &why);
    if (!why) continue;
    notes[T->id] = arena_printf(a, "not written: %s", why);
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
