/* pdl_values.c - what the runtime computes while the program elaborates, computed at compile time
 * for the pattern file (emit_pdl.c): directions and named regions from integer constants and config
 * vars at their defaults (or azc -s values), each parallel array's storage region and element size
 * as the generated C lays it out, and the grid of every rank for N processes (the bounding box of
 * the regions elaborated before the first parallel array, cut as zrt_distribute_all cuts it). What
 * depends on anything else is unknown, with the reason. Mirrors emit_c.c and emit_expr.c. */
#include <string.h>
#include "pdl_internal.h"

static bool region_syn(PdlValues *V, RegionSyn *rs, zrt_region *out, const char **why, int depth);

/* An integer expression's value in the elaborated program. */
static bool int_value(PdlValues *V, Expr *e, int64_t *out, const char **why) {
  if (sema_config_int(V->S, e, V->config, out)) return true;
  *why = arena_printf(V->arena, "'%.*s' (line %d) is not a compile-time constant", e->end - e->start,
                      V->S->src->text + e->start, e->loc.line);
  return false;
}

/* A direction's components (zeros beyond its rank), as the C the emitter writes for it. */
static bool dir_value(PdlValues *V, DirSyn *d, int64_t *out, const char **why, int depth) {
  memset(out, 0, sizeof(int64_t) * ZRT_MAX_RANK);
  if (d->kind == DIR_NAME) {
    Symbol *sym = d->sym;
    if (sym && sym->dir_known) {
      memcpy(out, sym->dir, sizeof(int64_t) * (size_t)sym->dir_rank);
      return true;
    }
    if (!sym || !sym->decl || !sym->decl->dir || depth > 64) {
      *why = arena_printf(V->arena, "direction '%s' is not known at compile time", d->name.name);
      return false;
    }
    return dir_value(V, sym->decl->dir, out, why, depth + 1);
  }
  for (int i = 0; i < d->n && i < ZRT_MAX_RANK; i++)
    if (!int_value(V, d->comps[i], &out[i], why)) return false;
  return true;
}

/* The value of the region named sym (its declaration, elaborated once). */
static bool named_region(PdlValues *V, Symbol *sym, zrt_region *out, const char **why, int depth) {
  if (!sym || sym->kind != SYM_REGION || !sym->decl || !sym->decl->region || depth > 64) {
    *why = arena_printf(V->arena, "region '%s' is not known at compile time", sym ? sym->name : "?");
    return false;
  }
  return region_syn(V, sym->decl->region, out, why, depth + 1);
}

/* A region literal: ranges, singletons and '*' (blank dimensions would come from a covering
 * region, which elaboration does not have). */
static bool region_literal(PdlValues *V, Bracket *b, zrt_region *out, const char **why) {
  int64_t lo[ZRT_MAX_RANK] = {0}, hi[ZRT_MAX_RANK] = {0};
  unsigned flood = 0;
  if (b->n > ZRT_MAX_RANK) {
    *why = "a region of too many dimensions";
    return false;
  }
  for (int k = 0; k < b->n; k++) {
    BracketItem *it = &b->items[k];
    if (it->kind == BI_EXPR) {
      if (!int_value(V, it->lo, &lo[k], why)) return false;
      hi[k] = lo[k];
    } else if (it->kind == BI_RANGE) {
      if (!int_value(V, it->lo, &lo[k], why) || !int_value(V, it->hi, &hi[k], why)) return false;
    } else if (it->kind == BI_STAR) {
      flood |= 1u << k;
    } else {
      *why = arena_printf(V->arena, "the region at line %d takes dimensions from a covering region", b->loc.line);
      return false;
    }
  }
  *out = zrt_region_make(b->n, lo, hi, flood);
  return true;
}

/* A region written in brackets: one region expression, a region's name, or a literal. */
static bool region_bracket(PdlValues *V, Bracket *b, zrt_region *out, const char **why, int depth) {
  if (b->n == 1 && b->items[0].kind == BI_REGION) return region_syn(V, b->items[0].region, out, why, depth);
  if (b->n == 1 && b->items[0].kind == BI_EXPR && b->items[0].lo->kind == EX_NAME && !b->items[0].lo->parens) {
    Symbol *sym = sema_lookup(V->S, b->items[0].lo->name.name, b->items[0].lo->loc.off);
    if (sym && sym->kind == SYM_REGION) return named_region(V, sym, out, why, depth);
  }
  return region_literal(V, b, out, why);
}

