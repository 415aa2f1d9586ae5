/* sema_decl.c - declarations (section 3): config vars and constants, constants, types, regions,
 * directions, variables and their initializers, extern items; globals are resolved on demand so that
 * initializers and procedure headers can use everything declared before them. */
#include <string.h>
#include "sema_internal.h"

/* True if t is the scalar type k. */
static bool is_scalar(const Type *t, ScalarKind k) { return t && t->kind == TY_SCALAR && t->scalar == k; }

/* The construct id of a declaration item (all its errors count as one, whenever found). */
int decl_construct(Sema *S, Decl *d) {
  if (!d->construct) d->construct = diag_new_construct(S->diags);
  return d->construct;
}

/* Number of elements of an indexed array type if known, else -1. */
static int64_t array_count(const Type *t) {
  int64_t n = 1;
  for (int i = 0; i < t->ndims; i++) {
    if (!t->dims[i].known) return -1;
    int64_t ext = t->dims[i].hi_val - t->dims[i].lo_val + 1;
    n *= ext < 0 ? 0 : ext;
  }
  return n;
}

/* Count the leaf values of a brace initializer. */
static int64_t init_leaves(const InitSyn *in) {
  if (in->expr) return 1;
  int64_t n = 0;
  for (int i = 0; i < in->nitems; i++) n += init_leaves(in->items[i]);
  return n;
}

static bool check_init(Sema *S, Type *t, InitSyn *in, const char *name);

/* The element initializers of a brace list nested by dimension (one list level per dimension, with
 * exactly the extent of that dimension), in row-major order; false if the list is not so nested. */
static bool nested_entries(Sema *S, Type *t, int dim, InitSyn *in, PtrVec *out) {
  if (dim == t->ndims) {
    vec_push(S->arena, out, in);
    return true;
  }
  if (in->expr || !t->dims[dim].known || in->nitems != t->dims[dim].hi_val - t->dims[dim].lo_val + 1) return false;
  for (int i = 0; i < in->nitems; i++)
    if (!nested_entries(S, t, dim + 1, in->items[i], out)) return false;
  return true;
}

/* Every leaf of a brace list must fit the element type. */
static bool check_leaves(Sema *S, Type *elem, InitSyn *in, const char *name) {
  if (in->expr) return check_init(S, elem, in, name);
  for (int i = 0; i < in->nitems; i++)
    if (!check_leaves(S, elem, in->items[i], name)) return false;
  return true;
}

/* Check an initializer expression against the target type (E57). */
static bool check_init_expr(Sema *S, Type *t, Expr *e, const char *name, bool index_ok) {
  bool saved = S->in_init;
  S->in_init = index_ok;
  Type *et = sema_expr(S, e);
  S->in_init = saved;
  if (et->kind == TY_ERROR) return false;
  Type *target = type_elem(t);
  if (t->kind == TY_ARRAY) target = type_elem(t->elem); /* an indexed array of parallel arrays: every element's elements */
  if (e->rank > 0) {
    SEMA_ERR(S, e->loc, "an initializer must be a scalar expression");
    return false;
  }
  if (!type_assignable(target, et)) {
    SEMA_ERR(S, e->loc, "cannot assign %s to '%s' of type %s", type_name(S, et), name, type_name(S, target));
    return false;
  }
  return true;
}

/* Check an initializer for a variable or constant of type t (sections 3.9, 4.3, 4.4). */
static bool check_init(Sema *S, Type *t, InitSyn *in, const char *name) {
  if (t->kind == TY_ERROR) return false;
  Type *leaf = t;
  while (leaf->kind == TY_ARRAY) leaf = leaf->elem;
  if (in->expr && (leaf->kind == TY_DIRECTION || leaf->kind == TY_REGION))
    return sema_regdir_init(S, t, leaf, in, name); /* section 15.1 */
  if (type_is_array_of_parallel(t)) { /* section 15.2: a scalar for every element of every array */
    if (!in->expr) {
      SEMA_ERR(S, in->loc, "an initializer must be a scalar expression");
      return false;
    }
    return check_init_expr(S, t, in->expr, name, false);
  }
  if (in->expr) {
    if (t->kind == TY_RECORD && !in->expr->parens) {
      Type *et = sema_expr(S, in->expr);
      if (et->kind == TY_ERROR) return false;
      if (et != t) {
        SEMA_ERR(S, in->loc, "cannot assign %s to '%s' of type %s", type_name(S, et), name, type_name(S, t));
        return false;
      }
      return true;
    }
    return check_init_expr(S, t, in->expr, name, t->kind == TY_ARRAY);
  }
  if (t->kind == TY_RECORD) {
    if (in->nitems != t->nfields) {
      SEMA_ERR(S, in->loc, "initializer has %d values, but '%s' has %d elements", in->nitems, name, t->nfields);
      return false;
    }
    for (int i = 0; i < in->nitems; i++)
      if (!check_init(S, t->fields[i].type, in->items[i], name)) return false;
    return true;
  }
  if (t->kind != TY_ARRAY) {
    SEMA_ERR(S, in->loc, "a '{...}' initializer is allowed only for indexed arrays and records");
    return false;
  }
  int64_t want = array_count(t);
  Type *elem = t->elem;
  if (elem->kind == TY_SCALAR || elem->kind == TY_ENUM) {
    int64_t have = init_leaves(in);
    if (want >= 0 && have != want) {
      SEMA_ERR(S, in->loc, "initializer has %lld values, but '%s' has %lld elements", (long long)have, name, (long long)want);
      return false;
    }
    return check_leaves(S, elem, in, name);
  }
  /* arrays of records or arrays: one entry per element, nested by dimension or flat */
  PtrVec entries = {0};
  if (!nested_entries(S, t, 0, in, &entries)) {
    entries.len = 0;
    for (int i = 0; i < in->nitems; i++) vec_push(S->arena, &entries, in->items[i]);
  }
  if (want >= 0 && entries.len != want) {
    SEMA_ERR(S, in->loc, "initializer has %d values, but '%s' has %lld elements", entries.len, name, (long long)want);
    return false;
  }
  for (int i = 0; i < entries.len; i++)
    if (!check_init(S, elem, entries.items[i], name)) return false;
  in->entries = (InitSyn **)ast_items(S->arena, &entries);
  in->nentries = entries.len;
  return true;
}

