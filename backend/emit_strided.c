/* emit_strided.c - arrays over strided declared regions in the C writer (section 15.3). Such an
 * array holds one cell per strided index (rtl/zrt: zrt_array.step, phase); its elements are
 * addressed through zrt_cell, an exact division without a divide. Which arrays need that is
 * decided here, once: a variable whose declared region may be strided, and a parameter that may
 * be bound to one. Every other array keeps the plain index arithmetic. */
#include <stdlib.h>
#include <string.h>
#include "emit_internal.h"

/* True if a declared region may have a stride other than 1 (known or only at run time). */
static bool region_may_stride(const Region *r) {
  if (!r) return false;
  if (r->strided || r->desig || r->per_element || r->dynamic) return true;
  for (int k = 0; k < r->rank; k++)
    if (r->dims[k].stride > 1) return true;
  return false;
}

/* True if sym is a parameter with a blank region: its arguments decide. */
static bool blank_param(const Symbol *sym) {
  const Type *t = sema_parallel_type(sym);
  return sym->kind == SYM_PARAM && t && !t->region;
}

/* Mark the blank-region parameters bound to arrays that may be strided; true if any changed. */
static bool propagate(const ProcInfo *info) {
  bool changed = false;
  for (int i = 0; info && i < info->bindings.len; i++) {
    const ParamBinding *b = info->bindings.items[i];
    if (!b->callee || !b->callee->proc || b->param < 0 || b->param >= b->callee->proc->nparams || !b->arg) continue;
    Symbol *p = b->callee->proc->params[b->param].sym;
    if (p && blank_param(p) && !p->may_stride && b->arg->may_stride) changed = p->may_stride = true;
  }
  return changed;
}

/* Mark one procedure's parameters, or a global, by its declared region. */
static void mark_declared(Symbol *sym) {
  const Type *t = sym ? sema_parallel_type(sym) : NULL;
  if (t) sym->may_stride = region_may_stride(t->region);
}

void strided_analyse(Sema *S) {
  for (int i = 0; i < S->prog->decls.len; i++) {
    Decl *d = S->prog->decls.items[i];
    for (int j = 0; d->kind == D_VAR && d->syms && j < d->nnames; j++) mark_declared(d->syms[j]);
  }
  for (int i = 0; i < S->procs.len; i++) {
    Proc *p = ((Symbol *)S->procs.items[i])->proc;
    for (int j = 0; p && j < p->nparams; j++) mark_declared(p->params[j].sym);
    for (int j = 0; p && j < p->nlocals; j++)
      for (int n = 0; p->locals[j]->syms && n < p->locals[j]->nnames; n++) mark_declared(p->locals[j]->syms[n]);
  }
  bool changed = true;
  while (changed) {
    changed = propagate(S->elab_info);
    for (int i = 0; i < S->procs.len; i++) changed |= propagate(((Symbol *)S->procs.items[i])->info);
  }
}

bool cover_may_stride(const Emitter *E) { return !E->cover_sem || region_may_stride(E->cover_sem); }

const char *strided_cell(Emitter *E, const Symbol *arr, const char *a, int k, const char *pos, bool hoisted) {
  if (!arr->may_stride) return pos;
  if (hoisted) return arena_printf(E->arena, "zrt_cell(%s, zph_%s_%d, zsh_%s_%d, zmi_%s_%d)", pos, arr->name, k, arr->name, k, arr->name, k);
  return arena_printf(E->arena, "zrt_array_cell(&%s, %d, %s)", a, k, pos);
}

const char *strided_decls(Emitter *E, const Symbol *arr, const char *a, int rank) {
  if (!arr->may_stride) return "";
  Buf b = {0};
  for (int k = 0; k < rank; k++)
    buf_printf(&b, " const int64_t zph_%s_%d = %s.phase[%d]; const int zsh_%s_%d = %s.shift[%d]; const uint64_t zmi_%s_%d = %s.inv[%d];"
                   " (void)zph_%s_%d; (void)zsh_%s_%d; (void)zmi_%s_%d;",
              arr->name, k, a, k, arr->name, k, a, k, arr->name, k, a, k, arr->name, k, arr->name, k, arr->name, k);
  const char *r = arena_strdup(E->arena, b.data ? b.data : "");
  free(b.data);
  return r;
}

