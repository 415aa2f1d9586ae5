/* ast.h - the syntax tree of a program: what the parser builds and semantic analysis annotates.
 * Every node carries its source location (line, column, byte span). */
#ifndef AZC_AST_H
#define AZC_AST_H
#include <stdbool.h>
#include <stdint.h>
#include "arena.h"

typedef struct Loc {
  int line, col; /* 1-based */
  int off;       /* byte offset of the first byte */
} Loc;

typedef struct Ident {
  const char *name;
  Loc loc;
} Ident;

typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Decl Decl;
typedef struct Proc Proc;
typedef struct TypeSyn TypeSyn;
typedef struct RegionSyn RegionSyn;
typedef struct Bracket Bracket;
typedef struct DirSyn DirSyn;
typedef struct InitSyn InitSyn;
/* Filled in by semantic analysis (sema.h). */
typedef struct Symbol Symbol;
typedef struct Type Type;
typedef struct Region Region;

/* ---- scalar types ---------------------------------------------------------------- */

typedef enum {
  SK_BOOLEAN, SK_CHAR, SK_SBYTE, SK_UBYTE, SK_SHORTINT, SK_USHORTINT, SK_INTEGER, SK_UINTEGER,
  SK_LONGINT, SK_ULONGINT, SK_FLOAT, SK_DOUBLE, SK_QUAD, SK_STRING, SK_FILE,
  SK_TIMER,      /* the stopwatch of section 15.6 */
  SK_COUNT
} ScalarKind;

/* The language's name of a scalar type ("integer", ...). */
const char *scalar_name(ScalarKind k);

/* ---- operators ------------------------------------------------------------------- */

typedef enum {
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_POW,
  OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
  OP_AND, OP_OR,
  OP_NEG, OP_POS, OP_NOT
} OpKind;

/* Reduction and scan operators (section 6.6). */
typedef enum { RED_ADD, RED_MUL, RED_AND, RED_OR, RED_MAX, RED_MIN, RED_BAND, RED_BOR, RED_BXOR } RedOp;

/* Assignment operators (section 7.2). */
typedef enum { AS_ASSIGN, AS_ADD, AS_SUB, AS_MUL, AS_DIV, AS_MOD, AS_AND, AS_OR } AssignOp;

/* Spelling of an operator, reduction ("+<<"), scan ("+||") or assignment (":="). */
const char *op_spelling(OpKind op);
const char *reduce_spelling(RedOp op);
const char *scan_spelling(RedOp op);
const char *assign_spelling(AssignOp op);

/* ---- brackets, regions, directions ---------------------------------------------- */

/* One item of a bracketed list: a region dimension, a direction component, ... */
typedef enum {
  BI_BLANK,    /* nothing: an inherited dimension */
  BI_EXPR,     /* e: a singleton, a direction component, or (a name) a region */
  BI_RANGE,    /* lo..hi */
  BI_STAR,     /* '*': a flood dimension */
  BI_REGION,   /* a region expression using of/in/at/by/with/without, '"' or nested brackets */
  BI_SPARSE,   /* '?': sparse regions (not supported) */
  BI_GRID      /* '::': grid dimensions (not supported) */
} BracketItemKind;

typedef struct BracketItem {
  BracketItemKind kind;
  Loc loc;
  Expr *lo, *hi;     /* BI_EXPR: lo; BI_RANGE: lo..hi */
  RegionSyn *region; /* BI_REGION */
} BracketItem;

struct Bracket {
  Loc loc;          /* the '[' */
  int end;          /* byte offset just past the ']' */
  int n;
  BracketItem *items;
};

typedef enum {
  RX_BRACKET,   /* [ ... ]: a region literal or a bracketed region expression */
  RX_NAME,      /* a name (of a region or a region constant) */
  RX_DESIG,     /* an element of an indexed array of regions, Level[k] (section 15.1) */
  RX_DITTO,     /* '"' */
  RX_OF, RX_IN, /* dir of base, dir in base */
  RX_AT, RX_BY, /* base at dir, base by dir */
  RX_WITH, RX_WITHOUT, /* base with mask */
  RX_SPARSE     /* base swith/swithout mask (not supported) */
} RegionSynKind;

