/* parser.y - the lemon grammar of section 9, including every out-of-scope construct of section 13
 * (parsed so that it gets its "not supported" message). Actions only call build_* functions. */

%name ZplParse
%token_prefix TK_
%token_type {Token}
%extra_argument {ParseCtx *ctx}
%stack_size 1000
%wildcard ANY.
/* Only to resolve a ^ -b ^ c as a ^ (-(b ^ c)) (section 9.6): the exponent's tail takes further '^'. */
%right CARET.

%include {
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "parse_internal.h"
}

%syntax_error { (void)yymajor; (void)TOKEN; ctx->lemon_error = true; }
%stack_overflow { ctx->overflow = true; }
%parse_failure { ctx->parse_failed = true; }

/* Every terminal, in a fixed order, so that the token codes (and the code compiled from switches on
 * them) do not change when rules are added; LEXERROR, RESYNC and DISTWORD are made by the lexer and
 * the parse driver and used by no rule. */
%token LEXERROR RESYNC DISTWORD PROGRAM IDENT SEMI PROTOTYPE EXTERN TYPE FREE STATIC CONFIG VAR CONST
  CONSTANT REGION DIRECTION GRID DISTRIBUTION COLON EQ COMMA LBRACE RBRACE LPAREN RPAREN PROCEDURE IN OUT
  INOUT BEGIN END SCALAR RECORD UNION ARRAY LBRACKET RBRACKET OF COMPLEX GENERIC LT GT DOTDOT STAR
  QUESTION GRIDDIM AT BY WITH WITHOUT SWITH DITTO ASSIGN OPASSIGN PERMASSIGN REGASSIGN IF THEN WHILE DO
  REPEAT UNTIL FOR TO DOWNTO EXIT CONTINUE RETURN HALT WRITE WRITELN READ WRAP REFLECT SCAN INTERLEAVE
  BREAD BWRITE ATSIGN ATCARET HASH PRIMEAT ELSIF ELSE PIPE AMP NE LE GE PLUS MINUS SLASH PERCENT BANG
  REDUCE SCANOP FLOOD USERREDUCE USERSCAN INTLIT FLOATLIT CHARLIT STRINGLIT DOT.

/* ---- programs and sections ---------------------------------------------------- */

program ::= PROGRAM IDENT(N) SEMI sections. { ctx->prog->name = tok_ident(ctx, N); }
program ::= RESYNC sections.

sections ::= .
sections ::= sections section.

section ::= config_var_head config_items.
section ::= config_const_head config_items.
section ::= const_head const_items.
section ::= type_head type_items.
section ::= region_head region_items.
section ::= direction_head dir_items.
section ::= var_head var_items.
section ::= PROTOTYPE(K) proc_header(P) SEMI. { add_prototype(ctx, K, P, false); }
section ::= EXTERN(K) PROTOTYPE proc_header(P) SEMI. { add_prototype(ctx, K, P, true); }
section ::= extern_var_head extern_items.
section ::= extern_const_head extern_items.
section ::= EXTERN(K) strlit(S) SEMI. { add_header(ctx, K, S); }
section ::= EXTERN(K) TYPE junk SEMI. { add_unsupported_decl(ctx, K, "extern type declarations are not supported"); }
section ::= proc_head locals body(B) SEMI. { end_procedure(ctx, B); }
section ::= dist_head junk_items.
section ::= free_var_head var_items.
section ::= free_proc_head locals body SEMI. { end_nested_procedure(ctx); }
section ::= FREE(K) PROTOTYPE proc_header SEMI. { add_unsupported_decl(ctx, K, "free procedures are not supported"); }
section ::= STATIC(K) section. { add_unsupported_decl(ctx, K, "static variables are not supported"); }

free_var_head ::= FREE VAR. { begin_free_items(ctx, false); }
free_proc_head ::= FREE(K) PROCEDURE proc_header SEMI. { begin_unsupported_procedure(ctx, K, false, "free procedures are not supported"); }

config_var_head ::= CONFIG VAR. { begin_items(ctx, D_CONFIG_VAR, false); }
config_const_head ::= CONFIG CONST. { begin_items(ctx, D_CONFIG_CONST, false); }
const_head ::= CONST. { begin_items(ctx, D_CONST, false); }
const_head ::= CONSTANT. { begin_items(ctx, D_CONST, false); }
type_head ::= TYPE. { begin_items(ctx, D_TYPE, false); }
region_head ::= REGION. { begin_items(ctx, D_REGION, false); }
direction_head ::= DIRECTION. { begin_items(ctx, D_DIRECTION, false); }
var_head ::= VAR. { begin_items(ctx, D_VAR, false); }
extern_var_head ::= EXTERN VAR. { begin_items(ctx, D_EXTERN_VAR, false); }
extern_const_head ::= EXTERN CONST. { begin_items(ctx, D_EXTERN_CONST, false); }
extern_const_head ::= EXTERN CONSTANT. { begin_items(ctx, D_EXTERN_CONST, false); }
dist_head ::= GRID(K). { begin_bad_items(ctx, K, false, "grids and distributions are not supported"); }
dist_head ::= DISTRIBUTION(K). { begin_bad_items(ctx, K, false, "grids and distributions are not supported"); }

/* Error recovery inside sections: a broken item ends at its ';'. */
config_item ::= error SEMI.
const_item ::= error SEMI.
type_item ::= error SEMI.
region_item ::= error SEMI.
dir_item ::= error SEMI.
var_item ::= error SEMI.
extern_item ::= error SEMI.

