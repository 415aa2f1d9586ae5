/* parse_build.c - tree construction for the grammar's actions (one small function per construct). */
#include <string.h>
#include "parse_internal.h"
#include "parser.h"

Loc tok_loc(Token t) {
  Loc l = {t.line, t.col, t.off};
  return l;
}

int tok_end(Token t) { return t.off + t.len; }

Ident tok_ident(ParseCtx *ctx, Token t) {
  Ident id = {arena_strndup(ctx->arena, ctx->src->text + t.off, (size_t)t.len), tok_loc(t)};
  return id;
}

Ident *build_ident_box(ParseCtx *ctx, Token t) {
  Ident *id = ARENA_NEW(ctx->arena, Ident);
  *id = tok_ident(ctx, t);
  return id;
}

/* An expression made of a single token. */
static Expr *token_expr(ParseCtx *ctx, ExprKind kind, Token t) {
  return ast_expr(ctx->arena, kind, tok_loc(t), t.off, tok_end(t));
}

Expr *build_literal(ParseCtx *ctx, Token t) {
  Expr *e;
  switch (t.kind) {
  case TK_INTLIT:
    e = token_expr(ctx, EX_INT, t);
    e->ival = t.ival;
    e->is_long = t.is_long;
    return e;
  case TK_FLOATLIT:
    e = token_expr(ctx, EX_FLOAT, t);
    e->fval = t.fval;
    return e;
  default:
    e = token_expr(ctx, EX_CHAR, t);
    e->ival = t.ival;
    return e;
  }
}

Expr *build_string(ParseCtx *ctx, Expr *prev, Token t) {
  if (!prev) {
    Expr *e = token_expr(ctx, EX_STRING, t);
    e->str = t.str;
    e->slen = t.slen;
    return e;
  }
  char *s = arena_alloc(ctx->arena, (size_t)(prev->slen + t.slen) + 1);
  memcpy(s, prev->str, (size_t)prev->slen);
  memcpy(s + prev->slen, t.str, (size_t)t.slen);
  prev->str = s;
  prev->slen += t.slen;
  prev->end = tok_end(t);
  return prev;
}

Expr *build_name(ParseCtx *ctx, Token t) {
  Expr *e = token_expr(ctx, EX_NAME, t);
  e->name = tok_ident(ctx, t);
  return e;
}

Expr *build_index(ParseCtx *ctx, Expr *base, PtrVec *args, Token rbracket) {
  Expr *e = ast_expr(ctx->arena, EX_INDEX, base->loc, base->start, tok_end(rbracket));
  e->base = base;
  if (args) {
    e->args = (Expr **)ast_items(ctx->arena, args);
    e->nargs = args->len;
  }
  return e;
}

Expr *build_field(ParseCtx *ctx, Expr *base, Token field) {
  Expr *e = ast_expr(ctx->arena, EX_FIELD, base->loc, base->start, tok_end(field));
  e->base = base;
  e->name = tok_ident(ctx, field);
  return e;
}

Expr *build_call(ParseCtx *ctx, Token name, PtrVec *args, Token rparen) {
  Expr *e = ast_expr(ctx->arena, EX_CALL, tok_loc(name), name.off, tok_end(rparen));
  e->name = tok_ident(ctx, name);
  if (args) {
    e->args = (Expr **)ast_items(ctx->arena, args);
    e->nargs = args->len;
  }
  return e;
}

Expr *build_unary(ParseCtx *ctx, Token op, int opkind, Expr *operand) {
  Expr *e = ast_expr(ctx->arena, EX_UNARY, tok_loc(op), op.off, operand->end);
  e->op = opkind;
  e->rhs = operand;
  return e;
}

Expr *build_binary(ParseCtx *ctx, Expr *l, Token op, int opkind, Expr *r) {
  Expr *e = ast_expr(ctx->arena, EX_BINARY, l->loc, l->start, r->end);
  e->oploc = tok_loc(op);
  e->op = opkind;
  e->lhs = l;
  e->rhs = r;
  return e;
}

Expr *build_shift(ParseCtx *ctx, Expr *base, Token op, DirSyn *dir) {
  Expr *e = ast_expr(ctx->arena, EX_SHIFT, base->loc, base->start, dir->end);
  e->oploc = tok_loc(op);
  e->base = base;
  e->dir = dir;
  e->wrap = op.kind == TK_ATCARET;
  return e;
}

