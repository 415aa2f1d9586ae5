/* ir.h - the program IR (architecture.md): procedures of scalar statements and array statements.
 * An array statement is [region] lhs := expr with the arrays it reads, the array it writes, and
 * every shifted reference (array, direction, wrap-around) explicit; control flow keeps its shape.
 * ir/lower.c builds it from the checked program; the passes (passes/passes.h) read and rewrite
 * it; the writers (backend/) print it. Nothing in ir/ calls a pass. */
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
  bool dynamic;             /* d is known only at run time (a direction constant, section 15.1): served
                               by a ghost view (backend/emit_views.c, rtl/zrt/zrt_view.c) */
  Expr *expr;
} IrShift;

/* Ghost cells every parallel array has around its block (rtl: ZRT_DEFAULT_FLUFF). */
#define IR_FLUFF 8
/* True if a shift of array by d (rank components, compile-time constants) stays within IR_FLUFF
 * ghost cells in every dimension: cells of the array's storage, so that a strided array (section
 * 15.3) whose declared region has a stride s known at compile time reaches IR_FLUFF * s indices.
 * The fluff an array is allocated with (ir_fluff) follows the same count. */
bool ir_shift_fits(const Symbol *array, int rank, const int64_t *d);
int64_t ir_fluff(const Symbol *array, int k);
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
  bool dynamic;             /* some item is dynamic: the transfer stays at its statement, outside patterns */
  XferPlace place;
  IrStmt *start;            /* XF_EARLY, XF_HOISTED: the statement it starts before */
  struct IrTransfer *by;    /* XF_REDUNDANT, XF_COMBINED */
} IrTransfer;

/* ---- communication as operations ----
 * Every communication event of the program is an operation (IrComm) at its place in program
 * order: between the statements of a list (IrList.head and .tail, IrStmt.before and .after), or
 * inside a statement (IrStmt.comm, in the order they happen there), relative to an expression the
 * statement evaluates. passes/overlap.c decides what runs split-phase and places the collectives'
 * begins and ends between statements, passes/patterns.c brackets the pattern loops' iterations,
 * passes/comm_place.c places the rest (the transfers' DR, SR, DN and SV points, remaps, the
 * collectives inside statements). The C writer prints each where it stands; the pattern file is
 * played from the same operations. */

typedef enum {
  IC_XFER_BEGIN,     /* transfer t: region and items set, DR and SR */
  IC_XFER_ONCE,      /* transfer t: region and items set, DR, SR, DN and SV at once (hoisted) */
  IC_XFER_DN,        /* transfer t: DN (IW_NEST: between the interior and the border of the loop nest) */
  IC_XFER_SV,        /* transfer t: SV */
  IC_XFER_ELSEWHERE, /* transfer t of this expression runs elsewhere: removed, combined, hoisted,
                      * or begun above (its DN follows) */
  IC_REMAP,          /* the shifted read e (A@^d, a shift wider than the fluff or known only at run
                      * time) copied from the owners of the shifted elements */
  IC_GATHER,         /* full reduction e: its processes' parts gathered and combined */
  IC_GATHER_OPEN,    /* split-phase gather g: takes the values of the statements that follow */
  IC_GATHER_PUT,     /* full reduction e's part goes into gather g, which begins after them */
  IC_GATHER_BEGIN,   /* gather g begins (at its one value e, or after its statements) */
  IC_GATHER_END,     /* gather g ends: its statements' variables are assigned */
  IC_GATHER_DEFER,   /* gather g is handed to the runtime, which ends it up to AZ_RUNAHEAD gathers later */
  IC_GATHER_FLUSH,   /* every gather handed to the runtime ends (after the loop at `line`, or at the
                      * procedure's exit) */
  IC_LINE,           /* partial reduction, flood or scan e: its parts combined along the grid's lines
                      * (fetched from their owners, assembled) */
  IC_LINE_BEGIN,     /* the same begun, for the statement s := e */
  IC_LINE_END,       /* and ended: s's target is assigned */
  IC_WRAP,           /* wrap or reflect of operand e: remapped within its array */
  IC_WRAP_GHOST,     /* the wrap-around read e (A@^d) is served by its transfer's ghost cells: it reads
                      * A at the shifted index, where the ghost cells beyond A's declared region hold
                      * the wrapped elements */
  IC_PATTERN_BEGIN,  /* an iteration of pattern loop `pattern` begins */
  IC_PATTERN_END,    /* and ends (after the body's continue point) */
  IC_PATTERN_LEAVE   /* after the loop, or at the procedure's exit (pattern 0): no iteration is open */
} IrCommKind;

/* Where an operation inside a statement happens, relative to expression `at`. */
typedef enum {
  IW_BETWEEN,        /* not inside a statement: in a list */
  IW_BEFORE,         /* before root `at` (a right-hand side, condition, output item, initializer,
                      * operand of a partial reduction or flood) is evaluated */
  IW_AT,             /* when `at` (a reduction, partial reduction, scan, flood, wrap operand) has
                      * been computed here */
  IW_NEST,           /* in the loop nest that evaluates root `at`, between its interior and border */
  IW_AFTER           /* when the statement is done with root `at` */
} IrWhen;