/* Record a parallel array variable (or indexed array of them) for border storage. */
static void note_array(Sema *S, Symbol *sym) {
  if (sema_parallel_type(sym)) vec_push(S->arena, &S->arrays, sym);
}

/* A var item (global or local): its type once, then each name's initializer. */
void sema_check_var_item(Sema *S, Decl *d) {
  diag_construct_begin_id(S->diags, decl_construct(S, d));
  Type *t = sema_resolve_type(S, d->type, false);
  if (d->kind == D_VAR && !sema_type_use_ok(S, t, d->type, d->is_free ? TU_FREE_VAR : TU_VAR)) t = S->t_error;
  for (int k = 0; k < d->nnames; k++) {
    Symbol *sym = d->syms ? d->syms[k] : NULL;
    if (!sym) continue;
    sym->type = t;
    sym->error = sym->error || t->kind == TY_ERROR;
    sym->resolve_state = 2;
    sym->is_free = d->is_free;
    note_array(S, sym);
  }
  bool saved_free = S->free_ok;
  S->free_ok = d->is_free; /* a free variable's initializer may read free values */
  if (d->init && t->kind != TY_ERROR)
    for (int k = 0; k < d->nnames; k++)
      if (!check_init(S, t, d->init, d->names[k].name) && d->syms && d->syms[k]) d->syms[k]->error = true;
  S->free_ok = saved_free;
  diag_construct_end(S->diags);
}

/* The types a config var or config const may have (section 3.4). */
static bool config_type_ok(const Type *t) {
  return type_is_numeric(t) || is_scalar(t, SK_BOOLEAN) || is_scalar(t, SK_STRING) || t->kind == TY_ENUM;
}

/* A config var/const or constant item: type, required initializer, value. */
static void resolve_valued(Sema *S, Symbol *sym, Decl *d) {
  diag_construct_begin_id(S->diags, decl_construct(S, d));
  Type *t = sema_resolve_type(S, d->type, false);
  if (!sema_type_use_ok(S, t, d->type, d->kind == D_CONST ? TU_CONST : TU_CONFIG)) t = S->t_error;
  sym->type = t;
  Symbol *saved_sym = S->init_sym;
  S->init_sym = sym;
  if (t->kind == TY_ERROR) sym->error = true;
  else if (!d->init) {
    SEMA_ERR(S, d->names[0].loc, "'%s' must have an initializer", sym->name);
    sym->error = true;
  } else if ((d->kind == D_CONFIG_VAR || d->kind == D_CONFIG_CONST) && !config_type_ok(t)) {
    SEMA_ERR(S, d->names[0].loc, "config var '%s' has type %s, which cannot be set from the command line", sym->name,
             type_name(S, t));
    sym->error = true;
  } else if (t->kind == TY_PARALLEL) {
    SEMA_ERR(S, d->type->loc, "a constant cannot be a parallel array");
    sym->error = true;
  } else if (!check_init(S, t, d->init, sym->name)) {
    sym->error = true;
  } else if (d->kind == D_CONST && d->init->expr && (type_is_integer(t) || is_scalar(t, SK_BOOLEAN))) {
    sym->const_known = sema_const_int(S, d->init->expr, &sym->const_val);
  }
  S->init_sym = saved_sym;
  diag_construct_end(S->diags);
}

