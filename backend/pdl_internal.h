/* pdl_internal.h - what the pattern file's writer (emit_pdl.c) and the compile-time values it
 * needs (pdl_values.c) share: the values the runtime computes during elaboration (regions, arrays'
 * storage, the grids), known at compile time for the config defaults, or the reason they are not. */
#ifndef AZC_PDL_INTERNAL_H
#define AZC_PDL_INTERNAL_H
#include "emit.h"
#include "zrt_geom.h"

typedef struct PdlValues {
  Arena *arena;
  Sema *S;
  const SemaConfigEnv *config;
  int nprocs;
  zg_grid grids[ZRT_MAX_RANK + 1];      /* the distribution of each rank, as zrt_distribute_all makes it */
  const char *grid_why[ZRT_MAX_RANK + 1]; /* why the grid of a rank is not known, or NULL */
  PtrVec array_syms;                    /* Symbol*: arrays whose storage was asked for */
  PtrVec arrays;                        /* zrt_array*: their storage, one object per array */
} PdlValues;

/* Compute the grids of every rank for nprocs processes, as the elaboration of the program does. */
void pdl_values_init(PdlValues *V, Arena *a, Sema *S, const SemaConfigEnv *config, int nprocs);
/* The value of named region sym, or false with *why set. */
bool pdl_region(PdlValues *V, Symbol *sym, zrt_region *out, const char **why);
/* Parallel array sym as the runtime lays it out (rank, element size, flood dimensions, storage
 * region), one object per array the runtime has (a by-reference parameter is the array every call
 * passes it), or NULL with *why set. */
zrt_array *pdl_array(PdlValues *V, Symbol *sym, const char **why);
/* The size of the C type the generated program gives values of type t, or false if not known. */
bool pdl_type_size(const Type *t, size_t *size);
#endif
