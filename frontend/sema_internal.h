/* sema_internal.h - the data semantic analysis works on: types, regions, symbols, scopes,
 * and the functions its files share. Not used outside frontend/sema*.c and ast_dump.c. */
#ifndef AZC_SEMA_INTERNAL_H
#define AZC_SEMA_INTERNAL_H
#include <stdbool.h>
#include <stdint.h>
#include "ast.h"
#include "cimport.h"
#include "diag.h"
#include "sema.h"

enum { MAX_RANK = 6 };

/* The rank of IndexK where the covering region is inherited and not yet known: it takes the
 * rank of whatever it meets. */
enum { RANK_ANY = 99 };

/* The rank two parallel operands combine to, or -1 if they conflict (0 is scalar). */
static inline int rank_join(int a, int b) {
  if (!a || a == RANK_ANY) return b ? b : a;
  if (!b || b == RANK_ANY) return a;
  return a == b ? a : -1;
}

/* ---- types ---- */

typedef enum {
  TY_SCALAR, TY_ENUM, TY_RECORD, TY_ARRAY, TY_PARALLEL, TY_VOID, TY_ERROR,
  TY_DIRECTION,   /* direction<+,0,->: the values of direction constants (section 15.1) */
  TY_REGION       /* region<..,*>: the values of region constants */
} TypeKind;

typedef struct Field {
  const char *name;
  Type *type;
} Field;

typedef struct ArrayDim {
  Expr *lo, *hi;
  bool known;        /* both bounds are compile-time constants */
  int64_t lo_val, hi_val;
} ArrayDim;

struct Type {
  TypeKind kind;
  ScalarKind scalar;   /* TY_SCALAR */
  const char *name;    /* TY_ENUM, TY_RECORD: declared name (or "enumeration"/"record") */
  Symbol **enumerators;/* TY_ENUM */
  int nenums;
  Field *fields;       /* TY_RECORD */
  int nfields;
  ArrayDim *dims;      /* TY_ARRAY */
  int ndims;
  Type *elem;          /* TY_ARRAY, TY_PARALLEL */
  Region *region;      /* TY_PARALLEL: declared region (NULL: blank region parameter); for the
                          element type of an indexed array of parallel arrays, the region written
                          with index1..indexm, evaluated per element (Region.per_element) */
  int rank;            /* TY_PARALLEL, TY_DIRECTION, TY_REGION */
  Symbol *region_name; /* TY_PARALLEL: the named region written in the type, if any */
  char shape[MAX_RANK];/* TY_DIRECTION: '+', '-', '0' per component; TY_REGION: '.' or '*' */
  bool projection;     /* TY_ARRAY: the shape of a blank-index projection (section 15.7) */
};

/* ---- regions ---- */

typedef enum { DK_RANGE, DK_SINGLE, DK_STAR, DK_BLANK } DimKind;

typedef struct RDim {
  DimKind kind;
  bool known;           /* lo, hi are compile-time constants */
  int64_t lo, hi;
  int64_t stride;       /* 1 unless 'by' */
  int64_t align;        /* with stride > 1: the indices are those == align (mod stride), as zrt_region */
} RDim;

struct Region {
  int rank;
  RDim dims[MAX_RANK];
  bool error;           /* an error was reported inside: check nothing else */
  bool masked;
  Expr *mask;
  Loc mask_loc;
  bool dynamic;         /* uses '"' or blank dimensions: depends on the covering region */
  bool strided;         /* 'by' was applied: strides are known only at run time */
  bool of_region;       /* the outermost operator is 'of' */
  Symbol *of_dir;       /* its direction, when named */
  int64_t of_d[MAX_RANK];
  bool of_d_known;
  Region *of_base;      /* the region the 'of' is applied to */
  Symbol *of_base_name; /* when that region is named */
  bool in_region;       /* built with 'in' (outermost) */
  Symbol *named;        /* a named region (or region constant), exactly */
  Expr *desig;          /* an element of an indexed array of regions (Level[k]): its bounds are
                           known at run time only, evaluated when the statement starts */
  bool per_element;     /* the declared region of an element of an indexed array of parallel
                           arrays, written with index1..indexm */
  RegionSyn *syn;
};

/* ---- symbols ---- */

typedef enum {
  SYM_VAR, SYM_CONST, SYM_CONFIG_VAR, SYM_CONFIG_CONST, SYM_EXTERN_VAR, SYM_EXTERN_CONST,
  SYM_PARAM, SYM_TYPE, SYM_REGION, SYM_DIRECTION, SYM_PROC, SYM_ENUMERATOR,
  SYM_BUILTIN,         /* a predefined function or procedure of section 8 */
  SYM_INDEX,           /* Index1..Index6 */
  SYM_INDEX_INIT,      /* index1..index6 */
  SYM_UNSUPPORTED      /* a predefined name that only produces an E45 message */
} SymKind;