Expr *build_reduce(ParseCtx *ctx, Token op, Bracket *region, Expr *operand) {
  Expr *e = ast_expr(ctx->arena, EX_REDUCE, tok_loc(op), op.off, operand->end);
  e->op = (int)op.ival;
  e->region = region;
  e->rhs = operand;
  return e;
}

Expr *build_scan(ParseCtx *ctx, Token op, Bracket *dims, Expr *operand) {
  Expr *e = ast_expr(ctx->arena, EX_SCAN, tok_loc(op), op.off, operand->end);
  e->op = (int)op.ival;
  e->region = dims;
  e->rhs = operand;
  return e;
}

Expr *build_flood(ParseCtx *ctx, Token op, Bracket *region, Expr *operand) {
  Expr *e = ast_expr(ctx->arena, EX_FLOOD, tok_loc(op), op.off, operand->end);
  e->region = region;
  e->rhs = operand;
  return e;
}

Expr *build_unsupported_expr(ParseCtx *ctx, Token at, const char *msg, Expr *inner, int end) {
  int start = inner && inner->start < at.off ? inner->start : at.off;
  Expr *e = ast_expr(ctx->arena, EX_UNSUPPORTED, tok_loc(at), start, end);
  if (inner && inner->start < at.off) e->loc = inner->loc;
  e->oploc = tok_loc(at);
  e->unsupported = msg;
  e->inner = inner;
  return e;
}

Tuple build_tuple(ParseCtx *ctx, Expr *first, PtrVec *rest, Token rparen) {
  Tuple t = {ARENA_ARRAY(ctx->arena, Expr *, rest->len + 1), rest->len + 1, tok_end(rparen)};
  t.items[0] = first;
  for (int i = 0; i < rest->len; i++) t.items[i + 1] = rest->items[i];
  return t;
}

Expr *build_user_reduce(ParseCtx *ctx, Token op, Expr *operand, Tuple *tuple, int end) {
  Expr *e = ast_expr(ctx->arena, EX_UREDUCE, tok_loc(op), op.off, end);
  Token name = op;
  name.len -= 2; /* the identifier without its "<<" */
  e->name = tok_ident(ctx, name);
  if (tuple) {
    e->args = tuple->items;
    e->nargs = tuple->n;
  } else {
    e->args = ARENA_ARRAY(ctx->arena, Expr *, 1);
    e->args[0] = operand;
    e->nargs = 1;
  }
  return e;
}

Expr *build_parens(ParseCtx *ctx, Token lp, Expr *e, Token rp) {
  (void)ctx;
  e->parens = true;
  e->start = lp.off;
  e->end = tok_end(rp);
  e->loc = tok_loc(lp);
  return e;
}

Bracket *build_bracket(ParseCtx *ctx, Token lb, PtrVec *items, Token rb) {
  Bracket *b = ARENA_NEW(ctx->arena, Bracket);
  b->loc = tok_loc(lb);
  b->end = tok_end(rb);
  b->n = items->len;
  b->items = ARENA_ARRAY(ctx->arena, BracketItem, items->len);
  for (int i = 0; i < items->len; i++) {
    b->items[i] = *(BracketItem *)items->items[i];
    if (b->items[i].kind == BI_BLANK) b->items[i].loc = b->loc;
  }
  return b;
}

BracketItem *build_bitem(ParseCtx *ctx, BracketItemKind kind, Loc loc, Expr *lo, Expr *hi, RegionSyn *r) {
  BracketItem *it = ARENA_NEW(ctx->arena, BracketItem);
  it->kind = kind;
  it->loc = loc;
  it->lo = lo;
  it->hi = hi;
  it->region = r;
  return it;
}

DirSyn *build_dir_name(ParseCtx *ctx, Token name) {
  DirSyn *d = ARENA_NEW(ctx->arena, DirSyn);
  d->kind = DIR_NAME;
  d->loc = tok_loc(name);
  d->start = name.off;
  d->end = tok_end(name);
  d->name = tok_ident(ctx, name);
  return d;
}

