/* parse_internal.h - what the lemon grammar's actions share with the parse driver. */
#ifndef AZC_PARSE_INTERNAL_H
#define AZC_PARSE_INTERNAL_H
#include <stdbool.h>
#include "ast.h"
#include "diag.h"
#include "lexer.h"

/* An open construct that must be closed by 'end' (or 'until'), for message S2. */
typedef struct OpenBlock {
  int kind;   /* TK_BEGIN, TK_IF, ... */
  int line;
} OpenBlock;

typedef struct ParseCtx {
  Arena *arena;
  Diags *diags;
  const Source *src;
  Program *prog;
  DeclKind item_kind;  /* kind of the items of the section being parsed */
  bool item_free;      /* they are 'free var' items */
  PtrVec *target;      /* where the items go: the program, a procedure's locals, or discard */
  PtrVec discard;
  PtrVec locals;       /* locals of the procedure being parsed */
  PtrVec saved_locals[8]; /* the enclosing procedures' locals while a nested one (E41) is parsed */
  int nsaved;
  Proc *cur_proc;
  Token peek;          /* the token after the one being parsed */
  bool overflow;
  bool parse_failed;   /* lemon gave up (no rule could recover): restart at the next section */
  bool lemon_error;    /* lemon's %syntax_error ran (reporting is done by the driver) */
  OpenBlock *blocks;
  int nblocks, capblocks;
} ParseCtx;

/* The signs of a direction type or the dimensions of a region type, as parsed (section 15.1). */
typedef struct Shape {
  int n;          /* entries written (more than 6 are counted, not kept) */
  char c[6];
} Shape;

/* The operand tuple of a user-defined reduction, (e1, ..., em) (section 15.5). */
typedef struct Tuple {
  Expr **items;
  int n;
  int end;        /* byte offset just past the ')' */
} Tuple;

/* Word and report a syntax error at tok, given the parser state before tok. Returns true for S5
 * (a reserved word where a name fits), after which parsing goes on with a name in its place. */
bool parse_syntax_error(ParseCtx *ctx, void *parser, int major, const Token *tok);
/* A syntax error detected by a grammar action (S3, malformed directions). */
void parse_action_error(ParseCtx *ctx, Token at, const char *msg);

/* Parser-table queries implemented in the grammar file (they need lemon's tables). */
bool zpl_parser_accepts(void *parser, int token);
bool zpl_parser_accepts_pair(void *parser, int first, int second);
int zpl_parser_errcnt(void *parser);
void zpl_parser_clear_errors(void *parser);
void *ZplParseAlloc(void *(*mallocProc)(size_t));
void ZplParse(void *parser, int major, Token minor, ParseCtx *ctx);
void ZplParseFree(void *parser, void (*freeProc)(void *));

/* ---- tree building for the grammar's actions ---- */
Loc tok_loc(Token t);
int tok_end(Token t);
Ident tok_ident(ParseCtx *ctx, Token t);
Expr *build_literal(ParseCtx *ctx, Token t);
Expr *build_string(ParseCtx *ctx, Expr *prev, Token t);
Expr *build_name(ParseCtx *ctx, Token t);
Expr *build_index(ParseCtx *ctx, Expr *base, PtrVec *args, Token rbracket);
Expr *build_field(ParseCtx *ctx, Expr *base, Token field);
Expr *build_call(ParseCtx *ctx, Token name, PtrVec *args, Token rparen);
Expr *build_unary(ParseCtx *ctx, Token op, int opkind, Expr *operand);
Expr *build_binary(ParseCtx *ctx, Expr *l, Token op, int opkind, Expr *r);
Expr *build_shift(ParseCtx *ctx, Expr *base, Token op, DirSyn *dir);
Expr *build_reduce(ParseCtx *ctx, Token op, Bracket *region, Expr *operand);
Expr *build_scan(ParseCtx *ctx, Token op, Bracket *dims, Expr *operand);
Expr *build_flood(ParseCtx *ctx, Token op, Bracket *region, Expr *operand);
Expr *build_unsupported_expr(ParseCtx *ctx, Token at, const char *msg, Expr *inner, int end);
/* f<< e (tuple NULL) or f<< (e1, ..., em). */
Expr *build_user_reduce(ParseCtx *ctx, Token op, Expr *operand, Tuple *tuple, int end);
Tuple build_tuple(ParseCtx *ctx, Expr *first, PtrVec *rest, Token rparen);
/* A region or direction written where a value goes (an initializer, the value of ':='). */
Expr *build_region_value(ParseCtx *ctx, RegionSyn *r);
Expr *build_parens(ParseCtx *ctx, Token lp, Expr *e, Token rp);
Bracket *build_bracket(ParseCtx *ctx, Token lb, PtrVec *items, Token rb);
BracketItem *build_bitem(ParseCtx *ctx, BracketItemKind kind, Loc loc, Expr *lo, Expr *hi, RegionSyn *r);
DirSyn *build_dir_name(ParseCtx *ctx, Token name);
DirSyn *build_dir_list(ParseCtx *ctx, Token lb, PtrVec *comps, Token rb);
DirSyn *build_dir_bracket(ParseCtx *ctx, Bracket *b);
/* A direction written as a designator: a name, or an element dir100[k] of an array of directions. */
DirSyn *build_dir_desig(ParseCtx *ctx, Expr *d);
/* A region written as a designator: a name, or an element Level[k] of an array of regions. */
RegionSyn *build_region_desig(ParseCtx *ctx, Expr *d);
RegionSyn *build_region_bracket(ParseCtx *ctx, Bracket *b);
RegionSyn *build_region_ditto(ParseCtx *ctx, Token t);
RegionSyn *build_region_prep(ParseCtx *ctx, RegionSynKind kind, DirSyn *dir, Token op, RegionSyn *base);
RegionSyn *build_region_post(ParseCtx *ctx, RegionSynKind kind, RegionSyn *base, Token op, DirSyn *dir, Expr *mask);
TypeSyn *build_scalar_type(ParseCtx *ctx, Token t);
TypeSyn *build_named_type(ParseCtx *ctx, Token t);
TypeSyn *build_enum_type(ParseCtx *ctx, Token lp, PtrVec *enums, Token rp);
Enumerator *build_enumerator(ParseCtx *ctx, Token name, Expr *value);
TypeSyn *build_record_type(ParseCtx *ctx, Token kw, PtrVec *fields, Token end, bool is_union);
FieldSyn *build_field_syn(ParseCtx *ctx, PtrVec *names, TypeSyn *type);
TypeSyn *build_array_type(ParseCtx *ctx, Token kw, PtrVec *bounds, TypeSyn *elem);
BoundSyn *build_bound(ParseCtx *ctx, Expr *lo, Expr *hi);
TypeSyn *build_parallel_type(ParseCtx *ctx, Bracket *region, TypeSyn *elem);
TypeSyn *build_unsupported_type(ParseCtx *ctx, Token at, const char *msg, int end);
/* direction<...> (kind TS_DIRECTION) or region<...> (TS_REGION). */
TypeSyn *build_shape_type(ParseCtx *ctx, TypeSynKind kind, Token kw, Shape *shape, Token gt);
Shape shape_first(char c);
Shape shape_add(Shape s, char c);
/* The sign '0' of a direction type; any other integer literal there is a syntax error. */
char shape_zero(ParseCtx *ctx, Token t);
InitSyn *build_init_expr(ParseCtx *ctx, Expr *e);
InitSyn *build_init_list(ParseCtx *ctx, Token lb, PtrVec *items, Token rb);
Ident *build_ident_box(ParseCtx *ctx, Token t);
/* Start a section whose items are declarations of kind k, going to the program or a procedure. */
void begin_items(ParseCtx *ctx, DeclKind k, bool local);
/* Start a section whose items are discarded after an E41 marker (local, msg NULL) or an E45 marker
 * with message msg was recorded. */