struct RegionSyn {
  RegionSynKind kind;
  Loc loc;          /* first token of the region expression */
  Loc oploc;        /* the keyword of of/in/at/by/with/without */
  int start, end;   /* byte span */
  Bracket *bracket; /* RX_BRACKET */
  Ident name;       /* RX_NAME */
  Expr *desig;      /* RX_DESIG: the designator Level[k] */
  RegionSyn *base;  /* of/in/at/by/with/without */
  DirSyn *dir;      /* of/in/at/by */
  Expr *mask;       /* with/without */
  Region *sem;      /* filled in by semantic analysis */
};

typedef enum {
  DIR_NAME,   /* a direction name or direction constant */
  DIR_LIT,    /* [d1, ..., dr] */
  DIR_DESIG   /* an element of an indexed array of directions, dir100[k] (section 15.1) */
} DirSynKind;

struct DirSyn {
  DirSynKind kind;
  Loc loc;
  int start, end;  /* byte span, for messages that quote the source */
  Ident name;      /* DIR_NAME */
  int n;           /* DIR_LIT: components */
  Expr **comps;
  Expr *desig;     /* DIR_DESIG: the designator dir100[k], its type the direction type */
  Symbol *sym;     /* sema: the direction named */
  bool checked;    /* sema has evaluated it: the fields below are valid */
  bool ok, known;  /* no error; all components are compile-time constants */
  int rank;
  int64_t vals[6];
  unsigned zero;   /* bit k: component k is certainly 0 (a known 0, or sign '0' of its type) */
};

/* ---- types ----------------------------------------------------------------------- */

typedef enum {
  TS_SCALAR, TS_NAME, TS_ENUM, TS_RECORD, TS_ARRAY, TS_PARALLEL, TS_UNSUPPORTED,
  TS_DIRECTION, /* direction<+,0,-> (section 15.1) */
  TS_REGION     /* region<..,*> (section 15.1) */
} TypeSynKind;

typedef struct Enumerator {
  Ident name;
  Expr *value; /* optional "= e" */
} Enumerator;

typedef struct FieldSyn {
  Ident *names;
  int nnames;
  TypeSyn *type;
} FieldSyn;

typedef struct BoundSyn {
  Expr *lo, *hi;  /* hi NULL: a single bound e meaning e..e (warning W3) */
} BoundSyn;

struct TypeSyn {
  TypeSynKind kind;
  Loc loc;
  int start, end;
  ScalarKind scalar;      /* TS_SCALAR */
  Ident name;             /* TS_NAME */
  Enumerator *enums;      /* TS_ENUM */
  int nenums;
  FieldSyn *fields;       /* TS_RECORD */
  int nfields;
  BoundSyn *bounds;       /* TS_ARRAY */
  int nbounds;
  Bracket *region;        /* TS_PARALLEL */
  TypeSyn *elem;          /* TS_ARRAY, TS_PARALLEL */
  const char *unsupported;/* TS_UNSUPPORTED: the E45 message */
  int rank;               /* TS_DIRECTION, TS_REGION: one entry of shape per dimension */
  char shape[6];          /* TS_DIRECTION: '+', '-' or '0'; TS_REGION: '.' (range, '..') or '*' */
  Type *sem;              /* sema */
};

/* An initializer: an expression or a brace list. */
struct InitSyn {
  Loc loc;
  int start, end;
  Expr *expr;        /* NULL for a brace list */
  InitSyn **items;
  int nitems;
  InitSyn **entries;  /* sema: for an array of records or arrays, one initializer per element */
  int nentries;
  RegionSyn *region;  /* sema: the initializer read as a region (type region<...>, section 15.1) */
  DirSyn *dir;        /* sema: the initializer read as a direction (type direction<...>) */
};

/* ---- expressions ------------------------------------------------------------------ */

typedef enum {
  EX_INT, EX_FLOAT, EX_CHAR, EX_STRING,
  EX_NAME,      /* identifier */
  EX_INDEX,     /* base[args]; nargs 0 is base[] (the whole indexed array) */
  EX_FIELD,     /* base.field */
  EX_CALL,      /* name(args) */
  EX_UNARY, EX_BINARY,
  EX_SHIFT,     /* base@dir, base@^dir */
  EX_REDUCE,    /* op<< e, op<< [S] e */
  EX_SCAN,      /* op|| e, op||[dims] e */
  EX_FLOOD,     /* >>[S] e */
  EX_UREDUCE,   /* f<< e, f<< (e1, ..., em): a user-defined reduction (section 15.5) */
  EX_REGIONVAL, /* a region or direction written where a value goes (an initializer, ':=') */
  EX_UNSUPPORTED
} ExprKind;

