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

/* A ghost-cell transfer (Ironman): the shifted reads of one expression that other processes
 * must supply; DR, SR and DN come before the expression is evaluated, SV after its statement. */
typedef struct IrTransfer {
  int id;                   /* 1, 2, ... in the program; also the message tag */
  int line;
  Expr *root;               /* the expression it comes before */
  PtrVec items;             /* IrShift*: one per array and direction */
  bool emitted;             /* the back end has declared it */
} IrTransfer;

typedef struct IrStmt IrStmt;

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
  int ntransfers;
} IrProgram;

/* Lower a checked program. */
IrProgram *ir_lower(Arena *a, Sema *S);
/* True if a write to array t may change what a read of array s sees (same or shared storage). */
bool ir_may_share(const Symbol *t, const Symbol *s);
/* passes/comm_insert.c: the ghost-cell transfers of every statement. */
void comm_insert(Arena *a, IrProgram *ir);
/* The transfer that comes before evaluating e, if any. */
IrTransfer *comm_transfer_at(const IrProgram *ir, const Expr *e);
/* Print it (azc --emit=ir). */
void ir_print(FILE *out, const IrProgram *ir);
#endif