config_items ::= config_item.
config_items ::= config_items config_item.
config_item ::= IDENT(N) COLON type(T) init_opt(I) SEMI(E). { PtrVec v = {0}; vec_push(ctx->arena, &v, build_ident_box(ctx, N)); add_item(ctx, &v, T, I, E); }

const_items ::= const_item.
const_items ::= const_items const_item.
const_item ::= IDENT(N) COLON type(T) init_opt(I) SEMI(E). { PtrVec v = {0}; vec_push(ctx->arena, &v, build_ident_box(ctx, N)); add_item(ctx, &v, T, I, E); }

type_items ::= type_item.
type_items ::= type_items type_item.
type_item ::= IDENT(N) EQ type(T) SEMI(E). { add_type_item(ctx, N, T, E); }

region_items ::= region_item.
region_items ::= region_items region_item.
region_item ::= IDENT(N) EQ rexpr(R) SEMI(E). { add_region_item(ctx, N, R, E); }

dir_items ::= dir_item.
dir_items ::= dir_items dir_item.
dir_item ::= IDENT(N) EQ dir(D) SEMI(E). { add_dir_item(ctx, N, D, E); }

var_items ::= var_item.
var_items ::= var_items var_item.
var_item ::= ident_list(L) COLON type(T) init_opt(I) SEMI(E). { add_item(ctx, &L, T, I, E); }

extern_items ::= extern_item.
extern_items ::= extern_items extern_item.
extern_item ::= ident_list(L) COLON type(T) SEMI(E). { add_item(ctx, &L, T, NULL, E); }

%type ident_list {PtrVec}
ident_list(A) ::= IDENT(N). { A = (PtrVec){0}; vec_push(ctx->arena, &A, build_ident_box(ctx, N)); }
ident_list(A) ::= ident_list(B) COMMA IDENT(N). { A = B; vec_push(ctx->arena, &A, build_ident_box(ctx, N)); }

%type init_opt {InitSyn *}
init_opt(A) ::= . { A = NULL; }
init_opt(A) ::= EQ init(I). { A = I; }

%type init {InitSyn *}
init(A) ::= expr(E). { A = build_init_expr(ctx, E); }
init(A) ::= rterm_nt(R). { A = build_init_expr(ctx, build_region_value(ctx, R)); }
init(A) ::= rexpr_op(R). { A = build_init_expr(ctx, build_region_value(ctx, R)); }
init(A) ::= LBRACE(L) init_list(I) comma_opt RBRACE(R). { A = build_init_list(ctx, L, &I, R); }
%type init_list {PtrVec}
init_list(A) ::= init(I). { A = (PtrVec){0}; vec_push(ctx->arena, &A, I); }
init_list(A) ::= init_list(B) COMMA init(I). { A = B; vec_push(ctx->arena, &A, I); }
comma_opt ::= .
comma_opt ::= COMMA.

/* Out-of-scope sections: any tokens up to ';', then items that start with a name. */
junk ::= .
junk ::= junk ANY.
junk_items ::= junk SEMI.
junk_items ::= junk_items IDENT junk SEMI.

/* ---- procedures ---------------------------------------------------------------- */

%type proc_header {Proc *}
proc_header(A) ::= IDENT(N) LPAREN formals_opt(F) RPAREN result_opt(R). { A = build_proc_header(ctx, N, &F, R); }

proc_head ::= PROCEDURE(K) proc_header(P) SEMI. { begin_procedure(ctx, K, P); }

%type formals_opt {PtrVec}
formals_opt(A) ::= . { A = (PtrVec){0}; }
formals_opt(A) ::= formals(F). { A = F; }
%type formals {PtrVec}
formals(A) ::= formal(F). { A = F; }
formals(A) ::= formals(B) SEMI formal(F). { A = B; for (int i = 0; i < F.len; i++) vec_push(ctx->arena, &A, F.items[i]); }
%type formal {PtrVec}
formal(A) ::= ident_list(L) COLON type(T). { Token none = {0}; A = build_params(ctx, none, PM_DEFAULT, &L, T); }
formal(A) ::= CONST(M) ident_list(L) COLON type(T). { A = build_params(ctx, M, PM_CONST, &L, T); }
formal(A) ::= IN(M) ident_list(L) COLON type(T). { A = build_params(ctx, M, PM_IN, &L, T); }
formal(A) ::= OUT(M) ident_list(L) COLON type(T). { A = build_params(ctx, M, PM_OUT, &L, T); }
formal(A) ::= INOUT(M) ident_list(L) COLON type(T). { A = build_params(ctx, M, PM_INOUT, &L, T); }
formal(A) ::= VAR(M) ident_list(L) COLON type(T). { A = build_params(ctx, M, PM_VAR, &L, T); }

%type result_opt {TypeSyn *}
result_opt(A) ::= . { A = NULL; }
result_opt(A) ::= COLON type(T). { A = T; }

