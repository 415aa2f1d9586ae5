/* emit_internal.h - what the C emitter's files share: the output buffers, naming, C types,
 * and the per-statement state of parallel loops; and what the driver gets from the emitter: the
 * C program and the pattern tables from which emit_pdl.c writes the pattern file. */
#ifndef AZC_EMIT_INTERNAL_H
#define AZC_EMIT_INTERNAL_H
#include <stdio.h>
#include "ir.h"
#include "sema_internal.h"

/* ---- pattern tables: what the C of a pattern loop's body communicates, in order ---- */

typedef enum {
  PC_XFER,           /* zrt_xfer_begin and zrt_xfer_add: the region and items of a transfer */
  PC_DR, PC_SR, PC_DN, PC_SV,
  PC_GATHER,         /* zrt_allgather: a reduction's gather, begun and finished */
  PC_GATHER_BEGIN, PC_GATHER_END /* a split-phase reduction's zrt_allgather_begin / _end */
} PatCallKind;

typedef struct PatCall {
  PatCallKind kind;
  const char *x;     /* transfers: the C name of their zrt_xfer; split-phase gathers: of the handle */
  IrTransfer *t;     /* PC_XFER: the transfer described (NULL: one the IR did not plan) */
  Type *type;        /* gathers: the type of the value every process contributes */
  PtrVec *group;     /* or, for a gather of several reductions' values, their types (Type*) */
} PatCall;

/* The calls one iteration of pattern loop `id` makes, as the generated C makes them. */
typedef struct PatTable {
  int id;
  int line;          /* of the loop */
  PtrVec calls;      /* PatCall* */
} PatTable;

/* A growable text buffer. */
typedef struct Buf {
  char *data;
  size_t len, cap;
} Buf;