struct Expr {
  /* what every walk over expressions reads first (kept together: one cache line) */
  ExprKind kind;
  int nargs;
  Expr *base;       /* EX_INDEX, EX_FIELD, EX_SHIFT */
  Expr **args;      /* EX_INDEX, EX_CALL, EX_UREDUCE (the operands: one, or a tuple) */
  Expr *lhs, *rhs;  /* EX_BINARY; EX_UNARY/REDUCE/SCAN/FLOOD use rhs as operand */
  Expr *inner;      /* EX_UNSUPPORTED: subexpressions still worth walking (may be NULL) */
  Symbol *sym;      /* EX_NAME, EX_CALL: what the name denotes (a call: the overload chosen) */
  int op;           /* OpKind, RedOp */
  int rank;         /* 0: scalar */
  /* literals */
  int64_t ival;     /* EX_INT, EX_CHAR */
  double fval;      /* EX_FLOAT */
  const char *str;  /* EX_STRING: value after escapes and concatenation */
  int slen;
  bool is_long;     /* EX_INT: type longint */
  bool parens;      /* written in parentheses */
  bool wrap;        /* EX_SHIFT: '@^' */
  /* names and structure */
  Ident name;       /* EX_NAME, EX_CALL (callee), EX_FIELD (field), EX_UREDUCE (the procedures' name) */
  DirSyn *dir;      /* EX_SHIFT */
  Bracket *region;  /* EX_REDUCE (partial), EX_FLOOD, EX_SCAN (dimension list) */
  const char *unsupported; /* EX_UNSUPPORTED: the E45 message */
  RegionSyn *rsyn;  /* EX_REGIONVAL: the region (or, for a direction type, direction) as written */
  Loc loc;          /* first token */
  Loc oploc;        /* operator token (binary, unary, shift, reduce, scan, flood) */
  int start, end;   /* byte span */
  /* semantic annotations (also sym and rank above) */
  Type *type;
  bool parallel;
  bool projection;  /* an indexed-array designator with a '[]' that is not its last part, or
                       several (c.max[].loc[], section 15.7): type is the projection's shape */
  bool over_processes; /* EX_REDUCE of a scalar that reads a free variable: combines one value
                          per process, not the indices of a region (section 15.6) */
  Region *source;   /* EX_FLOOD, EX_REDUCE with a region: its source region (sema) */
  Type *ptype;      /* a designator that denotes a whole parallel array (A, U[k]): its parallel
                       type, with the declared region (for U[k]: U's element type) */
  struct UserReduce *ureduce; /* EX_UREDUCE: the procedures chosen (sema_internal.h) */
};

/* ---- statements ------------------------------------------------------------------- */

typedef enum {
  ST_EMPTY, ST_ASSIGN, ST_CALL, ST_BLOCK, ST_REGION, ST_IF, ST_WHILE, ST_REPEAT, ST_FOR,
  ST_EXIT, ST_CONTINUE, ST_RETURN, ST_HALT, ST_WRITE, ST_READ, ST_WRAP, ST_UNSUPPORTED
} StmtKind;

typedef struct StmtList {
  Stmt **items;
  int n;
} StmtList;

typedef struct IoItem {
  Expr *format;  /* EX_STRING or NULL */
  Expr *value;
} IoItem;