locals ::= .
locals ::= locals local_section.
local_section ::= local_var_head var_items.
local_section ::= local_bad_head const_items.
local_section ::= local_type_head type_items.
local_section ::= local_region_head region_items.
local_section ::= local_dir_head dir_items.
local_section ::= local_proc_head locals body SEMI. { end_nested_procedure(ctx); }
local_section ::= PROTOTYPE(K) proc_header SEMI. { begin_bad_items(ctx, K, true, NULL); }
local_section ::= EXTERN(K) PROTOTYPE proc_header SEMI. { begin_bad_items(ctx, K, true, NULL); }
local_section ::= STATIC(K) local_var_head var_items. { add_unsupported_decl(ctx, K, "static variables are not supported"); }
local_section ::= local_dist_head junk_items.
local_section ::= local_free_head var_items.
local_section ::= local_free_proc_head locals body SEMI. { end_nested_procedure(ctx); }
local_section ::= FREE(K) PROTOTYPE proc_header SEMI. { add_unsupported_decl(ctx, K, "free procedures are not supported"); }
local_var_head ::= VAR. { begin_items(ctx, D_VAR, true); }
local_free_head ::= FREE VAR. { begin_free_items(ctx, true); }
local_dist_head ::= GRID(K). { begin_bad_items(ctx, K, true, "grids and distributions are not supported"); }
local_dist_head ::= DISTRIBUTION(K). { begin_bad_items(ctx, K, true, "grids and distributions are not supported"); }
local_free_proc_head ::= FREE(K) PROCEDURE proc_header SEMI. { begin_unsupported_procedure(ctx, K, true, "free procedures are not supported"); }
local_proc_head ::= PROCEDURE(K) proc_header SEMI. { begin_nested_procedure(ctx, K); }
local_bad_head ::= CONST(K). { begin_bad_items(ctx, K, true, NULL); }
local_bad_head ::= CONSTANT(K). { begin_bad_items(ctx, K, true, NULL); }
local_bad_head ::= CONFIG(K) VAR. { begin_bad_items(ctx, K, true, NULL); }
local_bad_head ::= CONFIG(K) CONST. { begin_bad_items(ctx, K, true, NULL); }
local_type_head ::= TYPE(K). { begin_bad_items(ctx, K, true, NULL); }
local_region_head ::= REGION(K). { begin_bad_items(ctx, K, true, NULL); }
local_dir_head ::= DIRECTION(K). { begin_bad_items(ctx, K, true, NULL); }

%type body {Stmt *}
body(A) ::= BEGIN(K) stmts(L) END. { A = build_block(ctx, K, &L); }
body(A) ::= bracket(R) stmt(S). { A = build_region_stmt(ctx, R, S); }

/* ---- types ---------------------------------------------------------------------- */

%type type {TypeSyn *}
type(A) ::= SCALAR(T). { A = build_scalar_type(ctx, T); }
type(A) ::= IDENT(T). { A = build_named_type(ctx, T); }
type(A) ::= LPAREN(L) enum_list(E) comma_opt RPAREN(R). { A = build_enum_type(ctx, L, &E, R); }
type(A) ::= RECORD(K) fields(F) END(E). { A = build_record_type(ctx, K, &F, E, false); }
type(A) ::= UNION(K) fields(F) END(E). { A = build_record_type(ctx, K, &F, E, true); }
type(A) ::= ARRAY(K) LBRACKET bounds(B) RBRACKET OF type(T). { A = build_array_type(ctx, K, &B, T); }
type(A) ::= bracket(R) type(T). { A = build_parallel_type(ctx, R, T); }
type(A) ::= COMPLEX(K). { A = build_unsupported_type(ctx, K, "complex types are not supported", tok_end(K)); }
type(A) ::= GENERIC(K). { A = build_unsupported_type(ctx, K, "generic and opaque types are not supported", tok_end(K)); }
type(A) ::= REGION(K). { A = build_unsupported_type(ctx, K, "region and direction values are not supported here", tok_end(K)); }
type(A) ::= REGION(K) LT region_shape(S) GT(E). { A = build_shape_type(ctx, TS_REGION, K, &S, E); }
type(A) ::= DIRECTION(K). { A = build_unsupported_type(ctx, K, "region and direction values are not supported here", tok_end(K)); }
type(A) ::= DIRECTION(K) LT dir_shape(S) GT(E). { A = build_shape_type(ctx, TS_DIRECTION, K, &S, E); }
type(A) ::= FREE(K) type(T). { A = build_unsupported_type(ctx, K, "'free' can only begin a 'free var' section", T->end); }
type(A) ::= STATIC(K) type(T). { A = build_unsupported_type(ctx, K, "static variables are not supported", T->end); }

/* The signs of direction<+,0,-> and the dimensions of region<..,*> (section 15.1). */
%type dir_shape {Shape}
dir_shape(A) ::= dir_sign(C). { A = shape_first(C); }
dir_shape(A) ::= dir_shape(B) COMMA dir_sign(C). { A = shape_add(B, C); }
%type dir_sign {char}
dir_sign(A) ::= PLUS. { A = '+'; }
dir_sign(A) ::= MINUS. { A = '-'; }
dir_sign(A) ::= INTLIT(T). { A = shape_zero(ctx, T); }
%type region_shape {Shape}
region_shape(A) ::= region_dim(C). { A = shape_first(C); }
region_shape(A) ::= region_shape(B) COMMA region_dim(C). { A = shape_add(B, C); }
%type region_dim {char}
region_dim(A) ::= DOTDOT. { A = '.'; }
region_dim(A) ::= STAR. { A = '*'; }

%type enum_list {PtrVec}
enum_list(A) ::= enumerator(E). { A = (PtrVec){0}; vec_push(ctx->arena, &A, E); }
enum_list(A) ::= enum_list(B) COMMA enumerator(E). { A = B; vec_push(ctx->arena, &A, E); }
%type enumerator {Enumerator *}
enumerator(A) ::= IDENT(N). { A = build_enumerator(ctx, N, NULL); }
enumerator(A) ::= IDENT(N) EQ expr(E). { A = build_enumerator(ctx, N, E); }

