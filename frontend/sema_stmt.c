/* sema_stmt.c - statements (section 7) and procedure bodies: assignments, region scopes and the
 * covering-region rules (section 5.7), control flow, I/O, wrap/reflect, and the facts the
 * whole-program analyses need (calls, shifts, inherited-region needs, promotion obstacles). */
#include <string.h>
#include "sema_internal.h"

/* The largest local variable (bytes): locals are C automatic variables. */
#define MAX_LOCAL_BYTES (1 << 20)

static void check_stmt(Sema *S, Stmt *st);

void sema_promotion_obstacle(Sema *S, const char *reason) {
  if (S->cur_info && !S->cur_info->own_reason) S->cur_info->own_reason = reason;
}

void sema_assigns_global(Sema *S, const Symbol *g) {
  if (S->cur_info && !S->cur_info->own_reason) /* the message is made once, for the first reason */
    S->cur_info->own_reason = arena_printf(S->arena, "it assigns global variable '%s'", g->name);
}

/* The spelling of a type with a rank (parallel values are described by their element type and rank). */
static const char *ranked_type_name(Sema *S, Type *t, int rank) {
  if (rank == 0) return type_name(S, t);
  Type pt = {0};
  pt.kind = TY_PARALLEL;
  pt.rank = rank;
  pt.elem = t;
  return type_name(S, &pt);
}

/* Compare the rank the operands just checked need with the covering region (E13/E14); in a
 * procedure without a region statement, record the need for the caller's region instead.
 * Returns true if the construct relies on the inherited region. */
static bool check_rank_need(Sema *S, Loc first) {
  int need = S->need_rank;
  if (!need) return false;
  sema_promotion_obstacle(S, "it contains a parallel statement");
  if (!S->cover) {
    if (!S->cover_inherited) {
      SEMA_ERR(S, first, "parallel statement has no covering region");
      return false;
    }
    ProcInfo *info = S->cur_info;
    if (info && !info->needs_rank) {
      info->needs_rank = need;
      info->needs_loc = first;
    } else if (info && info->needs_rank != need) {
      info->needs_conflict = true;
    }
    if (info && S->need_other > 0) info->needs_conflict = true; /* no one region fits both ranks */
    return true;
  }
  /* Rule 5: operands that never meet at an operator are each compared with the region, too
   * (issue 23: [R] A := +<< X with X of rank 1 under a region of rank 2 summed part of X) */
  if (S->need_other > 0 && S->cover->rank == need) need = S->need_other;
  if (!S->cover->error && !(S->cover->dynamic && S->cover->rank == 0) && S->cover->rank != need)
    SEMA_ERR(S, first, "statement has rank %d, but its covering region has rank %d", need, S->cover->rank);
  return false;
}

/* After a simple statement: annotate it with its covering region and rank, and check the rank. */
static void finish_rank(Sema *S, Stmt *st, Loc first) {
  st->cover = S->cover;
  st->rank = S->need_rank;
  st->inherits = check_rank_need(S, first);
}

/* ---- assignment ---- */

/* Why the target symbol cannot be assigned, or NULL (E11, E12, E43). */
static bool check_target_symbol(Sema *S, Expr *target, Symbol *sym) {
  Loc at = target->loc;
  switch (sym->kind) {
  case SYM_CONST: case SYM_CONFIG_CONST: case SYM_EXTERN_CONST: case SYM_ENUMERATOR:
    SEMA_ERR(S, at, "cannot assign to constant '%s'", sym->name);
    return false;
  case SYM_INDEX:
    SEMA_ERR(S, at, "cannot assign to '%s'", sym->name);
    return false;
  case SYM_PARAM:
    if (sym->mode == PM_DEFAULT || sym->mode == PM_CONST) {
      SEMA_ERR(S, at, "cannot assign to parameter '%s'; declare it 'in', 'out' or 'inout'", sym->name);
      return false;
    }
    break;
  case SYM_VAR: case SYM_CONFIG_VAR: case SYM_EXTERN_VAR:
    break;
  default:
    SEMA_ERR(S, at, "cannot assign to '%s'", sym->name);
    return false;
  }
  if (sym->for_var_active) {
    SEMA_ERR(S, at, "cannot assign to loop variable '%s'", sym->name);
    return false;
  }
  if (sym->global && S->cur_proc && (sym->kind == SYM_VAR || sym->kind == SYM_CONFIG_VAR || sym->kind == SYM_EXTERN_VAR))
    sema_assigns_global(S, sym);
  return true;
}

