/* ast_dump.c - azc --emit=ast: a readable, stable dump of the checked program, one line per
 * declaration, statement and expression, with source line numbers, types, ranks, border widths
 * and the covering region of each statement. Deterministic: no addresses are printed. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include "ast_dump.h"
#include "sema_internal.h"

typedef struct Dump {
  FILE *out;
  Sema *S;               /* may be NULL: then types and source text are not available */
  const Source *src;
  const Bracket *bracket;  /* of the innermost enclosing region statement: the cover as written */
} Dump;

static void put_expr(Dump *D, const Expr *e);
static void dump_stmt(Dump *D, const Stmt *s, int depth);

/* Print source bytes [start, end) with each run of white space turned into one space. */
static bool put_src(Dump *D, int start, int end) {
  if (!D->src || start < 0 || end <= start || (size_t)end > D->src->len) return false;
  bool space = false;
  for (int i = start; i < end; i++) {
    unsigned char c = (unsigned char)D->src->text[i];
    if (isspace(c)) { space = true; continue; }
    if (space) fputc(' ', D->out);
    space = false;
    fputc(c, D->out);
  }
  return true;
}

/* Begin an output line: the source line number (blank if unknown) and the indentation. */
static void begin_line(Dump *D, int line, int depth) {
  if (line > 0) fprintf(D->out, "%5d  ", line);
  else fputs("       ", D->out);
  for (int i = 0; i < depth; i++) fputs("  ", D->out);
}

/* The section 14.2 spelling of a type ("?" when unknown). */
static const char *tname(Dump *D, const Type *t) {
  return D->S && t ? type_name(D->S, t) : "?";
}

/* Print a comma-separated list of expressions. */
static void put_exprs(Dump *D, Expr *const *es, int n) {
  for (int i = 0; i < n; i++) {
    if (i) fputs(", ", D->out);
    put_expr(D, es[i]);
  }
}

/* Print a bracket ([...] of a region, a partial reduction, flood or scan) as written. */
static void put_bracket(Dump *D, const Bracket *b) {
  if (!b || !put_src(D, b->loc.off, b->end)) fputs("[...]", D->out);
}

/* Print a direction as written: its name or [c1, c2, ...]. */
static void put_dir(Dump *D, const DirSyn *d) {
  if (!d) { fputc('?', D->out); return; }
  if (d->kind == DIR_NAME) { fputs(d->name.name ? d->name.name : "?", D->out); return; }
  if (d->kind == DIR_DESIG) { put_expr(D, d->desig); return; }
  fputc('[', D->out);
  put_exprs(D, d->comps, d->n);
  fputc(']', D->out);
}

/* Print one character of a string or character literal, escaped as in the source. */
static void put_char(Dump *D, unsigned char c, char quote) {
  switch (c) {
  case '\n': fputs("\\n", D->out); break;
  case '\t': fputs("\\t", D->out); break;
  case '\r': fputs("\\r", D->out); break;
  case '\\': fputs("\\\\", D->out); break;
  default:
    if (c == (unsigned char)quote) fprintf(D->out, "\\%c", quote);
    else if (c < 32 || c > 126) fprintf(D->out, "\\%03o", c);
    else fputc(c, D->out);
  }
}

/* Print a literal: numbers as spelled in the source, strings and characters from their value. */
static void put_literal(Dump *D, const Expr *e) {
  if (e->kind == EX_STRING) {
    fputc('"', D->out);
    for (int i = 0; e->str && i < e->slen; i++) put_char(D, (unsigned char)e->str[i], '"');
    fputc('"', D->out);
  } else if (e->kind == EX_CHAR) {
    fputc('\'', D->out);
    put_char(D, (unsigned char)e->ival, '\'');
    fputc('\'', D->out);
  } else if (!put_src(D, e->start, e->end)) {
    fprintf(D->out, "%.17g", e->kind == EX_INT ? (double)e->ival : e->fval);
  }
}

/* Print an operator applied to a bracket and an operand: (op[S] e). */
static void put_region_op(Dump *D, const char *op, const Expr *e, bool space) {
  fprintf(D->out, "(%s", op);
  if (e->region) { if (space) fputc(' ', D->out); put_bracket(D, e->region); }
  fputc(' ', D->out);
  put_expr(D, e->rhs);
  fputc(')', D->out);
}