typedef struct ProcInfo ProcInfo;

/* The predefined functions and procedures of section 8, in the order of sema_builtins.def. */
typedef enum {
#define B(name) BF_##name,
#include "sema_builtins.def"
#undef B
  BF__COUNT
} BuiltinId;

struct Symbol {
  SymKind kind;
  const char *name;
  Loc loc;               /* where it is declared (loc.line 0: predefined) */
  Decl *decl;
  Type *type;            /* variables, constants, parameters, enumerators; result type of procedures */
  bool error;            /* its declaration had an error: uses are not reported again */
  bool global;
  int resolve_state;     /* 0 not yet, 1 in progress, 2 done */
  /* compile-time constant integer value (section 5.8) */
  bool const_known;
  int64_t const_val;
  /* SYM_REGION */
  Region *region;
  /* SYM_DIRECTION */
  int dir_rank;
  bool dir_known;
  int64_t dir[MAX_RANK];
  unsigned dir_zero;     /* bit k: component k is certainly 0 */
  /* SYM_PROC, SYM_BUILTIN: the resolved signature (see sema_proc_signature) */
  Proc *proc;               /* the definition (or the prototype while there is none) */
  Proc *proto;              /* a separate prototype of it */
  ProcInfo *info;
  const CImportFunc *cfunc; /* a function imported from a C header */
  const char *cheader;      /* the header it came from */
  bool sig_done;
  int nparams;
  Type **ptypes;            /* parameter types */
  ParamMode *pmodes;
  const char **pnames;
  Type *result;             /* NULL: no result */
  /* SYM_PARAM */
  ParamMode mode;
  int param_index;
  Proc *owner;           /* procedure of a parameter or local */
  /* SYM_BUILTIN, SYM_INDEX, SYM_INDEX_INIT */
  int builtin;
  int index_k;
  const char *unsupported; /* SYM_UNSUPPORTED message */
  /* parallel arrays: border widths (section 5.8) per dimension */
  int border_lo[MAX_RANK], border_hi[MAX_RANK];
  bool may_stride;       /* parallel arrays: may be stored compactly over a strided declared region
                            (section 15.3; backend/emit_strided.c) */
  bool dyn_ghost;        /* parallel arrays: shifted by a direction known only at run time (a direction
                            constant, section 15.1), through parameters too: allocated with a ghost
                            cell around every dimension (backend/emit_views.c) */
  const char *c_name;    /* back end: the C lvalue of a symbol azc made up (emit_sym), or NULL */
  bool for_var_active;   /* currently the variable of an enclosing 'for' */
  bool is_free;          /* a free variable (section 15.6) */
  Symbol *element_of;    /* IR (ir/lower.c): this symbol stands for an element U[e] of the indexed
                            array of parallel arrays U in one statement (section 15.2) */
  bool r16;              /* a direction constant whose signs azc could not check: the generated
                            program checks every component against its type (R16, section 15.1) */
  /* SYM_PROC: procedure overloading (section 15.4) */
  Symbol *next_overload; /* the next member of the family (the first member is in the scope) */
  int overload_index;    /* position in the family (0 for the first) */
  bool family_done;      /* the family's members are paired with their prototypes */
  int config_index;      /* config vars: position in the generated config table */
  bool assigned_in_proc; /* assigned somewhere (for E46 reasons) */
};

/* ---- per-procedure facts for the whole-program analyses ---- */

typedef struct CallSite {
  Symbol *callee;
  Expr *call;            /* the call, or the user-defined reduction that calls it */
  Region *cover;         /* covering region at the call (NULL: none in this procedure) */
  bool promoted;         /* called elementwise */
  bool in_parallel_stmt;
  Loc loc;
  int construct;         /* the statement it is in (diag_current_construct), for one error per statement */
} CallSite;

typedef struct ParamBinding {  /* an array argument bound to a parallel parameter */
  Symbol *callee;
  int param;
  Symbol *arg;           /* the array variable or parameter passed */
} ParamBinding;

typedef struct ShiftUse {      /* A@d or an 'of' region write, for border storage */
  Symbol *array;
  bool of_write;         /* written/wrapped under 'd of D' */
  int64_t d[MAX_RANK];
  int rank;
  Region *of_base;       /* D, for of_write */
  Symbol *of_base_name;
} ShiftUse;