void buf_add(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The index expressions of a parallel context: what index variable stands for each dimension. */
typedef struct IndexMap {
  int rank;
  const char *idx[MAX_RANK];   /* C expression of the index in dimension k */
} IndexMap;

typedef struct Emitter {
  Sema *S;
  Arena *arena;
  const char *source;          /* source path as given */
  Buf types;                   /* record struct definitions */
  Buf protos;                  /* procedure prototypes */
  Buf globals;                 /* global variables */
  Buf body;                    /* function bodies */
  Buf *out;                    /* where statements go now */
  int indent;
  int tmp;                     /* counter for fresh names */
  int nrecords;
  PtrVec record_types;         /* Type* with emitted structs */
  PtrVec array_keys;           /* const char*: element type and size of each emitted fixed array struct */
  Proc *cur_proc;
  IndexMap *idx;               /* inside a parallel loop: the index of each dimension */
  const char *cover;           /* C expression (zrt_region) of the covering region in effect */
  Region *cover_sem;           /* what sema knows of it (mask, ...), or NULL */
  int cover_rank;
  PtrVec loop_labels;          /* const char*: continue labels of the enclosing loops */
  bool has_patterns;           /* the procedure being emitted has a pattern loop */
  PtrVec used_labels;          /* const char*: labels some 'continue' jumps to */
  bool used_return;            /* the procedure being emitted jumps to its exit label */
  PtrVec temps;                /* const char*: temporary arrays to free after the statement */
  const char *simd;            /* the pragma (simd_reduction_clause) for the next loop nest's
                                * innermost loop, or NULL */
  bool no_overlap;             /* -fno-overlap: DN before the whole loop nest */
  bool overlap_ok;             /* the statement being hoisted may compute its interior before DN */
  const char *split_dn;        /* the transfer whose DN the next loop nest does between its parts */
  const char *split_open;      /* the loop nest being emitted is split for that transfer */
  struct Deferred *defer;      /* the split-phase gather the statement being emitted puts its
                                * full reductions' parts into (emit_stmts), or NULL */
  int defer_first;             /* the index of the statement's first value in it */
  bool defer_begun;            /* the statement's values went into it */
  struct Deferred *open_array_stmt; /* the split-phase partial reduction, flood or scan being begun */
  bool has_runahead;           /* the procedure being emitted has a loop whose reductions run ahead */
  PtrVec loop_arrays;          /* Symbol*: arrays accessed in the loop nest being emitted */
  PtrVec contracted_syms;      /* Symbol*: arrays of the nest being emitted whose elements live in */
  PtrVec contracted_names;     /* const char*: these C variables (IrStmt.contracted) */
  bool in_loops;               /* emitting the body of a loop nest (array pointers are hoisted) */
  bool loops_whole;            /* loop nests run over the whole region, not this process's part */
  bool distributed;            /* elaboration: zrt_distribute_all has been emitted */
  const char *print_value;
  struct IrProgram *ir;        /* the program's IR (transfers from passes/comm_insert.c) */
  int nxfers;                  /* transfer ids used (the IR's first) */
  int hoist_depth;             /* hoist: 0 at the top of a statement's expression */
  PtrVec pending_sv;           /* const char*: transfers whose SV comes at the end of the statement */
  const char *p1_reason;       /* something the program uses that runs on one process only (yet) */
  int p1_line;     /* printing gathered values: the C element to print instead of the item */
  Buf nest;                    /* the loop nest being collected */
  Buf *saved_out;              /* where it goes when complete */
  PtrVec hoist_keys;           /* Expr*: subexpressions computed before the current statement */
  PtrVec hoist_vals;           /* const char*: the C variable holding each */
  const char *init_idx[MAX_RANK]; /* index1..index6 inside an indexed-array initializer */
  const char *unsupported;     /* set when code generation meets something it cannot do yet */
  Loc unsupported_loc;
  PtrVec patterns;             /* PatTable*: the pattern loops emitted */
  PatTable *pattern;           /* the one whose body is being emitted, or NULL */
} Emitter;

/* Note that a construct cannot be compiled yet (reported by the driver as an error). */
void emit_unsupported(Emitter *E, Loc at, const char *what);
/* A hoisted value for e, if any. */
const char *emit_hoisted(Emitter *E, Expr *e);
/* C text of a direction's components as an int64_t array expression. */
const char *emit_dir(Emitter *E, DirSyn *d);

/* indexed arrays: with compile-time bounds an inline struct { T data[N]; }, else a zrt_iarray */
bool iarray_fixed(const Type *t);
int64_t iarray_count(const Type *t);                 /* fixed arrays only */
const char *iarray_count_c(Emitter *E, const Type *t, const char *a);
const char *iarray_bounds_c(Emitter *E, const Type *t, const char *a, bool hi);
const char *iarray_copy_c(Emitter *E, const Type *t, const char *dst, const char *src);

/* naming and types */
const char *emit_name(Emitter *E, const char *name);          /* z_NAME */
const char *emit_ctype(Emitter *E, Type *t);                   /* C type of a value of type t */
const char *emit_sym(Emitter *E, Symbol *sym);                 /* C lvalue of a variable */
void emit_line(Emitter *E, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *emit_fresh(Emitter *E, const char *prefix);
/* A C string literal (quotes and escapes) for n bytes of text. */
const char *emit_c_string(Emitter *E, const char *s, size_t n);
/* s as the text of a C comment (it cannot end the comment). */
const char *emit_comment_text(Emitter *E, const char *s);

/* expressions: C text of e (scalar, or at the current parallel index) */
const char *emit_expr(Emitter *E, Expr *e);
const char *emit_convert(Emitter *E, Expr *e, Type *to);      /* e converted as in an assignment */
const char *emit_region_bracket(Emitter *E, Bracket *b);     /* a zrt_region value */
const char *emit_region_syn(Emitter *E, RegionSyn *rs);
const char *emit_elem(Emitter *E, Symbol *arr, Expr *name, const int64_t *d, DirSyn *dir, bool wrap);

/* The C variable holding the element of contracted array sym in the loop nest being emitted, or
 * NULL (backend/emit_stmt.c). */
const char *emit_contracted(Emitter *E, const Symbol *sym);

/* work done once before a statement: full reductions, hoisted scalar subexpressions */
void hoist(Emitter *E, Expr *e, bool parallel_ctx);
void hoist_reset(Emitter *E);

/* The hoisted pointer and strides of an array for a loop nest; distinct: no other pointer of the
 * nest can alias it (then it is declared restrict). */
const char *emit_array_decls(Emitter *E, Symbol *arr, bool distinct);

/* statements */
void emit_stmt(Emitter *E, Stmt *st);
void emit_stmts(Emitter *E, StmtList *l);

/* the program */
typedef struct EmitOptions {
  bool no_fuse;                /* -fno-fuse: every array statement gets its own loop nest */
  bool no_comm_opt;            /* -fno-comm-opt: transfers stay where comm_insert put them */
  bool no_overlap;             /* -fno-overlap: no interior/border split of stencil loops */
  bool no_copy_elim;           /* -fno-copy-elim: A := T always copies */
} EmitOptions;
/* Write the C program to out; its pattern tables (PatTable*, in the arena) are added to patterns. */
int emit_c_program(FILE *out, Arena *a, Program *prog, Sema *S, const char *source, const EmitOptions *opts,
                   PtrVec *patterns);

/* ---- the pattern file (emit_pdl.c, docs/pdl.md "Files azc writes") ---- */

typedef struct PdlOptions {
  int nprocs;                  /* --pdl-np */
  const SemaConfigEnv *config; /* -s values (the other config vars take their defaults) */
  bool comments;               /* --pdl-comments: a header and a line per pattern left out (an extension) */
} PdlOptions;

/* The most processes --pdl-np accepts. */
#define PDL_MAX_NPROCS 1024

/* Write the pattern file of the program whose C produced the tables patterns (PatTable*): what a
 * run on o->nprocs processes records with --az-pdl, computed at compile time. */
void emit_pdl(FILE *out, Arena *a, Sema *S, const PtrVec *patterns, const PdlOptions *o);
#endif
