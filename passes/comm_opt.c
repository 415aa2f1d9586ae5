/* comm_opt.c - communication optimization and placement by modify/use analysis (Ironman, seed
 * 003): walks each procedure in execution order keeping the ghost cells that are still current
 * (array, direction, named covering region) and
 *   - removes a transfer whose ghost cells are all current (nothing wrote the arrays since the
 *     transfer that brought them),
 *   - combines a transfer into an earlier one of the same statement list and covering region when
 *     nothing in between writes its arrays (one message per neighbour instead of two),
 *   - hoists a transfer out of a loop that writes none of its arrays (it runs once, before the
 *     loop),
 *   - starts every remaining transfer (DR, SR) right after the last statement above it in its list
 *     that writes its arrays, so the statements in between overlap the communication; DN stays
 *     where the data is read.
 * Only transfers under a named region move or merge: the region is the same wherever it is used.
 * A statement that calls a procedure may write anything; one that returns or leaves a loop ends
 * the stretch a transfer may start in. */
#include <stdint.h>
#include "passes.h"

typedef struct Avail {         /* ghost cells that are current */
  Symbol *cover;
  const IrShift *sh;
  IrTransfer *by;              /* the transfer that brought them */
} Avail;

typedef struct Host {          /* a transfer later ones in the same list may join */
  IrTransfer *t;
  int born;                    /* the list item it belongs to */
} Host;

/* When the arrays were last written, by list item: whether a host is still open to a transfer is
 * one look-up per array, not a scan of everything written since the host ran (that was cubic in
 * the length of a list of shifted statements). Sharing follows ir_may_share: a write may change
 * the same array, and a write of a non-local array may change a reference parameter (and a write
 * of a reference parameter any non-local array). */
typedef struct WriteClock {
  const Symbol **keys;         /* open addressing by pointer; NULL: an empty slot */
  int *when;
  int nslots, used;
  int last_unknown;            /* a write of an unknown array */
  int last_ref;                /* a write of a reference parameter */
  int last_nonlocal;           /* a write of a global array or a parameter */
} WriteClock;

#define HOST_SCAN_LIMIT 256    /* open hosts tried per transfer (keeps a hostile list linear) */

typedef struct Opt {
  Arena *a;
} Opt;

/* ---- what statements do ---- */

/* True if the expressions of st itself (not of statements nested in it) call a procedure. */
static bool stmt_calls(const Stmt *st) { return ir_stmt_exprs_any(st, ir_is_call, NULL); }

typedef struct Effects {
  PtrVec writes;               /* Symbol*: parallel arrays written */
  bool all;                    /* calls a procedure: may write anything */
  bool jumps;                  /* returns, or leaves or continues a loop */
} Effects;

static void effects_list(Opt *O, const IrList *l, Effects *fx);

/* Add what s (with everything nested in it) writes and whether it calls or jumps. */
static void effects(Opt *O, const IrStmt *s, Effects *fx) {
  const Stmt *st = s->ast;
  if (stmt_calls(st)) fx->all = true;
  if (st->kind == ST_RETURN || st->kind == ST_EXIT || st->kind == ST_CONTINUE) fx->jumps = true;
  if (s->kind == IR_ARRAY && s->writes) vec_push(O->a, &fx->writes, s->writes);
  if (s->kind == IR_WRAP)
    for (int i = 0; i < st->noperands; i++) vec_push(O->a, &fx->writes, sema_base_symbol(st->operands[i]));
  if (st->kind == ST_READ)
    for (int i = 0; i < st->nitems; i++)
      if (st->items[i].value->rank > 0) vec_push(O->a, &fx->writes, sema_base_symbol(st->items[i].value));
  effects_list(O, &s->body, fx);
  for (int i = 0; i < s->narms; i++) effects_list(O, &s->arms[i], fx);
  effects_list(O, &s->else_body, fx);
}

static void effects_list(Opt *O, const IrList *l, Effects *fx) {
  for (int i = 0; i < l->n; i++) effects(O, l->items[i], fx);
}

/* True if writing what w lists may change array a. */
static bool writes_array(const PtrVec *w, bool all, const Symbol *a) {
  if (all) return true;
  for (int i = 0; i < w->len; i++)
    if (!w->items[i] || ir_may_share(w->items[i], a)) return true;
  return false;
}

/* True if writing what w lists may change an array transfer t reads. */
static bool writes_transfer(const PtrVec *w, bool all, const IrTransfer *t) {
  for (int i = 0; i < t->items.len; i++)
    if (writes_array(w, all, ((const IrShift *)t->items.items[i])->array)) return true;
  return false;
}

