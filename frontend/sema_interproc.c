/* sema_interproc.c - the whole-program analyses that run after every procedure body has been
 * checked: inherited covering regions over the call graph (section 5.7 Rule 2: E13/E14 at
 * calls), the promotion restrictions (section 6.10: E46), and border storage with the
 * containment rule (section 5.8: E19/E20). */
#include <limits.h>
#include <stdint.h>
#include "sema_internal.h"

/* ==== a map from pointers to small integers (open addressing) ==== */

typedef struct PtrMap {
  Arena *arena;
  const void **keys;
  int *vals;
  int cap, len;          /* cap is a power of two */
} PtrMap;

/* Hash of a pointer, reduced to the map's capacity. */
static size_t ptr_hash(const void *p, int cap) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)(x & (uint64_t)(cap - 1));
}

/* Allocate the slots of an empty map with cap entries. */
static void map_alloc(PtrMap *m, int cap) {
  m->cap = cap;
  m->len = 0;
  m->keys = ARENA_ARRAY(m->arena, const void *, cap);
  m->vals = ARENA_ARRAY(m->arena, int, cap);
}

/* An empty map allocating from a. */
static void map_init(PtrMap *m, Arena *a) {
  m->arena = a;
  map_alloc(m, 64);
}

/* The slot holding key k, or the empty slot where it would go. */
static size_t map_slot(const PtrMap *m, const void *k) {
  size_t i = ptr_hash(k, m->cap);
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & (size_t)(m->cap - 1);
  return i;
}

/* The value stored for k, or -1. */
static int map_get(const PtrMap *m, const void *k) {
  size_t s = map_slot(m, k);
  return m->keys[s] ? m->vals[s] : -1;
}

static void map_put(PtrMap *m, const void *k, int v);

/* Double the capacity, re-inserting every entry. */
static void map_grow(PtrMap *m) {
  const void **keys = m->keys;
  int *vals = m->vals, cap = m->cap;
  map_alloc(m, cap * 2);
  for (int i = 0; i < cap; i++)
    if (keys[i]) map_put(m, keys[i], vals[i]);
}

/* Store v for the (non-NULL) key k. */
static void map_put(PtrMap *m, const void *k, int v) {
  if ((m->len + 1) * 2 > m->cap) map_grow(m);
  size_t s = map_slot(m, k);
  if (!m->keys[s]) {
    m->keys[s] = k;
    m->len++;
  }
  m->vals[s] = v;
}

/* ==== shared helpers ==== */

/* True if an error is already reported at loc (a call or an access is diagnosed only once). */
static bool error_at(const Sema *S, Loc loc) {
  const PtrVec *v = &S->diags->semantic;
  for (int i = 0; i < v->len; i++) {
    const Diag *g = v->items[i];
    if (g->line == loc.line && g->col == loc.col) return true;
  }
  return false;
}

/* Where a call site's errors go: the called name (also when the call is in parentheses). */
static Loc call_loc(const CallSite *c) {
  if (c->call && c->call->kind == EX_CALL && c->call->name.loc.line > 0) return c->call->name.loc;
  return c->loc;
}

/* The bit of rank r in a set of ranks (0 for an invalid rank). */
static unsigned rank_bit(int r) {
  return r >= 1 && r <= MAX_RANK ? 1u << r : 0u;
}

/* The smallest rank in a set of ranks other than r (0 if none). */
static int other_rank(unsigned mask, int r) {
  for (int k = 1; k <= MAX_RANK; k++)
    if (k != r && (mask & rank_bit(k))) return k;
  return 0;
}

/* Number of ranks in a set. */
static int rank_count(unsigned mask) {
  int n = 0;
  for (int k = 1; k <= MAX_RANK; k++) n += (mask & rank_bit(k)) != 0;
  return n;
}

/* ==== the call graph ==== */

typedef struct PNode {
  ProcInfo *info;
  int own_rank;          /* needs_rank as the core recorded it (statements of its own) */
  unsigned own_mask;     /* every rank its own inherited statements need */
  unsigned mask;         /* every rank needed through it, calls included */
  int first_rank;        /* the first rank needed (its own, else through calls in call order) */
  Loc first_loc;
  PtrVec callers;        /* CallerEdge*: the calls that reach it */
  bool queued;           /* on the work list */
} PNode;

