/* ir.h - the program IR (architecture.md): procedures of scalar statements and array statements.
 * An array statement is [region] lhs := expr with the arrays it reads, the array it writes, and
 * every shifted reference (array, direction, wrap-around) explicit; control flow keeps its shape.
 * Later passes (communication analysis, fusion) work on this; the C emitter reads it. */
#ifndef AZC_IR_H
#define AZC_IR_H
#include <stdio.h>
#include "sema_internal.h"

typedef enum {
  IR_SCALAR,    /* a statement with no parallel operands (assignment, call, I/O of scalars, ...) */
  IR_ARRAY,     /* a parallel assignment [region] lhs op= expr */
  IR_IO,        /* write/writeln/read/halt with parallel items */
  IR_WRAP,      /* wrap / reflect */
  IR_REGION,    /* a region scope around nested statements */
  IR_IF, IR_WHILE, IR_REPEAT, IR_FOR, IR_BLOCK
} IrKind;

typedef struct IrShift {      /* a shifted reference A@d or A@^d */
  Symbol *array;
  int rank;
  int64_t d[MAX_RANK];
  bool known;               /* d is a compile-time constant */
  bool wrap;                /* @^ */
  Expr *expr;
} IrShift;

/* Ghost cells every parallel array has around its block (rtl: ZRT_DEFAULT_FLUFF). */
#define IR_FLUFF 8
/* The most items one transfer carries (rtl: XFER_MAX_ITEMS). */
#define IR_MAX_XFER_ITEMS 16

typedef struct IrStmt IrStmt;

/* What comm-opt (passes/comm_opt.c) decided for a transfer. */
typedef enum {
  XF_AT_ROOT,     /* DR, SR and DN before its expression, SV after its statement */
  XF_EARLY,       /* DR and SR before statement 'start' (the last write of its arrays is above it), DN at the root */
  XF_HOISTED,     /* all four before the loop 'start': its arrays do not change in the loop */
  XF_REDUNDANT,   /* not needed: the ghost cells are still current from transfer 'by' */
  XF_COMBINED     /* its items travel with transfer 'by' (one message per neighbour) */
} XferPlace;

/* A ghost-cell transfer (Ironman): the shifted reads of one expression that other processes
 * must supply (comm_insert), then moved, combined or removed by comm_opt. */
typedef struct IrTransfer {
  int id;                   /* 1, 2, ... in the program; also the message tag */
  int line;
  Expr *root;               /* the expression it comes before */
  PtrVec items;             /* IrShift*: one per array and direction (with those combined into it) */
  int own_items;            /* how many of them are its own (the rest were combined into it) */
  Symbol *cover;            /* the named region its statement runs under, if any (then it may move) */
  XferPlace place;
  IrStmt *start;            /* XF_EARLY, XF_HOISTED: the statement it starts before */
  struct IrTransfer *by;    /* XF_REDUNDANT, XF_COMBINED */
  bool emitted;             /* the back end has declared it */
} IrTransfer;

typedef struct IrList {
  IrStmt **items;
  int n;
} IrList;

struct IrStmt {
  IrKind kind;
  Stmt *ast;                /* the statement it comes from (source line, expressions) */
  int line;
  /* IR_ARRAY, IR_IO, IR_WRAP */
  Region *region;           /* the covering region (NULL: inherited from the caller) */
  Expr *mask;               /* the mask of the covering region, if any */
  bool mask_without;
  Symbol *writes;           /* IR_ARRAY: the array assigned */
  PtrVec reads;             /* Symbol*: arrays read (unshifted or shifted), each once */
  PtrVec shifts;            /* IrShift* */
  PtrVec reductions;        /* Expr*: full reductions evaluated before the statement */
  bool needs_temp;          /* the right-hand side reads the target elsewhere in a way no loop order can keep */
  int8_t loop_dir[MAX_RANK];/* otherwise: +1/-1 when dimension k must run up/down (0: either) */
  Sema *sema;
  PtrVec transfers;         /* IrTransfer*: ghost cells its expressions need (comm_insert) */
  PtrVec pre;               /* IrTransfer*: transfers comm_opt starts before this statement */
  int pattern;              /* loops: the number of the pattern its body is (passes/patterns.c), or 0 */
  bool runahead;            /* x := op<< e in a loop body that never needs x: its gather may complete
                             * iterations later (passes/runahead.c) */
  bool exchange;            /* A := T whose T is dead afterwards: exchange the two arrays' storage
                             * instead of copying (passes/copy_elim.c) */
  bool fuse_next;           /* IR_ARRAY: the next statement of its list runs in its loop nest, an
                             * array statement or the one reduction of a scalar assignment
                             * (passes/fusion.c) */
  bool contracted;          /* IR_ARRAY in a fused loop nest: its target is read nowhere but later in
                             * that nest, so each element lives in a C variable there, not in memory */
  /* structure */
  IrList body;              /* IR_REGION, IR_WHILE, IR_REPEAT, IR_FOR, IR_BLOCK */
  IrList *arms;             /* IR_IF */
  int narms;
  IrList else_body;
};

typedef struct IrProc {
  Symbol *sym;
  IrList body;
} IrProc;

typedef struct IrProgram {
  Sema *sema;
  PtrVec procs;             /* IrProc* */
  PtrVec transfers;         /* IrTransfer*, in id order */
  const Expr **root_keys;   /* the transfers by root expression (comm_transfer_at): open */
  IrTransfer **root_vals;   /* addressing, root_slots a power of two, built by comm_insert */
  int root_slots;
  int ntransfers;
  int npatterns;
  PtrVec storage_like;      /* Symbol* pairs (T, A): T is allocated with A's storage shape, so that
                             * the two can exchange storage (passes/copy_elim.c) */
} IrProgram;