/* ---- current ghost cells ---- */

static bool same_shift(const IrShift *a, const IrShift *b) {
  if (a->array != b->array || a->rank != b->rank || a->wrap != b->wrap) return false;
  for (int k = 0; k < a->rank; k++)
    if (a->d[k] != b->d[k]) return false;
  return true;
}

static Avail *find_avail(const PtrVec *av, const Symbol *cover, const IrShift *sh) {
  for (int i = 0; i < av->len; i++) {
    Avail *x = av->items[i];
    if (x->cover == cover && same_shift(x->sh, sh)) return x;
  }
  return NULL;
}

/* Record that t's items are current from now on. */
static void gen(Opt *O, PtrVec *av, IrTransfer *t, IrTransfer *by) {
  for (int i = 0; i < t->items.len; i++) {
    const IrShift *sh = t->items.items[i];
    if (find_avail(av, t->cover, sh)) continue;
    Avail *x = ARENA_NEW(O->a, Avail);
    *x = (Avail){t->cover, sh, by};
    vec_push(O->a, av, x);
  }
}

/* Forget the ghost cells of arrays that fx writes. */
static void kill(PtrVec *av, const Effects *fx) {
  int n = 0;
  for (int i = 0; i < av->len; i++) {
    Avail *x = av->items[i];
    if (!writes_array(&fx->writes, fx->all, x->sh->array)) av->items[n++] = x;
  }
  av->len = n;
}

static PtrVec copy_vec(Opt *O, const PtrVec *v) {
  PtrVec c = {0};
  for (int i = 0; i < v->len; i++) vec_push(O->a, &c, v->items[i]);
  return c;
}

/* Keep in *av only what is also in other. */
static void intersect(PtrVec *av, const PtrVec *other) {
  int n = 0;
  for (int i = 0; i < av->len; i++) {
    Avail *x = av->items[i];
    if (find_avail(other, x->cover, x->sh)) av->items[n++] = x;
  }
  av->len = n;
}

/* True if every item of t is current. */
static Avail *all_current(const PtrVec *av, const IrTransfer *t) {
  Avail *first = NULL;
  for (int i = 0; i < t->items.len; i++) {
    Avail *x = find_avail(av, t->cover, t->items.items[i]);
    if (!x) return NULL;
    if (!first) first = x;
  }
  return first;
}

/* True if t already carries sh. */
static bool carries(const IrTransfer *t, const IrShift *sh) {
  for (int j = 0; j < t->items.len; j++)
    if (same_shift(t->items.items[j], sh)) return true;
  return false;
}

/* The number of items of t that host does not have yet. */
static int new_items(const IrTransfer *host, const IrTransfer *t) {
  int n = 0;
  for (int i = 0; i < t->items.len; i++) n += !carries(host, t->items.items[i]);
  return n;
}

/* Move t's items into host: they travel in host's messages. */
static void combine(Opt *O, IrTransfer *host, IrTransfer *t) {
  for (int i = 0; i < t->items.len; i++)
    if (!carries(host, t->items.items[i])) vec_push(O->a, &host->items, t->items.items[i]);
  t->place = XF_COMBINED;
  t->by = host;
}

/* ---- the walk ---- */


/* ---- when arrays were written ---- */

static bool is_ref_param(const Symbol *a) { return a->kind == SYM_PARAM && a->mode != PM_IN; }
static bool is_local(const Symbol *a) { return a->kind == SYM_VAR && !a->global; }

/* The slot of a in c's table (empty if a is not there). */
static int clock_slot(const WriteClock *c, const Symbol *a) {
  unsigned h = (unsigned)(((uintptr_t)a >> 4) * 2654435761u);
  int i = (int)(h & (unsigned)(c->nslots - 1));
  while (c->keys[i] && c->keys[i] != a) i = (i + 1) & (c->nslots - 1);
  return i;
}

/* Double c's table. */
static void clock_grow(Opt *O, WriteClock *c) {
  WriteClock old = *c;
  c->nslots = old.nslots ? old.nslots * 2 : 64;
  c->keys = ARENA_ARRAY(O->a, const Symbol *, c->nslots);
  c->when = ARENA_ARRAY(O->a, int, c->nslots);
  for (int i = 0; i < old.nslots; i++)
    if (old.keys[i]) {
      int j = clock_slot(c, old.keys[i]);
      c->keys[j] = old.keys[i];
      c->when[j] = old.when[i];
    }
}

