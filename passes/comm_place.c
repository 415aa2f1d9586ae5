/* comm_place.c - the last pass: every communication event at its place, as IR operations.
 * Every event inside the program's statements, and the transfers begun between them, becomes an
 * operation (IrComm, ir.h) in the order it happens.
 *
 * Between statements: the transfers comm_opt.c starts before a statement (IrStmt.pre: DR and SR,
 * or all four calls when hoisted out of a loop) go just before it, after what overlap.c and
 * patterns.c put there.
 *
 * Inside a statement, in the order its parts run, relative to the expressions it evaluates:
 *   - before each root expression (a right-hand side, condition, output item, loop bound,
 *     initializer; the operand of a partial reduction or flood, read over its source region): the
 *     remaps of the shifted reads ghost cells cannot serve (wider than the fluff, known only at run
 *     time, @^ that comm_insert.c did not put in a transfer), then the transfer of the others: its
 *     DR and SR, or nothing where comm_opt moved it, then its DN, which the loop nest takes between
 *     its interior and border when overlap.c says so; at each @^ read of the transfer, a mark that
 *     it reads the ghost cells in place (IC_WRAP_GHOST);
 *   - at each full reduction, after its local loop: the gather of the processes' parts (or, in a
 *     statement of a split-phase gather, the part put into it, or the gather begun when it is its
 *     only value); at each partial reduction, flood and scan: its combining along the grid's lines
 *     (begun, for a statement that runs split-phase);
 *   - after the statement is done with a root (at its end; for a condition, right after it is
 *     tested): the transfers' SV;
 *   - wrap and reflect: a remap of each operand within its array.
 * A fused loop nest is one unit: its operations are all on its first statement. Where the
 * covering region is inherited in the entry procedure there is none, and no communication.
 *
 * Shifted reads that neither ghost cells nor remaps can serve, and wrap or reflect of operands
 * that are not arrays or parts of their elements, run on one process only (yet): the first is
 * recorded (IrProgram.one_process) for the program to refuse more. */
#include "passes.h"

typedef struct Place {
  Arena *a;
  IrProgram *ir;
  PtrVec *ops;              /* where the operations of the statement being placed go */
  PtrVec owners;            /* PtrVec* of IrTransfer*: the transfers of the statements being placed */
  bool cover;               /* a covering region is in effect */
  int depth;                /* 0 at the top of a root expression */
  PtrVec svs;               /* IrComm*: the SVs of the roots evaluated since the statement's last reset */
  PtrVec done;              /* Expr*: computed before the statement (reductions, scans, floods, scalar
                             * subexpressions of parallel ones), once until the reset */
  IrTransfer *nest_dn;      /* the transfer whose DN the statement's loop nest takes (overlap.c) */
  IrComm *nest_op;          /* that DN, not yet placed */
  IrGather *g;              /* the split-phase gather of the statement being placed, or NULL */
  IrStmt *line;             /* the statement being placed, if it runs split-phase (line_split) */
  const Expr *alias_at;     /* the root of a fused loop nest's reduction statement ... */
  const Expr *alias_root;   /* ... is evaluated at the reduction's operand */
} Place;

static void hoist(Place *P, Expr *e, bool parallel_ctx);
static void place_list(Place *P, IrList *l);
static void place_stmt(Place *P, IrStmt *s);

/* Append an operation inside the statement being placed. */
static IrComm *add(Place *P, IrCommKind kind, IrWhen when, Expr *at) {
  IrComm *c = ir_comm_new(P->a, kind, when, at);
  vec_push(P->a, P->ops, c);
  return c;
}

/* Note that the program uses something that runs on one process only (what: its name with
 * "is"/"are"), unless something was noted first. */
static void one_process(Place *P, Loc at, const char *what) {
  if (P->ir->one_process) return;
  P->ir->one_process = what;
  P->ir->one_process_line = at.line;
}

/* ---- transfers and remaps before a root ---- */