Type *sema_target_type(Expr *target, Symbol *sym) { return target->ptype ? target->ptype : sym->type; }

/* E29: a flood array written under a region whose flood dimensions differ from its own. */
static bool check_flood_write(Sema *S, Expr *target, Symbol *sym, Type *t) {
  Region *c = S->cover;
  if (!t || t->kind != TY_PARALLEL || !t->region || !c || c->error || c->rank != t->rank) return true;
  for (int k = 0; k < t->rank; k++) {
    if (t->region->dims[k].kind == DK_STAR && c->dims[k].kind != DK_STAR) {
      SEMA_ERR(S, target->loc, FLOOD_WRITE_MESSAGE, sym->name, k + 1);
      return false;
    }
  }
  return true;
}

/* Record a write under an 'of' region for border storage. */
static void record_of_write(Sema *S, Symbol *sym) {
  Region *c = S->cover;
  if (!c || c->error || !c->of_region || !c->of_d_known || !sym) return;
  ShiftUse *u = ARENA_NEW(S->arena, ShiftUse);
  u->array = sym;
  u->of_write = true;
  u->rank = c->rank;
  memcpy(u->d, c->of_d, sizeof u->d);
  u->of_base = c->of_base;
  u->of_base_name = c->of_base_name;
  vec_push(S->arena, &S->shifts, u);
}

/* False if two indexed array types have extents known at compile time that differ. */
static bool same_known_shape(const Type *a, const Type *b) {
  for (int i = 0; i < a->ndims && i < b->ndims; i++)
    if (a->dims[i].known && b->dims[i].known &&
        a->dims[i].hi_val - a->dims[i].lo_val != b->dims[i].hi_val - b->dims[i].lo_val)
      return false;
  return true;
}

/* The binary operator that a compound assignment applies. */
static OpKind compound_op(AssignOp op) {
  static const OpKind ops[] = {OP_ADD, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_AND, OP_OR};
  return ops[op];
}