typedef struct CallerEdge {
  struct PNode *caller;
  CallSite *call;
} CallerEdge;

typedef struct Graph {
  PtrMap index;          /* ProcInfo* -> position in nodes */
  PtrVec nodes;          /* PNode* */
  ProcInfo *entry;
  PtrVec work;           /* PNode*: the work list of a propagation */
} Graph;

/* The node of a procedure's facts, created when new. */
static PNode *graph_node(Sema *S, Graph *g, ProcInfo *info) {
  int i = map_get(&g->index, info);
  if (i >= 0) return g->nodes.items[i];
  PNode *n = ARENA_NEW(S->arena, PNode);
  n->info = info;
  map_put(&g->index, info, g->nodes.len);
  vec_push(S->arena, &g->nodes, n);
  return n;
}

/* The facts of the procedure a call site calls, or NULL if there are none. */
static ProcInfo *callee_info(const CallSite *c) {
  if (!c->callee || c->callee->kind != SYM_PROC) return NULL;
  return c->callee->info;
}

/* The node of the procedure a call site calls, or NULL. */
static PNode *callee_node(const Graph *g, const CallSite *c) {
  ProcInfo *info = callee_info(c);
  int i = info ? map_get(&g->index, info) : -1;
  return i >= 0 ? g->nodes.items[i] : NULL;
}

/* Add the callees of one procedure's calls to the graph. */
static void graph_add_callees(Sema *S, Graph *g, ProcInfo *info) {
  for (int i = 0; i < info->calls.len; i++) {
    ProcInfo *ci = callee_info(info->calls.items[i]);
    if (ci) graph_node(S, g, ci);
  }
}

/* Record, at every callee, the calls of one caller node. */
static void graph_add_callers(Sema *S, Graph *g, PNode *n) {
  for (int i = 0; i < n->info->calls.len; i++) {
    CallSite *c = n->info->calls.items[i];
    PNode *m = callee_node(g, c);
    if (!m) continue;
    CallerEdge *e = ARENA_NEW(S->arena, CallerEdge);
    e->caller = n;
    e->call = c;
    vec_push(S->arena, &m->callers, e);
  }
}

/* Build the graph: every program procedure and everything reachable by calls, with caller edges. */
static void graph_build(Sema *S, Graph *g) {
  map_init(&g->index, S->arena);
  g->entry = S->entry ? S->entry->info : NULL;
  for (int i = 0; i < S->procs.len; i++) {
    Symbol *sym = S->procs.items[i];
    if (sym->info) graph_node(S, g, sym->info);
  }
  if (S->elab_info) graph_add_callees(S, g, S->elab_info);
  for (int i = 0; i < g->nodes.len; i++) graph_add_callees(S, g, ((PNode *)g->nodes.items[i])->info);
  for (int i = 0; i < g->nodes.len; i++) graph_add_callers(S, g, g->nodes.items[i]);
}

/* Put a node on the work list unless it is there already. */
static void work_push(Sema *S, Graph *g, PNode *n) {
  if (n->queued) return;
  n->queued = true;
  vec_push(S->arena, &g->work, n);
}

/* Take the oldest node off the work list (the list is consumed from the front). */
static PNode *work_pop(Graph *g, int *head) {
  if (*head >= g->work.len) return NULL;
  PNode *n = g->work.items[(*head)++];
  n->queued = false;
  return n;
}

/* True if a search for inherited-region needs follows call site c: a call that passes the
 * caller's own inherited region on (no covering region, not elementwise). */
static bool inherits_through(const CallSite *c) {
  return !c->cover && !c->promoted;
}

/* ==== inherited covering regions (section 5.7 Rule 2) ==== */

/* Add the ranks needed by the statements of a list that rely on the inherited region. */
static void list_inherited_ranks(const StmtList *l, unsigned *mask);