DirSyn *build_dir_desig(ParseCtx *ctx, Expr *e) {
  DirSyn *d = ARENA_NEW(ctx->arena, DirSyn);
  d->kind = e->kind == EX_NAME ? DIR_NAME : DIR_DESIG;
  d->loc = e->loc;
  d->start = e->start;
  d->end = e->end;
  if (e->kind == EX_NAME) d->name = e->name;
  else d->desig = e;
  return d;
}

DirSyn *build_dir_list(ParseCtx *ctx, Token lb, PtrVec *comps, Token rb) {
  DirSyn *d = ARENA_NEW(ctx->arena, DirSyn);
  d->kind = DIR_LIT;
  d->loc = tok_loc(lb);
  d->start = lb.off;
  d->end = tok_end(rb);
  d->comps = (Expr **)ast_items(ctx->arena, comps);
  d->n = comps->len;
  return d;
}

DirSyn *build_dir_bracket(ParseCtx *ctx, Bracket *b) {
  DirSyn *d = ARENA_NEW(ctx->arena, DirSyn);
  d->kind = DIR_LIT;
  d->loc = b->loc;
  d->start = b->loc.off;
  d->end = b->end;
  d->n = b->n;
  d->comps = ARENA_ARRAY(ctx->arena, Expr *, b->n);
  for (int i = 0; i < b->n; i++) {
    BracketItem *it = &b->items[i];
    if (it->kind != BI_EXPR) {
      Token at = {0};
      at.line = it->loc.line;
      at.col = it->loc.col;
      at.off = it->loc.off;
      parse_action_error(ctx, at, "a direction must list integer expressions");
      d->n = 0;
      return d;
    }
    d->comps[i] = it->lo;
  }
  return d;
}

RegionSyn *build_region_bracket(ParseCtx *ctx, Bracket *b) {
  RegionSyn *r = ast_region(ctx->arena, RX_BRACKET, b->loc, b->loc.off, b->end);
  r->bracket = b;
  return r;
}

RegionSyn *build_region_desig(ParseCtx *ctx, Expr *e) {
  RegionSyn *r = ast_region(ctx->arena, e->kind == EX_NAME ? RX_NAME : RX_DESIG, e->loc, e->start, e->end);
  if (e->kind == EX_NAME) r->name = e->name;
  else r->desig = e;
  return r;
}

Expr *build_region_value(ParseCtx *ctx, RegionSyn *r) {
  Expr *e = ast_expr(ctx->arena, EX_REGIONVAL, r->loc, r->start, r->end);
  e->rsyn = r;
  return e;
}

RegionSyn *build_region_ditto(ParseCtx *ctx, Token t) {
  return ast_region(ctx->arena, RX_DITTO, tok_loc(t), t.off, tok_end(t));
}

RegionSyn *build_region_prep(ParseCtx *ctx, RegionSynKind kind, DirSyn *dir, Token op, RegionSyn *base) {
  RegionSyn *r = ast_region(ctx->arena, kind, dir->loc, dir->start, base->end);
  r->oploc = tok_loc(op);
  r->dir = dir;
  r->base = base;
  return r;
}

RegionSyn *build_region_post(ParseCtx *ctx, RegionSynKind kind, RegionSyn *base, Token op, DirSyn *dir, Expr *mask) {
  RegionSyn *r = ast_region(ctx->arena, kind, base->loc, base->start, dir ? dir->end : mask->end);
  r->oploc = tok_loc(op);
  r->base = base;
  r->dir = dir;
  r->mask = mask;
  return r;
}

TypeSyn *build_scalar_type(ParseCtx *ctx, Token t) {
  TypeSyn *ty = ast_type(ctx->arena, TS_SCALAR, tok_loc(t), t.off, tok_end(t));
  ty->scalar = (ScalarKind)t.ival;
  return ty;
}

TypeSyn *build_named_type(ParseCtx *ctx, Token t) {
  TypeSyn *ty = ast_type(ctx->arena, TS_NAME, tok_loc(t), t.off, tok_end(t));
  ty->name = tok_ident(ctx, t);
  return ty;
}