static bool region_syn(PdlValues *V, RegionSyn *rs, zrt_region *out, const char **why, int depth) {
  int64_t d[ZRT_MAX_RANK];
  zrt_region base;
  switch (rs->kind) {
  case RX_BRACKET: return region_bracket(V, rs->bracket, out, why, depth);
  case RX_NAME: return named_region(V, sema_lookup(V->S, rs->name.name, rs->loc.off), out, why, depth);
  case RX_WITH: case RX_WITHOUT: return region_syn(V, rs->base, out, why, depth);
  case RX_OF: case RX_IN: case RX_AT: case RX_BY:
    if (!region_syn(V, rs->base, &base, why, depth) || !dir_value(V, rs->dir, d, why, 0)) return false;
    if (rs->kind == RX_OF) *out = zrt_region_of(base, d);
    else if (rs->kind == RX_IN) *out = zrt_region_in(base, d);
    else if (rs->kind == RX_AT) *out = zrt_region_at(base, d);
    else {
      for (int k = 0; k < base.rank; k++)
        if (d[k] == 0) {
          *why = arena_printf(V->arena, "'by' at line %d has a zero component", rs->oploc.line);
          return false;
        }
      *out = zrt_region_by(base, d);
    }
    return true;
  default:
    *why = arena_printf(V->arena, "the region at line %d depends on the covering region", rs->loc.line);
    return false;
  }
}

bool pdl_region(PdlValues *V, Symbol *sym, zrt_region *out, const char **why) {
  return named_region(V, sym, out, why, 0);
}

/* The declared region of a parallel type as written (following type names), as array_region in
 * emit_c.c; false if it is not a parallel type with a region. */
static Bracket *type_region(PdlValues *V, TypeSyn *ts) {
  while (ts && ts->kind == TS_NAME) {
    Symbol *sym = sema_lookup(V->S, ts->name.name, ts->loc.off);
    ts = sym && sym->kind == SYM_TYPE && sym->decl ? sym->decl->type : NULL;
  }
  return ts && ts->kind == TS_PARALLEL ? ts->region : NULL;
}

/* The sizes and alignments of the C types emit_c.c's scalar_ctype gives the scalar kinds. */
#define CT(T) {sizeof(T), _Alignof(T)}
static const size_t scalar_size[SK_COUNT][2] = {
  CT(zrt_bool), CT(signed char), CT(signed char), CT(unsigned char), CT(int16_t), CT(uint16_t), CT(int32_t),
  CT(uint32_t), CT(int64_t), CT(uint64_t), CT(float), CT(double), CT(long double), CT(zrt_string), CT(zrt_file),
};

/* Size and alignment of the C type of t: records as C lays out struct zrecN, indexed arrays with
 * compile-time bounds as struct zarrN { T data[N]; }. */
static bool type_layout(const Type *t, size_t *size, size_t *align) {
  switch (t->kind) {
  case TY_SCALAR:
    if (t->scalar >= SK_COUNT) return false;
    *size = scalar_size[t->scalar][0];
    *align = scalar_size[t->scalar][1];
    return true;
  case TY_ENUM:
    *size = *align = sizeof(int32_t);
    return true;
  case TY_RECORD: {
    size_t at = 0, most = 1;
    if (t->nfields == 0) at = 1; /* char unused; */
    for (int i = 0; i < t->nfields; i++) {
      size_t s, al;
      if (!type_layout(t->fields[i].type, &s, &al)) return false;
      at = (at + al - 1) / al * al + s;
      if (al > most) most = al;
    }
    *size = (at + most - 1) / most * most;
    *align = most;
    return true;
  }
  case TY_ARRAY: {
    size_t s;
    if (!iarray_fixed(t) || !type_layout(t->elem, &s, align)) return false;
    int64_t n = iarray_count(t);
    *size = s * (size_t)(n > 0 ? n : 1);
    return true;
  }
  default: return false;
  }
}

bool pdl_type_size(const Type *t, size_t *size) {
  size_t align;
  return t && type_layout(t, size, &align);
}

/* Lay out array sym as alloc_array in emit_c.c does: its declared region widened by its borders. */
static bool array_layout(PdlValues *V, Symbol *sym, zrt_array *a, const char **why) {
  Type *t = sym->type;
  Bracket *b = sym->decl ? type_region(V, sym->decl->type) : NULL;
  zrt_region decl;
  if (!b) {
    *why = arena_printf(V->arena, "the region of '%s' is not known", sym->name);
    return false;
  }
  if (!region_bracket(V, b, &decl, why, 0)) return false;
  if (!pdl_type_size(t->elem, &a->elem)) {
    *why = arena_printf(V->arena, "the size of the elements of '%s' is not known at compile time", sym->name);
    return false;
  }
  a->rank = t->rank;
  a->flood = decl.flood;
  zrt_array_set_steps(a, t->rank, sym->may_stride ? &decl : NULL);
  for (int k = 0; k < t->rank; k++) {
    a->dlo[k] = decl.lo[k];
    a->dhi[k] = decl.hi[k];
    a->slo[k] = zrt_border_bound(decl, k, sym->border_lo[k], false);
    a->shi[k] = zrt_border_bound(decl, k, sym->border_hi[k], true);
  }
  a->allocated = true;
  return true;
}

