/* sema_cimport.c - semantic side of extern "HEADER" (section 3.12): importing a header's
 * functions as callable procedures (E68), refusing calls to functions that cannot be
 * imported (E69), checking extern prototypes against the C declarations (E70) and
 * program procedures that reuse a C name (E71). */
#include <string.h>
#include "sema_internal.h"

/* The scalar kind a mappable C type stands for (false for void and unmappable types). */
static bool ctype_scalar(CImportType t, ScalarKind *out) {
  static const ScalarKind map[] = {
    [CT_BOOL] = SK_BOOLEAN, [CT_CHAR] = SK_CHAR, [CT_SCHAR] = SK_SBYTE, [CT_UCHAR] = SK_UBYTE,
    [CT_SHORT] = SK_SHORTINT, [CT_USHORT] = SK_USHORTINT, [CT_INT] = SK_INTEGER,
    [CT_UINT] = SK_UINTEGER, [CT_LONG] = SK_LONGINT, [CT_ULONG] = SK_ULONGINT,
    [CT_FLOAT] = SK_FLOAT, [CT_DOUBLE] = SK_DOUBLE, [CT_LONGDOUBLE] = SK_QUAD,
  };
  if (t == CT_VOID || t == CT_OTHER || (int)t < 0 || t > CT_LONGDOUBLE) return false;
  *out = map[t];
  return true;
}

/* The C spelling of a type for a message ("?" if libclang gave none). */
static const char *cspell(const CImportParam *p) {
  return p->spelling && p->spelling[0] ? p->spelling : "?";
}

/* Report E68 for a header that could not be imported. */
static void report_header_failure(Sema *S, Decl *d, const CImportResult *r) {
  S->headers_failed = true;
  if (r->status == CIMPORT_NOT_FOUND) {
    SEMA_ERR(S, d->header_loc, "C header '%s' not found", d->header);
    return;
  }
  if (r->status == CIMPORT_NOT_REGULAR || r->status == CIMPORT_TOO_LARGE) {
    const char *where = strcmp(r->path, d->header) ? arena_printf(S->arena, " (found as '%s')", r->path) : "";
    if (r->status == CIMPORT_NOT_REGULAR)
      SEMA_ERR(S, d->header_loc, "C header '%s' is not a regular file%s", d->header, where);
    else
      SEMA_ERR(S, d->header_loc, "C header '%s' is larger than %ld MB%s", d->header, CIMPORT_MAX_HEADER >> 20, where);
    return;
  }
  Diag *g = SEMA_ERR(S, d->header_loc, "cannot parse C header '%s'", d->header);
  if (g)
    g->note = arena_printf(S->arena, "%s:%d:%d: note: %s", r->diag_file ? r->diag_file : d->header,
                           r->diag_line, r->diag_col, r->diag_message ? r->diag_message : "error");
}

/* Fill the resolved signature of an importable C function's symbol. */
static void fill_signature(Sema *S, Symbol *sym, const CImportFunc *f) {
  ScalarKind k;
  sym->sig_done = true;
  sym->nparams = f->nparams;
  sym->ptypes = ARENA_ARRAY(S->arena, Type *, f->nparams);
  sym->pmodes = ARENA_ARRAY(S->arena, ParamMode, f->nparams);
  sym->pnames = ARENA_ARRAY(S->arena, const char *, f->nparams);
  for (int i = 0; i < f->nparams; i++) {
    sym->ptypes[i] = ctype_scalar(f->params[i].type, &k) ? type_scalar(S, k) : S->t_error;
    sym->pmodes[i] = f->params[i].by_pointer ? PM_INOUT : PM_DEFAULT;
    sym->pnames[i] = arena_printf(S->arena, "p%d", i + 1);
  }
  sym->result = ctype_scalar(f->result.type, &k) ? type_scalar(S, k) : NULL;
  sym->type = sym->result;
}

/* Make the symbol of one imported function and put it into S->cimports. */
static void import_function(Sema *S, const CImportFunc *f, const char *header) {
  Loc nowhere = {0, 0, -1};
  const char *name = arena_strdup(S->arena, f->name);
  Symbol *sym = sema_new_symbol(S, SYM_PROC, name, nowhere);
  sym->cfunc = f;
  sym->cheader = header;
  sym->global = true;
  sym->resolve_state = 2;
  if (f->bad_param == 0) fill_signature(S, sym, f);
  ProcInfo *info = ARENA_NEW(S->arena, ProcInfo);
  info->sym = sym;
  sym->info = info;
  scope_put(S->arena, S->cimports, name, sym);
}

/* True if name can be written between the quotes of a C #include line as it is (the generated C
 * includes the header by that name): no quote, backslash or control character. */
static bool header_name_writable(const char *name) {
  for (const unsigned char *p = (const unsigned char *)name; *p; p++)
    if (*p == '"' || *p == '\\' || *p < 0x20 || *p == 0x7f) return false;
  return true;
}

/* extern "HEADER": import the header's functions, or report E68. */
void sema_import_header(Sema *S, Decl *d) {
  if (!d || !d->header) return;
  if (!header_name_writable(d->header)) {
    S->headers_failed = true;
    SEMA_ERR(S, d->header_loc, "C header name contains a quote, a backslash or a control character, which an #include line cannot hold");
    return;
  }
  CImportResult *r = ARENA_NEW(S->arena, CImportResult);
  *r = cimport_header(d->header, S->opts->source_dir, S->opts->include_dirs, S->opts->ninclude);
  if (r->status != CIMPORT_OK) {
    report_header_failure(S, d, r);
    cimport_free(r);
    return;
  }
  vec_push(S->arena, &S->headers, r);
  for (int i = 0; i < r->nfuncs; i++) {
    const CImportFunc *f = &r->funcs[i];
    if (f->name && f->name[0] && !scope_get(S->cimports, f->name)) import_function(S, f, d->header);
  }
}

