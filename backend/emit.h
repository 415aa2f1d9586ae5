/* emit.h - the writers of the back end, what the driver calls after the passes: the C program and
 * the pattern file, both printed from the IR (ir/ir.h). */
#ifndef AZC_EMIT_H
#define AZC_EMIT_H
#include <stdio.h>
#include "ir.h"

/* The layout of values in the generated C that both writers need (emit_types.c): an indexed array
 * with compile-time bounds is an inline struct { T data[count]; }, else a zrt_iarray. */
bool iarray_fixed(const Type *t);
int64_t iarray_count(const Type *t);                 /* fixed arrays only */

/* Write the C program of ir to out; returns the exit status. */
int emit_c_program(FILE *out, Arena *a, IrProgram *ir, const char *source);

typedef struct PdlOptions {
  int nprocs;                  /* --pdl-np */
  const SemaConfigEnv *config; /* -s values (the other config vars take their defaults) */
  bool comments;               /* --pdl-comments: a header and a line per pattern left out (an extension) */
} PdlOptions;

/* The most processes --pdl-np accepts. */
#define PDL_MAX_NPROCS 1024

/* Write the pattern file of program ir: what a run on o->nprocs processes records with --az-pdl,
 * computed at compile time from the communication operations of its pattern loops. */
void emit_pdl(FILE *out, Arena *a, const IrProgram *ir, const PdlOptions *o);
/* True if a reduction by op with result type t is exact: its parts give the same bits combined in
 * any order, so the runtime combines them (zrt_allreduce; beyond a few processes through a tree).
 * emit_reduce.c; the pattern files describe the same choice. */
bool reduce_exact(RedOp op, const Type *t);
/* True if every value of split-phase gather g is an exact reduction's (emit_split.c). */
bool gather_exact(const IrGather *g);
#endif