static void check_assign(Sema *S, Stmt *st) {
  Expr *lhs = st->lhs;
  if (lhs->kind == EX_UNSUPPORTED) {
    SEMA_ERR(S, lhs->oploc, "%s", lhs->unsupported);
    return;
  }
  S->target_ctx = true; /* its variable: a region or direction constant is E11, a free one may be assigned */
  S->target_free = false;
  Type *lt = sema_expr_whole(S, lhs);
  S->target_ctx = false;
  S->free_ok = S->target_free; /* a free variable may be assigned from free values (section 15.6) */
  Type *rt = lt->kind == TY_ARRAY ? sema_expr_whole(S, st->rhs) : sema_expr(S, st->rhs);
  S->free_ok = false;
  if (lt->kind == TY_ERROR) return;
  Symbol *sym = sema_base_symbol(lhs);
  if (!sym || lhs->parens || !(lhs->kind == EX_NAME || lhs->kind == EX_FIELD || lhs->kind == EX_INDEX)) {
    SEMA_ERR(S, lhs->loc, "the left side of an assignment must be a variable");
    return;
  }
  if (rt->kind == TY_ERROR) { /* errors of the target itself come first when they precede (section 14.1) */
    if (check_target_symbol(S, lhs, sym) && lhs->rank > 0) check_flood_write(S, lhs, sym, sema_target_type(lhs, sym));
    return;
  }
  if (!check_target_symbol(S, lhs, sym)) return;
  if (lhs->rank == 0 && st->rhs->rank > 0) {
    SEMA_ERR(S, lhs->loc, "cannot assign a parallel value to scalar '%s'", sym->name);
    return;
  }
  if (lhs->rank > 0 && st->rhs->rank > 0 && rank_join(lhs->rank, st->rhs->rank) < 0) {
    SEMA_ERR(S, st->oploc, "operands have different ranks (%d and %d)", lhs->rank, st->rhs->rank);
    return;
  }
  if (lhs->rank > 0 && !check_flood_write(S, lhs, sym, sema_target_type(lhs, sym))) return;
  bool is_string = lt->kind == TY_SCALAR && lt->scalar == SK_STRING;
  Type *value = rt;
  if (st->op != AS_ASSIGN) {
    if (is_string) {
      if (st->op != AS_ADD) {
        SEMA_ERR(S, st->oploc, "operator '%s' cannot be applied to strings", assign_spelling((AssignOp)st->op));
        return;
      }
      if (!(rt->kind == TY_SCALAR && rt->scalar == SK_STRING)) {
        SEMA_ERR(S, st->oploc, "cannot assign %s to '%s' of type %s", ranked_type_name(S, rt, st->rhs->rank), sym->name,
                 type_name(S, lt));
        return;
      }
    } else {
      OpKind op = compound_op((AssignOp)st->op);
      if (op == OP_AND || op == OP_OR) {
        if (!type_is_truth(lt) || !type_is_truth(rt)) {
          Expr *bad = !type_is_truth(lt) ? lhs : st->rhs;
          SEMA_ERR(S, bad->loc, "expected a boolean or integer value, found %s", type_name(S, bad->type));
          return;
        }
        value = type_scalar(S, SK_BOOLEAN);
      } else if (op == OP_MOD && !((type_is_integer(lt) || lt->kind == TY_ENUM) && (type_is_integer(rt) || rt->kind == TY_ENUM))) {
        Type *bad = !(type_is_integer(lt) || lt->kind == TY_ENUM) ? lt : rt;
        SEMA_ERR(S, st->oploc, "operator '%%' requires integer operands, not %s", type_name(S, bad));
        return;
      } else if (!type_is_arith(lt) || !type_is_arith(rt)) {
        Type *bad = !type_is_arith(lt) ? lt : rt;
        if (bad->kind == TY_SCALAR && bad->scalar == SK_STRING)
          SEMA_ERR(S, st->oploc, "operator '%s' cannot be applied to strings", assign_spelling((AssignOp)st->op));
        else
          SEMA_ERR(S, st->oploc, "'%s' cannot be applied to %s", op_spelling(op), type_name(S, bad));
        return;
      } else {
        value = type_common(S, lt, rt);
      }
    }
  }
  bool ok;
  if (lt->kind == TY_ARRAY) /* a[] := b[] (same shape when known) or a[] := scalar */
    ok = rt->kind == TY_ARRAY ? type_same(lt, rt) || (type_assignable(lt, rt) && same_known_shape(lt, rt))
                              : type_assignable(lt->elem, rt);
  else
    ok = type_assignable(lt, value);
  if (!ok) {
    SEMA_ERR(S, st->oploc, "cannot assign %s to '%s' of type %s", ranked_type_name(S, rt, st->rhs->rank), sym->name,
             ranked_type_name(S, lt, lhs->rank));
    return;
  }
  if (lhs->rank > 0) record_of_write(S, sym);
}

/* ---- I/O ---- */

/* True if values of type t can be written or read (E67 otherwise). */
static bool io_type_ok(Sema *S, Expr *e, bool reading) {
  Type *t = e->type;
  bool bad = t->kind == TY_RECORD || t->kind == TY_VOID || (t->kind == TY_ARRAY && (e->rank > 0 || reading ? e->rank > 0 : false)) ||
             (reading && t->kind == TY_ENUM) || (t->kind == TY_SCALAR && t->scalar == SK_FILE);
  if (t->kind == TY_ARRAY && t->elem->kind != TY_SCALAR && t->elem->kind != TY_ENUM) bad = true;
  if (type_has_timer(t)) bad = true;
  if (bad) SEMA_ERR(S, e->loc, "cannot read or write a value of type %s", ranked_type_name(S, t, e->rank));
  return !bad;
}

