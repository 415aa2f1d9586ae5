/* options.c - the azc command line (section 14): usage text, options, -fno- and -s values.
 * Each problem is one line and exit status 1; a -fno- switch names the passes it leaves out; the
 * -sNAME=VALUE values of integer config vars are for the pattern file. */
#include "driver.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emit.h"

static const char usage_head[] =
    "usage: azc [options] FILE.zpl [C files, objects or libraries to link in]\n"
    "options:\n"
    "  -o FILE            write the output to FILE\n"
    "  -I DIR             search DIR for headers named by extern \"HEADER\"; (passed to the C\n"
    "                     compiler as well)\n"
    "  -fsyntax-only      check the program and write nothing\n"
    "  --emit=ast         print the checked program (types, covering regions)\n"
    "  --emit=ir          print the program IR (array statements, reads, writes, shifts,\n"
    "                     communication) after the last pass\n"
    "  --emit=ir-after=PASS  print the IR after PASS instead; the stages, in order:\n";

static const char usage_text[] =
    "  -ferror-limit=N    stop after N errors (default 20, 0 for no limit)\n"
    "  -O0, -O1, -O2, -O3 optimization level of the C compiler (default -O2)\n"
    "  -march=CPU         let the C compiler use every instruction of CPU (-march=native: this\n"
    "                     machine's; the executable may then not run on other machines)\n"
    "  --keep-c           keep the generated C file when building an executable\n"
    "  --pdl-np=N         write the pattern file (prog.pdl, next to the C file or executable) for a\n"
    "                     run on N processes (default 4, at most 1024)\n"
    "  --pdl=FILE         write the pattern file to FILE\n"
    "  --no-pdl           do not write the pattern file\n"
    "  --pdl-comments     begin the pattern file with a comment saying what it is for, and say in\n"
    "                     a comment why a pattern is left out (an extension: strict PDL readers\n"
    "                     reject comments)\n"
    "  -sNAME=VALUE       the pattern file for config var NAME (of an integer type) set to VALUE\n"
    "  -fno-fuse          give every array statement its own loop nest (for measurement)\n"
    "  -fno-comm-opt      keep every ghost-cell transfer where its statement is: no removal,\n"
    "                     combining or hoisting out of loops (for measurement)\n"
    "  -fno-overlap       no overlap of communication with computation: wait for ghost cells\n"
    "                     before a stencil loop (not after its interior) and combine each\n"
    "                     reduction where it is computed (for measurement)\n"
    "  -fno-copy-elim     copy every A := T, also where T is dead afterwards and the two arrays\n"
    "                     could exchange their storage instead (for measurement)\n"
    "  --mpi=smpi         build the executable for SimGrid's simulated MPI (smpicc and the runtime\n"
    "                     of make smpi; run it with smpirun, docs/scaling.md); --mpi=mpi: the default\n"
    "  --cflags, --libs   print the flags to compile and link generated C by hand (--cflags\n"
    "                     with the -I DIRs given; with --mpi=smpi, the SMPI runtime's)\n"
    "  --version          print the version and exit\n"
    "  --help             print this message and exit\n";

/* Print text in lines of at most width columns, each indented, broken after its commas. */
static void print_wrapped(const char *text, int indent, int width) {
  int col = 0;
  while (*text) {
    size_t n = strcspn(text, " ");
    if (col > 0 && col + 1 + (int)n > width) {
      putchar('\n');
      col = 0;
    }
    col += col ? printf(" %.*s", (int)n, text) : printf("%*s%.*s", indent, "", (int)n, text);
    text += n;
    text += strspn(text, " ");
  }
  putchar('\n');
}

/* Report a command-line problem in one line. */
int option_error(const char *fmt, const char *arg) {
  fputs("azc: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\n", stderr);
  return 1;
}

/* True if s ends with suffix. */
static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n > m && !strcmp(s + n - m, suffix);
}

/* True if s is a whole non-negative decimal number; stores it. */
static bool parse_count(const char *s, int *out) {
  if (!*s) return false;
  long v = 0;
  for (const char *p = s; *p; p++) {
    if (*p < '0' || *p > '9') return false;
    v = v * 10 + (*p - '0');
    if (v > 1000000) return false;
  }
  *out = (int)v;
  return true;
}