%type fields {PtrVec}
fields(A) ::= field(F). { A = (PtrVec){0}; vec_push(ctx->arena, &A, F); }
fields(A) ::= fields(B) field(F). { A = B; vec_push(ctx->arena, &A, F); }
%type field {FieldSyn *}
field(A) ::= ident_list(L) COLON type(T) SEMI. { A = build_field_syn(ctx, &L, T); }
field(A) ::= error SEMI. { A = build_field_syn(ctx, NULL, NULL); }

%type bounds {PtrVec}
bounds(A) ::= bound(B). { A = (PtrVec){0}; vec_push(ctx->arena, &A, B); }
bounds(A) ::= bounds(L) COMMA bound(B). { A = L; vec_push(ctx->arena, &A, B); }
%type bound {BoundSyn *}
bound(A) ::= expr(E). { A = build_bound(ctx, E, NULL); }
bound(A) ::= expr(L) DOTDOT expr(H). { A = build_bound(ctx, L, H); }

/* ---- regions and directions ------------------------------------------------------- */

%type bracket {Bracket *}
bracket(A) ::= LBRACKET(L) bitems(I) RBRACKET(R). { A = build_bracket(ctx, L, &I, R); }
%type bitems {PtrVec}
bitems(A) ::= bitem(I). { A = (PtrVec){0}; vec_push(ctx->arena, &A, I); }
bitems(A) ::= bitems(B) COMMA bitem(I). { A = B; vec_push(ctx->arena, &A, I); }
%type bitem {BracketItem *}
bitem(A) ::= . { Loc none = {0, 0, -1}; A = build_bitem(ctx, BI_BLANK, none, NULL, NULL, NULL); }
bitem(A) ::= expr(E). { A = build_bitem(ctx, BI_EXPR, E->loc, E, NULL, NULL); }
bitem(A) ::= expr(L) DOTDOT expr(H). { A = build_bitem(ctx, BI_RANGE, L->loc, L, H, NULL); }
bitem(A) ::= STAR(S). { A = build_bitem(ctx, BI_STAR, tok_loc(S), NULL, NULL, NULL); }
bitem(A) ::= QUESTION(S). { A = build_bitem(ctx, BI_SPARSE, tok_loc(S), NULL, NULL, NULL); }
bitem(A) ::= GRIDDIM(S). { A = build_bitem(ctx, BI_GRID, tok_loc(S), NULL, NULL, NULL); }
bitem(A) ::= rterm_nt(R). { A = build_bitem(ctx, BI_REGION, R->loc, NULL, NULL, R); }
bitem(A) ::= rexpr_op(R). { A = build_bitem(ctx, BI_REGION, R->loc, NULL, NULL, R); }

/* A region expression. rterm_nt excludes a bare name, which inside brackets reads as an expression. */
%type rexpr {RegionSyn *}
rexpr(A) ::= rterm(R). { A = R; }
rexpr(A) ::= rexpr_op(R). { A = R; }
%type rexpr_op {RegionSyn *}
rexpr_op(A) ::= rexpr(B) AT(K) dir(D). { A = build_region_post(ctx, RX_AT, B, K, D, NULL); }
rexpr_op(A) ::= rexpr(B) BY(K) dir(D). { A = build_region_post(ctx, RX_BY, B, K, D, NULL); }
rexpr_op(A) ::= rexpr(B) WITH(K) designator(M). { A = build_region_post(ctx, RX_WITH, B, K, NULL, M); }
rexpr_op(A) ::= rexpr(B) WITHOUT(K) designator(M). { A = build_region_post(ctx, RX_WITHOUT, B, K, NULL, M); }
rexpr_op(A) ::= rexpr(B) SWITH(K) designator(M). { A = build_region_post(ctx, RX_SPARSE, B, K, NULL, M); }
%type rterm {RegionSyn *}
rterm(A) ::= designator(D). { A = build_region_desig(ctx, D); }
rterm(A) ::= rterm_nt(R). { A = R; }
%type rterm_nt {RegionSyn *}
rterm_nt(A) ::= IDENT(N) OF(K) rterm(B). { A = build_region_prep(ctx, RX_OF, build_dir_name(ctx, N), K, B); }
rterm_nt(A) ::= IDENT(N) IN(K) rterm(B). { A = build_region_prep(ctx, RX_IN, build_dir_name(ctx, N), K, B); }
rterm_nt(A) ::= sub_designator(N) OF(K) rterm(B). { A = build_region_prep(ctx, RX_OF, build_dir_desig(ctx, N), K, B); }
rterm_nt(A) ::= sub_designator(N) IN(K) rterm(B). { A = build_region_prep(ctx, RX_IN, build_dir_desig(ctx, N), K, B); }
rterm_nt(A) ::= bracket(D) OF(K) rterm(B). { A = build_region_prep(ctx, RX_OF, build_dir_bracket(ctx, D), K, B); }
rterm_nt(A) ::= bracket(D) IN(K) rterm(B). { A = build_region_prep(ctx, RX_IN, build_dir_bracket(ctx, D), K, B); }
rterm_nt(A) ::= DITTO(T). { A = build_region_ditto(ctx, T); }
rterm_nt(A) ::= bracket(B). { A = build_region_bracket(ctx, B); }

%type dir {DirSyn *}
dir(A) ::= IDENT(N). { A = build_dir_name(ctx, N); }
dir(A) ::= sub_designator(D). { A = build_dir_desig(ctx, D); }
dir(A) ::= LBRACKET(L) expr_list(E) RBRACKET(R). { A = build_dir_list(ctx, L, &E, R); }