/* A masked covering region cannot be used for parallel I/O (E62). */
static bool io_cover_ok(Sema *S, Expr *e) {
  if (e->rank > 0 && S->cover && S->cover->masked) {
    SEMA_ERR(S, S->cover->mask_loc, "a masked region is not allowed here");
    return false;
  }
  return true;
}

/* True if e is an expression of type file (a destination or source). */
static bool is_file_expr(const Expr *e) {
  return e->type && e->type->kind == TY_SCALAR && e->type->scalar == SK_FILE && e->rank == 0;
}

static void check_write(Sema *S, Stmt *st) {
  sema_promotion_obstacle(S, st->kind == ST_HALT ? "it calls halt" : "it performs I/O");
  if (st->kind == ST_HALT) sema_promotion_obstacle(S, "it calls halt");
  for (int i = 0; i < st->nitems; i++) {
    IoItem *it = &st->items[i];
    Type *t = sema_expr_whole(S, it->value);
    if (t->kind == TY_ERROR) continue;
    if (i == 0 && !it->format && is_file_expr(it->value) && st->kind == ST_WRITE) continue;
    if (it->format) {
      if (it->format->kind != EX_STRING || it->format->parens) {
        SEMA_ERR(S, it->format->loc, "a format must be a string literal");
        continue;
      }
      if (!io_type_ok(S, it->value, false) || !io_cover_ok(S, it->value)) continue;
      sema_check_format(S, it->format, t);
      continue;
    }
    if (it->value->kind == EX_STRING && !it->value->parens) {
      sema_check_string_item(S, it->value);
      continue;
    }
    if (io_type_ok(S, it->value, false)) io_cover_ok(S, it->value);
  }
}

static void check_read(Sema *S, Stmt *st) {
  sema_promotion_obstacle(S, "it performs I/O");
  for (int i = 0; i < st->nitems; i++) {
    Expr *e = st->items[i].value;
    Type *t = sema_expr_whole(S, e);
    if (t->kind == TY_ERROR) continue;
    if (i == 0 && is_file_expr(e) && st->nitems > 1 && !sema_is_variable(S, e)) continue;
    if (i == 0 && is_file_expr(e) && st->nitems > 1) continue;
    Symbol *sym = sema_base_symbol(e);
    if (!sema_is_variable(S, e) || !sym) {
      SEMA_ERR(S, e->loc, "argument %d of 'read' must be a variable", i + 1);
      continue;
    }
    if (!check_target_symbol(S, e, sym)) continue;
    if (!io_type_ok(S, e, true) || !io_cover_ok(S, e)) continue;
    if (e->rank > 0) check_flood_write(S, e, sym, sema_target_type(e, sym));
  }
}

/* ---- wrap and reflect ---- */

static void check_wrap(Sema *S, Stmt *st) {
  const char *kw = st->reflect ? "reflect" : "wrap";
  Region *c = S->cover;
  if (!c) {
    if (!S->cover_inherited) {
      SEMA_ERR(S, st->loc, "'%s' requires an 'of' region", kw);
      return;
    }
  } else if (!c->error) {
    if (!c->of_region) {
      SEMA_ERR(S, st->loc, "'%s' requires an 'of' region", kw);
      return;
    }
    if (c->masked) {
      SEMA_ERR(S, c->mask_loc, "a masked region is not allowed here");
      return;
    }
    if (c->of_d_known && c->of_base && region_known(c->of_base)) {
      for (int k = 0; k < c->rank; k++) {
        const RDim *x = &c->of_base->dims[k];
        int64_t d = c->of_d[k] < 0 ? -c->of_d[k] : c->of_d[k];
        if (x->kind != DK_STAR && d > x->hi - x->lo + 1) {
          SEMA_ERR(S, st->loc, "'%s' direction is larger than the region it wraps", kw);
          return;
        }
      }
    }
  }
  for (int i = 0; i < st->noperands; i++) {
    Expr *e = st->operands[i];
    Type *t = sema_expr(S, e);
    if (t->kind == TY_ERROR) continue;
    Symbol *sym = sema_base_symbol(e);
    bool wrong_rank = c && !c->error && !c->dynamic && e->rank != c->rank;
    if (!sym || !(e->kind == EX_NAME || e->kind == EX_FIELD || sema_is_parallel_var(e)) || e->parens || e->rank == 0 || wrong_rank ||
        !(sym->kind == SYM_VAR || sym->kind == SYM_PARAM)) {
      SEMA_ERR(S, e->loc, "operand of '%s' must be a parallel array", kw);
      continue;
    }
    if (!check_target_symbol(S, e, sym)) continue;
    record_of_write(S, sym);
  }
  if (c) S->need_rank = 0; /* the operands were checked against the region itself (E32) */
}