typedef struct Access {        /* an access checked against the storage region (section 5.8) */
  Symbol *array;
  Expr *expr;            /* the name (or shift) as written */
  Region *cover;
  bool shifted;
  bool wrapped;          /* '@^': only a strided declared region can be left (section 15.3) */
  int64_t d[MAX_RANK];
  bool d_known;
  Loc loc;
  int construct;         /* the statement it is in */
} Access;

struct ProcInfo {
  Symbol *sym;
  PtrVec calls;          /* CallSite* */
  PtrVec bindings;       /* ParamBinding* */
  int needs_rank;        /* rank of the covering region its inherited statements need (0: none) */
  Loc needs_loc;
  bool needs_conflict;
  /* why it cannot be promoted (E46), first reason found */
  const char *own_reason;
  const char *reason;
  bool analysed;
  bool per_process;      /* calls ReadTimer, StartTimer, CheckTimer or ResetTimer or reduces free
                            values: these communicate unless the procedure runs elementwise
                            (section 15.6), when each process calls it a different number of times */
};

/* The procedures of a user-defined reduction (section 15.5), chosen from the family f for the
 * element types of its operands. */
typedef struct UserReduce {
  Symbol *identity;      /* f(inout s : T), or the function f() : T */
  Symbol *accumulate;    /* f(x1 : E1; ...; xm : Em; inout s : T), or the function f(x, y : T) : T */
  Symbol *combine;       /* f(inout s1 : T; inout s2 : T); may be the accumulate procedure (m = 1,
                            E1 = T: combine(s1, s2) is accumulate(s1, s2)) or function */
  Type *state;           /* T */
  bool identity_fn, accumulate_fn, combine_fn; /* the function forms */
} UserReduce;

/* ---- the analysis state ---- */

typedef struct Scope Scope;
struct Scope {
  Scope *parent;
  const char **keys;
  Symbol **vals;
  int cap, len;
};

struct Sema {
  Arena *arena;
  Program *prog;
  const Source *src;
  Diags *diags;
  const SemaOptions *opts;
  Scope *predef;
  Scope *globals;
  Scope *cimports;        /* functions imported from C headers: found after everything else */
  Scope *locals;          /* of the procedure being checked */
  Symbol *entry;
  Proc *cur_proc;
  ProcInfo *cur_info;
  int loop_depth;
  bool headers_failed;    /* an extern "HEADER" could not be imported: E5 is not reported */
  PtrVec procs;           /* Symbol* of every program procedure (with a body), in order */
  ProcInfo *elab_info;    /* calls made by global initializers (elaboration: no covering region) */
  PtrVec shifts;          /* ShiftUse* */
  PtrVec accesses;        /* Access* */
  PtrVec arrays;          /* Symbol* of every parallel array variable */
  PtrVec headers;         /* CImportResult* */
  PtrVec protos;          /* (unused) */
  Type *t_error, *t_void, *t_scalar[SK_COUNT];
  /* statement context */
  Region *cover;          /* covering region in effect (NULL: none / inherited) */
  bool cover_inherited;   /* no region statement in this procedure yet: the caller's applies */
  Stmt *cur_stmt;
  bool in_parallel_stmt;
  Region *sub_cover;      /* inside a partial reduction / flood operand: its source region */
  bool in_init;           /* checking an indexed-array initializer (index1..6 allowed) */
  int expr_depth;         /* nesting of the expression being checked */
  bool bare_array_ok;     /* checking an argument of an array parameter: a bare indexed array name is fine */
  bool depth_reported;
  int need_rank;          /* rank the statement's parallel operands need (0: none yet) */
  Loc need_loc;
  int need_other;         /* the rank of a later operand that differs from need_rank without
                             meeting it at an operator (0: none, -1: E15 reported; valid while
                             need_rank is set) */
  /* section 15 */
  bool regdir_ok;         /* a designator may denote a region or direction (Level[k], dir100[k]) */
  bool indexing_base;     /* checking the base of a subscript (U in U[k]) */
  int elem_index_dims;    /* checking the element region of an indexed array of parallel arrays with
                             this many dimensions: index1..indexm are allowed */
  const int64_t *index_env; /* values of index1..index_env_n for compile-time evaluation */
  int index_env_n;
  bool target_ctx;        /* the next name checked is an assignment's target (check_assign) */
  bool target_free;       /* that target is a free variable */
  bool free_ok;           /* a free value may be read here (section 15.6) */
  Expr *free_read;        /* the first free value read since free_ok was set */
  Symbol *init_sym;       /* the constant whose initializer is being checked */
};