TypeSyn *build_enum_type(ParseCtx *ctx, Token lp, PtrVec *enums, Token rp) {
  TypeSyn *ty = ast_type(ctx->arena, TS_ENUM, tok_loc(lp), lp.off, tok_end(rp));
  ty->nenums = enums->len;
  ty->enums = ARENA_ARRAY(ctx->arena, Enumerator, enums->len);
  for (int i = 0; i < enums->len; i++) ty->enums[i] = *(Enumerator *)enums->items[i];
  return ty;
}

Enumerator *build_enumerator(ParseCtx *ctx, Token name, Expr *value) {
  Enumerator *e = ARENA_NEW(ctx->arena, Enumerator);
  e->name = tok_ident(ctx, name);
  e->value = value;
  return e;
}

TypeSyn *build_record_type(ParseCtx *ctx, Token kw, PtrVec *fields, Token end, bool is_union) {
  if (is_union) return build_unsupported_type(ctx, kw, "union types are not supported", tok_end(end));
  TypeSyn *ty = ast_type(ctx->arena, TS_RECORD, tok_loc(kw), kw.off, tok_end(end));
  ty->nfields = fields->len;
  ty->fields = ARENA_ARRAY(ctx->arena, FieldSyn, fields->len);
  for (int i = 0; i < fields->len; i++) ty->fields[i] = *(FieldSyn *)fields->items[i];
  return ty;
}

/* Copy a vector of Ident* into a plain array. */
static Ident *ident_array(ParseCtx *ctx, PtrVec *names) {
  Ident *ids = ARENA_ARRAY(ctx->arena, Ident, names->len);
  for (int i = 0; i < names->len; i++) ids[i] = *(Ident *)names->items[i];
  return ids;
}

FieldSyn *build_field_syn(ParseCtx *ctx, PtrVec *names, TypeSyn *type) {
  FieldSyn *f = ARENA_NEW(ctx->arena, FieldSyn);
  if (!names) return f; /* a broken field (only seen after a syntax error) */
  f->names = ident_array(ctx, names);
  f->nnames = names->len;
  f->type = type;
  return f;
}

TypeSyn *build_array_type(ParseCtx *ctx, Token kw, PtrVec *bounds, TypeSyn *elem) {
  TypeSyn *ty = ast_type(ctx->arena, TS_ARRAY, tok_loc(kw), kw.off, elem->end);
  ty->nbounds = bounds->len;
  ty->bounds = ARENA_ARRAY(ctx->arena, BoundSyn, bounds->len);
  for (int i = 0; i < bounds->len; i++) ty->bounds[i] = *(BoundSyn *)bounds->items[i];
  ty->elem = elem;
  return ty;
}

BoundSyn *build_bound(ParseCtx *ctx, Expr *lo, Expr *hi) {
  BoundSyn *b = ARENA_NEW(ctx->arena, BoundSyn);
  b->lo = lo;
  b->hi = hi;
  return b;
}

TypeSyn *build_parallel_type(ParseCtx *ctx, Bracket *region, TypeSyn *elem) {
  TypeSyn *ty = ast_type(ctx->arena, TS_PARALLEL, region->loc, region->loc.off, elem->end);
  ty->region = region;
  ty->elem = elem;
  return ty;
}

TypeSyn *build_shape_type(ParseCtx *ctx, TypeSynKind kind, Token kw, Shape *shape, Token gt) {
  TypeSyn *ty = ast_type(ctx->arena, kind, tok_loc(kw), kw.off, tok_end(gt));
  ty->rank = shape->n;
  memcpy(ty->shape, shape->c, sizeof ty->shape);
  return ty;
}

Shape shape_first(char c) {
  Shape s = {1, {c}};
  return s;
}

Shape shape_add(Shape s, char c) {
  if (s.n < (int)sizeof s.c) s.c[s.n] = c;
  s.n++;
  return s;
}

char shape_zero(ParseCtx *ctx, Token t) {
  if (t.len != 1 || ctx->src->text[t.off] != '0') parse_action_error(ctx, t, "the sign of a direction component must be '+', '-' or '0'");
  return '0';
}

TypeSyn *build_unsupported_type(ParseCtx *ctx, Token at, const char *msg, int end) {
  TypeSyn *ty = ast_type(ctx->arena, TS_UNSUPPORTED, tok_loc(at), at.off, end);
  ty->unsupported = msg;
  return ty;
}