/* Record that list item `now` writes array a (NULL: an unknown one). */
static void clock_write(Opt *O, WriteClock *c, const Symbol *a, int now) {
  if (!a) {
    c->last_unknown = now;
    return;
  }
  if (is_ref_param(a)) c->last_ref = now;
  if (!is_local(a)) c->last_nonlocal = now;
  if (2 * (c->used + 1) > c->nslots) clock_grow(O, c);
  int i = clock_slot(c, a);
  if (!c->keys[i]) c->used++;
  c->keys[i] = a;
  c->when[i] = now;
}

/* The last list item that wrote an array that may share storage with a (-1: none). */
static int clock_last(const WriteClock *c, const Symbol *a) {
  int last = c->last_unknown;
  if (c->nslots) {
    int i = clock_slot(c, a);
    if (c->keys[i] && c->when[i] > last) last = c->when[i];
  }
  if (is_ref_param(a) && c->last_nonlocal > last) last = c->last_nonlocal;
  if (!is_local(a) && c->last_ref > last) last = c->last_ref;
  return last;
}

/* The last list item that wrote an array transfer t reads. */
static int clock_last_transfer(const WriteClock *c, const IrTransfer *t) {
  int last = -1;
  for (int i = 0; i < t->items.len; i++) {
    int w = clock_last(c, ((const IrShift *)t->items.items[i])->array);
    if (w > last) last = w;
  }
  return last;
}

/* The open hosts of a statement list: in the order they ran, with the clock of its writes. */
typedef struct Hosts {
  PtrVec open;                 /* Host*, born increasing */
  WriteClock clock;
  int now;                     /* the list item being walked */
} Hosts;