/* Add the ranks needed by a statement (and those inside it) that relies on the inherited region. */
static void stmt_inherited_ranks(const Stmt *st, unsigned *mask) {
  if (!st) return;
  if (st->inherits) *mask |= rank_bit(st->rank);
  switch (st->kind) {
  case ST_BLOCK: case ST_WHILE: case ST_REPEAT: case ST_FOR:
    list_inherited_ranks(&st->body, mask);
    break;
  case ST_REGION:
    stmt_inherited_ranks(st->inner, mask);
    break;
  case ST_IF:
    for (int i = 0; i < st->narms; i++) list_inherited_ranks(&st->arms[i], mask);
    list_inherited_ranks(&st->else_body, mask);
    break;
  default:
    break;
  }
}

/* (defined here: the statements of a list, one by one) */
static void list_inherited_ranks(const StmtList *l, unsigned *mask) {
  for (int i = 0; i < l->n; i++) stmt_inherited_ranks(l->items[i], mask);
}

/* Record what a procedure's own statements need, as the core found it. */
static void needs_init(Graph *g, PNode *n) {
  ProcInfo *info = n->info;
  if (info == g->entry) return;
  n->own_rank = rank_bit(info->needs_rank) ? info->needs_rank : 0;
  n->own_mask = rank_bit(n->own_rank);
  /* two of its statements need different ranks: find them in the annotated tree */
  if (info->needs_conflict && info->sym && info->sym->proc)
    stmt_inherited_ranks(info->sym->proc->body, &n->own_mask);
  if (!n->own_rank) n->own_rank = other_rank(n->own_mask, 0);
}

/* Propagate needs from callees to the callers that pass their own inherited region on
 * (a work list over caller edges: each node is revisited only when its set of ranks grows). */
static void needs_propagate(Sema *S, Graph *g) {
  int head = 0;
  g->work.len = 0;
  for (int i = 0; i < g->nodes.len; i++) {
    PNode *n = g->nodes.items[i];
    n->mask = n->own_mask;
    if (n->own_rank) {
      n->first_rank = n->own_rank;
      n->first_loc = n->info->needs_loc;
    }
    if (n->mask) work_push(S, g, n);
  }
  for (PNode *m; (m = work_pop(g, &head));) {
    for (int i = 0; i < m->callers.len; i++) {
      CallerEdge *e = m->callers.items[i];
      PNode *n = e->caller;
      if (!inherits_through(e->call) || n->info == g->entry) continue;
      unsigned mask = n->mask | m->mask;
      bool grew = mask != n->mask;
      if (!n->first_rank && m->first_rank) {
        n->first_rank = m->first_rank;
        n->first_loc = call_loc(e->call);
        grew = true;
      }
      n->mask = mask;
      if (grew) work_push(S, g, n);
    }
  }
}

/* Store the propagated needs in the procedure's facts. */
static void needs_store(PNode *n) {
  ProcInfo *info = n->info;
  if (!n->first_rank) return;
  if (!info->needs_rank) {
    info->needs_rank = n->first_rank;
    info->needs_loc = n->first_loc;
  }
  if (rank_count(n->mask) > 1) info->needs_conflict = true;
}

/* E13/E14 at a call whose covering region is decided here (a region of the caller, or
 * none at all in the entry procedure or in an initializer). */
static void needs_check_call(Sema *S, Graph *g, ProcInfo *caller, CallSite *c) {
  PNode *m = callee_node(g, c);
  if (c->promoted || !m || !m->mask || !c->callee || c->callee->error) return;
  if (c->cover) {
    int have = c->cover->rank;
    if (c->cover->error || !rank_bit(have) || !(m->mask & ~rank_bit(have))) return;
    int need = m->first_rank != have ? m->first_rank : other_rank(m->mask, have);
    if (!error_at(S, call_loc(c)))
      diag_error_in(S->diags, c->construct, call_loc(c).line, call_loc(c).col, "call to '%s' needs a covering region of rank %d, but the covering region has rank %d",
               c->callee->name, need, have);
  } else if (caller == g->entry || caller == S->elab_info) {
    if (!error_at(S, call_loc(c)))
      diag_error_in(S->diags, c->construct, call_loc(c).line, call_loc(c).col, "call to '%s' needs a covering region of rank %d", c->callee->name, m->first_rank);
  }
}