InitSyn *build_init_expr(ParseCtx *ctx, Expr *e) {
  InitSyn *in = ARENA_NEW(ctx->arena, InitSyn);
  in->loc = e->loc;
  in->start = e->start;
  in->end = e->end;
  in->expr = e;
  return in;
}

InitSyn *build_init_list(ParseCtx *ctx, Token lb, PtrVec *items, Token rb) {
  InitSyn *in = ARENA_NEW(ctx->arena, InitSyn);
  in->loc = tok_loc(lb);
  in->start = lb.off;
  in->end = tok_end(rb);
  in->items = (InitSyn **)ast_items(ctx->arena, items);
  in->nitems = items->len;
  return in;
}

/* ---- declarations ---- */

void begin_items(ParseCtx *ctx, DeclKind k, bool local) {
  ctx->item_kind = k;
  ctx->item_free = false;
  ctx->target = local ? &ctx->locals : &ctx->prog->decls;
}

void begin_bad_items(ParseCtx *ctx, Token kw, bool local, const char *msg) {
  Decl *d = ast_decl(ctx->arena, local && !msg ? D_LOCAL_KEYWORD : D_UNSUPPORTED, tok_loc(kw));
  d->start = kw.off;
  d->end = tok_end(kw);
  d->unsupported = msg ? msg : arena_strndup(ctx->arena, ctx->src->text + kw.off, (size_t)kw.len);
  vec_push(ctx->arena, local ? &ctx->locals : &ctx->prog->decls, d);
  ctx->item_kind = D_UNSUPPORTED;
  ctx->item_free = false;
  ctx->target = &ctx->discard;
}

void begin_free_items(ParseCtx *ctx, bool local) {
  begin_items(ctx, D_VAR, local);
  ctx->item_free = true;
}

void add_item(ParseCtx *ctx, PtrVec *names, TypeSyn *type, InitSyn *init, Token semi) {
  Ident *first = names->items[0];
  Decl *d = ast_decl(ctx->arena, ctx->item_kind, first->loc);
  d->start = first->loc.off;
  d->end = tok_end(semi);
  d->names = ident_array(ctx, names);
  d->nnames = names->len;
  d->type = type;
  d->init = init;
  d->is_free = ctx->item_free;
  vec_push(ctx->arena, ctx->target, d);
}

/* A one-name item of a type, region or direction section. */
static Decl *named_item(ParseCtx *ctx, Token name, Token semi) {
  Decl *d = ast_decl(ctx->arena, ctx->item_kind, tok_loc(name));
  d->start = name.off;
  d->end = tok_end(semi);
  d->names = build_ident_box(ctx, name);
  d->nnames = 1;
  vec_push(ctx->arena, ctx->target, d);
  return d;
}

void add_region_item(ParseCtx *ctx, Token name, RegionSyn *r, Token semi) { named_item(ctx, name, semi)->region = r; }

void add_dir_item(ParseCtx *ctx, Token name, DirSyn *dir, Token semi) { named_item(ctx, name, semi)->dir = dir; }

void add_type_item(ParseCtx *ctx, Token name, TypeSyn *t, Token semi) { named_item(ctx, name, semi)->type = t; }

void add_header(ParseCtx *ctx, Token kw, Expr *name) {
  Decl *d = ast_decl(ctx->arena, D_EXTERN_HEADER, tok_loc(kw));
  d->start = kw.off;
  d->end = name->end;
  d->header = name->str;
  d->header_loc = name->loc;
  vec_push(ctx->arena, &ctx->prog->decls, d);
}

void add_unsupported_decl(ParseCtx *ctx, Token at, const char *msg) {
  Decl *d = ast_decl(ctx->arena, D_UNSUPPORTED, tok_loc(at));
  d->start = at.off;
  d->end = tok_end(at);
  d->unsupported = msg;
  vec_push(ctx->arena, &ctx->prog->decls, d);
}

Proc *build_proc_header(ParseCtx *ctx, Token name, PtrVec *params, TypeSyn *result) {
  Proc *p = ARENA_NEW(ctx->arena, Proc);
  p->name = tok_ident(ctx, name);
  p->nparams = params->len;
  p->params = ARENA_ARRAY(ctx->arena, Param, params->len);
  for (int i = 0; i < params->len; i++) p->params[i] = *(Param *)params->items[i];
  p->result = result;
  return p;
}