struct Stmt {
  /* what every walk over a statement's own expressions reads (kept together) */
  StmtKind kind;
  int narms;
  Expr *lhs, *rhs;     /* ST_ASSIGN (lhs target), ST_CALL (rhs: the call) */
  Expr **conds;        /* ST_IF: conditions of if/elsif; ST_WHILE/ST_REPEAT: conds[0] */
  Expr *value;         /* ST_RETURN */
  Expr *from, *to, *step; /* ST_FOR */
  int nitems;
  int noperands;
  IoItem *items;       /* ST_WRITE, ST_HALT, ST_READ (value only) */
  Expr **operands;     /* ST_WRAP */
  /* the rest */
  Loc loc;             /* first token */
  Loc oploc;           /* assignment operator */
  int op;              /* AssignOp */
  Loc else_loc;
  StmtList body;       /* ST_BLOCK, ST_WHILE, ST_REPEAT, ST_FOR */
  StmtList else_body;
  Bracket *region;     /* ST_REGION */
  Stmt *inner;         /* ST_REGION: the governed statement */
  StmtList *arms;      /* ST_IF: one body per condition */
  Ident var;           /* ST_FOR */
  Symbol *var_sym;     /* ST_FOR: the loop variable (sema) */
  const char *unsupported; /* ST_UNSUPPORTED: the E45 message */
  bool has_else;
  bool downto;         /* ST_FOR */
  bool newline;        /* ST_WRITE: writeln */
  bool has_items;      /* ST_HALT: halt(...) */
  bool reflect;        /* ST_WRAP: reflect instead of wrap */
  /* semantic annotations */
  bool inherits;       /* relies on the caller's covering region */
  int rank;            /* rank of a parallel statement, 0 otherwise */
  Region *cover;       /* the covering region the statement runs under (NULL: none / inherited) */
  struct IrStmt *ir;   /* its IR statement, once lowered (ir/ir.h) */
};

/* ---- declarations ------------------------------------------------------------------ */

typedef enum { PM_DEFAULT, PM_CONST, PM_IN, PM_OUT, PM_INOUT, PM_VAR } ParamMode;

typedef struct Param {
  ParamMode mode;
  Loc mode_loc;
  Ident name;
  TypeSyn *type;
  Symbol *sym;     /* sema */
} Param;

struct Proc {
  Ident name;
  Loc loc;           /* the 'procedure' / 'prototype' keyword */
  Param *params;
  int nparams;
  TypeSyn *result;   /* NULL: no result */
  Decl **locals;     /* local var sections, item by item */
  int nlocals;
  Stmt *body;        /* NULL for prototypes */
  bool is_prototype;
  bool is_extern;
  Symbol *sym;       /* sema */
};

typedef enum {
  D_VAR, D_CONFIG_VAR, D_CONFIG_CONST, D_CONST, D_TYPE, D_REGION, D_DIRECTION,
  D_PROC, D_EXTERN_VAR, D_EXTERN_CONST, D_EXTERN_HEADER, D_UNSUPPORTED,
  D_LOCAL_KEYWORD    /* a program-level keyword among a procedure's locals (E41) */
} DeclKind;

struct Decl {
  DeclKind kind;
  Loc loc;            /* first name of the item, or the keyword */
  int start, end;     /* byte span of the item */
  Ident *names;       /* var, const, config, type, region, direction, extern items */
  int nnames;
  TypeSyn *type;
  InitSyn *init;
  RegionSyn *region;  /* D_REGION */
  DirSyn *dir;        /* D_DIRECTION */
  Proc *proc;         /* D_PROC */
  const char *header; /* D_EXTERN_HEADER: the header name */
  Loc header_loc;
  const char *unsupported; /* D_UNSUPPORTED: the E45 message; D_LOCAL_KEYWORD: the keyword */
  bool is_free;       /* a 'free var' item (section 15.6) */
  Symbol **syms;      /* sema: one per name */
  int construct;      /* sema: its diagnostics construct (one error per declaration item) */
};

typedef struct Program {
  Ident name;
  PtrVec decls;       /* Decl*, in source order */
} Program;

/* ---- construction helpers used by the parser --------------------------------------- */

Expr *ast_expr(Arena *a, ExprKind kind, Loc loc, int start, int end);
Stmt *ast_stmt(Arena *a, StmtKind kind, Loc loc);
Decl *ast_decl(Arena *a, DeclKind kind, Loc loc);
TypeSyn *ast_type(Arena *a, TypeSynKind kind, Loc loc, int start, int end);
RegionSyn *ast_region(Arena *a, RegionSynKind kind, Loc loc, int start, int end);
/* Copy a PtrVec's items into a fresh array of exactly its length. */
void **ast_items(Arena *a, const PtrVec *v);
#endif