/* ---- control flow ---- */

/* A condition of if/elsif/while/until: a scalar truth value (E21, E22); reductions in it need a region. */
static void check_condition(Sema *S, Expr *c, Loc stmt) {
  diag_construct_begin(S->diags);
  S->need_rank = 0;
  Type *t = sema_expr(S, c);
  if (t->kind != TY_ERROR) {
    if (c->rank > 0) SEMA_ERR(S, c->loc, "parallel conditions are not supported");
    else if (!type_is_truth(t)) SEMA_ERR(S, c->loc, "expected a boolean or integer value, found %s", type_name(S, t));
    else check_rank_need(S, stmt);
  }
  S->need_rank = 0;
  diag_construct_end(S->diags);
}

static void check_list(Sema *S, StmtList *l) {
  for (int i = 0; i < l->n; i++) check_stmt(S, l->items[i]);
}

/* A bound or step of a for header: a scalar that converts to the loop variable's type (section 4.7). */
static void check_for_bound(Sema *S, Expr *e, Symbol *var) {
  Type *t = sema_expr(S, e);
  if (t->kind == TY_ERROR || !var || var->type->kind == TY_ERROR) return;
  if (e->rank > 0) SEMA_ERR(S, e->loc, "'for' bounds must be scalar");
  else if (!type_assignable(var->type, t))
    SEMA_ERR(S, e->loc, "cannot assign %s to '%s' of type %s", type_name(S, t), var->name, type_name(S, var->type));
}

static void check_for(Sema *S, Stmt *st) {
  diag_construct_begin(S->diags);
  Symbol *v = sema_lookup(S, st->var.name, st->var.loc.off);
  st->var_sym = v;
  bool ok = true;
  if (!v) {
    SEMA_ERR(S, st->var.loc, "undeclared identifier '%s'", st->var.name);
    ok = false;
  } else if (!v->error) {
    if (v->global) sema_resolve_symbol(S, v);
    bool var_kind = v->kind == SYM_VAR || v->kind == SYM_CONFIG_VAR ||
                    (v->kind == SYM_PARAM && v->mode != PM_DEFAULT && v->mode != PM_CONST);
    if (!var_kind || !type_is_integer(v->type)) {
      SEMA_ERR(S, st->var.loc, "loop variable '%s' must be an integer variable", st->var.name);
      ok = false;
    } else if (v->is_free) {
      SEMA_ERR(S, st->var.loc, "free value '%s' can only be reduced or assigned to a free variable", st->var.name);
      ok = false;
    } else if (v->for_var_active) {
      SEMA_ERR(S, st->var.loc, "cannot assign to loop variable '%s'", st->var.name);
      ok = false;
    } else if (v->global && S->cur_proc) {
      sema_assigns_global(S, v);
    }
  } else {
    ok = false;
  }
  Symbol *var = ok ? v : NULL;
  S->need_rank = 0;
  check_for_bound(S, st->from, var);
  check_for_bound(S, st->to, var);
  if (st->step) check_for_bound(S, st->step, var);
  check_rank_need(S, st->loc);
  S->need_rank = 0;
  diag_construct_end(S->diags);
  if (ok) v->for_var_active = true;
  S->loop_depth++;
  check_list(S, &st->body);
  S->loop_depth--;
  if (ok) v->for_var_active = false;
}