PtrVec build_params(ParseCtx *ctx, Token mode_tok, ParamMode mode, PtrVec *names, TypeSyn *type) {
  PtrVec v = {0};
  for (int i = 0; i < names->len; i++) {
    Param *p = ARENA_NEW(ctx->arena, Param);
    p->mode = mode;
    p->mode_loc = tok_loc(mode_tok);
    p->name = *(Ident *)names->items[i];
    p->type = type;
    vec_push(ctx->arena, &v, p);
  }
  return v;
}

/* The declaration of a procedure or prototype. */
static Decl *proc_decl(ParseCtx *ctx, Token kw, Proc *p) {
  Decl *d = ast_decl(ctx->arena, D_PROC, p->name.loc);
  d->start = kw.off;
  d->end = kw.off + kw.len;
  d->proc = p;
  p->loc = tok_loc(kw);
  vec_push(ctx->arena, &ctx->prog->decls, d);
  return d;
}

void begin_procedure(ParseCtx *ctx, Token kw, Proc *p) {
  proc_decl(ctx, kw, p);
  ctx->cur_proc = p;
  ctx->locals = (PtrVec){0};
}

void end_procedure(ParseCtx *ctx, Stmt *body) {
  Proc *p = ctx->cur_proc;
  if (!p) return;
  p->body = body;
  p->locals = (Decl **)ast_items(ctx->arena, &ctx->locals);
  p->nlocals = ctx->locals.len;
  ctx->cur_proc = NULL;
  ctx->locals = (PtrVec){0};
}

/* Keep the enclosing locals aside while a procedure whose locals are discarded is parsed. */
static void save_locals(ParseCtx *ctx) {
  if (ctx->nsaved < (int)(sizeof ctx->saved_locals / sizeof ctx->saved_locals[0])) ctx->saved_locals[ctx->nsaved] = ctx->locals;
  ctx->nsaved++;
  ctx->locals = (PtrVec){0}; /* its own locals are discarded */
}

void begin_nested_procedure(ParseCtx *ctx, Token kw) {
  begin_bad_items(ctx, kw, true, NULL); /* E41 at the keyword of the nested procedure */
  save_locals(ctx);
}

void begin_unsupported_procedure(ParseCtx *ctx, Token kw, bool local, const char *msg) {
  if (local) begin_bad_items(ctx, kw, true, msg); /* its E45 message, not E41 */
  else add_unsupported_decl(ctx, kw, msg);
  save_locals(ctx);
}

void end_nested_procedure(ParseCtx *ctx) {
  if (ctx->nsaved == 0) return;
  ctx->nsaved--;
  if (ctx->nsaved < (int)(sizeof ctx->saved_locals / sizeof ctx->saved_locals[0])) ctx->locals = ctx->saved_locals[ctx->nsaved];
}

void add_prototype(ParseCtx *ctx, Token kw, Proc *p, bool is_extern) {
  p->is_prototype = true;
  p->is_extern = is_extern;
  proc_decl(ctx, kw, p);
}

/* ---- statements ---- */

Stmt *build_assign(ParseCtx *ctx, Expr *lhs, Token op, int asop, Expr *rhs) {
  Stmt *s = ast_stmt(ctx->arena, ST_ASSIGN, lhs->loc);
  s->oploc = tok_loc(op);
  s->lhs = lhs;
  s->rhs = rhs;
  s->op = asop;
  return s;
}

Stmt *build_stmt(ParseCtx *ctx, StmtKind kind, Token first) { return ast_stmt(ctx->arena, kind, tok_loc(first)); }

Stmt *build_call_stmt(ParseCtx *ctx, Expr *call) {
  Stmt *s = ast_stmt(ctx->arena, ST_CALL, call->loc);
  s->rhs = call;
  return s;
}

/* Turn a vector of statements into a StmtList. */
static StmtList stmt_list(ParseCtx *ctx, PtrVec *v) {
  StmtList l = {(Stmt **)ast_items(ctx->arena, v), v ? v->len : 0};
  return l;
}