/* ---- statements --------------------------------------------------------------------- */

%type stmts {PtrVec}
stmts(A) ::= . { A = (PtrVec){0}; }
stmts(A) ::= stmts(B) stmt(S) SEMI. { A = B; vec_push(ctx->arena, &A, S); }
stmts(A) ::= stmts(B) SEMI. { A = B; }
stmts(A) ::= stmts(B) error. { A = B; }

%type stmt {Stmt *}
stmt(A) ::= lhs(L) ASSIGN(O) expr(R). { A = build_assign(ctx, L, O, AS_ASSIGN, R); }
stmt(A) ::= lhs(L) OPASSIGN(O) expr(R). { A = build_assign(ctx, L, O, (int)O.ival, R); }
stmt(A) ::= lhs(L) ASSIGN(O) rterm_nt(R). { A = build_assign(ctx, L, O, AS_ASSIGN, build_region_value(ctx, R)); }
stmt(A) ::= lhs(L) ASSIGN(O) rexpr_op(R). { A = build_assign(ctx, L, O, AS_ASSIGN, build_region_value(ctx, R)); }
stmt(A) ::= lhs(L) EQ(O) expr(R). { parse_action_error(ctx, O, "'=' cannot be used for assignment; use ':='"); A = build_assign(ctx, L, O, AS_ASSIGN, R); }
stmt(A) ::= lhs(L) PERMASSIGN(O) expr. { (void)L; A = build_unsupported_stmt(ctx, O, "permutation and remap operators are not supported"); }
stmt(A) ::= lhs(L) REGASSIGN(O) expr. { (void)L; A = build_unsupported_stmt(ctx, O, "region and direction values are not supported here"); }
stmt(A) ::= lhs(L) REGASSIGN(O) rterm_nt. { (void)L; A = build_unsupported_stmt(ctx, O, "region and direction values are not supported here"); }
stmt(A) ::= lhs(L) REGASSIGN(O) rexpr_op. { (void)L; A = build_unsupported_stmt(ctx, O, "region and direction values are not supported here"); }
stmt(A) ::= call(C). { A = build_call_stmt(ctx, C); }
stmt(A) ::= BEGIN(K) stmts(L) END. { A = build_block(ctx, K, &L); }
stmt(A) ::= bracket(R) stmt(S). { A = build_region_stmt(ctx, R, S); }
stmt(A) ::= IF(K) expr(C) THEN stmts(L) elsifs(E) else_opt(X) END. { A = build_if(ctx, K, C, &L, &E, X); }
stmt(A) ::= WHILE(K) expr(C) DO stmts(L) END. { A = build_loop(ctx, ST_WHILE, K, C, &L); }
stmt(A) ::= REPEAT(K) stmts(L) UNTIL expr(C). { A = build_loop(ctx, ST_REPEAT, K, C, &L); }
stmt(A) ::= FOR(K) IDENT(V) ASSIGN expr(F) TO expr(T) by_opt(B) DO stmts(L) END. { A = build_for(ctx, K, V, F, T, false, B, &L); }
stmt(A) ::= FOR(K) IDENT(V) ASSIGN expr(F) DOWNTO expr(T) by_opt(B) DO stmts(L) END. { A = build_for(ctx, K, V, F, T, true, B, &L); }
stmt(A) ::= EXIT(K). { A = build_stmt(ctx, ST_EXIT, K); }
stmt(A) ::= CONTINUE(K). { A = build_stmt(ctx, ST_CONTINUE, K); }
stmt(A) ::= RETURN(K). { A = build_return(ctx, K, NULL); }
stmt(A) ::= RETURN(K) expr(E). { A = build_return(ctx, K, E); }
stmt(A) ::= HALT(K). { A = build_io(ctx, ST_HALT, K, NULL, true, false); }
stmt(A) ::= HALT(K) LPAREN io_items(I) RPAREN. { A = build_io(ctx, ST_HALT, K, &I, true, true); }
stmt(A) ::= WRITE(K) LPAREN io_items(I) RPAREN. { A = build_io(ctx, ST_WRITE, K, &I, false, true); }
stmt(A) ::= WRITELN(K) LPAREN RPAREN. { A = build_io(ctx, ST_WRITE, K, NULL, true, false); }
stmt(A) ::= WRITELN(K) LPAREN io_items(I) RPAREN. { A = build_io(ctx, ST_WRITE, K, &I, true, true); }
stmt(A) ::= READ(K) LPAREN read_items(I) RPAREN. { A = build_io(ctx, ST_READ, K, &I, false, true); }
stmt(A) ::= WRAP(K) wrap_list(L). { A = build_wrap(ctx, K, &L); A->reflect = false; }
stmt(A) ::= REFLECT(K) wrap_list(L). { A = build_wrap(ctx, K, &L); A->reflect = true; }
stmt(A) ::= SCAN(K) stmts END. { A = build_unsupported_stmt(ctx, K, "wavefront computations ('scan' blocks and primed '@') are not supported"); }
stmt(A) ::= INTERLEAVE(K) stmts END. { A = build_unsupported_stmt(ctx, K, "wavefront computations ('scan' blocks and primed '@') are not supported"); }
stmt(A) ::= BREAD(K) LPAREN expr_list RPAREN. { A = build_unsupported_stmt(ctx, K, "binary I/O is not supported"); }
stmt(A) ::= BWRITE(K) LPAREN expr_list RPAREN. { A = build_unsupported_stmt(ctx, K, "binary I/O is not supported"); }