/* The first open host born after list item `after` (binary search: born increases). */
static int first_born_after(const Hosts *hs, int after) {
  int lo = 0, hi = hs->open.len;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (((const Host *)hs->open.items[mid])->born > after) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/* A transfer of a statement, in execution order. */
static void visit_transfer(Opt *O, IrTransfer *t, PtrVec *av, Hosts *hs) {
  if (t->place != XF_AT_ROOT || !t->cover) return;
  Avail *have = all_current(av, t);
  if (have) {
    t->place = XF_REDUNDANT;
    t->by = have->by;
    return;
  }
  int first = first_born_after(hs, clock_last_transfer(&hs->clock, t));
  for (int i = first; i < hs->open.len && i < first + HOST_SCAN_LIMIT; i++) {
    Host *h = hs->open.items[i];
    if (h->t->cover != t->cover || h->t->place != XF_AT_ROOT || h->t->items.len + new_items(h->t, t) > IR_MAX_XFER_ITEMS)
      continue;
    combine(O, h->t, t);
    gen(O, av, t, h->t);
    return;
  }
  Host *h = ARENA_NEW(O->a, Host);
  *h = (Host){t, hs->now};
  vec_push(O->a, &hs->open, h);
  gen(O, av, t, t);
}

/* After a statement with effects fx: what is no longer current, and what hosts can no longer take. */
static void after(Opt *O, PtrVec *av, Hosts *hs, const Effects *fx) {
  kill(av, fx);
  if (fx->all) hs->open.len = 0;
  for (int j = 0; j < fx->writes.len; j++) clock_write(O, &hs->clock, fx->writes.items[j], hs->now);
}

static void walk_list(Opt *O, IrList *l, PtrVec *av);
static void walk_stmt(Opt *O, IrStmt *s, PtrVec *av, Hosts *hosts, Effects *fx);

/* Every transfer of the simple statements nested in list l (for hoisting out of a loop). */
static void nested_transfers(Opt *O, const IrList *l, PtrVec *out) {
  for (int i = 0; i < l->n; i++) {
    const IrStmt *s = l->items[i];
    if (s->kind == IR_ARRAY || s->kind == IR_IO || s->kind == IR_SCALAR || s->kind == IR_WRAP)
      for (int j = 0; j < s->transfers.len; j++) vec_push(O->a, out, s->transfers.items[j]);
    nested_transfers(O, &s->body, out);
    for (int j = 0; j < s->narms; j++) nested_transfers(O, &s->arms[j], out);
    nested_transfers(O, &s->else_body, out);
  }
}

/* A loop: what it writes is not current at its head; transfers of arrays it does not write run
 * once, before it (combined when they share a region). The state after it is the head's. Its
 * effects in *fx. */
static void walk_loop(Opt *O, IrStmt *s, PtrVec *av, Effects *fx) {
  effects(O, s, fx);
  kill(av, fx);
  if (!fx->all) {
    PtrVec inner = {0}, hoisted = {0};
    nested_transfers(O, &s->body, &inner);
    for (int i = 0; i < inner.len; i++) {
      IrTransfer *t = inner.items[i];
      if (t->place != XF_AT_ROOT || !t->cover || writes_transfer(&fx->writes, false, t)) continue;
      Avail *have = all_current(av, t);
      if (have) {
        t->place = XF_REDUNDANT;
        t->by = have->by;
        continue;
      }
      IrTransfer *host = NULL;
      for (int j = 0; j < hoisted.len && !host; j++) {
        IrTransfer *h = hoisted.items[j];
        if (h->cover == t->cover && h->items.len + new_items(h, t) <= IR_MAX_XFER_ITEMS) host = h;
      }
      if (host) {
        combine(O, host, t);
        gen(O, av, t, host);
      } else {
        t->place = XF_HOISTED;
        t->start = s;
        vec_push(O->a, &s->pre, t);
        vec_push(O->a, &hoisted, t);
        gen(O, av, t, t);
      }
    }
  }
  PtrVec body = copy_vec(O, av);
  walk_list(O, &s->body, &body);
}

/* An if statement: each arm starts from the state after the conditions; after it, what every
 * way through it leaves current. */
static void walk_if(Opt *O, IrStmt *s, PtrVec *av) {
  if (stmt_calls(s->ast)) av->len = 0;
  PtrVec out = copy_vec(O, av);
  bool first = true;
  for (int i = 0; i <= s->narms; i++) {
    IrList *arm = i < s->narms ? &s->arms[i] : &s->else_body;
    PtrVec st = copy_vec(O, av);
    walk_list(O, arm, &st);
    if (i == s->narms && !s->ast->has_else) st = copy_vec(O, av);
    if (first) out = st;
    else intersect(&out, &st);
    first = false;
  }
  *av = out;
}

/* Walk list item s; what it does (with everything nested in it) in *fx. */
static void walk_stmt(Opt *O, IrStmt *s, PtrVec *av, Hosts *hosts, Effects *fx) {
  switch (s->kind) {
  case IR_REGION:
    if (s->body.n == 1) { /* the region statement itself evaluates nothing */
      walk_stmt(O, s->body.items[0], av, hosts, fx);
      return;
    }
    walk_list(O, &s->body, av);
    break;
  case IR_BLOCK: walk_list(O, &s->body, av); break;
  case IR_WHILE: case IR_REPEAT: case IR_FOR:
    walk_loop(O, s, av, fx);
    after(O, av, hosts, fx);
    return;
  case IR_IF: walk_if(O, s, av); break;
  default:
    for (int i = 0; i < s->transfers.len; i++) visit_transfer(O, s->transfers.items[i], av, hosts);
    break;
  }
  effects(O, s, fx);
  after(O, av, hosts, fx);
}

/* The simple statement list item s stands for (through region prefixes), or NULL. */
static IrStmt *simple_of(IrStmt *s) {
  while (s->kind == IR_REGION && s->body.n == 1) s = s->body.items[0];
  return (s->kind == IR_ARRAY || s->kind == IR_IO || s->kind == IR_SCALAR || s->kind == IR_WRAP) ? s : NULL;
}

/* Start the transfers of list item i right after the last statement above it that writes their
 * arrays (or calls, or may jump away); fx[j] is what item j does. */
static void place_early(Opt *O, IrList *l, int i, const Effects *fx) {
  IrStmt *s = simple_of(l->items[i]);
  if (!s) return;
  for (int k = 0; k < s->transfers.len; k++) {
    IrTransfer *t = s->transfers.items[k];
    if (t->place != XF_AT_ROOT || !t->cover) continue;
    int j = i;
    while (j > 0 && !fx[j - 1].all && !fx[j - 1].jumps && !writes_transfer(&fx[j - 1].writes, false, t)) j--;
    if (j == i) continue;
    t->place = XF_EARLY;
    t->start = l->items[j];
    vec_push(O->a, &l->items[j]->pre, t);
  }
}

static void walk_list(Opt *O, IrList *l, PtrVec *av) {
  Hosts hosts = {.clock = {.last_unknown = -1, .last_ref = -1, .last_nonlocal = -1}};
  Effects *fx = ARENA_ARRAY(O->a, Effects, l->n > 0 ? l->n : 1); /* what each item does, once */
  for (int i = 0; i < l->n; i++) {
    hosts.now = i;
    walk_stmt(O, l->items[i], av, &hosts, &fx[i]);
  }
  for (int i = 0; i < l->n; i++) place_early(O, l, i, fx);
}

void comm_opt(Arena *a, IrProgram *ir) {
  Opt O = {a};
  for (int i = 0; i < ir->procs.len; i++) {
    PtrVec av = {0};
    walk_list(&O, &((IrProc *)ir->procs.items[i])->body, &av);
  }
}
