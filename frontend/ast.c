/* ast.c - constructors for syntax tree nodes and the spellings of operators and types. */
#include "ast.h"
#include <string.h>

static const char *const scalar_names[SK_COUNT] = {
  "boolean", "char", "sbyte", "ubyte", "shortint", "ushortint", "integer", "uinteger",
  "longint", "ulongint", "float", "double", "quad", "string", "file", "timer",
};

const char *scalar_name(ScalarKind k) { return scalar_names[k]; }

const char *op_spelling(OpKind op) {
  static const char *const s[] = {"+", "-", "*", "/", "%", "^", "=", "!=", "<", "<=", ">", ">=",
                                  "&", "|", "-", "+", "!"};
  return s[op];
}

const char *reduce_spelling(RedOp op) {
  static const char *const s[] = {"+<<", "*<<", "&<<", "|<<", "max<<", "min<<", "band<<", "bor<<", "bxor<<"};
  return s[op];
}

const char *scan_spelling(RedOp op) {
  static const char *const s[] = {"+||", "*||", "&||", "|||", "max||", "min||", "band||", "bor||", "bxor||"};
  return s[op];
}

const char *assign_spelling(AssignOp op) {
  static const char *const s[] = {":=", "+=", "-=", "*=", "/=", "%=", "&=", "|="};
  return s[op];
}

Expr *ast_expr(Arena *a, ExprKind kind, Loc loc, int start, int end) {
  Expr *e = ARENA_NEW(a, Expr);
  e->kind = kind;
  e->loc = loc;
  e->oploc = loc;
  e->start = start;
  e->end = end;
  return e;
}

Stmt *ast_stmt(Arena *a, StmtKind kind, Loc loc) {
  Stmt *s = ARENA_NEW(a, Stmt);
  s->kind = kind;
  s->loc = loc;
  return s;
}

Decl *ast_decl(Arena *a, DeclKind kind, Loc loc) {
  Decl *d = ARENA_NEW(a, Decl);
  d->kind = kind;
  d->loc = loc;
  return d;
}

TypeSyn *ast_type(Arena *a, TypeSynKind kind, Loc loc, int start, int end) {
  TypeSyn *t = ARENA_NEW(a, TypeSyn);
  t->kind = kind;
  t->loc = loc;
  t->start = start;
  t->end = end;
  return t;
}

RegionSyn *ast_region(Arena *a, RegionSynKind kind, Loc loc, int start, int end) {
  RegionSyn *r = ARENA_NEW(a, RegionSyn);
  r->kind = kind;
  r->loc = loc;
  r->oploc = loc;
  r->start = start;
  r->end = end;
  return r;
}

void **ast_items(Arena *a, const PtrVec *v) {
  if (v->len == 0) return NULL;
  void **items = ARENA_ARRAY(a, void *, v->len);
  memcpy(items, v->items, sizeof(void *) * (size_t)v->len);
  return items;
}