/* A procedure named with the line of its declaration ("mm@12"): which member of its family. */
static void put_member(Dump *D, const Symbol *m, bool fn) {
  fprintf(D->out, "%s@%d%s", m->name, m->loc.line, fn ? " (function)" : "");
}

/* Print the procedures a user-defined reduction uses (section 15.5). */
static void put_ureduce(Dump *D, const UserReduce *u) {
  fputs("{identity ", D->out);
  put_member(D, u->identity, u->identity_fn);
  fputs(", accumulate ", D->out);
  put_member(D, u->accumulate, u->accumulate_fn);
  fputs(", combine ", D->out);
  put_member(D, u->combine, u->combine_fn);
  fprintf(D->out, ", state %s}", tname(D, u->state));
}

/* Print an expression in source-like syntax, every operation parenthesized. */
static void put_expr(Dump *D, const Expr *e) {
  if (!e) { fputc('?', D->out); return; }
  switch (e->kind) {
  case EX_INT: case EX_FLOAT: case EX_CHAR: case EX_STRING: put_literal(D, e); break;
  case EX_NAME: fputs(e->name.name ? e->name.name : "?", D->out); break;
  case EX_INDEX: put_expr(D, e->base); fputc('[', D->out); put_exprs(D, e->args, e->nargs); fputc(']', D->out); break;
  case EX_FIELD: put_expr(D, e->base); fprintf(D->out, ".%s", e->name.name ? e->name.name : "?"); break;
  case EX_CALL:
    if (e->sym && e->sym->kind == SYM_PROC && (e->sym->next_overload || e->sym->overload_index)) put_member(D, e->sym, false);
    else fputs(e->name.name ? e->name.name : "?", D->out);
    fputc('(', D->out);
    put_exprs(D, e->args, e->nargs);
    fputc(')', D->out);
    break;
  case EX_UNARY: fprintf(D->out, "(%s", op_spelling((OpKind)e->op)); put_expr(D, e->rhs); fputc(')', D->out); break;
  case EX_BINARY:
    fputc('(', D->out); put_expr(D, e->lhs); fprintf(D->out, " %s ", op_spelling((OpKind)e->op));
    put_expr(D, e->rhs); fputc(')', D->out);
    break;
  case EX_SHIFT: put_expr(D, e->base); fputs(e->wrap ? "@^" : "@", D->out); put_dir(D, e->dir); break;
  case EX_REDUCE:
    put_region_op(D, reduce_spelling((RedOp)e->op), e, true);
    if (e->over_processes) fputs("{over processes}", D->out);
    break;
  case EX_SCAN: put_region_op(D, scan_spelling((RedOp)e->op), e, false); break;
  case EX_FLOOD: put_region_op(D, ">>", e, false); break;
  case EX_UREDUCE:
    fprintf(D->out, "(%s<< ", e->name.name ? e->name.name : "?");
    if (e->nargs > 1) fputc('(', D->out);
    put_exprs(D, e->args, e->nargs);
    fputs(e->nargs > 1 ? "))" : ")", D->out);
    if (e->ureduce) put_ureduce(D, e->ureduce);
    break;
  case EX_REGIONVAL: if (!e->rsyn || !put_src(D, e->rsyn->start, e->rsyn->end)) fputs("[...]", D->out); break;
  case EX_UNSUPPORTED: fputs("<unsupported>", D->out); break;
  }
}

/* Print an expression followed by its type, and its rank when the type does not show it. */
static void put_typed(Dump *D, const Expr *e) {
  put_expr(D, e);
  if (!e || !e->type) return;
  fputs(" : ", D->out);
  if (e->parallel && e->rank > 0 && e->type->kind != TY_PARALLEL) {  /* [,] T, as in section 14.2 */
    fputc('[', D->out);
    for (int i = 1; i < e->rank; i++) fputc(',', D->out);
    fputs("] ", D->out);
  }
  fputs(tname(D, e->type), D->out);
}

/* One line "LABEL EXPR : TYPE" at the expression's line. */
static void expr_line(Dump *D, const char *label, const Expr *e, int depth) {
  begin_line(D, e ? e->loc.line : 0, depth);
  fprintf(D->out, "%s ", label);
  put_typed(D, e);
  fputc('\n', D->out);
}