/* The array every call binds parameter sym to (a variable or another parameter), or NULL. */
static Symbol *bound_arg(PdlValues *V, Symbol *sym) {
  Symbol *found = NULL;
  for (int i = -1; i < V->S->procs.len; i++) {
    const ProcInfo *info = i < 0 ? V->S->elab_info : ((Symbol *)V->S->procs.items[i])->info;
    for (int j = 0; info && j < info->bindings.len; j++) {
      const ParamBinding *b = info->bindings.items[j];
      const Proc *callee = b->callee ? b->callee->proc : NULL;
      if (!callee || b->param < 0 || b->param >= callee->nparams || callee->params[b->param].sym != sym || b->arg == sym)
        continue;
      if (found && found != b->arg) return NULL;
      found = b->arg;
    }
  }
  return found;
}

/* Remember a's layout as sym's. */
static zrt_array *keep_array(PdlValues *V, Symbol *sym, zrt_array *a) {
  vec_push(V->arena, &V->array_syms, sym);
  vec_push(V->arena, &V->arrays, a);
  return a;
}

/* pdl_array through depth parameters: a by-reference parameter is the array its calls pass (the
 * same object), an 'in' parameter a copy of it (another object with the same layout). */
static zrt_array *array_at(PdlValues *V, Symbol *sym, const char **why, int depth) {
  for (int i = 0; i < V->array_syms.len; i++)
    if (V->array_syms.items[i] == sym) return V->arrays.items[i];
  if (!sym->type || sym->type->kind != TY_PARALLEL || (sym->kind != SYM_VAR && sym->kind != SYM_PARAM)) {
    *why = arena_printf(V->arena, "'%s' is not a parallel array", sym->name);
    return NULL;
  }
  if (sym->kind == SYM_PARAM) {
    Symbol *arg = depth < 16 ? bound_arg(V, sym) : NULL;
    if (!arg) {
      *why = arena_printf(V->arena, "parameter '%s' is not bound to one array by every call", sym->name);
      return NULL;
    }
    zrt_array *a = array_at(V, arg, why, depth + 1);
    if (!a || sym->mode != PM_IN) return a;
    zrt_array *copy = ARENA_NEW(V->arena, zrt_array);
    *copy = *a;
    return keep_array(V, sym, copy);
  }
  zrt_array *a = ARENA_NEW(V->arena, zrt_array);
  return array_layout(V, sym, a, why) ? keep_array(V, sym, a) : NULL;
}

zrt_array *pdl_array(PdlValues *V, Symbol *sym, const char **why) { return array_at(V, sym, why, 0); }

/* The ranks whose bounding box a region of unknown value may change: its rank, or all. */
static void box_unknown(PdlValues *V, const Region *r, const char *why) {
  for (int k = 1; k <= ZRT_MAX_RANK; k++)
    if ((!r || r->rank == 0 || r->rank == k) && !V->grid_why[k]) V->grid_why[k] = why;
}

/* Add region syntax rs (of sema's region r) to the bounding box of its rank. */
static void box_add(PdlValues *V, zg_bbox *boxes, RegionSyn *rs, Bracket *b, const Region *r) {
  zrt_region v;
  const char *why = NULL;
  bool ok = rs ? region_syn(V, rs, &v, &why, 0) : region_bracket(V, b, &v, &why, 0);
  if (!ok) box_unknown(V, r, arena_printf(V->arena, "the bounding box of the regions is not known: %s", why));
  else if (v.rank >= 1 && v.rank <= ZRT_MAX_RANK) zg_bbox_add(&boxes[v.rank], &v);
}

/* The bounding boxes as elaboration builds them (emit_elaboration, emit_variable): every region
 * declared before the first parallel array, and that array's region; then every rank is cut. */
void pdl_values_init(PdlValues *V, Arena *a, Sema *S, const SemaConfigEnv *config, int nprocs) {
  memset(V, 0, sizeof *V);
  V->arena = a;
  V->S = S;
  V->config = config;
  V->nprocs = nprocs;
  zg_bbox boxes[ZRT_MAX_RANK + 1];
  memset(boxes, 0, sizeof boxes);
  bool distributed = false;
  for (int i = 0; i < S->prog->decls.len && !distributed; i++) {
    Decl *d = S->prog->decls.items[i];
    for (int k = 0; d->syms && k < d->nnames && !distributed; k++) {
      Symbol *sym = d->syms[k];
      if (!sym) continue;
      if (d->kind == D_REGION) {
        box_add(V, boxes, d->region, NULL, sym->region);
      } else if ((d->kind == D_VAR || d->kind == D_CONST || d->kind == D_CONFIG_VAR || d->kind == D_CONFIG_CONST ||
                  d->kind == D_EXTERN_VAR || d->kind == D_EXTERN_CONST) &&
                 sym->type && sym->type->kind == TY_PARALLEL) {
        Bracket *b = type_region(V, d->type);
        if (b) box_add(V, boxes, NULL, b, sym->type->region);
        distributed = true;
      }
    }
  }
  for (int r = 1; r <= ZRT_MAX_RANK; r++) {
    zg_grid *g = &V->grids[r];
    g->set = true;
    zg_bbox_bounds(&boxes[r], r, g->lo, g->hi);
    zg_dims_create(nprocs, r, g->dims);
  }
}
