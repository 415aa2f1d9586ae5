/* driver.h - the azc command: its options (options.c), the pipeline (driver.c: parse, check,
 * lower, the passes, the writers), its output files and the C compiler (outputs.c), and the exit
 * status. */
#ifndef AZC_DRIVER_H
#define AZC_DRIVER_H
#include <stdbool.h>
#include "sema_internal.h"
#include "ir.h"
#include "version.h"

/* What the command line asks for. */
typedef struct Options {
  const char *input;
  const char *output;
  PtrVec include_dirs;
  bool syntax_only;
  bool emit_ast;
  bool emit_ir;
  bool keep_c;
  const char *ir_after;    /* --emit=ir-after=PASS: the IR after that pass (NULL: after the last) */
  unsigned off;            /* bit i: the pass i of the pipeline is left out (its -fno- switch) */
  const char *opt_level;   /* -O0 ... -O3 for the C compiler */
  const char *march;       /* -march=CPU for the C compiler (opt-in: the executable runs only there) */
  PtrVec link_inputs;      /* .c/.o/.a files built into the executable (e.g. extern functions) */
  int error_limit;
  int pdl_np;              /* --pdl-np=N: the pattern file is for N processes */
  const char *pdl;         /* --pdl=FILE: write it there */
  bool no_pdl;             /* --no-pdl */
  bool pdl_comments;       /* --pdl-comments: comment lines in the pattern file (an extension) */
  bool print_cflags;       /* --cflags: print the flags to compile generated C, with the -I DIRs */
  bool print_libs;         /* --libs */
  bool smpi;               /* --mpi=smpi: build for SimGrid SMPI (smpicc, the runtime of make smpi) */
  PtrVec config_args;      /* const char*: -sNAME=VALUE, config values for the pattern file */
} Options;

/* Everything the azc command does; returns its exit status (0 ok, 1 errors). Reentrant. */
int azc_main(int argc, char **argv);

/* driver.c: the passes a -fno- switch leaves out (bit i: pass i; 0 if arg is no such switch), and
 * whether name is a stage --emit=ir-after= knows ("lower" or a pass); their list. */
unsigned pass_switch(const char *arg);
bool stage_name(const char *name);
/* "lower, comm-insert, ...": the stages --emit=ir-after= knows, in the order they run. */
const char *stage_list(Arena *a);

/* options.c: parse argv into opts (-1 to go on, else the exit status); report a problem in one
 * line (returns 1); the -sNAME=VALUE options as config values (returns the exit status). */
int parse_options(Arena *a, int argc, char **argv, Options *opts);
int option_error(const char *fmt, const char *arg);
int config_values(Arena *a, const Options *opts, Sema *sema, SemaConfigEnv *env);

/* outputs.c: azc --cflags and/or --libs (the flags to compile generated C, with the -I DIRs, and
 * to link it); the directory part of a path; the --emit=ast dump (to stdout or opts->output); the
 * C file, the executable and the pattern file of ir. Each returns the exit status. */
int print_flags(Arena *a, const Options *opts);
const char *dir_of(Arena *a, const char *path);
int emit_ast(Arena *a, const Options *opts, Program *prog, Sema *sema);
int generate(Arena *a, const Options *opts, IrProgram *ir, const SemaConfigEnv *config);
#endif