/* Collect the shifted reads of root e: those ghost cells serve (constant directions within the
 * fluff, without wrap-around or, with it, those comm_insert put in transfer t of the root) in
 * ghost, those a copy serves in remaps. The operands of partial reductions and floods are roots of
 * their own. */
static void collect_shifts(Place *P, Expr *e, const IrTransfer *t, PtrVec *ghost, PtrVec *remaps) {
  if (!e) return;
  switch (e->kind) {
  case EX_SHIFT: {
    int rank;
    int64_t d[MAX_RANK];
    if ((t && ir_transfer_reads(t, e)) || (!e->wrap && ir_shift_by_ghost(P->ir->sema, e, &rank, d))) vec_push(P->a, ghost, e);
    else if (ir_path_root(e->base)) vec_push(P->a, remaps, e);
    else one_process(P, e->loc, "'@^' or a wide or run-time shift of this expression is");
    collect_shifts(P, e->base, t, ghost, remaps);
    break;
  }
  case EX_BINARY: collect_shifts(P, e->lhs, t, ghost, remaps); collect_shifts(P, e->rhs, t, ghost, remaps); break;
  case EX_UNARY: case EX_SCAN: collect_shifts(P, e->rhs, t, ghost, remaps); break;
  case EX_REDUCE:
    if (!e->region) collect_shifts(P, e->rhs, t, ghost, remaps);
    break;
  case EX_CALL: case EX_INDEX: case EX_UREDUCE:
    for (int i = 0; i < e->nargs; i++) collect_shifts(P, e->args[i], t, ghost, remaps);
    if (e->kind == EX_INDEX) collect_shifts(P, e->base, t, ghost, remaps);
    break;
  case EX_FIELD: collect_shifts(P, e->base, t, ghost, remaps); break;
  default: break;
  }
}

/* The transfer of the ghost-cell reads `ghost` of root e that comm_insert.c did not plan (an
 * expression it does not visit): one more, under an inherited region. */
static IrTransfer *plan_transfer(Place *P, Expr *e, const PtrVec *ghost) {
  IrTransfer *t = ARENA_NEW(P->a, IrTransfer);
  t->id = ++P->ir->ntransfers;
  t->line = ((Expr *)ghost->items[0])->loc.line;
  t->root = e;
  t->place = XF_AT_ROOT;
  for (int i = 0; i < ghost->len; i++) {
    Expr *x = ghost->items[i];
    IrShift *sh = ARENA_NEW(P->a, IrShift);
    sh->array = sema_base_symbol(x->base);
    sh->wrap = x->wrap;
    sh->expr = x;
    sema_dir(P->ir->sema, x->dir, &sh->rank, sh->d, &sh->known);
    bool dup = false;
    for (int k = 0; k < t->items.len && !dup; k++) {
      const IrShift *o = t->items.items[k];
      dup = o->array == sh->array && o->rank == sh->rank;
      for (int j = 0; dup && j < sh->rank; j++) dup = o->d[j] == sh->d[j];
    }
    if (!dup) vec_push(P->a, &t->items, sh);
  }
  t->own_items = t->items.len;
  vec_push(P->a, &P->ir->transfers, t);
  return t;
}

/* Before root e is evaluated: its remaps, then its transfer's DR and SR (or nothing, where
 * comm_opt moved it) and DN; its SV comes at the statement's next reset. */