/* E13/E14 at every call of one procedure. */
static void needs_check_calls(Sema *S, Graph *g, ProcInfo *caller) {
  for (int i = 0; i < caller->calls.len; i++) needs_check_call(S, g, caller, caller->calls.items[i]);
}

/* The inherited-region analysis over the whole call graph. */
static void needs_analyse(Sema *S, Graph *g) {
  for (int i = 0; i < g->nodes.len; i++) needs_init(g, g->nodes.items[i]);
  needs_propagate(S, g);
  for (int i = 0; i < g->nodes.len; i++) needs_store(g->nodes.items[i]);
  for (int i = 0; i < g->nodes.len; i++) needs_check_calls(S, g, ((PNode *)g->nodes.items[i])->info);
  if (S->elab_info) needs_check_calls(S, g, S->elab_info);
}

/* ==== promotion (section 6.10, E46) ==== */

/* E46 at every elementwise call of one procedure whose callee cannot be promoted. */
static void reason_check_calls(Sema *S, Graph *g, ProcInfo *caller) {
  for (int i = 0; i < caller->calls.len; i++) {
    CallSite *c = caller->calls.items[i];
    PNode *m = callee_node(g, c);
    if (!c->promoted || !m || !m->info->reason || c->callee->error || error_at(S, call_loc(c))) continue;
    diag_error_in(S->diags, c->construct, call_loc(c).line, call_loc(c).col, "procedure '%s' cannot be applied elementwise: %s", c->callee->name, m->info->reason);
  }
}

/* The reason of every procedure (its own, else one inherited from a procedure it calls), then E46. */
static void reason_analyse(Sema *S, Graph *g) {
  int head = 0;
  g->work.len = 0;
  for (int i = 0; i < g->nodes.len; i++) {
    PNode *n = g->nodes.items[i];
    n->info->reason = n->info->own_reason;
    if (n->info->reason) work_push(S, g, n);
  }
  for (PNode *m; (m = work_pop(g, &head));) {
    for (int i = 0; i < m->callers.len; i++) {
      PNode *n = ((CallerEdge *)m->callers.items[i])->caller;
      if (n->info->reason) continue;
      n->info->reason = m->info->reason; /* calling it makes the caller unpromotable too */
      work_push(S, g, n);
    }
  }
  for (int i = 0; i < g->nodes.len; i++) reason_check_calls(S, g, ((PNode *)g->nodes.items[i])->info);
  if (S->elab_info) reason_check_calls(S, g, S->elab_info);
}

/* ==== clocks and free values (section 15.6) ==== */

/* Every procedure that calls one that reads the clock or reduces free values does too
 * (ProcInfo.per_process). */
static void per_process_analyse(Sema *S, Graph *g) {
  int head = 0;
  g->work.len = 0;
  for (int i = 0; i < g->nodes.len; i++) {
    PNode *n = g->nodes.items[i];
    if (n->info->per_process) work_push(S, g, n);
  }
  for (PNode *m; (m = work_pop(g, &head));) {
    for (int i = 0; i < m->callers.len; i++) {
      PNode *n = ((CallerEdge *)m->callers.items[i])->caller;
      if (n->info->per_process) continue;
      n->info->per_process = true;
      work_push(S, g, n);
    }
  }
}

void sema_interprocedural(Sema *S) {
  Graph g = {0};
  graph_build(S, &g);
  reason_analyse(S, &g);
  per_process_analyse(S, &g);
  needs_analyse(S, &g);
}

/* ==== border storage (section 5.8) ==== */

typedef struct CondList {      /* 'of' writes to a blank-region parameter */
  Symbol *param;
  PtrVec uses;           /* ShiftUse*: count for an argument declared over their D */
} CondList;

typedef struct Borders {
  PtrMap index;          /* Symbol* (parameter) -> position in lists */
  PtrVec lists;          /* CondList* */
} Borders;

/* The parallel type of a parallel array, or of the elements of an indexed array of them (their
 * border is one for the whole indexed array, section 15.2). */
static const Type *ptype(const Symbol *sym) { return sema_parallel_type(sym); }