/* A type item; enumerations and records take the declared name. */
static void resolve_type_item(Sema *S, Symbol *sym, Decl *d) {
  diag_construct_begin_id(S->diags, decl_construct(S, d));
  Type *t = sema_resolve_type(S, d->type, false);
  diag_construct_end(S->diags);
  if ((t->kind == TY_ENUM || t->kind == TY_RECORD) && (d->type->kind == TS_ENUM || d->type->kind == TS_RECORD))
    t->name = sym->name;
  sym->type = t;
  sym->error = sym->error || t->kind == TY_ERROR;
}

/* A region item (section 3.7). */
static void resolve_region_item(Sema *S, Symbol *sym, Decl *d) {
  diag_construct_begin_id(S->diags, decl_construct(S, d));
  RegionSyn *rs = d->region;
  if (rs->kind == RX_WITH || rs->kind == RX_WITHOUT) {
    SEMA_ERR(S, rs->loc, "a declared region cannot contain blank dimensions, '\"' or a mask");
    sym->error = true;
  } else {
    Region *saved = S->cover;
    S->cover = NULL;
    Region *r = sema_region_syn(S, rs, true);
    S->cover = saved;
    sym->region = r;
    sym->error = sym->error || r->error;
  }
  diag_construct_end(S->diags);
}

/* A direction item (section 3.8). */
static void resolve_direction_item(Sema *S, Symbol *sym, Decl *d) {
  diag_construct_begin_id(S->diags, decl_construct(S, d));
  bool known;
  if (!sema_dir(S, d->dir, &sym->dir_rank, sym->dir, &known)) sym->error = true;
  sym->dir_known = known;
  sym->dir_zero = d->dir->zero;
  diag_construct_end(S->diags);
}

void sema_resolve_symbol(Sema *S, Symbol *sym) {
  if (sym->resolve_state != 0 || !sym->decl) return;
  sym->resolve_state = 1;
  Scope *saved_locals = S->locals;
  Region *saved_cover = S->cover;
  bool saved_inh = S->cover_inherited;
  ProcInfo *saved_info = S->cur_info;
  Proc *saved_proc = S->cur_proc;
  int saved_need = S->need_rank, saved_other = S->need_other;
  S->locals = NULL;
  S->cover = NULL;
  S->cover_inherited = false;
  S->cur_info = NULL;
  S->cur_proc = NULL;
  Decl *d = sym->decl;
  switch (d->kind) {
  case D_CONFIG_VAR: case D_CONFIG_CONST: case D_CONST: resolve_valued(S, sym, d); break;
  case D_TYPE: resolve_type_item(S, sym, d); break;
  case D_REGION: resolve_region_item(S, sym, d); break;
  case D_DIRECTION: resolve_direction_item(S, sym, d); break;
  case D_VAR: case D_EXTERN_VAR: case D_EXTERN_CONST:
    if (!d->syms) break;
    for (int k = 0; k < d->nnames; k++)
      if (d->syms[k]) d->syms[k]->resolve_state = 1;
    sema_check_var_item(S, d);
    if (d->kind != D_VAR && d->type->sem && d->type->sem->kind != TY_ERROR) {
      Type *t = d->type->sem;
      if (t->kind != TY_SCALAR && t->kind != TY_ENUM) t = NULL;
      if (!t || is_scalar(t, SK_STRING) || is_scalar(t, SK_FILE))
        SEMA_ERR(S, d->type->loc, "extern declarations may only use scalar types other than string and file");
    }
    break;
  default: break;
  }
  sym->resolve_state = 2;
  S->locals = saved_locals;
  S->cover = saved_cover;
  S->cover_inherited = saved_inh;
  S->cur_info = saved_info;
  S->cur_proc = saved_proc;
  S->need_rank = saved_need;
  S->need_other = saved_other;
}

void sema_check_decl(Sema *S, Decl *d) {
  switch (d->kind) {
  case D_UNSUPPORTED:
    SEMA_ERR(S, d->loc, "%s", d->unsupported);
    break;
  case D_EXTERN_HEADER:
    break;
  case D_PROC: {
    Proc *p = d->proc;
    for (int i = 0; i < p->nparams; i++) /* W1 once per 'var' (a group of names shares one) */
      if (p->params[i].mode == PM_VAR && (i == 0 || p->params[i - 1].mode_loc.off != p->params[i].mode_loc.off))
        diag_warning(S->diags, p->params[i].mode_loc.line, p->params[i].mode_loc.col, "parameter mode 'var' is obsolete; use 'inout'");
    Symbol *sym = d->proc->sym;
    if (!sym) break;
    sema_proc_signature(S, sym);
    if (d->proc->is_extern) {
      sema_check_extern_prototype(S, sym);
      break;
    }
    if (d->proc->body && sym->proc == d->proc) vec_push(S->arena, &S->procs, sym);
    break;
  }
  default:
    if (!d->syms) break;
    for (int k = 0; k < d->nnames; k++)
      if (d->syms[k]) sema_resolve_symbol(S, d->syms[k]);
    break;
  }
}