/* Whether every dimension of a region has known bounds. */
static bool region_all_known(const Region *r) {
  for (int i = 0; i < r->rank && i < MAX_RANK; i++)
    if (r->dims[i].kind == DK_BLANK || ((r->dims[i].kind == DK_RANGE || r->dims[i].kind == DK_SINGLE) && !r->dims[i].known))
      return false;
  return r->rank > 0;
}

/* Print one dimension of a region with known bounds. */
static void put_rdim(Dump *D, const RDim *d) {
  if (d->kind == DK_STAR) fputc('*', D->out);
  else if (d->kind == DK_SINGLE || d->lo == d->hi) fprintf(D->out, "%" PRId64, d->lo);
  else fprintf(D->out, "%" PRId64 "..%" PRId64, d->lo, d->hi);
  if (d->stride != 1 && d->stride != 0) fprintf(D->out, " by %" PRId64, d->stride);
}

/* Print a region's source text: its syntax, or the bracket of the region statement that made it
   (a covering region always comes from the innermost enclosing region statement). */
static bool put_region_src(Dump *D, const Region *r) {
  if (r->syn) return put_src(D, r->syn->start, r->syn->end);
  if (r->desig) {
    fputc('[', D->out);
    put_expr(D, r->desig);
    fputc(']', D->out);
    return true;
  }
  if (D->bracket) put_bracket(D, D->bracket);
  return D->bracket != NULL;
}

/* Print a region: its name (then its bounds when known), else its bounds, else its text. */
static void put_region(Dump *D, const Region *r) {
  if (!r) { fputs("(none)", D->out); return; }
  if (r->error) { fputs("(error)", D->out); return; }
  bool known = region_all_known(r);
  if (r->named && r->named->name && !r->masked) {
    fputs(r->named->name, D->out);
    if (!known) return;
    fputc(' ', D->out);
  }
  if (known) {
    fputc('[', D->out);
    for (int i = 0; i < r->rank && i < MAX_RANK; i++) {
      if (i) fputs(", ", D->out);
      put_rdim(D, &r->dims[i]);
    }
    fputc(']', D->out);
    if (r->masked && r->mask) {
      fputs(r->syn && r->syn->kind == RX_WITHOUT ? " without " : " with ", D->out);
      put_expr(D, r->mask);
    }
  } else if (!put_region_src(D, r)) {
    fprintf(D->out, "(rank %d)", r->rank);
  }
}

/* Print the long form of a declared type: parallel arrays with their region, array bounds. */
static void put_type(Dump *D, const Type *t, const TypeSyn *ts) {
  if (!t) {
    if (!ts || !put_src(D, ts->start, ts->end)) fputc('?', D->out);
    return;
  }
  if (t->kind == TY_PARALLEL) {
    if (!t->region_name && !t->region) { fputs(tname(D, t), D->out); return; }  /* blank: [,] T */
    if (t->region_name && t->region_name->name) fprintf(D->out, "[%s] ", t->region_name->name);
    else if (!region_all_known(t->region) && ts && ts->kind == TS_PARALLEL) { put_bracket(D, ts->region); fputc(' ', D->out); }
    else { put_region(D, t->region); fputc(' ', D->out); }
    put_type(D, t->elem, NULL);
    return;
  }
  if (t->kind == TY_ARRAY) {
    fputs("array [", D->out);
    for (int i = 0; i < t->ndims; i++) {
      const ArrayDim *a = &t->dims[i];
      if (i) fputs(", ", D->out);
      if (a->known) fprintf(D->out, "%" PRId64 "..%" PRId64, a->lo_val, a->hi_val);
      else { put_expr(D, a->lo); fputs("..", D->out); put_expr(D, a->hi); }
    }
    fputs("] of ", D->out);
    put_type(D, t->elem, ts && ts->kind == TS_ARRAY ? ts->elem : NULL);
    return;
  }
  fputs(tname(D, t), D->out);
}