%type lhs {Expr *}
lhs(A) ::= designator(D). { A = D; }
lhs(A) ::= designator(D) ATSIGN(K) dir(X). { A = build_unsupported_expr(ctx, K, "'@' on the left of an assignment is not supported", build_shift(ctx, D, K, X), X->end); A->oploc = A->loc = D->loc; }
lhs(A) ::= designator(D) ATCARET(K) dir(X). { A = build_unsupported_expr(ctx, K, "'@' on the left of an assignment is not supported", build_shift(ctx, D, K, X), X->end); A->oploc = A->loc = D->loc; }
lhs(A) ::= designator(D) HASH(K) bracket(R). { A = build_unsupported_expr(ctx, K, "permutation and remap operators are not supported", D, R->end); A->oploc = tok_loc(K); }
lhs(A) ::= designator(D) PRIMEAT(K) dir(X). { A = build_unsupported_expr(ctx, K, "wavefront computations ('scan' blocks and primed '@') are not supported", D, X->end); A->loc = D->loc; }

%type elsifs {PtrVec}
elsifs(A) ::= . { A = (PtrVec){0}; }
elsifs(A) ::= elsifs(B) ELSIF(K) expr(C) THEN stmts(L). { A = B; vec_push(ctx->arena, &A, build_elsif(ctx, K, C, &L)); }
%type else_opt {Stmt *}
else_opt(A) ::= . { A = NULL; }
else_opt(A) ::= ELSE(K) stmts(L). { A = build_else(ctx, K, &L); }
%type by_opt {Expr *}
by_opt(A) ::= . { A = NULL; }
by_opt(A) ::= BY expr(E). { A = E; }

%type io_items {PtrVec}
io_items(A) ::= io_item(I). { A = (PtrVec){0}; vec_push(ctx->arena, &A, I); }
io_items(A) ::= io_items(B) COMMA io_item(I). { A = B; vec_push(ctx->arena, &A, I); }
%type io_item {IoItem *}
io_item(A) ::= expr(E). { A = build_io_item(ctx, NULL, E); }
io_item(A) ::= expr(F) COLON expr(E). { A = build_io_item(ctx, F, E); }
%type read_items {PtrVec}
read_items(A) ::= expr(E). { A = (PtrVec){0}; vec_push(ctx->arena, &A, build_io_item(ctx, NULL, E)); }
read_items(A) ::= read_items(B) COMMA expr(E). { A = B; vec_push(ctx->arena, &A, build_io_item(ctx, NULL, E)); }

%type wrap_list {PtrVec}
wrap_list(A) ::= expr(D). { A = (PtrVec){0}; vec_push(ctx->arena, &A, D); }
wrap_list(A) ::= wrap_list(B) COMMA expr(D). { A = B; vec_push(ctx->arena, &A, D); }

/* ---- expressions (section 9.6; precedence of section 6.1) ---------------------------- */

%type expr {Expr *}
expr(A) ::= expr(L) PIPE(O) and_expr(R). { A = build_binary(ctx, L, O, OP_OR, R); }
expr(A) ::= and_expr(E). { A = E; }
%type and_expr {Expr *}
and_expr(A) ::= and_expr(L) AMP(O) rel_expr(R). { A = build_binary(ctx, L, O, OP_AND, R); }
and_expr(A) ::= rel_expr(E). { A = E; }
%type rel_expr {Expr *}
rel_expr(A) ::= rel_expr(L) EQ(O) add_expr(R). { A = build_binary(ctx, L, O, OP_EQ, R); }
rel_expr(A) ::= rel_expr(L) NE(O) add_expr(R). { A = build_binary(ctx, L, O, OP_NE, R); }
rel_expr(A) ::= rel_expr(L) LT(O) add_expr(R). { A = build_binary(ctx, L, O, OP_LT, R); }
rel_expr(A) ::= rel_expr(L) LE(O) add_expr(R). { A = build_binary(ctx, L, O, OP_LE, R); }
rel_expr(A) ::= rel_expr(L) GT(O) add_expr(R). { A = build_binary(ctx, L, O, OP_GT, R); }
rel_expr(A) ::= rel_expr(L) GE(O) add_expr(R). { A = build_binary(ctx, L, O, OP_GE, R); }
rel_expr(A) ::= add_expr(E). { A = E; }
%type add_expr {Expr *}
add_expr(A) ::= add_expr(L) PLUS(O) mul_expr(R). { A = build_binary(ctx, L, O, OP_ADD, R); }
add_expr(A) ::= add_expr(L) MINUS(O) mul_expr(R). { A = build_binary(ctx, L, O, OP_SUB, R); }
add_expr(A) ::= mul_expr(E). { A = E; }
%type mul_expr {Expr *}
mul_expr(A) ::= mul_expr(L) STAR(O) prefix_expr(R). { A = build_binary(ctx, L, O, OP_MUL, R); }
mul_expr(A) ::= mul_expr(L) SLASH(O) prefix_expr(R). { A = build_binary(ctx, L, O, OP_DIV, R); }
mul_expr(A) ::= mul_expr(L) PERCENT(O) prefix_expr(R). { A = build_binary(ctx, L, O, OP_MOD, R); }
mul_expr(A) ::= prefix_expr(E). { A = E; }