void begin_bad_items(ParseCtx *ctx, Token kw, bool local, const char *msg);
/* Start the items of a 'free var' section (section 15.6), global or local. */
void begin_free_items(ParseCtx *ctx, bool local);
/* A procedure that gets an E45 message at kw (a free procedure): its locals and body are parsed and
 * dropped; end_nested_procedure ends it. */
void begin_unsupported_procedure(ParseCtx *ctx, Token kw, bool local, const char *msg);
void add_item(ParseCtx *ctx, PtrVec *names, TypeSyn *type, InitSyn *init, Token semi);
void add_region_item(ParseCtx *ctx, Token name, RegionSyn *r, Token semi);
void add_dir_item(ParseCtx *ctx, Token name, DirSyn *d, Token semi);
void add_type_item(ParseCtx *ctx, Token name, TypeSyn *t, Token semi);
void add_header(ParseCtx *ctx, Token kw, Expr *name);
void add_unsupported_decl(ParseCtx *ctx, Token at, const char *msg);
Proc *build_proc_header(ParseCtx *ctx, Token name, PtrVec *params, TypeSyn *result);
PtrVec build_params(ParseCtx *ctx, Token mode_tok, ParamMode mode, PtrVec *names, TypeSyn *type);
void begin_procedure(ParseCtx *ctx, Token kw, Proc *p);
void end_procedure(ParseCtx *ctx, Stmt *body);
/* A procedure among another's locals: E41 at its keyword; its body is parsed and dropped. */
void begin_nested_procedure(ParseCtx *ctx, Token kw);
void end_nested_procedure(ParseCtx *ctx);
void add_prototype(ParseCtx *ctx, Token kw, Proc *p, bool is_extern);
Stmt *build_assign(ParseCtx *ctx, Expr *lhs, Token op, int asop, Expr *rhs);
Stmt *build_stmt(ParseCtx *ctx, StmtKind kind, Token first);
Stmt *build_call_stmt(ParseCtx *ctx, Expr *call);
Stmt *build_block(ParseCtx *ctx, Token first, PtrVec *stmts);
Stmt *build_region_stmt(ParseCtx *ctx, Bracket *region, Stmt *inner);
Stmt *build_if(ParseCtx *ctx, Token kw, Expr *cond, PtrVec *then_body, PtrVec *elsifs, Stmt *else_part);
Stmt *build_elsif(ParseCtx *ctx, Token kw, Expr *cond, PtrVec *body);
Stmt *build_else(ParseCtx *ctx, Token kw, PtrVec *body);
Stmt *build_loop(ParseCtx *ctx, StmtKind kind, Token kw, Expr *cond, PtrVec *body);
Stmt *build_for(ParseCtx *ctx, Token kw, Token var, Expr *from, Expr *to, bool downto, Expr *step, PtrVec *body);
Stmt *build_return(ParseCtx *ctx, Token kw, Expr *value);
Stmt *build_io(ParseCtx *ctx, StmtKind kind, Token kw, PtrVec *items, bool newline, bool has_items);
IoItem *build_io_item(ParseCtx *ctx, Expr *format, Expr *value);
Stmt *build_wrap(ParseCtx *ctx, Token kw, PtrVec *operands);
Stmt *build_unsupported_stmt(ParseCtx *ctx, Token at, const char *msg);
#endif
