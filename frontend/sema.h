/* sema.h - semantic analysis: what it needs and what it leaves in the tree (types, ranks, covering regions). */
#ifndef AZC_SEMA_H
#define AZC_SEMA_H
#include "ast.h"
#include "diag.h"
#include "source.h"

typedef struct SemaOptions {
  const char *source_dir;            /* where extern "HEADER" looks first */
  const char *const *include_dirs;   /* -I directories, in order */
  int ninclude;
} SemaOptions;

typedef struct Sema Sema;

/* Check prog (sections 3 to 8); errors and warnings go to diags. Returns the analysis results. */
Sema *sema_check(Arena *a, Program *prog, const Source *src, Diags *diags, const SemaOptions *opts);
/* Release what the analysis holds outside the arena (imported C declarations). */
void sema_release(Sema *S);
#endif