%type prefix_expr {Expr *}
prefix_expr(A) ::= MINUS(O) prefix_expr(E). { A = build_unary(ctx, O, OP_NEG, E); }
prefix_expr(A) ::= PLUS(O) prefix_expr(E). { A = build_unary(ctx, O, OP_POS, E); }
prefix_expr(A) ::= BANG(O) prefix_expr(E). { A = build_unary(ctx, O, OP_NOT, E); }
prefix_expr(A) ::= REDUCE(O) prefix_expr(E). { A = build_reduce(ctx, O, NULL, E); }
prefix_expr(A) ::= REDUCE(O) bracket(R) prefix_expr(E). { A = build_reduce(ctx, O, R, E); }
prefix_expr(A) ::= SCANOP(O) prefix_expr(E). { A = build_scan(ctx, O, NULL, E); }
prefix_expr(A) ::= SCANOP(O) bracket(R) prefix_expr(E). { A = build_scan(ctx, O, R, E); }
prefix_expr(A) ::= FLOOD(O) bracket(R) prefix_expr(E). { A = build_flood(ctx, O, R, E); }
prefix_expr(A) ::= USERREDUCE(O) prefix_expr(E). { A = build_user_reduce(ctx, O, E, NULL, E->end); }
prefix_expr(A) ::= USERREDUCE(O) tuple(T). { A = build_user_reduce(ctx, O, NULL, &T, T.end); }
prefix_expr(A) ::= USERREDUCE(O) bracket prefix_expr(E). { A = build_unsupported_expr(ctx, O, "user-defined partial reductions are not supported", E, E->end); }
prefix_expr(A) ::= USERREDUCE(O) bracket tuple(T). { A = build_unsupported_expr(ctx, O, "user-defined partial reductions are not supported", NULL, T.end); }
prefix_expr(A) ::= USERSCAN(O) prefix_expr(E). { A = build_unsupported_expr(ctx, O, "user-defined scans are not supported", E, E->end); }
prefix_expr(A) ::= USERSCAN(O) tuple(T). { A = build_unsupported_expr(ctx, O, "user-defined scans are not supported", NULL, T.end); }
prefix_expr(A) ::= USERSCAN(O) bracket prefix_expr(E). { A = build_unsupported_expr(ctx, O, "user-defined scans are not supported", E, E->end); }
prefix_expr(A) ::= USERSCAN(O) bracket tuple(T). { A = build_unsupported_expr(ctx, O, "user-defined scans are not supported", NULL, T.end); }
prefix_expr(A) ::= pow_expr(E). { A = E; }

/* '^' groups to the left; a prefix operator in the exponent extends over the rest of it. */
%type pow_expr {Expr *}
pow_expr(A) ::= pow_expr(L) CARET(O) pow_rhs(R). { A = build_binary(ctx, L, O, OP_POW, R); }
pow_expr(A) ::= postfix_expr(E). { A = E; }
%type pow_rhs {Expr *}
pow_rhs(A) ::= postfix_expr(E). { A = E; }
pow_rhs(A) ::= MINUS(O) pow_tail(E). { A = build_unary(ctx, O, OP_NEG, E); }
pow_rhs(A) ::= PLUS(O) pow_tail(E). { A = build_unary(ctx, O, OP_POS, E); }
pow_rhs(A) ::= BANG(O) pow_tail(E). { A = build_unary(ctx, O, OP_NOT, E); }
pow_rhs(A) ::= REDUCE(O) pow_tail(E). { A = build_reduce(ctx, O, NULL, E); }
pow_rhs(A) ::= REDUCE(O) bracket(R) pow_tail(E). { A = build_reduce(ctx, O, R, E); }
pow_rhs(A) ::= SCANOP(O) pow_tail(E). { A = build_scan(ctx, O, NULL, E); }
pow_rhs(A) ::= SCANOP(O) bracket(R) pow_tail(E). { A = build_scan(ctx, O, R, E); }
pow_rhs(A) ::= FLOOD(O) bracket(R) pow_tail(E). { A = build_flood(ctx, O, R, E); }
pow_rhs(A) ::= USERREDUCE(O) pow_tail(E). { A = build_user_reduce(ctx, O, E, NULL, E->end); }
pow_rhs(A) ::= USERREDUCE(O) tuple(T). { A = build_user_reduce(ctx, O, NULL, &T, T.end); }
%type pow_tail {Expr *}
pow_tail(A) ::= pow_expr(E). [CARET] { A = E; }
pow_tail(A) ::= MINUS(O) pow_tail(E). { A = build_unary(ctx, O, OP_NEG, E); }
pow_tail(A) ::= PLUS(O) pow_tail(E). { A = build_unary(ctx, O, OP_POS, E); }
pow_tail(A) ::= BANG(O) pow_tail(E). { A = build_unary(ctx, O, OP_NOT, E); }
pow_tail(A) ::= REDUCE(O) pow_tail(E). { A = build_reduce(ctx, O, NULL, E); }
pow_tail(A) ::= REDUCE(O) bracket(R) pow_tail(E). { A = build_reduce(ctx, O, R, E); }
pow_tail(A) ::= SCANOP(O) pow_tail(E). { A = build_scan(ctx, O, NULL, E); }
pow_tail(A) ::= SCANOP(O) bracket(R) pow_tail(E). { A = build_scan(ctx, O, R, E); }
pow_tail(A) ::= FLOOD(O) bracket(R) pow_tail(E). { A = build_flood(ctx, O, R, E); }
pow_tail(A) ::= USERREDUCE(O) pow_tail(E). { A = build_user_reduce(ctx, O, E, NULL, E->end); }
pow_tail(A) ::= USERREDUCE(O) tuple(T). { A = build_user_reduce(ctx, O, NULL, &T, T.end); }