/* Parse argv into opts; returns -1 to go on, else an exit status. */
int parse_options(Arena *a, int argc, char **argv, Options *opts) {
  memset(opts, 0, sizeof *opts);
  opts->error_limit = 20;
  opts->pdl_np = 4;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      fputs(usage_head, stdout);
      print_wrapped(stage_list(a), 21, 96);
      fputs(usage_text, stdout);
      return 0;
    } else if (!strcmp(arg, "--version")) {
      printf("azc %s\n", AZC_VERSION);
      return 0;
    } else if (!strcmp(arg, "-o") || !strcmp(arg, "-I")) {
      if (i + 1 >= argc) return option_error("option '%s' needs an argument", arg);
      if (arg[1] == 'o') opts->output = argv[++i];
      else vec_push(a, &opts->include_dirs, argv[++i]);
    } else if (!strncmp(arg, "-I", 2)) {
      vec_push(a, &opts->include_dirs, (void *)(arg + 2));
    } else if (!strcmp(arg, "--cflags")) {
      opts->print_cflags = true;
    } else if (!strcmp(arg, "--libs")) {
      opts->print_libs = true;
    } else if (!strcmp(arg, "--mpi=smpi") || !strcmp(arg, "--mpi=mpi")) {
      opts->smpi = arg[6] == 's';
    } else if (!strncmp(arg, "--mpi", 5) && (arg[5] == '=' || !arg[5])) {
      return option_error("invalid option '%s' (--mpi=mpi or --mpi=smpi)", arg);
    } else if (!strcmp(arg, "-O0") || !strcmp(arg, "-O1") || !strcmp(arg, "-O2") || !strcmp(arg, "-O3")) {
      opts->opt_level = arg;
    } else if (!strncmp(arg, "-march=", 7)) {
      if (!arg[7] || strspn(arg + 7, "abcdefghijklmnopqrstuvwxyz0123456789-_.") != strlen(arg + 7))
        return option_error("invalid value in '%s'", arg);
      opts->march = arg;
    } else if (!strcmp(arg, "--keep-c")) {
      opts->keep_c = true;
    } else if (pass_switch(arg)) {
      opts->off |= pass_switch(arg);
    } else if (!strcmp(arg, "-fsyntax-only")) {
      opts->syntax_only = true;
    } else if (!strcmp(arg, "--emit=ast")) {
      opts->emit_ast = true;
    } else if (!strcmp(arg, "--emit=ir")) {
      opts->emit_ir = true;
    } else if (!strncmp(arg, "--emit=ir-after=", 16)) {
      if (!stage_name(arg + 16)) return option_error("unknown pass in '%s' (azc --help lists them)", arg);
      opts->emit_ir = true;
      opts->ir_after = arg + 16;
    } else if (!strncmp(arg, "-ferror-limit=", 14)) {
      if (!parse_count(arg + 14, &opts->error_limit)) return option_error("invalid value in '%s'", arg);
    } else if (!strncmp(arg, "--pdl-np", 8) && (arg[8] == '=' || !arg[8])) {
      if (!arg[8]) return option_error("option '%s' needs a value (--pdl-np=N)", arg);
      if (!parse_count(arg + 9, &opts->pdl_np) || opts->pdl_np < 1 || opts->pdl_np > PDL_MAX_NPROCS)
        return option_error("%s", arena_printf(a, "invalid value in '%s' (a process count from 1 to %d)", arg, PDL_MAX_NPROCS));
    } else if (!strncmp(arg, "--pdl", 5) && (arg[5] == '=' || !arg[5])) {
      if (!arg[5] || !arg[6]) return option_error("option '%s' needs a file name (--pdl=FILE)", "--pdl");
      opts->pdl = arg + 6;
    } else if (!strcmp(arg, "--no-pdl")) {
      opts->no_pdl = true;
    } else if (!strcmp(arg, "--pdl-comments")) {
      opts->pdl_comments = true;
    } else if (!strncmp(arg, "-s", 2)) {
      if (!strchr(arg, '=') || arg[2] == '=') return option_error("invalid option '%s' (-sNAME=VALUE)", arg);
      vec_push(a, &opts->config_args, (void *)arg);
    } else if (arg[0] == '-' && arg[1] != 0) {
      return option_error("unknown option '%s'", arg);
    } else if (has_suffix(arg, ".c") || has_suffix(arg, ".o") || has_suffix(arg, ".a")) {
      vec_push(a, &opts->link_inputs, (void *)arg);
    } else if (opts->input) {
      return option_error("more than one input file ('%s')", arg);
    } else {
      opts->input = arg;
    }
  }
  if (opts->print_cflags || opts->print_libs) return print_flags(a, opts);
  if (!opts->input) return option_error("%s", "no input file (usage: azc [options] FILE.zpl)");
  size_t n = strlen(opts->input);
  if (!((n > 4 && !strcmp(opts->input + n - 4, ".zpl")) || (n > 2 && !strcmp(opts->input + n - 2, ".z"))))
    return option_error("input file '%s' must end in .zpl or .z", opts->input);
  return -1;
}