typedef struct IrGather IrGather;

typedef struct IrComm {
  IrCommKind kind;
  IrWhen when;
  Expr *at;                 /* the expression it is placed relative to (inside a statement) */
  Expr *e;                  /* the expression it is about (the shifted read, the reduction, ...) */
  IrTransfer *t;            /* IC_XFER_* */
  IrGather *g;              /* IC_GATHER_OPEN .. IC_GATHER_DEFER */
  IrStmt *s;                /* IC_LINE_BEGIN, IC_LINE_END: the statement s := e */
  int pattern;              /* IC_PATTERN_*: its number (0: every pattern of the procedure) */
  int line;                 /* IC_GATHER_FLUSH after a loop: its line (0: at the procedure's exit) */
} IrComm;

/* A split-phase gather (passes/overlap.c): the full reductions of consecutive statements x := E
 * travel in one collective, begun after the last of them and ended where the first statement that
 * may need one of their results is (or handed to the runtime: run-ahead). */
struct IrGather {
  int id;                   /* 1, 2, ... in the program */
  PtrVec members;           /* IrStmt*: the statements x := E, assigned when it ends */
  PtrVec values;            /* Expr*: their full reductions, in order */
  int *member_first;        /* per member: the index of its first value */
  bool runahead;            /* every member runs ahead (passes/runahead.c) */
};

typedef struct IrList {
  IrStmt **items;
  int n;
  PtrVec head;              /* IrComm*: at its start, before the first statement */
  PtrVec tail;              /* IrComm*: at its end, after the last statement */
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
  PtrVec temp_for;          /* Symbol*: then, the arrays other than the target that may share its storage and
                               are read elsewhere: where none does at run time, no temporary is needed */
  bool temp_always;         /* the target itself is read elsewhere: a temporary whatever the arguments */
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
  bool rows_next;           /* IR_ARRAY (itself or inside a region statement): the next item of its
                             * list runs its rows in the same loop nest, under its own covering
                             * region (passes/rows.c) */
  bool in_rows;             /* IR_ARRAY: a statement of such a nest (its first one holds the checks) */
  bool rows_overlap;        /* and its rows may come in parts around the DN of the nest's merged
                             * transfer, the interior while the ghost cells travel (overlap.c) */
  PtrVec rows_unshared;     /* first statement of the nest: Symbol* pairs (target, array read at other
                             * indices that may share its storage) that must not share at run time */
  PtrVec rows_disjoint;     /* and IrStmt* pairs of its statements whose covering regions must not
                             * meet at run time (they touch the same arrays) */
  IrTransfer *nest_dn;      /* IR_ARRAY, first statement of a fused loop nest: the transfer whose DN
                             * the loop nest does between its interior and its border (overlap.c) */
  IrGather *gather;         /* x := E whose full reductions travel in split-phase gather g (overlap.c) */
  bool line_split;          /* P := e with e a partial reduction, flood or scan begun split-phase
                             * here and ended by an IC_LINE_END later in its list (overlap.c) */
  /* communication (see IrComm) */
  PtrVec before;            /* IrComm*: just before it in its list */
  PtrVec comm;              /* IrComm*: inside it (for a fused loop nest, all of the nest's, on its
                             * first statement), in the order they happen */
  PtrVec after;             /* IrComm*: just after it in its list */
  PtrVec elements;          /* IrElement*: the elements of indexed arrays of parallel arrays its
                             * statement names, bound when it starts (ir/lower.c) */
  /* structure */
  IrList body;              /* IR_REGION, IR_WHILE, IR_REPEAT, IR_FOR, IR_BLOCK */
  IrList *arms;             /* IR_IF */
  int narms;
  IrList else_body;
};

/* An element U[e] of an indexed array of parallel arrays (section 15.2) named by a statement or by
 * a local variable's initializer: the symbol that stands for it there (a by-reference parallel
 * parameter for every analysis: it may share storage with any other array) and the element as
 * written, whose subscripts are evaluated once when the statement starts (R2). */
typedef struct IrElement {
  Symbol *sym;
  Expr *index;
  Expr *cond;               /* bound where this condition is evaluated, every time (NULL: when the
                             * statement starts) */
  InitSyn *init;            /* the initializer it is named in, bound before it is evaluated (NULL:
                             * a statement's) */
} IrElement;

typedef struct IrProc {
  Symbol *sym;
  PtrVec elements;          /* IrElement*: those of all its statements and local initializers */
  IrList body;
  bool entry;               /* the program's entry procedure (no covering region to inherit) */
  PtrVec init_transfers;    /* IrTransfer*: those of its local variables' initializers */
  PtrVec init_comm;         /* IrComm*: the communication of those initializers, in order */
  PtrVec exit;              /* IrComm*: at its exit, where a return jumps to */
} IrProc;

typedef struct IrCommIndex IrCommIndex;