/* The operand tuple of a user-defined reduction: two or more expressions (section 15.5). */
%type tuple {Tuple}
tuple(A) ::= LPAREN expr(F) COMMA expr_list(L) RPAREN(R). { A = build_tuple(ctx, F, &L, R); }

%type postfix_expr {Expr *}
postfix_expr(A) ::= primary(P). { A = P; }
postfix_expr(A) ::= postfix_expr(B) ATSIGN(O) dir(D). { A = build_shift(ctx, B, O, D); }
postfix_expr(A) ::= postfix_expr(B) ATCARET(O) dir(D). { A = build_shift(ctx, B, O, D); }
postfix_expr(A) ::= postfix_expr(B) PRIMEAT(O) dir(D). { A = build_unsupported_expr(ctx, O, "wavefront computations ('scan' blocks and primed '@') are not supported", B, D->end); }
postfix_expr(A) ::= postfix_expr(B) HASH(O) bracket(R). { A = build_unsupported_expr(ctx, O, "permutation and remap operators are not supported", B, R->end); }

%type primary {Expr *}
primary(A) ::= designator(D). { A = D; }
primary(A) ::= call(C). { A = C; }
primary(A) ::= INTLIT(T). { A = build_literal(ctx, T); }
primary(A) ::= FLOATLIT(T). { A = build_literal(ctx, T); }
primary(A) ::= CHARLIT(T). { A = build_literal(ctx, T); }
primary(A) ::= strlit(S). { A = S; }
primary(A) ::= LPAREN(L) expr(E) RPAREN(R). { A = build_parens(ctx, L, E, R); }

%type strlit {Expr *}
strlit(A) ::= STRINGLIT(T). { A = build_string(ctx, NULL, T); }
strlit(A) ::= strlit(B) STRINGLIT(T). { A = build_string(ctx, B, T); }

%type designator {Expr *}
designator(A) ::= IDENT(N). { A = build_name(ctx, N); }
designator(A) ::= sub_designator(D). { A = D; }
/* A designator with a subscript or a field: in a direction position, an element of an indexed array
 * of directions, dir100[k] (section 15.1); a plain name there is a direction name. */
%type sub_designator {Expr *}
sub_designator(A) ::= designator(B) LBRACKET RBRACKET(R). { A = build_index(ctx, B, NULL, R); }
sub_designator(A) ::= designator(B) LBRACKET expr_list(L) RBRACKET(R). { A = build_index(ctx, B, &L, R); }
sub_designator(A) ::= designator(B) DOT IDENT(F). { A = build_field(ctx, B, F); }

%type call {Expr *}
call(A) ::= IDENT(N) LPAREN RPAREN(R). { A = build_call(ctx, N, NULL, R); }
call(A) ::= IDENT(N) LPAREN expr_list(L) RPAREN(R). { A = build_call(ctx, N, &L, R); }

%type expr_list {PtrVec}
expr_list(A) ::= expr(E). { A = (PtrVec){0}; vec_push(ctx->arena, &A, E); }
expr_list(A) ::= expr_list(B) COMMA expr(E). { A = B; vec_push(ctx->arena, &A, E); }

%code {
/* ---- queries on lemon's tables, for syntax error messages and recovery ---- */

/* Simulate the parser without changing it: does token `first` (then `second`, if not -1) shift?
   Reductions pop entries of the real stack (read-only) and push onto a small overlay. */
static bool simulate_accepts(yyParser *p, int first, int second) {
  YYACTIONTYPE ext[256];
  int next = 0;                                  /* entries in ext */
  int real = (int)(p->yytos - p->yystack) + 1;   /* real entries still visible */
  int tokens[2] = {first, second};
  for (int k = 0; k < 2 && tokens[k] >= 0; k++) {
    for (;;) {
      YYACTIONTYPE state = next ? ext[next - 1] : p->yystack[real - 1].stateno;
      YYACTIONTYPE act = yy_find_shift_action((YYCODETYPE)tokens[k], state);
      if (act >= YY_MIN_REDUCE && act <= YY_MAX_REDUCE) {
        int rule = act - YY_MIN_REDUCE;
        int pop = -yyRuleInfoNRhs[rule];
        int from_ext = pop < next ? pop : next;
        next -= from_ext;
        real -= pop - from_ext;
        if (real < 1) return false;
        state = next ? ext[next - 1] : p->yystack[real - 1].stateno;
        if (next == (int)(sizeof ext / sizeof ext[0])) return true; /* absurdly deep: assume fine */
        ext[next++] = yy_find_reduce_action(state, (YYCODETYPE)yyRuleInfoLhs[rule]);
        continue;
      }
      if (act <= YY_MAX_SHIFTREDUCE) {
        if (act > YY_MAX_SHIFT) act += YY_MIN_REDUCE - YY_MIN_SHIFTREDUCE;
        if (next == (int)(sizeof ext / sizeof ext[0])) return true;
        ext[next++] = act;
        break;
      }
      return act == YY_ACCEPT_ACTION;
    }
  }
  return true;
}

bool zpl_parser_accepts(void *parser, int token) { return simulate_accepts(parser, token, -1); }

bool zpl_parser_accepts_pair(void *parser, int first, int second) {
  return simulate_accepts(parser, first, second);
}

int zpl_parser_errcnt(void *parser) { return ((yyParser *)parser)->yyerrcnt; }

void zpl_parser_clear_errors(void *parser) { ((yyParser *)parser)->yyerrcnt = -1; }
}
