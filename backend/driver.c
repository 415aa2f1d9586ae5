/* driver.c - the azc pipeline: parse, check, lower, the passes in order, the writers.
 * compile() reads the source, parses it (frontend/), checks it (sema), lowers it to the IR (ir/),
 * runs the passes over the IR one by one (passes/; each optimization with its -fno- switch), then
 * the writers: the C program (built into an executable unless the output is a .c file) and the
 * pattern file next to it (backend/), or --emit=ast / --emit=ir instead. */
#include "driver.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "arena.h"
#include "diag.h"
#include "ir.h"
#include "parse.h"
#include "passes.h"
#include "sema.h"
#include "source.h"

/* The passes (passes/passes.h), in the order they run; each reads the IR and records its decisions
 * in it. An optimization has the -fno- switch that leaves it out (the same switch may turn off
 * several: run-ahead is part of the overlap of communication with computation). */
typedef struct Pass {
  const char *name;        /* --emit=ir-after=NAME */
  const char *off;         /* the switch that leaves it out, or NULL: the writers need it */
  void (*run)(Arena *a, IrProgram *ir);
} Pass;

static const Pass passes[] = {
    {"comm-insert", NULL, comm_insert},           /* the ghost-cell transfers each expression needs */
    {"comm-opt", "-fno-comm-opt", comm_opt},      /* remove, combine, hoist them, start them early */
    {"runahead", "-fno-overlap", find_runahead},  /* reductions whose results a loop never needs */
    {"copy-elim", "-fno-copy-elim", copy_elim},   /* A := T exchanges storage when T is dead */
    {"fuse", "-fno-fuse", find_fusion},           /* statements that share a loop nest; contraction */
    {"overlap", "-fno-overlap", overlap},         /* interior first, split-phase collectives */
    {"patterns", NULL, find_patterns},            /* loop bodies that are communication patterns */
    {"comm-place", NULL, comm_place},             /* every communication event at its place */
};
#define NPASSES ((int)(sizeof passes / sizeof passes[0]))

/* The passes the switch arg leaves out (bit i: passes[i]), 0 if it is not such a switch. */
unsigned pass_switch(const char *arg) {
  unsigned bits = 0;
  for (int i = 0; i < NPASSES; i++)
    if (passes[i].off && !strcmp(passes[i].off, arg)) bits |= 1u << i;
  return bits;
}

/* True if name is "lower" (the IR before any pass) or the name of a pass. */
bool stage_name(const char *name) {
  for (int i = 0; i < NPASSES; i++)
    if (!strcmp(passes[i].name, name)) return true;
  return !strcmp(name, "lower");
}

const char *stage_list(Arena *a) {
  const char *s = "lower";
  for (int i = 0; i < NPASSES; i++) s = arena_printf(a, "%s, %s", s, passes[i].name);
  return s;
}

/* Lower the checked program and run the passes in order (those not switched off); with
 * --emit=ir-after=PASS, print the IR after PASS and return NULL. */
static IrProgram *lower_and_optimize(Arena *a, const Options *opts, Sema *sema) {
  IrProgram *ir = ir_lower(a, sema);
  if (opts->ir_after && !strcmp(opts->ir_after, "lower")) {
    ir_print(stdout, ir);
    return NULL;
  }
  for (int i = 0; i < NPASSES; i++) {
    if (!(opts->off & 1u << i)) passes[i].run(a, ir);
    if (opts->ir_after && !strcmp(opts->ir_after, passes[i].name)) {
      ir_print(stdout, ir);
      return NULL;
    }
  }
  return ir;
}

/* The pipeline on opts->input: parse, check, lower, the passes, the writers; returns the exit
 * status. */
static int compile(Arena *a, const Options *opts) {
  Source src;
  if (source_read(a, opts->input, &src) != 0)
    return option_error("%s", arena_printf(a, "cannot read '%s': %s", opts->input, strerror(errno)));
  Diags diags;
  diag_init(&diags, a, &src);
  diags.error_limit = opts->error_limit;
  Program *prog = parse_program(a, &src, &diags); /* frontend/parse.c: lexer.re, parser.y */
  Sema *sema = NULL;
  if (!diag_has_syntax_errors(&diags)) { /* frontend/sema.c: names, types, ranks, regions */
    SemaOptions so = {dir_of(a, opts->input), (const char *const *)opts->include_dirs.items,
                      opts->include_dirs.len};
    sema = sema_check(a, prog, &src, &diags, &so);
  }
  diag_print(&diags, stderr);
  int status = diag_has_errors(&diags) ? 1 : 0;
  SemaConfigEnv config = {0};
  if (status == 0) status = config_values(a, opts, sema, &config);
  if (status == 0 && opts->emit_ast) status = emit_ast(a, opts, prog, sema);
  bool lowered = status == 0 && (opts->emit_ir || (!opts->syntax_only && !opts->emit_ast));
  IrProgram *ir = lowered ? lower_and_optimize(a, opts, sema) : NULL; /* ir/lower.c, passes/ */
  if (ir && opts->emit_ir) ir_print(stdout, ir);                      /* ir/print.c */
  else if (ir) status = generate(a, opts, ir, &config); /* backend/emit_c.c, emit_pdl.c, the C compiler */
  sema_release(sema);
  return status;
}

int azc_main(int argc, char **argv) {
  Arena arena = {0};
  Options opts;
  int status = parse_options(&arena, argc, argv, &opts);
  if (status < 0) status = compile(&arena, &opts);
  errno = 0;
  if ((fflush(stdout) != 0 || ferror(stdout)) && status == 0)
    status = option_error("%s", errno ? arena_printf(&arena, "cannot write the standard output: %s", strerror(errno))
                                      : "cannot write the standard output");
  arena_free(&arena);
  return status;
}