/* Where a type is used, for the E45 rules of section 15 (sema_type_use_ok). */
typedef enum { TU_VAR, TU_FREE_VAR, TU_CONST, TU_CONFIG, TU_PARAM, TU_RESULT, TU_FIELD, TU_ELEM } TypeUse;

/* ---- shared functions ---- */

/* scopes */
Scope *scope_new(Arena *a, Scope *parent);
Symbol *scope_get(Scope *s, const char *name);       /* this scope only */
void scope_put(Arena *a, Scope *s, const char *name, Symbol *sym);
Symbol *sema_lookup(Sema *S, const char *name, int at_off); /* with declare-before-use */
Symbol *sema_new_symbol(Sema *S, SymKind kind, const char *name, Loc loc);
void sema_predefine(Sema *S);

/* types */
Type *type_new(Sema *S, TypeKind kind);
Type *type_scalar(Sema *S, ScalarKind k);
const char *type_name(Sema *S, const Type *t);
/* The bytes of a value of type t when all its sizes are known at compile time (at most 2 GiB), else 0. */
uint64_t sema_type_known_bytes(const Type *t);
bool type_is_integer(const Type *t);   /* the integer types (not boolean, not enum) */
bool type_is_numeric(const Type *t);
bool type_is_floating(const Type *t);
bool type_is_truth(const Type *t);     /* boolean or an integer type */
bool type_is_arith(const Type *t);     /* numeric, boolean or enumeration */
bool type_same(const Type *a, const Type *b);
bool type_assignable(const Type *target, const Type *src);
Type *type_promote(Sema *S, const Type *t);          /* arithmetic promotion of one operand */
Type *type_common(Sema *S, const Type *a, const Type *b);
Type *type_elem(const Type *t);                      /* element type of a parallel type, else t */
Type *sema_resolve_type(Sema *S, TypeSyn *ts, bool param_ctx);

/* compile-time constants */
bool sema_const_int(Sema *S, Expr *e, int64_t *out);
/* Config values for sema_config_int: the config vars named here have these values (azc -s). */
typedef struct SemaConfigEnv {
  const char *const *names;
  const int64_t *values;
  int n;
} SemaConfigEnv;
/* The value an integer expression has in the elaborated program when every config var has the
 * value env gives it or else its initializer's: sema_const_int, with config vars and the constants
 * that depend on them (for the pattern files azc writes). False where it depends on anything else. */
bool sema_config_int(Sema *S, Expr *e, const SemaConfigEnv *env, int64_t *out);

/* regions and directions */
Region *sema_region_bracket(Sema *S, Bracket *b, bool decl_ctx);
Region *sema_region_syn(Sema *S, RegionSyn *r, bool decl_ctx);
bool sema_dir(Sema *S, DirSyn *d, int *rank, int64_t *vals, bool *known);
bool region_same_set(const Region *a, const Region *b);  /* provably the same index set */
bool region_known(const Region *r);
void sema_resolve_symbol(Sema *S, Symbol *sym);

/* procedures: resolve the parameter types/modes and result of a procedure symbol */
void sema_proc_signature(Sema *S, Symbol *sym);

/* expressions */
Type *sema_expr(Sema *S, Expr *e);
Type *sema_expr_whole(Sema *S, Expr *e);               /* also accepts a whole indexed array (a, a[]) */
Type *sema_call(Sema *S, Expr *e, bool stmt);          /* a call expression or call statement */
Type *sema_builtin_call(Sema *S, Symbol *b, Expr *e, bool stmt);
void sema_record_call(Sema *S, Symbol *callee, Expr *e, bool promoted); /* for the whole-program analyses */
void sema_promotion_obstacle(Sema *S, const char *reason); /* why this procedure cannot be promoted (E46) */
void sema_assigns_global(Sema *S, const Symbol *g);    /* that reason for a global variable it assigns */
bool sema_is_variable(Sema *S, Expr *e);
Symbol *sema_base_symbol(Expr *e);       /* the variable a designator starts from */
/* The parallel type target (whose variable is sym) is written through: its variable's, or for an
 * element U[k] of an indexed array of parallel arrays, U's element type. */
Type *sema_target_type(Expr *target, Symbol *sym);
/* E29's message (a format: the array's name, the dimension), said by sema and, where the type of
 * the target does not tell, by the run-time check the backend emits. */
#define FLOOD_WRITE_MESSAGE "flood array '%s' can only be assigned under a region with '*' in dimension %d"
const char *sema_expr_type_name(Sema *S, Expr *e); /* e's type, a parallel one for a parallel e ("[,] double") */