static void before_root(Place *P, Expr *e) {
  if (!P->cover) return;
  Expr *root = e == P->alias_at ? (Expr *)P->alias_root : e;
  IrTransfer *t = NULL;
  for (int i = 0; i < P->owners.len && !t; i++) {
    const PtrVec *v = P->owners.items[i];
    for (int k = 0; k < v->len && !t; k++)
      if (((IrTransfer *)v->items[k])->root == root) t = v->items[k];
  }
  PtrVec ghost = {0}, remaps = {0};
  collect_shifts(P, e, t, &ghost, &remaps);
  for (int i = 0; i < remaps.len; i++) add(P, IC_REMAP, IW_BEFORE, e)->e = remaps.items[i];
  if (ghost.len == 0) return;
  if (!t) t = plan_transfer(P, e, &ghost);
  for (int i = 0; i < ghost.len; i++) /* the wrap-around reads that ghost cells serve */
    if (((Expr *)ghost.items[i])->wrap) add(P, IC_WRAP_GHOST, IW_AT, ghost.items[i])->t = t;
  if (t->place == XF_REDUNDANT || t->place == XF_COMBINED || t->place == XF_HOISTED) {
    add(P, IC_XFER_ELSEWHERE, IW_BEFORE, e)->t = t;
    return;
  }
  add(P, t->place == XF_EARLY ? IC_XFER_ELSEWHERE : IC_XFER_BEGIN, IW_BEFORE, e)->t = t;
  if (t == P->nest_dn && !P->nest_op) {
    P->nest_op = ir_comm_new(P->a, IC_XFER_DN, IW_NEST, e);
    P->nest_op->t = t;
  } else {
    add(P, IC_XFER_DN, IW_BEFORE, e)->t = t;
  }
  IrComm *sv = ir_comm_new(P->a, IC_XFER_SV, IW_AFTER, e);
  sv->t = t;
  vec_push(P->a, &P->svs, sv);
}

/* The loop nest of the statement being placed runs here: the DN it takes. */
static void nest_point(Place *P) {
  if (P->nest_op) vec_push(P->a, P->ops, P->nest_op);
  P->nest_op = NULL;
}

/* The statement is done with the roots evaluated since the last reset: their SVs. */
static void reset(Place *P) {
  nest_point(P);
  for (int i = 0; i < P->svs.len; i++) vec_push(P->a, P->ops, P->svs.items[i]);
  P->svs.len = 0;
  P->done.len = 0;
}

/* ---- collectives inside expressions ---- */

static bool is_done(const Place *P, const Expr *e) {
  for (int i = 0; i < P->done.len; i++)
    if (P->done.items[i] == e) return true;
  return false;
}

/* After full reduction e's local loop: its gather, or its part of the statement's split-phase one. */
static void reduction_op(Place *P, Expr *e) {
  IrGather *g = P->g;
  bool member = false;
  for (int j = 0; g && j < g->values.len && !member; j++) member = g->values.items[j] == e;
  IrComm *c = add(P, !member ? IC_GATHER : g->values.len > 1 ? IC_GATHER_PUT : IC_GATHER_BEGIN, IW_AT, e);
  if (member) c->g = g;
}

/* After partial reduction, flood or scan e's local part: combined here, or begun split-phase. */
static void line_op(Place *P, Expr *e) {
  bool begun = P->line && P->line->ast->rhs == e;
  IrComm *c = add(P, begun ? IC_LINE_BEGIN : IC_LINE, IW_AT, e);
  if (begun) c->s = P->line;
}

/* True for expressions cheap and safe to evaluate per element (the writer does not hoist them). */
static bool trivial(const Expr *e) {
  return e->kind == EX_INT || e->kind == EX_FLOAT || e->kind == EX_CHAR || e->kind == EX_NAME;
}

/* The parts of e computed before the statement, in the order the writer computes them (its
 * hoist): full reductions, partial reductions, scans, floods and, inside a parallel expression,
 * every non-trivial scalar subexpression. */
