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
} IrProgram;

/* Lower a checked program. */
IrProgram *ir_lower(Arena *a, Sema *S);
/* True if a write to array t may change what a read of array s sees (same or shared storage). */
bool ir_may_share(const Symbol *t, const Symbol *s);
/* Print it (azc --emit=ir). */
void ir_print(FILE *out, const IrProgram *ir);
#endif