Stmt *build_block(ParseCtx *ctx, Token first, PtrVec *stmts) {
  Stmt *s = build_stmt(ctx, ST_BLOCK, first);
  s->body = stmt_list(ctx, stmts);
  return s;
}

Stmt *build_region_stmt(ParseCtx *ctx, Bracket *region, Stmt *inner) {
  Stmt *s = ast_stmt(ctx->arena, ST_REGION, region->loc);
  s->region = region;
  s->inner = inner;
  return s;
}

Stmt *build_elsif(ParseCtx *ctx, Token kw, Expr *cond, PtrVec *body) {
  Stmt *s = build_stmt(ctx, ST_IF, kw);
  s->conds = ARENA_ARRAY(ctx->arena, Expr *, 1);
  s->conds[0] = cond;
  s->arms = ARENA_NEW(ctx->arena, StmtList);
  s->arms[0] = stmt_list(ctx, body);
  s->narms = 1;
  return s;
}

Stmt *build_else(ParseCtx *ctx, Token kw, PtrVec *body) {
  Stmt *s = build_stmt(ctx, ST_BLOCK, kw);
  s->body = stmt_list(ctx, body);
  return s;
}

Stmt *build_if(ParseCtx *ctx, Token kw, Expr *cond, PtrVec *then_body, PtrVec *elsifs, Stmt *else_part) {
  Stmt *s = build_stmt(ctx, ST_IF, kw);
  int n = 1 + elsifs->len;
  s->conds = ARENA_ARRAY(ctx->arena, Expr *, n);
  s->arms = ARENA_ARRAY(ctx->arena, StmtList, n);
  s->conds[0] = cond;
  s->arms[0] = stmt_list(ctx, then_body);
  for (int i = 0; i < elsifs->len; i++) {
    Stmt *e = elsifs->items[i];
    s->conds[i + 1] = e->conds[0];
    s->arms[i + 1] = e->arms[0];
  }
  s->narms = n;
  if (else_part) {
    s->has_else = true;
    s->else_body = else_part->body;
    s->else_loc = else_part->loc;
  }
  return s;
}

Stmt *build_loop(ParseCtx *ctx, StmtKind kind, Token kw, Expr *cond, PtrVec *body) {
  Stmt *s = build_stmt(ctx, kind, kw);
  s->conds = ARENA_ARRAY(ctx->arena, Expr *, 1);
  s->conds[0] = cond;
  s->body = stmt_list(ctx, body);
  return s;
}

Stmt *build_for(ParseCtx *ctx, Token kw, Token var, Expr *from, Expr *to, bool downto, Expr *step, PtrVec *body) {
  Stmt *s = build_stmt(ctx, ST_FOR, kw);
  s->var = tok_ident(ctx, var);
  s->from = from;
  s->to = to;
  s->downto = downto;
  s->step = step;
  s->body = stmt_list(ctx, body);
  return s;
}

Stmt *build_return(ParseCtx *ctx, Token kw, Expr *value) {
  Stmt *s = build_stmt(ctx, ST_RETURN, kw);
  s->value = value;
  return s;
}

Stmt *build_io(ParseCtx *ctx, StmtKind kind, Token kw, PtrVec *items, bool newline, bool has_items) {
  Stmt *s = build_stmt(ctx, kind, kw);
  s->newline = newline;
  s->has_items = has_items;
  if (items) {
    s->nitems = items->len;
    s->items = ARENA_ARRAY(ctx->arena, IoItem, items->len);
    for (int i = 0; i < items->len; i++) s->items[i] = *(IoItem *)items->items[i];
  }
  return s;
}

IoItem *build_io_item(ParseCtx *ctx, Expr *format, Expr *value) {
  IoItem *it = ARENA_NEW(ctx->arena, IoItem);
  it->format = format;
  it->value = value;
  return it;
}

Stmt *build_wrap(ParseCtx *ctx, Token kw, PtrVec *operands) {
  Stmt *s = build_stmt(ctx, ST_WRAP, kw);
  s->operands = (Expr **)ast_items(ctx->arena, operands);
  s->noperands = operands->len;
  return s;
}

Stmt *build_unsupported_stmt(ParseCtx *ctx, Token at, const char *msg) {
  Stmt *s = build_stmt(ctx, ST_UNSUPPORTED, at);
  s->unsupported = msg;
  return s;
}