static void hoist_inner(Place *P, Expr *e, bool parallel_ctx) {
  if (!e || is_done(P, e)) return;
  bool par = parallel_ctx || e->rank > 0;
  if (e->kind == EX_REDUCE && !e->region) {
    hoist(P, e->rhs, !e->over_processes);
    if (P->cover || e->over_processes) reduction_op(P, e);
  } else if (e->kind == EX_UREDUCE) { /* its states gathered where it is: never split-phase */
    for (int i = 0; i < e->nargs; i++) hoist(P, e->args[i], true);
    if (P->cover) add(P, IC_GATHER, IW_AT, e);
  } else if (e->kind == EX_REDUCE) {
    bool cover = P->cover;
    P->cover = true; /* its operand runs over its source region */
    before_root(P, e->rhs);
    hoist(P, e->rhs, true);
    P->cover = cover;
    line_op(P, e);
  } else if (e->kind == EX_SCAN) {
    hoist(P, e->rhs, true);
    line_op(P, e);
  } else if (parallel_ctx && e->rank == 0 && !trivial(e)) {
    hoist(P, e, false);
  } else {
    switch (e->kind) {
    case EX_BINARY: hoist(P, e->lhs, par); hoist(P, e->rhs, par); return;
    case EX_FLOOD:
      if (!P->cover) {
        hoist(P, e->rhs, par);
        return;
      }
      before_root(P, e->rhs);
      hoist(P, e->rhs, true);
      line_op(P, e);
      break;
    case EX_UNARY: hoist(P, e->rhs, par); return;
    case EX_CALL: case EX_INDEX:
      for (int i = 0; i < e->nargs; i++) hoist(P, e->args[i], par);
      if (e->kind == EX_INDEX) hoist(P, e->base, par);
      return;
    case EX_FIELD: case EX_SHIFT: hoist(P, e->base, par); return;
    default: return;
    }
  }
  vec_push(P->a, &P->done, e);
}

static void hoist(Place *P, Expr *e, bool parallel_ctx) {
  if (!e || is_done(P, e)) return;
  if (P->depth == 0) before_root(P, e);
  P->depth++;
  hoist_inner(P, e, parallel_ctx);
  P->depth--;
}

/* ---- statements ---- */

/* The statement (or initializers) whose transfers the roots being placed have. */
static void owner(Place *P, PtrVec *transfers) {
  P->owners.len = 0;
  vec_push(P->a, &P->owners, transfers);
}


/* write, writeln, halt: a leading file item, then every item (the SVs of each after it). */
static void place_write(Place *P, const Stmt *st) {
  int first = 0;
  const Expr *f = st->nitems > 0 ? st->items[0].value : NULL;
  if (st->kind == ST_WRITE && f && !st->items[0].format && f->type->kind == TY_SCALAR && f->type->scalar == SK_FILE &&
      f->rank == 0) {
    hoist(P, st->items[0].value, false);
    first = 1;
  }
  for (int i = first; i < st->nitems; i++) {
    Expr *e = st->items[i].value;
    hoist(P, e, e->rank > 0);
    bool literal = !e->parens && (e->kind == EX_STRING || e->kind == EX_INT || e->kind == EX_FLOAT || e->kind == EX_CHAR);
    if ((!st->items[i].format && literal) || e->type->kind == TY_ARRAY) continue;
    reset(P);
  }
  reset(P);
}

/* The transfer that fills the border cells of wrap statement st (under 'd of R', every operand an
 * array variable declared over R) from the other end of R, or NULL: its items wrap around by 0
 * (zrt_xfer_fill_wrap); the C checks at run time that R is the operands' declared region and
 * remaps where not. */
static IrTransfer *wrap_transfer(Place *P, const Stmt *st) {
  const Region *r = st->cover;
  if (st->reflect || !r || !r->of_region || !r->of_base_name || r->dynamic || r->masked || r->error ||
      st->noperands > IR_MAX_XFER_ITEMS)
    return NULL;
  for (int i = 0; i < st->noperands; i++) {
    const Expr *op = st->operands[i];
    const Symbol *a = op->kind == EX_NAME ? op->sym : NULL;
    if (!a || a->kind != SYM_VAR || a->may_stride || !a->type || a->type->kind != TY_PARALLEL || a->type->region_name != r->of_base_name)
      return NULL;
  }
  IrTransfer *t = ARENA_NEW(P->a, IrTransfer);
  t->id = ++P->ir->ntransfers;
  t->line = st->loc.line;
  t->place = XF_AT_ROOT;
  for (int i = 0; i < st->noperands; i++) {
    IrShift *sh = ARENA_NEW(P->a, IrShift);
    sh->array = st->operands[i]->sym;
    sh->rank = sh->array->type->rank;
    sh->known = sh->wrap = true;
    sh->expr = st->operands[i];
    vec_push(P->a, &t->items, sh);
  }
  t->own_items = t->items.len;
  vec_push(P->a, &P->ir->transfers, t);
  return t;
}

