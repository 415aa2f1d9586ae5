/* sema.c - semantic analysis driver: scopes, the predefined names of section 8, and the phases
 * (declare globals, resolve them in order, check procedure bodies, whole-program analyses). */
#include "sema.h"
#include <string.h>
#include "sema_internal.h"

/* ---- scopes: small open-addressing hash tables from names to symbols ---- */

Scope *scope_new(Arena *a, Scope *parent) {
  Scope *s = ARENA_NEW(a, Scope);
  s->parent = parent;
  return s;
}

/* FNV-1a hash of a name. */
static unsigned hash_name(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

Symbol *scope_get(Scope *s, const char *name) {
  if (!s || s->cap == 0) return NULL;
  for (unsigned i = hash_name(name) & (unsigned)(s->cap - 1);; i = (i + 1) & (unsigned)(s->cap - 1)) {
    if (!s->keys[i]) return NULL;
    if (!strcmp(s->keys[i], name)) return s->vals[i];
  }
}

/* Double the table of s. */
static void scope_grow(Arena *a, Scope *s) {
  int old_cap = s->cap;
  const char **old_keys = s->keys;
  Symbol **old_vals = s->vals;
  s->cap = old_cap ? old_cap * 2 : 64;
  s->keys = ARENA_ARRAY(a, const char *, s->cap);
  s->vals = ARENA_ARRAY(a, Symbol *, s->cap);
  s->len = 0;
  for (int i = 0; i < old_cap; i++)
    if (old_keys[i]) scope_put(a, s, old_keys[i], old_vals[i]);
}

void scope_put(Arena *a, Scope *s, const char *name, Symbol *sym) {
  if ((s->len + 1) * 2 > s->cap) scope_grow(a, s);
  unsigned i = hash_name(name) & (unsigned)(s->cap - 1);
  while (s->keys[i] && strcmp(s->keys[i], name)) i = (i + 1) & (unsigned)(s->cap - 1);
  if (!s->keys[i]) s->len++;
  s->keys[i] = name;
  s->vals[i] = sym;
}

Symbol *sema_new_symbol(Sema *S, SymKind kind, const char *name, Loc loc) {
  Symbol *sym = ARENA_NEW(S->arena, Symbol);
  sym->kind = kind;
  sym->name = name;
  sym->loc = loc;
  return sym;
}

Symbol *sema_lookup(Sema *S, const char *name, int at_off) {
  Symbol *sym = scope_get(S->locals, name);
  if (sym && (sym->loc.off < at_off || sym->kind == SYM_PARAM)) return sym;
  sym = scope_get(S->globals, name);
  if (sym) {
    if (sym->kind == SYM_PROC || sym->loc.off < at_off) return sym;
    return NULL; /* declared later in the file */
  }
  sym = scope_get(S->predef, name);
  if (sym) return sym;
  return scope_get(S->cimports, name);
}

/* ---- predefined names (section 8) ---- */

/* Define a predefined constant of a scalar type. */
static Symbol *predef_const(Sema *S, const char *name, ScalarKind k) {
  Loc none = {0, 0, -1};
  Symbol *sym = sema_new_symbol(S, SYM_CONST, name, none);
  sym->type = type_scalar(S, k);
  sym->resolve_state = 2;
  sym->global = true;
  scope_put(S->arena, S->predef, name, sym);
  return sym;
}

/* Define a predefined integer constant whose value is known at compile time. */
static void predef_int(Sema *S, const char *name, ScalarKind k, int64_t v) {
  Symbol *sym = predef_const(S, name, k);
  sym->const_known = true;
  sym->const_val = v;
}

void sema_predefine(Sema *S) {
  Loc none = {0, 0, -1};
  static const char *const builtin_names[] = {
#define B(name) #name,
#include "sema_builtins.def"
#undef B
  };
  for (int i = 0; i < (int)(sizeof builtin_names / sizeof builtin_names[0]); i++) {
    Symbol *sym = sema_new_symbol(S, SYM_BUILTIN, builtin_names[i], none);
    sym->builtin = i;
    scope_put(S->arena, S->predef, sym->name, sym);
  }
  predef_int(S, "true", SK_BOOLEAN, 1);
  predef_int(S, "false", SK_BOOLEAN, 0);
  predef_const(S, "PROCESSORS", SK_INTEGER);
  predef_const(S, "zin", SK_FILE);
  predef_const(S, "zout", SK_FILE);
  predef_const(S, "zerr", SK_FILE);
  predef_const(S, "znull", SK_FILE);
  predef_const(S, "file_read", SK_STRING);
  predef_const(S, "file_write", SK_STRING);
  predef_int(S, "CHAR_BIT", SK_INTEGER, 8);
  predef_int(S, "CHAR_MIN", SK_CHAR, -128);
  predef_int(S, "CHAR_MAX", SK_CHAR, 127);
  predef_int(S, "SBYTE_MIN", SK_SBYTE, -128);
  predef_int(S, "SBYTE_MAX", SK_SBYTE, 127);
  predef_int(S, "UBYTE_MAX", SK_UBYTE, 255);
  predef_int(S, "SHRT_MIN", SK_SHORTINT, -32768);
  predef_int(S, "SHRT_MAX", SK_SHORTINT, 32767);
  predef_int(S, "USHRT_MAX", SK_USHORTINT, 65535);
  predef_int(S, "INT_MIN", SK_INTEGER, INT32_MIN);
  predef_int(S, "INT_MAX", SK_INTEGER, INT32_MAX);
  predef_int(S, "UINT_MAX", SK_UINTEGER, UINT32_MAX);
  predef_int(S, "LONG_MIN", SK_LONGINT, INT64_MIN);
  predef_int(S, "LONG_MAX", SK_LONGINT, INT64_MAX);
  predef_const(S, "ULONG_MAX", SK_ULONGINT);
  predef_int(S, "FLT_RADIX", SK_INTEGER, 2);
  predef_int(S, "FLT_DIG", SK_INTEGER, 6);
  predef_int(S, "FLT_MANT_DIG", SK_INTEGER, 24);
  predef_int(S, "DBL_RADIX", SK_INTEGER, 2);
  predef_int(S, "DBL_DIG", SK_INTEGER, 15);
  predef_int(S, "DBL_MANT_DIG", SK_INTEGER, 53);
  static const char *const flt[] = {"FLT_EPSILON", "FLT_MIN", "FLT_MAX"};
  for (int i = 0; i < 3; i++) predef_const(S, flt[i], SK_FLOAT);
  static const char *const dbl[] = {"DBL_EPSILON", "DBL_MIN", "DBL_MAX", "M_E", "M_LOG2E", "M_LOG10E",
                                    "M_LN2", "M_PI", "M_PI_2", "M_PI_4", "M_1_PI", "M_2_PI",
                                    "M_2_SQRTPI", "M_SQRT2", "M_SQRT_2"};
  for (int i = 0; i < (int)(sizeof dbl / sizeof dbl[0]); i++) predef_const(S, dbl[i], SK_DOUBLE);
  for (int k = 1; k <= MAX_RANK; k++) {
    Symbol *up = sema_new_symbol(S, SYM_INDEX, arena_printf(S->arena, "Index%d", k), none);
    up->index_k = k;
    up->type = type_scalar(S, SK_INTEGER);
    scope_put(S->arena, S->predef, up->name, up);
    Symbol *low = sema_new_symbol(S, SYM_INDEX_INIT, arena_printf(S->arena, "index%d", k), none);
    low->index_k = k;
    low->type = type_scalar(S, SK_INTEGER);
    scope_put(S->arena, S->predef, low->name, low);
  }
  Symbol *timer = sema_new_symbol(S, SYM_TYPE, "timer", none); /* section 15.6 */
  timer->type = type_scalar(S, SK_TIMER);
  timer->resolve_state = 2;
  scope_put(S->arena, S->predef, timer->name, timer);
  static const char *const queries[] = {"reglo", "reghi", "GRIDPROCS", "GRIDPROC", "numLocales", "localeID",
                                        "blk", "cut", "bind_read_func", "bind_write_func",
                                        "unbind_read_func", "unbind_write_func", "checkpoint"};
  for (int i = 0; i < (int)(sizeof queries / sizeof queries[0]); i++) {
    Symbol *sym = sema_new_symbol(S, SYM_UNSUPPORTED, queries[i], none);
    sym->unsupported = arena_printf(S->arena, "'%s' is not supported", queries[i]);
    scope_put(S->arena, S->predef, sym->name, sym);
  }
}

/* ---- phases ---- */

/* Symbol kind of the items of a declaration. */
static SymKind decl_symbol_kind(DeclKind k) {
  switch (k) {
  case D_CONFIG_VAR: return SYM_CONFIG_VAR;
  case D_CONFIG_CONST: return SYM_CONFIG_CONST;
  case D_CONST: return SYM_CONST;
  case D_TYPE: return SYM_TYPE;
  case D_REGION: return SYM_REGION;
  case D_DIRECTION: return SYM_DIRECTION;
  case D_EXTERN_VAR: return SYM_EXTERN_VAR;
  case D_EXTERN_CONST: return SYM_EXTERN_CONST;
  default: return SYM_VAR;
  }
}

/* Warn about a name beginning with '_' (W2), at its first declaration. */
static void warn_underscore(Sema *S, Ident *id) {
  if (id->name[0] == '_') diag_warning(S->diags, id->loc.line, id->loc.col, "identifiers beginning with '_' may clash with generated names");
}

/* Declare a global name; E2 on redefinition. Returns the symbol, or NULL if it was a redefinition. */
static Symbol *declare_global(Sema *S, SymKind kind, Ident *id, Decl *d) {
  Symbol *old = scope_get(S->globals, id->name);
  if (old) {
    if (d) diag_construct_begin_id(S->diags, decl_construct(S, d));
    SEMA_ERR(S, id->loc, "redefinition of '%s' (previously declared at line %d)", id->name, old->loc.line);
    if (d) diag_construct_end(S->diags);
    old->error = true; /* uses of the name are ambiguous now: not reported again */
    return NULL;
  }
  Symbol *sym = sema_new_symbol(S, kind, id->name, id->loc);
  sym->decl = d;
  sym->global = true;
  scope_put(S->arena, S->globals, id->name, sym);
  warn_underscore(S, id);
  return sym;
}

/* A procedure symbol for a declaration. */
static Symbol *proc_symbol(Sema *S, Symbol *sym, Proc *p) {
  sym->proc = p;
  sym->info = ARENA_NEW(S->arena, ProcInfo);
  sym->info->sym = sym;
  p->sym = sym;
  return sym;
}

/* Declare a procedure, a prototype or an extern prototype (procedures may be used before them).
 * Program procedures of one name form a family (section 15.4), paired with their prototypes by
 * sema_pair_families once their parameter types are known. */
static void declare_proc(Sema *S, Decl *d) {
  Proc *p = d->proc;
  Symbol *old = scope_get(S->globals, p->name.name);
  if (old && old->kind == SYM_PROC && old->proc && !old->proc->is_extern && !p->is_extern) {
    Symbol *m = sema_new_symbol(S, SYM_PROC, p->name.name, p->name.loc);
    m->decl = d;
    m->global = true;
    proc_symbol(S, m, p);
    Symbol *last = old;
    while (last->next_overload) last = last->next_overload;
    last->next_overload = m;
    return;
  }
  if (old) {
    SEMA_ERR(S, p->name.loc, "redefinition of '%s' (previously declared at line %d)", p->name.name, old->loc.line);
    old->error = true;
    return;
  }
  proc_symbol(S, declare_global(S, SYM_PROC, &p->name, d), p);
}

/* Declare the enumerators written in a type (at any depth), in order. */
static void declare_enumerators(Sema *S, TypeSyn *ts, Decl *d) {
  if (!ts) return;
  if (ts->kind == TS_ENUM)
    for (int i = 0; i < ts->nenums; i++) {
      Symbol *sym = declare_global(S, SYM_ENUMERATOR, &ts->enums[i].name, d);
      if (sym) sym->resolve_state = 2; /* its value is set when the type is resolved */
    }
  if (ts->kind == TS_RECORD)
    for (int i = 0; i < ts->nfields; i++) declare_enumerators(S, ts->fields[i].type, d);
  if (ts->kind == TS_ARRAY || ts->kind == TS_PARALLEL) declare_enumerators(S, ts->elem, d);
}

/* Phase 1: every global name, in order (procedures are visible everywhere). */
static void declare_globals(Sema *S) {
  for (int i = 0; i < S->prog->decls.len; i++) {
    Decl *d = S->prog->decls.items[i];
    switch (d->kind) {
    case D_PROC:
      declare_proc(S, d);
      break;
    case D_EXTERN_HEADER:
    case D_UNSUPPORTED:
      break;
    default:
      d->syms = ARENA_ARRAY(S->arena, Symbol *, d->nnames);
      for (int k = 0; k < d->nnames; k++) d->syms[k] = declare_global(S, decl_symbol_kind(d->kind), &d->names[k], d);
      declare_enumerators(S, d->type, d);
      break;
    }
  }
}

/* E3/E4: the entry procedure. */
static void check_entry(Sema *S) {
  Ident *name = &S->prog->name;
  Symbol *sym = scope_get(S->globals, name->name);
  if (!sym || sym->kind != SYM_PROC || !sym->proc || sym->proc->is_prototype) {
    SEMA_ERR(S, name->loc, "no entry procedure: a procedure named '%s' is required", name->name);
    return;
  }
  for (Symbol *m = sym; m; m = m->next_overload) /* of a family, the member without parameters */
    if (m->proc->nparams == 0 && !m->proc->result && !m->proc->is_prototype) sym = m;
  S->entry = sym;
  Proc *p = sym->proc;
  if (p->nparams > 0 || p->result)
    SEMA_ERR(S, p->name.loc, "entry procedure '%s' must have no parameters and no result type", p->name.name);
}

/* E54: prototypes without a definition, and definitions that do not match their prototype. */
static void check_prototypes(Sema *S) {
  for (int i = 0; i < S->prog->decls.len; i++) {
    Decl *d = S->prog->decls.items[i];
    if (d->kind != D_PROC || !d->proc->is_prototype || d->proc->is_extern || !d->proc->sym) continue;
    Symbol *sym = d->proc->sym;
    if (sym->proc == d->proc && !scope_get(S->cimports, sym->name)) /* else E71 says it better */
      SEMA_ERR(S, d->proc->name.loc, "prototype '%s' has no procedure definition", d->proc->name.name);
    else if (sym->proto == d->proc)
      sema_check_prototype_match(S, sym);
  }
}

Sema *sema_check(Arena *a, Program *prog, const Source *src, Diags *diags, const SemaOptions *opts) {
  Sema *S = ARENA_NEW(a, Sema);
  S->arena = a;
  S->prog = prog;
  S->src = src;
  S->diags = diags;
  S->opts = opts;
  S->predef = scope_new(a, NULL);
  S->globals = scope_new(a, NULL);
  S->cimports = scope_new(a, NULL);
  S->elab_info = ARENA_NEW(a, ProcInfo);
  sema_types_init(S);
  sema_predefine(S);
  for (int i = 0; i < prog->decls.len; i++) {
    Decl *d = prog->decls.items[i];
    if (d->kind == D_EXTERN_HEADER) sema_import_header(S, d);
  }
  declare_globals(S);
  sema_pair_families(S);
  check_entry(S);
  for (int i = 0; i < prog->decls.len; i++) sema_check_decl(S, prog->decls.items[i]);
  check_prototypes(S);
  for (int i = 0; i < S->procs.len; i++) sema_check_proc(S, S->procs.items[i]);
  sema_check_cimport_clashes(S);
  sema_interprocedural(S);
  sema_borders_and_containment(S);
  return S;
}

void sema_release(Sema *S) {
  if (!S) return;
  for (int i = 0; i < S->headers.len; i++) cimport_free(S->headers.items[i]);
  S->headers.len = 0;
}