/* E69 for a call to an imported function that cannot be imported; false if reported. */
bool sema_cfunc_callable(Sema *S, Symbol *sym, Loc at) {
  const CImportFunc *f = sym ? sym->cfunc : NULL;
  if (!f || f->bad_param == 0) return true;
  if (f->bad_param > 0 && f->bad_param <= f->nparams)
    SEMA_ERR(S, at, "'%s' cannot be called: parameter %d has C type '%s'", sym->name, f->bad_param,
             cspell(&f->params[f->bad_param - 1]));
  else if (f->bad_param == -1)
    SEMA_ERR(S, at, "'%s' cannot be called: its result has C type '%s'", sym->name, cspell(&f->result));
  else
    SEMA_ERR(S, at, "'%s' cannot be called: it takes a variable number of arguments", sym->name);
  return false;
}

/* The first C declaration of NAME in the imported headers (NULL if none). */
static const CImportFunc *find_cfunc(Sema *S, const char *name) {
  for (int i = 0; i < S->headers.len; i++) {
    const CImportFunc *f = cimport_find((const CImportResult *)S->headers.items[i], name);
    if (f) return f;
  }
  return NULL;
}

/* Whether a parameter mode passes by pointer in C (out, inout, var). */
static bool mode_by_pointer(ParamMode m) {
  return m == PM_OUT || m == PM_INOUT || m == PM_VAR;
}

/* Whether a resolved type is exactly the scalar a C type maps to. */
static bool type_matches_c(const Type *t, CImportType ct) {
  ScalarKind k;
  if (!ctype_scalar(ct, &k)) return false;
  return t && t->kind == TY_SCALAR && t->scalar == k;
}

/* Whether parameter I of an extern prototype matches C parameter P. */
static bool param_matches(const Symbol *sym, int i, const CImportParam *p) {
  if (mode_by_pointer(sym->pmodes ? sym->pmodes[i] : PM_DEFAULT) != p->by_pointer) return false;
  return type_matches_c(sym->ptypes[i], p->type);
}

/* Whether the result of an extern prototype matches the C result R. */
static bool result_matches(const Symbol *sym, const CImportParam *r) {
  if (r->type == CT_VOID) return sym->result == NULL;
  if (!sym->result) return false;
  return type_matches_c(sym->result, r->type);
}

/* Whether a resolved signature type is one an extern declaration allows (else the core reported it). */
static bool extern_type_ok(const Type *t) {
  return t && t->kind == TY_SCALAR && t->scalar != SK_STRING && t->scalar != SK_FILE;
}

/* Whether every type of an extern prototype's signature is allowed, so that comparing it makes sense. */
static bool signature_ok(const Symbol *sym) {
  for (int i = 0; i < sym->nparams; i++)
    if (!sym->ptypes || !extern_type_ok(sym->ptypes[i])) return false;
  return !sym->result || extern_type_ok(sym->result);
}

/* E70: an extern prototype whose signature differs from the header's declaration. */
void sema_check_extern_prototype(Sema *S, Symbol *sym) {
  if (!sym || !sym->proc || sym->error || S->headers.len == 0) return;
  const CImportFunc *f = find_cfunc(S, sym->name);
  if (!f) return;
  if (!sym->sig_done) sema_proc_signature(S, sym);
  if (sym->error || !signature_ok(sym)) return;
  const char *where = arena_printf(S->arena, "'%s' does not match its C declaration at %s:%d:%d", sym->name,
                                   f->file ? f->file : "?", f->line, f->col);
  Loc at = sym->proc->name.loc;
  if (f->has_prototype && f->nparams != sym->nparams) {
    SEMA_ERR(S, at, "%s: the C function has %d parameters", where, f->nparams);
    return;
  }
  for (int i = 0; i < f->nparams && i < sym->nparams; i++) {
    if (!param_matches(sym, i, &f->params[i])) {
      SEMA_ERR(S, at, "%s: parameter %d has C type '%s'", where, i + 1, cspell(&f->params[i]));
      return;
    }
  }
  if (!result_matches(sym, &f->result))
    SEMA_ERR(S, at, "%s: the result has C type '%s'", where, cspell(&f->result));
}

/* Whether an earlier declaration in DECLS (before index END) is a procedure named NAME. */
static bool declared_before(const Program *prog, int end, const char *name) {
  for (int i = 0; i < end; i++) {
    const Decl *d = prog->decls.items[i];
    if (d->kind == D_PROC && d->proc && !d->proc->is_extern && d->proc->name.name &&
        strcmp(d->proc->name.name, name) == 0)
      return true;
  }
  return false;
}

/* E71 for one program procedure or prototype declared at index I of the program. */
static void check_clash(Sema *S, int i) {
  const Decl *d = S->prog->decls.items[i];
  if (d->kind != D_PROC || !d->proc || d->proc->is_extern) return;
  const char *name = d->proc->name.name;
  if (!name || (S->predef && scope_get(S->predef, name))) return;
  Symbol *c = scope_get(S->cimports, name);
  if (!c || declared_before(S->prog, i, name)) return;
  SEMA_ERR(S, d->proc->name.loc, "procedure '%s' is already declared in C header '%s'", name, c->cheader);
}

/* E71: program procedures (and plain prototypes) named like an imported C function;
   reported once per name, at its first declaration. */
void sema_check_cimport_clashes(Sema *S) {
  if (!S->cimports || S->headers.len == 0 || !S->prog) return;
  for (int i = 0; i < S->prog->decls.len; i++) check_clash(S, i);
}