/* wrap or reflect under its region statement: a remap of each operand within its array, if every
 * operand is an array or a part of its elements; for a wrap of whole arrays around their declared
 * region, a transfer into their border cells (wrap_transfer) where that is the region at run time. */
static void place_wrap(Place *P, const Stmt *st) {
  bool all_fields = true;
  for (int i = 0; i < st->noperands; i++) all_fields &= ir_path_root(st->operands[i]) != NULL;
  if (!all_fields) {
    one_process(P, st->loc, "'wrap' and 'reflect' of this operand are");
    return;
  }
  IrTransfer *t = wrap_transfer(P, st);
  for (int i = 0; i < st->noperands; i++) add(P, IC_WRAP, IW_AT, st->operands[i])->t = t;
}

/* A root, then the reset after it. */
static void root_alone(Place *P, Expr *e, bool parallel_ctx) {
  hoist(P, e, parallel_ctx);
  reset(P);
}

/* The lists nested in s, then back to s's operations. */
static void nested_list(Place *P, IrStmt *s, IrList *l) {
  place_list(P, l);
  P->ops = &s->comm;
  owner(P, &s->transfers);
}

/* An array statement: its right-hand side, its loop nest, its end (begun split-phase: the end of
 * its first part). */
static void place_array(Place *P, IrStmt *s) {
  P->nest_dn = s->nest_dn;
  P->line = s->line_split ? s : NULL;
  hoist(P, s->ast->rhs, true);
  reset(P);
  P->nest_dn = NULL;
  P->line = NULL;
}

static void place_stmt(Place *P, IrStmt *s) {
  Stmt *st = s->ast;
  P->ops = &s->comm;
  owner(P, &s->transfers);
  switch (st->kind) {
  case ST_ASSIGN:
    if (st->lhs->rank > 0) {
      place_array(P, s);
    } else {
      P->g = s->gather;
      root_alone(P, st->rhs, false);
      P->g = NULL;
    }
    break;
  case ST_CALL: root_alone(P, st->rhs, false); break;
  case ST_RETURN:
    if (st->value) root_alone(P, st->value, false);
    break;
  case ST_BLOCK: nested_list(P, s, &s->body); break;
  case ST_REGION: {
    bool cover = P->cover;
    P->cover = true;
    IrStmt *in = s->body.items[0];
    if (in->ast->kind == ST_WRAP) {
      P->ops = &in->comm;
      place_wrap(P, in->ast);
    } else {
      place_stmt(P, in);
    }
    P->cover = cover;
    break;
  }
  case ST_IF:
    for (int i = 0; i < st->narms; i++) {
      P->ops = &s->comm;
      owner(P, &s->transfers);
      root_alone(P, st->conds[i], false);
      nested_list(P, s, &s->arms[i]);
    }
    nested_list(P, s, &s->else_body);
    break;
  case ST_WHILE:
    root_alone(P, st->conds[0], false);
    nested_list(P, s, &s->body);
    break;
  case ST_REPEAT:
    nested_list(P, s, &s->body);
    root_alone(P, st->conds[0], false);
    break;
  case ST_FOR:
    hoist(P, st->from, false);
    hoist(P, st->to, false);
    hoist(P, st->step, false);
    reset(P);
    nested_list(P, s, &s->body);
    break;
  case ST_WRITE: case ST_HALT: place_write(P, st); break;
  default: break;
  }
}

/* The statement list item s stands for in a fused loop nest: the assignment inside region
 * statement s. */