/* The range of integer scalar kind k as a config var's values (section 4.1). */
static void int_range(ScalarKind k, int64_t *lo, uint64_t *hi) {
  static const int64_t los[SK_COUNT] = {[SK_SBYTE] = INT8_MIN, [SK_SHORTINT] = INT16_MIN, [SK_INTEGER] = INT32_MIN,
                                        [SK_LONGINT] = INT64_MIN};
  static const uint64_t his[SK_COUNT] = {[SK_SBYTE] = INT8_MAX, [SK_UBYTE] = UINT8_MAX, [SK_SHORTINT] = INT16_MAX,
                                         [SK_USHORTINT] = UINT16_MAX, [SK_INTEGER] = INT32_MAX,
                                         [SK_UINTEGER] = UINT32_MAX, [SK_LONGINT] = INT64_MAX,
                                         [SK_ULONGINT] = UINT64_MAX};
  *lo = los[k];
  *hi = his[k];
}

/* VALUE of -sNAME=VALUE for an integer config var of type t: a decimal integer in its range. */
static bool config_value(const char *text, const Type *t, int64_t *out) {
  int64_t lo;
  uint64_t hi, mag = 0;
  int_range(t->scalar, &lo, &hi);
  bool neg = *text == '-';
  if (*text == '-' || *text == '+') text++;
  if (!*text) return false;
  for (; *text; text++) {
    uint64_t d = (uint64_t)(*text - '0');
    if (*text < '0' || *text > '9' || mag > (UINT64_MAX - d) / 10) return false;
    mag = mag * 10 + d;
  }
  if (neg ? mag > (uint64_t)-(lo + 1) + 1 : mag > hi) return false;
  *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return true;
}

/* The config var called name (n bytes), or NULL. */
static Symbol *find_config(Sema *sema, const char *name, size_t n) {
  for (int i = 0; i < sema->prog->decls.len; i++) {
    Decl *d = sema->prog->decls.items[i];
    if ((d->kind != D_CONFIG_VAR && d->kind != D_CONFIG_CONST) || !d->syms) continue;
    for (int k = 0; k < d->nnames; k++)
      if (d->syms[k] && strlen(d->syms[k]->name) == n && !strncmp(d->syms[k]->name, name, n)) return d->syms[k];
  }
  return NULL;
}

/* The -sNAME=VALUE options as the config values of the pattern file; returns the exit status. */
int config_values(Arena *a, const Options *opts, Sema *sema, SemaConfigEnv *env) {
  int n = opts->config_args.len;
  const char **names = ARENA_ARRAY(a, const char *, n + 1);
  int64_t *values = ARENA_ARRAY(a, int64_t, n + 1);
  for (int i = 0; i < n; i++) {
    const char *arg = opts->config_args.items[i], *eq = strchr(arg, '=');
    Symbol *sym = find_config(sema, arg + 2, (size_t)(eq - arg - 2));
    if (!sym) return option_error("%s", arena_printf(a, "unknown config var '%.*s' in '%s'", (int)(eq - arg - 2), arg + 2, arg));
    if (!type_is_integer(sym->type))
      return option_error("%s", arena_printf(a, "'%s': only config vars of integer types can be set at compile time", arg));
    if (!config_value(eq + 1, sym->type, &values[i]))
      return option_error("%s", arena_printf(a, "invalid value in '%s' (expected an integer in the range of %s)", arg,
                                             scalar_name(sym->type->scalar)));
    names[i] = sym->name;
  }
  *env = (SemaConfigEnv){names, values, n};
  return 0;
}