static void check_return(Sema *S, Stmt *st) {
  Symbol *p = S->cur_proc ? S->cur_proc->sym : NULL;
  Type *rt = p ? p->result : NULL;
  if (!st->value) {
    if (rt && rt->kind != TY_ERROR)
      SEMA_ERR(S, st->loc, "'return' in procedure '%s' must give a value of type %s", p->name, type_name(S, rt));
    return;
  }
  Type *t = sema_expr(S, st->value);
  if (t->kind == TY_ERROR) return;
  if (!rt) {
    SEMA_ERR(S, st->loc, "'return' with a value in procedure '%s', which has no result type", p ? p->name : "?");
    return;
  }
  if (rt->kind != TY_ERROR && (st->value->rank > 0 || !type_assignable(rt, t)))
    SEMA_ERR(S, st->loc, "'return' in procedure '%s' must give a value of type %s", p->name, type_name(S, rt));
}

/* ---- statements ---- */

/* True for statements that contain other statements. */
static bool is_compound(const Stmt *st) {
  switch (st->kind) {
  case ST_BLOCK: case ST_IF: case ST_WHILE: case ST_REPEAT: case ST_FOR: return true;
  case ST_REGION: return is_compound(st->inner);
  default: return false;
  }
}

/* The body of a simple statement (no region prefix). */
static void check_simple(Sema *S, Stmt *st) {
  S->need_rank = 0;
  switch (st->kind) {
  case ST_ASSIGN: check_assign(S, st); break;
  case ST_CALL: sema_call(S, st->rhs, true); break;
  case ST_EXIT:
  case ST_CONTINUE:
    if (S->loop_depth == 0) SEMA_ERR(S, st->loc, "'%s' is not inside a loop", st->kind == ST_EXIT ? "exit" : "continue");
    break;
  case ST_RETURN: check_return(S, st); break;
  case ST_HALT: case ST_WRITE: check_write(S, st); break;
  case ST_READ: check_read(S, st); break;
  case ST_WRAP: check_wrap(S, st); break;
  case ST_UNSUPPORTED: SEMA_ERR(S, st->loc, "%s", st->unsupported); break;
  default: break;
  }
  if (st->kind != ST_CALL) finish_rank(S, st, st->loc);
  else {
    st->cover = S->cover;
    st->rank = S->need_rank;
    if (S->need_rank) finish_rank(S, st, st->loc);
  }
  S->need_rank = 0;
}

/* Enter a region statement: evaluate its region as the new covering region. Returns the saved state. */
static Region *enter_region(Sema *S, Stmt *st, bool *saved_inherited) {
  Region *saved = S->cover;
  *saved_inherited = S->cover_inherited;
  Region *r = sema_region_bracket(S, st->region, false);
  S->cover = r;
  S->cover_inherited = false;
  return saved;
}

static void check_stmt(Sema *S, Stmt *st) {
  S->cur_stmt = st;
  if (st->kind == ST_REGION) {
    bool saved_inh;
    if (!is_compound(st)) {
      diag_construct_begin(S->diags);
      Region *saved = enter_region(S, st, &saved_inh);
      Stmt *inner = st->inner;
      while (inner->kind == ST_REGION) {
        S->cover = sema_region_bracket(S, inner->region, false);
        inner->cover = S->cover;
        inner = inner->inner;
      }
      st->cover = S->cover;
      check_simple(S, inner);
      S->cover = saved;
      S->cover_inherited = saved_inh;
      diag_construct_end(S->diags);
      return;
    }
    diag_construct_begin(S->diags);
    Region *saved = enter_region(S, st, &saved_inh);
    diag_construct_end(S->diags);
    st->cover = S->cover;
    check_stmt(S, st->inner);
    S->cover = saved;
    S->cover_inherited = saved_inh;
    return;
  }
  switch (st->kind) {
  case ST_BLOCK: check_list(S, &st->body); break;
  case ST_IF:
    for (int i = 0; i < st->narms; i++) {
      check_condition(S, st->conds[i], st->loc);
      check_list(S, &st->arms[i]);
    }
    if (st->has_else) check_list(S, &st->else_body);
    break;
  case ST_WHILE:
    check_condition(S, st->conds[0], st->loc);
    S->loop_depth++;
    check_list(S, &st->body);
    S->loop_depth--;
    break;
  case ST_REPEAT:
    S->loop_depth++;
    check_list(S, &st->body);
    S->loop_depth--;
    check_condition(S, st->conds[0], st->loc);
    break;
  case ST_FOR: check_for(S, st); break;
  default:
    diag_construct_begin(S->diags);
    check_simple(S, st);
    diag_construct_end(S->diags);
    break;
  }
}