/* Print the structure of a declared enumeration or record type. */
static void put_type_body(Dump *D, const Type *t) {
  if (t && t->kind == TY_ENUM) {
    fputs("  (", D->out);
    for (int i = 0; i < t->nenums; i++) {
      const Symbol *s = t->enumerators[i];
      fprintf(D->out, "%s%s", i ? ", " : "", s ? s->name : "?");
      if (s && s->const_known) fprintf(D->out, " = %" PRId64, s->const_val);
    }
    fputc(')', D->out);
  } else if (t && t->kind == TY_RECORD) {
    fputs("  (", D->out);
    for (int i = 0; i < t->nfields; i++) {
      fprintf(D->out, "%s%s : ", i ? "; " : "", t->fields[i].name ? t->fields[i].name : "?");
      put_type(D, t->fields[i].type, NULL);
    }
    fputc(')', D->out);
  }
}

/* Print the border widths of a parallel array variable (or of an indexed array of them). */
static void put_border(Dump *D, const Symbol *s) {
  const Type *t = sema_parallel_type(s);
  int rank = t ? t->rank : 0;
  if (rank <= 0 || rank > MAX_RANK) return;
  for (int side = 0; side < 2; side++) {
    const int *w = side ? s->border_hi : s->border_lo;
    fprintf(D->out, side ? " hi (" : "  border lo (");
    for (int i = 0; i < rank; i++) fprintf(D->out, "%s%d", i ? "," : "", w[i]);
    fputc(')', D->out);
  }
}

/* Print an initializer: an expression with its type, or a brace list. */
static void put_init(Dump *D, const InitSyn *in, bool typed) {
  if (!in) return;
  if (in->expr) { if (typed) put_typed(D, in->expr); else put_expr(D, in->expr); return; }
  fputc('{', D->out);
  for (int i = 0; i < in->nitems; i++) {
    if (i) fputs(", ", D->out);
    put_init(D, in->items[i], false);
  }
  fputc('}', D->out);
}

/* The keyword(s) that introduce a declaration item. */
static const char *decl_keyword(DeclKind k) {
  static const char *const words[] = {"var", "config var", "config const", "const", "type", "region",
                                      "direction", "procedure", "extern var", "extern const"};
  return (unsigned)k < sizeof words / sizeof *words ? words[k] : "declaration";
}

/* Print the value part of a region, direction or type declaration for its I-th name. */
static void put_decl_value(Dump *D, const Decl *d, const Symbol *s) {
  if (d->kind == D_REGION) {
    fputs(" = ", D->out);
    if (!d->region || !put_src(D, d->region->start, d->region->end)) fputc('?', D->out);
    if (s && s->region) {
      fprintf(D->out, "  rank %d", s->region->rank);
      if (region_all_known(s->region)) { fputs("  = ", D->out); put_region(D, s->region); }
    }
  } else if (d->kind == D_DIRECTION) {
    fputs(" = ", D->out);
    if (s && s->dir_known) {
      fputc('[', D->out);
      for (int k = 0; k < s->dir_rank && k < MAX_RANK; k++) fprintf(D->out, "%s%" PRId64, k ? ", " : "", s->dir[k]);
      fputc(']', D->out);
    } else {
      put_dir(D, d->dir);
    }
  } else if (d->kind == D_TYPE) {
    const Type *t = s ? s->type : NULL;
    fputs(" = ", D->out);
    if (t && (t->kind == TY_ENUM || t->kind == TY_RECORD)) fputs(t->kind == TY_ENUM ? "enumeration" : "record", D->out);
    else put_type(D, t, d->type);
    put_type_body(D, t);
  }
}

/* Dump one declaration item other than a procedure: one line per declared name. */
static void dump_item(Dump *D, const Decl *d, int depth) {
  for (int i = 0; i < d->nnames; i++) {
    const Symbol *s = d->syms ? d->syms[i] : NULL;
    begin_line(D, d->names[i].loc.line, depth);
    fprintf(D->out, "%s%s %s", d->is_free ? "free " : "", decl_keyword(d->kind), d->names[i].name ? d->names[i].name : "?");
    if (d->kind == D_REGION || d->kind == D_DIRECTION || d->kind == D_TYPE) {
      put_decl_value(D, d, s);
    } else {
      fputs(" : ", D->out);
      put_type(D, s ? s->type : NULL, d->type);
      if (d->init) { fputs(" = ", D->out); put_init(D, d->init, true); }
      if (s && s->const_known && d->kind != D_VAR && d->kind != D_CONFIG_VAR)
        fprintf(D->out, "  value %" PRId64, s->const_val);
      if (s && s->dir_known && s->type && s->type->kind == TY_DIRECTION) {
        fputs("  value [", D->out);
        for (int k = 0; k < s->dir_rank && k < MAX_RANK; k++) fprintf(D->out, "%s%" PRId64, k ? ", " : "", s->dir[k]);
        fputc(']', D->out);
      }
      if (s && s->r16) fputs("  check R16", D->out); /* the generated program checks the signs */
      if (s) put_border(D, s);
    }
    fputc('\n', D->out);
  }
}