typedef struct IrProgram {
  Sema *sema;
  PtrVec procs;             /* IrProc* */
  PtrVec transfers;         /* IrTransfer*, in id order */
  int ntransfers;
  int npatterns;
  PtrVec gathers;           /* IrGather*, in id order */
  PtrVec wrap_items;        /* IrShift*: the wrap-around items of transfers (comm_insert), whose ghost
                             * cells lie beyond their arrays' declared regions */
  PtrVec storage_like;      /* Symbol* pairs (T, A): T is allocated with A's storage shape, so that
                             * the two can exchange storage (passes/copy_elim.c) */
  const char *one_process;  /* something the program uses that runs on one process only (yet), as
                             * "NAME is" / "NAMES are" (comm_place.c), or NULL */
  int one_process_line;
  IrCommIndex *comm_index;  /* the operations inside statements by expression (ir_comm_at) */
} IrProgram;

/* ir/lower.c: the IR of a checked program, before any pass. */
IrProgram *ir_lower(Arena *a, Sema *S);
/* True if a write to array t may change what a read of array s sees (same or shared storage). */
bool ir_may_share(const Symbol *t, const Symbol *s);
/* The array whose storage shape array t is allocated with (copy elimination may exchange the two
 * arrays' storage, IrProgram.storage_like), or NULL: its own. */
Symbol *ir_storage_shape(const IrProgram *ir, const Symbol *t);
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
/* The ghost cells beyond array t's declared region that wrap-around items read (IrProgram.wrap_items,
 * of t or of an array it may exchange storage with), per dimension below (lo) and above (hi). */
void ir_wrap_ghosts(const IrProgram *ir, const Symbol *t, int64_t *lo, int64_t *hi);
/* True if transfer t's own items include the shifted read e. */
bool ir_transfer_reads(const IrTransfer *t, const Expr *e);
/* True if every index of parallel array sym has its own element: no flood dimension, where all
 * the indices of a dimension share one. */
bool ir_distinct_elements(const Symbol *sym);
/* ir/walk.c: pred(e, arg) for e and every expression inside it / for every expression of
 * statement st itself (not of the statements nested in it). */
typedef bool (*IrExprPred)(const Expr *e, const void *arg);
bool ir_expr_any(const Expr *e, IrExprPred pred, const void *arg);
bool ir_stmt_exprs_any(const Stmt *st, IrExprPred pred, const void *arg);
/* fn(l, arg) for every statement list of the program, the lists inside the statements of a list
 * before the list itself. */
void ir_each_list(IrProgram *ir, void (*fn)(IrList *l, void *arg), void *arg);
/* A call of a procedure (which may read and write any array and communicate), or a user-defined
 * reduction (which calls its procedures at every index and gathers its states). */
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
/* ir/comm.c: a new operation; ir_comm_at: the operations placed relative to expression at inside
 * its statement (IrComm.at), in order, or NULL (built on first use, after the last pass);
 * ir_comm_kind_name: what an operation does, for printing. */
IrComm *ir_comm_new(Arena *a, IrCommKind kind, IrWhen when, Expr *at);
const PtrVec *ir_comm_at(Arena *a, IrProgram *ir, const Expr *at);
const char *ir_comm_kind_name(IrCommKind kind);
/* True if e is a call with an effect besides its value (a procedure, a file or timer builtin):
 * a loop computing it must run its steps in order. */
bool ir_effectful_call(const Expr *e, const void *arg);
/* True if the elements of array statement s may be computed in any order, several at once: it
 * does not read its target shifted, needs no loop order, calls nothing with an effect, computes no
 * reduction, scan or flood, and its target has no flood dimension. */
bool ir_elements_independent(const IrStmt *s);
/* The same where (unshared) the arrays s reads elsewhere are known not to share its target's
 * storage (the run-time check of IrStmt.temp_for passed). */
bool ir_elements_independent_if(const IrStmt *s, bool unshared);
/* The same but for the target's flood dimensions (where one element stands for many indices). */
bool ir_elements_independent_but_target(const IrStmt *s, bool unshared);
/* True if array statement s needs a temporary only when an array it reads shares its target's
 * storage (IrStmt.temp_for): the writer tests that at run time and computes in place otherwise,
 * emitting the statement twice (so nothing in it communicates or has effects). */
bool ir_temp_only_if_shared(const IrStmt *s);
/* True if a statement of l (or nested in one) is a return. */
bool ir_returns(const IrList *l);
/* The array variable e is a part of (e itself, or a field or a constant-index component of its
 * elements, at any depth), or NULL. */
Expr *ir_path_root(Expr *e);
/* True if the shifted read sh (A@d, A@^d) is served by ghost cells (a transfer), false if by a
 * remap; the one place that decides which path serves a shift. Its direction in *rank, d. */
bool ir_shift_by_ghost(Sema *S, Expr *sh, int *rank, int64_t *d);
/* Print it (azc --emit=ir). */
void ir_print(FILE *out, const IrProgram *ir);
#endif