/* ---- procedures ---- */

/* Declare a local name (parameter or local variable); E2 on a duplicate. */
static Symbol *declare_local(Sema *S, SymKind kind, Ident *id) {
  Symbol *old = scope_get(S->locals, id->name);
  if (old) {
    SEMA_ERR(S, id->loc, "redefinition of '%s' (previously declared at line %d)", id->name, old->loc.line);
    old->error = true;
    return NULL;
  }
  Symbol *sym = sema_new_symbol(S, kind, id->name, id->loc);
  sym->owner = S->cur_proc;
  sym->resolve_state = 2;
  scope_put(S->arena, S->locals, id->name, sym);
  if (id->name[0] == '_') diag_warning(S->diags, id->loc.line, id->loc.col, "identifiers beginning with '_' may clash with generated names");
  return sym;
}

/* Parameters become local symbols. */
static void declare_params(Sema *S, Symbol *psym) {
  Proc *p = psym->proc;
  for (int i = 0; i < p->nparams; i++) {
    Param *pa = &p->params[i];
    diag_construct_begin(S->diags);
    Symbol *sym = declare_local(S, SYM_PARAM, &pa->name);
    diag_construct_end(S->diags);
    if (!sym) continue;
    sym->mode = pa->mode;
    sym->param_index = i;
    sym->type = psym->ptypes[i];
    sym->error = sym->type->kind == TY_ERROR;
    pa->sym = sym;
    /* an out or inout parameter stops elementwise calls of this procedure only (sema_call), not of
     * the procedures that call it (section 15.8) */
  }
}

/* Local variable sections: types elaborated on entry, then initializers in order. */
static void declare_locals(Sema *S, Proc *p) {
  for (int i = 0; i < p->nlocals; i++) {
    Decl *d = p->locals[i];
    if (d->kind == D_LOCAL_KEYWORD) {
      SEMA_ERR(S, d->loc, "'%s' declarations are only allowed at program level", d->unsupported);
      continue;
    }
    if (d->kind == D_UNSUPPORTED) {
      SEMA_ERR(S, d->loc, "%s", d->unsupported);
      continue;
    }
    d->syms = ARENA_ARRAY(S->arena, Symbol *, d->nnames);
    for (int k = 0; k < d->nnames; k++) {
      diag_construct_begin_id(S->diags, decl_construct(S, d));
      d->syms[k] = declare_local(S, SYM_VAR, &d->names[k]);
      diag_construct_end(S->diags);
    }
    sema_check_var_item(S, d);
    /* a local lives on the C stack (8 MiB by default): a large one would crash the program */
    if (d->nnames > 0 && d->syms[0] && d->syms[0]->type && sema_type_known_bytes(d->syms[0]->type) > MAX_LOCAL_BYTES)
      SEMA_ERR(S, d->type->loc, "a local variable of more than %d bytes does not fit on the stack; declare it outside the procedure",
               MAX_LOCAL_BYTES);
  }
}

void sema_check_proc(Sema *S, Symbol *sym) {
  Proc *p = sym->proc;
  sema_proc_signature(S, sym);
  S->cur_proc = p;
  S->cur_info = sym->info;
  S->locals = scope_new(S->arena, NULL);
  S->cover = NULL;
  S->cover_inherited = sym != S->entry;
  S->loop_depth = 0;
  declare_params(S, sym);
  declare_locals(S, p);
  if (p->body) check_stmt(S, p->body);
  S->cur_proc = NULL;
  S->cur_info = NULL;
  S->locals = NULL;
  S->cover = NULL;
  S->cover_inherited = false;
}