/* True if sym is a parallel array (variable or parameter) with a usable type. */
static bool is_parallel(const Symbol *sym) {
  return ptype(sym) && rank_bit(ptype(sym)->rank);
}

/* True if sym is a parameter with a blank region ('[,] T'). */
static bool is_blank_param(const Symbol *sym) {
  return sym->kind == SYM_PARAM && !ptype(sym)->region;
}

/* True if dimension k of the declared region of parallel type pt is a flood dimension (it gets no border). */
static bool is_flood_dim(const Type *pt, int k) {
  const Region *r = pt->region;
  return r && k < r->rank && r->dims[k].kind == DK_STAR;
}

/* A border width for a direction component (clamped to stay an int). */
static int width_of(int64_t d) {
  if (d < -(INT_MAX / 2) || d > INT_MAX / 2) return INT_MAX / 2; /* never -d of the least longint */
  return (int)(d < 0 ? -d : d);
}

/* Widen sym's border to hold direction d; true if it changed. */
static bool widen(Symbol *sym, const int64_t *d, int rank) {
  bool changed = false;
  const Type *pt = ptype(sym);
  if (rank != pt->rank) return false;
  for (int k = 0; k < rank; k++) {
    if (d[k] == 0 || is_flood_dim(pt, k)) continue;
    int w = width_of(d[k]);
    int *b = d[k] < 0 ? &sym->border_lo[k] : &sym->border_hi[k];
    if (w > *b) {
      *b = w;
      changed = true;
    }
  }
  return changed;
}

/* Widen dst's border to hold src's; true if it changed. */
static bool widen_from(Symbol *dst, const Symbol *src) {
  bool changed = false;
  const Type *pt = ptype(dst);
  if (pt->rank != ptype(src)->rank) return false;
  for (int k = 0; k < pt->rank; k++) {
    if (is_flood_dim(pt, k)) continue;
    if (src->border_lo[k] > dst->border_lo[k]) {
      dst->border_lo[k] = src->border_lo[k];
      changed = true;
    }
    if (src->border_hi[k] > dst->border_hi[k]) {
      dst->border_hi[k] = src->border_hi[k];
      changed = true;
    }
  }
  return changed;
}

/* The array of regions an element region (Level[k], or Level[index1] in a declared region) is taken from. */
static const Symbol *region_array(const Region *r) {
  return r && r->desig ? sema_base_symbol(r->desig) : NULL;
}

/* True if the region D of an 'of' write is sym's declared region (by name, or provably the
 * same index set; for an indexed array of parallel arrays over Level[index1], any Level[k]). */
static bool of_base_is_declared(const Symbol *sym, const ShiftUse *u) {
  const Type *t = ptype(sym);
  const Region *r = t->region, *d = u->of_base;
  if (t->region_name && (u->of_base_name == t->region_name || (d && d->named == t->region_name))) return true;
  if (region_array(r) && region_array(r) == region_array(d)) return true;
  return r && d && (r == d || region_same_set(r, d));
}

/* The conditional 'of' writes of a blank-region parameter (created when asked to). */
static CondList *cond_list(Sema *S, Borders *B, Symbol *param, bool create) {
  int i = map_get(&B->index, param);
  if (i >= 0) return B->lists.items[i];
  if (!create) return NULL;
  CondList *l = ARENA_NEW(S->arena, CondList);
  l->param = param;
  map_put(&B->index, param, B->lists.len);
  vec_push(S->arena, &B->lists, l);
  return l;
}

/* Record an 'of' write as counting for the arguments of a blank-region parameter; true if new. */
static bool add_cond(Sema *S, Borders *B, Symbol *param, ShiftUse *u) {
  CondList *l = cond_list(S, B, param, true);
  for (int i = 0; i < l->uses.len; i++)
    if (l->uses.items[i] == u) return false;
  vec_push(S->arena, &l->uses, u);
  return true;
}

/* Apply one shift or 'of' write to an array (variable or parameter); true if anything changed. */
static bool apply_use(Sema *S, Borders *B, Symbol *sym, ShiftUse *u) {
  if (!u->of_write) return widen(sym, u->d, u->rank);
  if (is_blank_param(sym)) return add_cond(S, B, sym, u);
  return of_base_is_declared(sym, u) && widen(sym, u->d, u->rank);
}