/* Print a procedure's heading: kind, name, parameters and result. */
static void put_proc_head(Dump *D, const Proc *p) {
  static const char *const modes[] = {"", "const ", "in ", "out ", "inout ", "var "};
  const Symbol *sym = p->sym;
  fprintf(D->out, "%s %s(", p->is_extern ? "extern prototype" : p->is_prototype ? "prototype" : "procedure",
          p->name.name ? p->name.name : "?");
  for (int i = 0; i < p->nparams; i++) {
    const Param *pa = &p->params[i];
    fprintf(D->out, "%s%s%s : ", i ? "; " : "", (unsigned)pa->mode < 6 ? modes[pa->mode] : "", pa->name.name ? pa->name.name : "?");
    const Type *t = pa->sym ? pa->sym->type : sym && sym->sig_done && i < sym->nparams && sym->ptypes ? sym->ptypes[i] : NULL;
    put_type(D, t, pa->type);
  }
  fputc(')', D->out);
  if (sym && sym->sig_done && sym->result) fprintf(D->out, " : %s", tname(D, sym->result));
  else if (p->result) { fputs(" : ", D->out); put_type(D, NULL, p->result); }
  if (D->S && sym && D->S->entry == sym) fputs("  entry", D->out);
  if (sym && (sym->next_overload || sym->overload_index)) fprintf(D->out, "  overload %d", sym->overload_index);
  if (sym && sym->info && sym->info->needs_rank > 0) fprintf(D->out, "  needs covering rank %d", sym->info->needs_rank);
}

/* Dump a procedure: heading, locals and body. */
static void dump_proc(Dump *D, const Proc *p, int depth) {
  begin_line(D, p->name.loc.line, depth);
  put_proc_head(D, p);
  fputc('\n', D->out);
  for (int i = 0; i < p->nlocals; i++)
    if (p->locals[i]) dump_item(D, p->locals[i], depth + 1);
  D->bracket = NULL;
  if (p->body) dump_stmt(D, p->body, depth + 1);
}

/* Dump one program-level declaration. */
static void dump_decl(Dump *D, const Decl *d, int depth) {
  if (!d) return;
  if (d->kind == D_PROC && d->proc) {
    dump_proc(D, d->proc, depth);
  } else if (d->kind == D_EXTERN_HEADER) {
    begin_line(D, d->header_loc.line, depth);
    fprintf(D->out, "extern \"%s\"\n", d->header ? d->header : "?");
  } else {
    dump_item(D, d, depth);
  }
}

/* Dump a statement list. */
static void dump_list(Dump *D, const StmtList *l, int depth) {
  for (int i = 0; i < l->n; i++) dump_stmt(D, l->items[i], depth);
}

/* The word that names a statement kind. */
static const char *stmt_word(const Stmt *s) {
  static const char *const words[] = {"empty", "assign", "call", "begin", "region", "if", "while", "repeat",
                                      "for", "exit", "continue", "return", "halt", "write", "read", "wrap"};
  if (s->kind == ST_WRITE && s->newline) return "writeln";
  if (s->kind == ST_WRAP && s->reflect) return "reflect";
  return (unsigned)s->kind < sizeof words / sizeof *words ? words[s->kind] : "unsupported";
}

/* Print a statement's annotations: rank and covering region. */
static void put_stmt_notes(Dump *D, const Stmt *s) {
  if (s->rank > 0) fprintf(D->out, "  rank %d", s->rank);
  if (s->inherits) fputs("  cover (inherited)", D->out);
  else if (s->cover) { fputs("  cover ", D->out); put_region(D, s->cover); }
}