const char *strided_counted_cell(Emitter *E, const Symbol *arr, int k, const char *ix, const char *shift) {
  if (!arr->may_stride || !E->in_loops || E->counted_dim != k || strcmp(ix, index_names[k])) return NULL;
  const char *n = arr->name;
  if (E->counted_in_step) { /* the first index's cell is the same at every row */
    const char *a = emit_sym(E, (Symbol *)arr);
    const char *first = arena_printf(E->arena, "zrt_array_cell(&%s, %d, %s_cf%d%s) * %s.stride[%d]", a, k, E->step_region, k, shift, a, k);
    if (E->counted_override && arr == E->counted_override_sym) return arena_printf(E->arena, "%s + %s", step_shared(E, first), E->counted_override);
    return arena_printf(E->arena, "%s + zct%d * zst_%s", step_shared(E, first), k, n);
  }
  return arena_printf(E->arena, "zrt_cell(zcf%d%s, zph_%s_%d, zsh_%s_%d, zmi_%s_%d) * zs_%s_%d + zct%d * zst_%s", k, shift, n, k, n, k,
                      n, k, n, k, k, n);
}

/* The counted loop of the nest just collected, in versions: where every compactly stored array it
 * reads or writes advances one element per step (zst_A, A's step in elements, is 1: a level's
 * stencil over its own level), a copy in which the steps are the constant 1, so that the C compiler
 * sees unit-stride accesses and vectorizes them; where the target advances two elements and the
 * others one (a prolongation: the finer level's every other element) or the other way round (a
 * restriction), copies with those constant steps, which the C compiler vectorizes too; else the
 * general loop. */
/* The condition and the constant declarations of the version in which the target advances t
 * cells a step and every other compactly stored array o (arrays of E->loop_arrays). */
static void steps_version(Emitter *E, int t, int o, Buf *test, Buf *consts) {
  for (int i = 0; i < E->loop_arrays.len; i++) {
    const Symbol *a = E->loop_arrays.items[i];
    if (!a->may_stride) continue;
    int step = a == E->loop_target ? t : o;
    buf_printf(test, "%szst_%s == %d", test->len ? " && " : "", a->name, step);
    buf_printf(consts, "const int64_t zst_%s = %d; (void)zst_%s;\n", a->name, step, a->name);
  }
}

const char *counted_step_value(Emitter *E, const Symbol *arr) {
  int k = E->counted_dim;
  const char *c = emit_sym(E, (Symbol *)arr), *st = arena_printf(E->arena, "%s_st_%s", E->step_region, arr->name);
  step_value(E, st, arena_printf(E->arena, "zrt_cell(%s_cs%d, 0, %s.shift[%d], %s.inv[%d]) * %s.stride[%d]", E->step_region, k, c, k, c, k, c, k));
  return st;
}

void strided_version_counted(Emitter *E) {
  int k = E->counted_dim;
  Buf steps = {0};
  int others = 0;
  bool target = false;
  for (int i = 0; i < E->loop_arrays.len; i++) {
    const Symbol *a = E->loop_arrays.items[i];
    if (!a->may_stride) continue;
    const char *n = a->name;
    target |= a == E->loop_target;
    others += a != E->loop_target;
    if (E->counted_in_step) /* the same at every row: declared before them */
      buf_printf(&steps, "const int64_t zst_%s = %s; (void)zst_%s;\n", n, counted_step_value(E, a), n);
    else
      buf_printf(&steps, "const int64_t zst_%s = zrt_cell(zcs%d, 0, zsh_%s_%d, zmi_%s_%d) * zs_%s_%d; (void)zst_%s;\n", n, k, n, k, n, k,
                 n, k, n);
  }
  if (!steps.data) return;
  const char *nest = E->nest.data;
  size_t at = E->counted_at, end = E->counted_end;
  int len = (int)(end - at);
  const char *simd = E->counted_simd ? arena_printf(E->arena, "#pragma %s\n", E->counted_simd) : "";
  Buf out = {0};
  if (E->general_only) { /* the steps and the general loop alone */
    buf_printf(&out, "%.*s%s%s", (int)at, nest, steps.data, nest + at);
  } else {
    /* (target step, others' step) of each version, and what it says */
    static const struct { int t, o; const char *what; } versions[] = {
        {1, 1, "unit steps: vectorizable"}, {2, 1, "every other element of the target"}, {1, 2, "every other element of the others"}};
    int nv = target && others ? 3 : 1; /* steps 2 and 1: the C compiler vectorizes them too */
    buf_printf(&out, "%.*s%s", (int)at, nest, steps.data);
    for (int v = 0; v < nv; v++) {
      Buf test = {0}, consts = {0};
      steps_version(E, versions[v].t, versions[v].o, &test, &consts);
      buf_printf(&out, "%sif (%s) { /* %s */\n%s%s%.*s", v ? "} else " : "", test.data, versions[v].what, consts.data, simd, len, nest + at);
      free(test.data);
      free(consts.data);
    }
    buf_printf(&out, "} else {\n%.*s}\n%s", len, nest + at, nest + end);
  }
  free(E->nest.data);
  E->nest = out;
  free(steps.data);
}