/* The parameter symbol a binding binds to, if it is a usable parallel parameter. */
static Symbol *binding_param(const ParamBinding *b) {
  if (!b->callee || !b->callee->proc || b->param < 0 || b->param >= b->callee->proc->nparams) return NULL;
  Symbol *p = b->callee->proc->params[b->param].sym;
  return is_parallel(p) ? p : NULL;
}

/* Carry a parameter's border (and its conditional 'of' writes) to an argument bound to it. */
static bool propagate_binding(Sema *S, Borders *B, const ParamBinding *b) {
  Symbol *p = binding_param(b), *a = b->arg;
  if (p && a && p->dyn_ghost && !a->dyn_ghost) { /* an argument of a parameter shifted by direction constants */
    a->dyn_ghost = true;
    return true;
  }
  if (!p || !is_parallel(a) || ptype(p)->rank != ptype(a)->rank) return false;
  bool changed = widen_from(a, p);
  CondList *l = cond_list(S, B, p, false);
  for (int i = 0; l && i < l->uses.len; i++) changed |= apply_use(S, B, a, l->uses.items[i]);
  return changed;
}

/* Carry borders over the bindings recorded in one procedure's facts; true if anything changed. */
static bool propagate_info(Sema *S, Borders *B, const ProcInfo *info) {
  bool changed = false;
  for (int i = 0; info && i < info->bindings.len; i++) changed |= propagate_binding(S, B, info->bindings.items[i]);
  return changed;
}

/* Compute every array's border: its own uses, then parameters to arguments until nothing changes. */
static void compute_borders(Sema *S) {
  Borders B = {0};
  map_init(&B.index, S->arena);
  for (int i = 0; i < S->shifts.len; i++) {
    ShiftUse *u = S->shifts.items[i];
    if (is_parallel(u->array) && !u->array->error) apply_use(S, &B, u->array, u);
  }
  bool changed = true;
  while (changed) {
    changed = propagate_info(S, &B, S->elab_info);
    for (int i = 0; i < S->procs.len; i++) changed |= propagate_info(S, &B, ((Symbol *)S->procs.items[i])->info);
  }
}

/* ==== the containment rule (section 5.8) ==== */

/* True if a region's bounds (and strides) are all compile-time known and usable for the check. */
static bool region_checkable(const Region *r) {
  return r && !r->error && !r->dynamic && rank_bit(r->rank) && region_known(r);
}

/* True if a dimension has bounds (not a flood or blank dimension). */
static bool dim_bounded(const RDim *d) {
  return d->kind == DK_RANGE || d->kind == DK_SINGLE;
}

/* The stride of a bounded dimension's indices (a singleton has one index). */
static int64_t dim_stride(const RDim *d) {
  return d->kind == DK_SINGLE || d->stride < 1 ? 1 : d->stride;
}

/* The first and last index of a bounded dimension, its strided indices counted (last < first when it
 * is empty); false if they do not fit in 64 bits (the run-time check decides). */
static bool dim_span(const RDim *d, int64_t *first, int64_t *last) {
  int64_t s = dim_stride(d), a, b;
  if (d->kind == DK_SINGLE || s == 1) {
    *first = d->lo;
    *last = d->kind == DK_SINGLE ? d->lo : d->hi;
    return true;
  }
  if (__builtin_sub_overflow(d->align, d->lo, &a) || __builtin_sub_overflow(d->hi, d->align, &b)) return false;
  a %= s;
  b %= s;
  return !__builtin_add_overflow(d->lo, a < 0 ? a + s : a, first) && !__builtin_sub_overflow(d->hi, b < 0 ? b + s : b, last);
}

/* True if the covering region has no index (some bounded dimension is empty). */
static bool region_empty(const Region *r) {
  int64_t first, last;
  for (int k = 0; k < r->rank; k++)
    if (dim_bounded(&r->dims[k]) && dim_span(&r->dims[k], &first, &last) && last < first) return true;
  return false;
}