/* Dump the children of a write, read or halt statement. */
static void dump_io(Dump *D, const Stmt *s, int depth) {
  for (int i = 0; i < s->nitems; i++) {
    const IoItem *it = &s->items[i];
    begin_line(D, it->value ? it->value->loc.line : it->format ? it->format->loc.line : 0, depth);
    fputs("item ", D->out);
    put_typed(D, it->value);
    if (it->format) { fputs("  format ", D->out); put_expr(D, it->format); }
    fputc('\n', D->out);
  }
}

/* Dump the arms of an if statement. */
static void dump_if(Dump *D, const Stmt *s, int depth) {
  for (int i = 0; i < s->narms; i++) {
    expr_line(D, i ? "elsif" : "cond", s->conds ? s->conds[i] : NULL, depth);
    if (s->arms) dump_list(D, &s->arms[i], depth + 1);
  }
  if (s->has_else) {
    begin_line(D, s->else_loc.line, depth);
    fputs("else\n", D->out);
    dump_list(D, &s->else_body, depth + 1);
  }
}

/* Dump the header children and body of a for loop. */
static void dump_for(Dump *D, const Stmt *s, int depth) {
  expr_line(D, "from", s->from, depth);
  expr_line(D, s->downto ? "downto" : "to", s->to, depth);
  if (s->step) expr_line(D, "by", s->step, depth);
  dump_list(D, &s->body, depth);
}

/* Dump the statement a region statement governs, remembering its bracket for the cover lines. */
static void dump_region_stmt(Dump *D, const Stmt *s, int depth) {
  const Bracket *saved = D->bracket;
  D->bracket = s->region;
  dump_stmt(D, s->inner, depth);
  D->bracket = saved;
}

/* Dump what a statement contains, one level deeper than the statement. */
static void dump_children(Dump *D, const Stmt *s, int depth) {
  switch (s->kind) {
  case ST_ASSIGN: expr_line(D, "target", s->lhs, depth); expr_line(D, "value", s->rhs, depth); break;
  case ST_RETURN: if (s->value) expr_line(D, "value", s->value, depth); break;
  case ST_HALT: case ST_WRITE: case ST_READ: dump_io(D, s, depth); break;
  case ST_WRAP: for (int i = 0; i < s->noperands; i++) expr_line(D, "operand", s->operands[i], depth); break;
  case ST_BLOCK: dump_list(D, &s->body, depth); break;
  case ST_REGION: dump_region_stmt(D, s, depth); break;
  case ST_IF: dump_if(D, s, depth); break;
  case ST_WHILE: expr_line(D, "cond", s->conds ? s->conds[0] : NULL, depth); dump_list(D, &s->body, depth); break;
  case ST_REPEAT: dump_list(D, &s->body, depth); expr_line(D, "until", s->conds ? s->conds[0] : NULL, depth); break;
  case ST_FOR: dump_for(D, s, depth); break;
  default: break;
  }
}

/* Dump a statement: one line for it, then its children. */
static void dump_stmt(Dump *D, const Stmt *s, int depth) {
  if (!s) return;
  begin_line(D, s->loc.line, depth);
  fputs(stmt_word(s), D->out);
  if (s->kind == ST_ASSIGN) fprintf(D->out, " %s", assign_spelling((AssignOp)s->op));
  if (s->kind == ST_CALL) { fputc(' ', D->out); put_expr(D, s->rhs); }
  if (s->kind == ST_FOR) fprintf(D->out, " %s", s->var.name ? s->var.name : "?");
  if (s->kind == ST_REGION) { fputc(' ', D->out); put_bracket(D, s->region); }
  if (s->kind == ST_UNSUPPORTED && s->unsupported) fprintf(D->out, " (%s)", s->unsupported);
  if (s->kind != ST_BLOCK && s->kind != ST_REGION) put_stmt_notes(D, s);
  fputc('\n', D->out);
  dump_children(D, s, depth + 1);
}

/* Print the checked program (see ast_dump.h). */
void ast_dump(FILE *out, const Program *prog, const Sema *sema) {
  if (!prog) return;
  Dump D = {.out = out, .S = (Sema *)sema, .src = sema ? sema->src : NULL};
  begin_line(&D, prog->name.loc.line, 0);
  fprintf(out, "program %s\n", prog->name.name ? prog->name.name : "?");
  for (int i = 0; i < prog->decls.len; i++) dump_decl(&D, prog->decls.items[i], 1);
}