static IrStmt *nest_core(IrStmt *s) {
  return s->kind == IR_REGION && s->body.items[0]->ast->kind == ST_ASSIGN ? s->body.items[0] : s;
}

/* The fused loop nest of list items i..i+len-1: every member's right-hand side, the operand of the
 * reduction that may end it (with that statement's transfer), the loop nest, the reduction's
 * gather, the scalar assignment. */
static void place_nest(Place *P, IrList *l, int i, int len) {
  IrStmt *head = nest_core(l->items[i]), *last = nest_core(l->items[i + len - 1]);
  bool cover = P->cover;
  P->ops = &head->comm;
  P->owners.len = 0;
  for (int k = 0; k < len; k++) vec_push(P->a, &P->owners, &nest_core(l->items[i + k])->transfers);
  P->cover |= head != l->items[i];
  Expr *r = last->kind == IR_SCALAR ? last->reductions.items[0] : NULL;
  int members = len - (r != NULL);
  P->nest_dn = head->nest_dn;
  for (int k = 0; k < members; k++) hoist(P, nest_core(l->items[i + k])->ast->rhs, true);
  P->nest_dn = NULL;
  if (r) {
    P->alias_at = r->rhs;
    P->alias_root = last->ast->rhs;
    hoist(P, r->rhs, true);
    P->alias_at = NULL;
  }
  nest_point(P);
  if (r) {
    P->g = last->gather;
    reduction_op(P, r);
    vec_push(P->a, &P->done, r);
    if (last->ast->rhs != r) { /* the rest of x := E: its transfer was placed with the reduction's operand */
      vec_push(P->a, &P->done, last->ast->rhs);
    }
    P->g = NULL;
  }
  reset(P);
  P->cover = cover;
}

/* How many list items from l->items[i] on share a loop nest (fusion.c; 1: not fused). */
static int nest_length(const IrList *l, int i) {
  int len = 1;
  while (i + len < l->n && nest_core(l->items[i + len - 1])->fuse_next) len++;
  return len;
}

/* The transfers comm_opt starts before list item s: DR and SR, or all four when hoisted. */
static void place_pre(Place *P, IrStmt *s) {
  for (int i = 0; i < s->pre.len; i++) {
    IrTransfer *t = s->pre.items[i];
    IrComm *c = ir_comm_new(P->a, t->place == XF_HOISTED ? IC_XFER_ONCE : IC_XFER_BEGIN, IW_BETWEEN, NULL);
    c->t = t;
    vec_push(P->a, &s->before, c);
  }
}

static void place_list(Place *P, IrList *l) {
  for (int i = 0; i < l->n; i++) {
    place_pre(P, l->items[i]);
    int len = nest_length(l, i);
    if (len > 1) place_nest(P, l, i, len);
    else place_stmt(P, l->items[i]);
    i += len - 1;
  }
}

/* Every expression of initializer in (each entry of a brace list), in order, a root alone. */
static void init_roots(Place *P, InitSyn *in) {
  if (!in) return;
  root_alone(P, in->expr, false);
  for (int i = 0; i < in->nitems; i++) init_roots(P, in->items[i]);
}

/* A procedure: its local variables' initializers, then its body. (The writer evaluates an
 * initializer once per variable of its declaration, each time with these operations.) */
static void place_proc(Place *P, IrProc *p) {
  Proc *proc = p->sym->proc;
  P->cover = !p->entry;
  P->ops = &p->init_comm;
  owner(P, &p->init_transfers);
  for (int i = 0; i < proc->nlocals; i++) {
    Decl *d = proc->locals[i];
    if (d->syms) init_roots(P, d->init);
  }
  place_list(P, &p->body);
}

void comm_place(Arena *a, IrProgram *ir) {
  for (int i = 0; i < ir->procs.len; i++) {
    Place P = {0};
    P.a = a;
    P.ir = ir;
    place_proc(&P, ir->procs.items[i]);
  }
}