typedef struct IrOptions {
  bool no_comm_opt;         /* -fno-comm-opt: every transfer where comm_insert put it */
  bool no_overlap;          /* -fno-overlap: no split-phase reductions, so none runs ahead */
  bool no_copy_elim;        /* -fno-copy-elim: every A := T copies */
  bool no_fuse;             /* -fno-fuse: every array statement has its own loop nest, no contraction */
} IrOptions;

/* Lower a checked program and run the communication passes. */
IrProgram *ir_lower(Arena *a, Sema *S, const IrOptions *opts);
/* True if a write to array t may change what a read of array s sees (same or shared storage). */
bool ir_may_share(const Symbol *t, const Symbol *s);
/* passes/comm_insert.c: the ghost-cell transfers of every statement. */
void comm_insert(Arena *a, IrProgram *ir);
/* passes/comm_opt.c: remove, combine and move transfers (modify/use analysis). */
void comm_opt(Arena *a, IrProgram *ir);
/* passes/runahead.c: the split-phase reductions whose results a loop never needs (IrStmt.runahead). */
void find_runahead(IrProgram *ir);
/* passes/patterns.c: which loop bodies are communication patterns. */
void find_patterns(IrProgram *ir);
/* passes/copy_elim.c: the copies A := T that may exchange storage instead (IrStmt.exchange), and
 * the array whose storage shape T must have for that (NULL: its own). */
void copy_elim(Arena *a, IrProgram *ir);
Symbol *copy_elim_shape_of(const IrProgram *ir, const Symbol *t);
/* passes/fusion.c: the statements that share a loop nest (IrStmt.fuse_next) and the targets that
 * live only inside it (IrStmt.contracted). */
void find_fusion(IrProgram *ir);
/* ir/uses.c: where the program uses an array. ir_names_sym: e is a name of the Symbol* arg.
 * ir_stmt_names: statement s itself (its expressions and region mask, not nested statements)
 * names t. ir_write_only: s is t := e (any region), e and the mask not naming t. ir_reads_only_here:
 * e reads array sym (or storage it may share) only at the current index (no shift, scan, flood or
 * reduction of it). ir_only_assigned_outside: every statement of the program except
 * body->items[first..last] (and what is nested in them) only assigns t or does not name it. */
bool ir_names_sym(const Expr *e, const void *sym);
bool ir_stmt_names(const IrStmt *s, const Symbol *t);
bool ir_write_only(const IrStmt *s, const Symbol *t);
bool ir_reads_only_here(const Expr *e, const Symbol *sym);
bool ir_only_assigned_outside(const IrProgram *ir, const IrList *body, int first, int last, const Symbol *t);
/* True if every index of parallel array sym has its own element: no flood dimension, where all
 * the indices of a dimension share one. */
bool ir_distinct_elements(const Symbol *sym);
/* The transfer that comes before evaluating e, if any. */
IrTransfer *comm_transfer_at(const IrProgram *ir, const Expr *e);
/* ir/walk.c: pred(e, arg) for e and every expression inside it / for every expression of
 * statement st itself (not of the statements nested in it). */
typedef bool (*IrExprPred)(const Expr *e, const void *arg);
bool ir_expr_any(const Expr *e, IrExprPred pred, const void *arg);
bool ir_stmt_exprs_any(const Stmt *st, IrExprPred pred, const void *arg);
/* A call of a procedure (which may read and write any array and communicate). */
bool ir_is_call(const Expr *e, const void *arg);
/* Something computed in a loop nest (or an order) of its own, not elementwise with the statement
 * around it: a reduction, scan, flood or procedure call. */
bool ir_own_loop(const Expr *e, const void *arg);
/* A scan, flood or partial reduction (the back end may begin those split-phase). */
bool ir_line_comm(const Expr *e, const void *arg);
/* True if statement st (with what is nested in it) may read or write scalar variable x (names it,
 * or, for a global x, a parameter that may be bound to it), calls a procedure, or may leave its
 * list early (exit, continue, return, halt); ir_expr_needs: the same for an expression. */
bool ir_stmt_needs(const Stmt *st, const Symbol *x);
bool ir_expr_needs(const Expr *e, const Symbol *x);
/* Split-phase reductions: x := E over a covering region, x a scalar variable, E's full reductions
 * (those not inside another, at most IR_MAX_SPLIT) combined with the other processes' parts in a
 * begin and an end, and the rest of E (constants, scalar names, operators that cannot fail, pure
 * builtins: x := op<< e, x := sqrt(+<< e) / n, x := max<< A - min<< A) evaluated at the end.
 * ir_split_values: how many such reductions st has, in evaluation order into out (may be NULL),
 * 0 if st is not of that form; ir_split_stmt: st, or the statement inside region statement st
 * ([R] x := E), if it is of that form, else NULL. */
#define IR_MAX_SPLIT 8
int ir_split_values(const Stmt *st, const Expr **out);
const Stmt *ir_split_stmt(const Stmt *st);
/* True if st may need what split-phase reduction split assigns or what the rest of its
 * expression reads, so that split must end before st. */
bool ir_split_needed(const Stmt *st, const Stmt *split);
/* Print it (azc --emit=ir). */
void ir_print(FILE *out, const IrProgram *ir);
#endif