/* The cells of a border b indices wide on a dimension of stride s (it continues the stride, section
 * 15.3), in indices: s * ceil(b / s). */
static int64_t border_span(int b, int64_t s) {
  int64_t cells = b / s + (b % s != 0), r;
  return __builtin_mul_overflow(cells, s, &r) ? INT64_MAX : r;
}

/* True if x - y is not a multiple of s (x and y indices of 64 bits). */
static bool off_stride(int64_t x, int64_t y, int64_t s) {
  uint64_t diff = x >= y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
  return s > 1 && diff % (uint64_t)s != 0;
}

/* True if dimension k of the covering region, shifted by dk, certainly leaves sym's storage region:
 * beyond its border, or between the indices of a strided declared region. A wrap-around read
 * (wrapped) leaves only through the stride, where the wrap keeps the remainder modulo the stride. */
static bool dim_outside(const Symbol *sym, const Type *pt, const Region *cover, int k, int64_t dk, bool wrapped) {
  const RDim *s = &pt->region->dims[k], *c = &cover->dims[k];
  int64_t sf, sl, cf, cl, slo, shi, lo, hi, st = dim_stride(s);
  if (!dim_bounded(s) || !dim_bounded(c) || !dim_span(s, &sf, &sl) || !dim_span(c, &cf, &cl)) return false;
  /* checked: a shift beyond the range of longint leaves any storage region */
  if (__builtin_add_overflow(cf, dk, &lo) || __builtin_add_overflow(cl, dk, &hi)) return !wrapped;
  if (!wrapped) {
    if (__builtin_sub_overflow(sf, border_span(sym->border_lo[k], st), &slo)) slo = INT64_MIN;
    if (__builtin_add_overflow(sl, border_span(sym->border_hi[k], st), &shi)) shi = INT64_MAX;
    if (lo < slo || hi > shi) return true;
  } else {
    uint64_t extent = (uint64_t)s->hi - (uint64_t)s->lo + 1;
    if (st == 1 || s->kind == DK_SINGLE || extent % (uint64_t)st != 0) return false;
  }
  return off_stride(lo, sf, st) || (cl > cf && dim_stride(c) % st != 0);
}

/* True if the access certainly reaches outside its array's storage region. */
static bool access_outside(const Access *a) {
  const Symbol *sym = a->array;
  const Type *pt = ptype(sym);
  const Region *c = a->cover;
  if (a->shifted && !a->d_known) return false;
  if (c->rank != pt->rank || region_empty(c)) return false;
  for (int k = 0; k < c->rank; k++)
    if (dim_outside(sym, pt, c, k, a->shifted ? a->d[k] : 0, a->wrapped)) return true;
  return false;
}

/* True if the access can be checked at compile time. */
static bool access_checkable(const Access *a) {
  const Symbol *sym = a->array;
  if (!sym || sym->error || sym->kind != SYM_VAR || !is_parallel(sym)) return false;
  const Type *pt = ptype(sym);
  const Region *r = pt->region;
  return r && !r->error && !r->per_element && region_known(r) && r->rank == pt->rank && region_checkable(a->cover);
}

/* E19 or E20 for one access that leaves its storage region. */
static void check_access(Sema *S, const Access *a) {
  if (!access_checkable(a) || !access_outside(a) || error_at(S, a->loc)) return;
  if (a->shifted && a->expr) {
    const Expr *e = a->expr;
    int start = e->start, end = e->end;
    if (e->kind == EX_SHIFT && e->base && e->dir) { /* without parentheses around the shift */
      start = e->base->start;
      end = e->dir->end;
    }
    diag_error_in(S->diags, a->construct, a->loc.line, a->loc.col, "'%.*s' accesses elements outside the storage region of '%s'", end - start,
             S->src->text + start, a->array->name);
  } else {
    diag_error_in(S->diags, a->construct, a->loc.line, a->loc.col, "'%s' is accessed outside its storage region", a->array->name);
  }
}

void sema_borders_and_containment(Sema *S) {
  compute_borders(S);
  for (int i = 0; i < S->accesses.len; i++) check_access(S, S->accesses.items[i]);
}