/* statements and procedures */
void sema_types_init(Sema *S);
void sema_check_prototype_match(Sema *S, Symbol *sym);   /* E54 "does not match" */
void sema_check_proc(Sema *S, Symbol *sym);
void sema_check_decl(Sema *S, Decl *d);
void sema_check_var_item(Sema *S, Decl *d);           /* a var item, global or local */
int decl_construct(Sema *S, Decl *d);                  /* its diagnostics construct */
void sema_check_format(Sema *S, Expr *fmt, Type *t);
void sema_check_string_item(Sema *S, Expr *lit);

/* whole-program analyses */
void sema_interprocedural(Sema *S);
void sema_borders_and_containment(Sema *S);

/* C headers (sema_cimport.c) */
void sema_import_header(Sema *S, Decl *d);          /* E68; fills S->cimports */
void sema_check_extern_prototype(Sema *S, Symbol *sym); /* E70 for an extern prototype */
void sema_check_cimport_clashes(Sema *S);            /* E71 */
bool sema_cfunc_callable(Sema *S, Symbol *sym, Loc at); /* E69 at a call; false if reported */

/* section 15 (sema_hier.c): region and direction types and constants, indexed arrays of parallel
 * arrays, and the constructs the back end cannot compile yet */
bool type_has_regdir(const Type *t);                 /* a region or direction type, or array of them */
bool type_is_array_of_parallel(const Type *t);       /* array [...] of [R] T (at any depth) */
bool sema_type_use_check(Sema *S, Type *t, TypeSyn *ts, TypeUse use); /* E45 where section 15 forbids it */
bool sema_regdir_init(Sema *S, Type *whole, Type *leaf, InitSyn *in, const char *name);
Region *sema_region_desig(Sema *S, Expr *e);         /* Level[k] as a region */
bool sema_dir_desig(Sema *S, DirSyn *d, int *rank);  /* dir100[k] as a direction */
bool sema_symbol_is_region_const(Sema *S, Symbol *sym); /* a region constant */
bool sema_designator_is_region(Sema *S, Expr *e);    /* Level[k]: a designator of region type */
bool sema_is_parallel_var(const Expr *e);            /* A, or U[k] of an indexed array of them */

/* section 15.4 (sema_overload.c) */
void sema_pair_families(Sema *S);                    /* prototypes with definitions; E2, E54 */
Symbol *sema_choose_overload(Sema *S, Symbol *head, Expr *call, bool stmt); /* E73, E76 */
bool sema_is_overloaded(const Symbol *sym);
const char *sema_mode_name(ParamMode m);
bool sema_by_reference(ParamMode m);

/* section 15.5 (sema_ureduce.c) */
Type *sema_user_reduce(Sema *S, Expr *e);

/* section 15.6 */
bool type_has_timer_inside(const Type *t);

/* The parallel type of a parallel array, or of the elements of an indexed array of them; NULL for
 * anything else. */
static inline const Type *sema_parallel_type(const Symbol *sym) {
  const Type *t = sym ? sym->type : NULL;
  if (t && t->kind == TY_ARRAY && t->elem && t->elem->kind == TY_PARALLEL) t = t->elem;
  return t && t->kind == TY_PARALLEL ? t : NULL;
}

/* E45 where a type of section 15 is used where it may not be (sema_type_use_check); the common
 * types pass without a call. */
static inline bool sema_type_use_ok(Sema *S, Type *t, TypeSyn *ts, TypeUse use) {
  if (t->kind == TY_SCALAR || t->kind == TY_ENUM || t->kind == TY_RECORD || t->kind == TY_ERROR) return true;
  if (t->kind == TY_PARALLEL && use != TU_FREE_VAR) return true;
  return sema_type_use_check(S, t, ts, use);
}

/* True if sym denotes a region: a named region or a region constant (section 15.1). */
static inline bool sema_symbol_is_region(Sema *S, Symbol *sym) {
  return sym && (sym->kind == SYM_REGION || (sym->kind == SYM_CONST && sema_symbol_is_region_const(S, sym)));
}

/* True if a value of type t holds a timer (section 15.6). */
static inline bool type_has_timer(const Type *t) {
  if (t->kind == TY_SCALAR) return t->scalar == SK_TIMER;
  return (t->kind == TY_ARRAY || t->kind == TY_PARALLEL || t->kind == TY_RECORD) && type_has_timer_inside(t);
}

/* error helper: report unless something involved is already in error */
#define SEMA_ERR(S, loc, ...) diag_error((S)->diags, (loc).line, (loc).col, __VA_ARGS__)
#endif
