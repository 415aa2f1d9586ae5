/* driver.c - the azc command line (section 14 and issue 2): read, parse, check, report, emit the C
 * and the pattern file next to it. */
#include "driver.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "arena.h"
#include "ast_dump.h"
#include "diag.h"
#include "emit_internal.h"
#include "ir.h"
#include "parse.h"
#include "sema.h"
#include "source.h"
#include "subprocess.h"
#include "version.h"

typedef struct Options {
  const char *input;
  const char *output;
  PtrVec include_dirs;
  bool syntax_only;
  bool emit_ast;
  bool emit_ir;
  bool keep_c;
  EmitOptions emit;        /* -fno-fuse, -fno-comm-opt, -fno-overlap, -fno-copy-elim */
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

static const char usage_text[] =
    "usage: azc [options] FILE.zpl [C files, objects or libraries to link in]\n"
    "options:\n"
    "  -o FILE            write the output to FILE\n"
    "  -I DIR             search DIR for headers named by extern \"HEADER\"; (passed to the C\n"
    "                     compiler as well)\n"
    "  -fsyntax-only      check the program and write nothing\n"
    "  --emit=ast         print the checked program (types, covering regions)\n"
    "  --emit=ir          print the program IR (array statements, reads, writes, shifts)\n"
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

/* Report a command-line problem in one line. */
static int option_error(const char *fmt, const char *arg) {
  fputs("azc: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\n", stderr);
  return 1;
}

/* The directory holding the running azc, or NULL. */
static const char *exe_dir(Arena *a) {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return NULL;
  buf[n] = 0;
  char *slash = strrchr(buf, '/');
  if (!slash) return NULL;
  *slash = 0;
  return arena_strdup(a, buf);
}

/* Where the runtime's headers and library are: installed next to azc (PREFIX/include/azc,
 * PREFIX/lib/azc, and PREFIX/lib/azc/smpi for SMPI), or in the build tree azc was built in; with
 * the flags the library was built with (e.g. the sanitizers of make SAN=1; none for SMPI, whose
 * runtime make smpi builds without them). */
static void rtl_dirs(Arena *a, bool smpi, const char **inc, const char **lib, const char **flags) {
  const char *dir = exe_dir(a);
  *flags = smpi ? "" : AZC_RTL_FLAGS;
  if (dir) {
    const char *ilib = arena_printf(a, smpi ? "%s/../lib/azc/smpi" : "%s/../lib/azc", dir);
    if (access(arena_printf(a, "%s/libzrt.a", ilib), R_OK) == 0) {
      *inc = arena_printf(a, "%s/../include/azc", dir);
      *lib = ilib;
      return;
    }
  }
  *inc = AZC_RTL_INCLUDE;
  *lib = smpi ? AZC_RTL_LIB_SMPI : AZC_RTL_LIB;
}

/* Append the words of s (separated by blanks) to args: for flag lists the build set, never for names
 * a user typed. */
static void push_words(Arena *a, PtrVec *args, const char *s) {
  while (*s) {
    size_t n = strcspn(s, " \t");
    if (n) vec_push(a, args, arena_strndup(a, s, n));
    s += n;
    s += strspn(s, " \t");
  }
}

/* The flags for compiling generated C, one argument each: the runtime's, then an -I for each of
 * the -I DIRs, in order (where extern "HEADER" found its header). */
static void rtl_cflags(Arena *a, bool smpi, PtrVec *args, const PtrVec *include_dirs) {
  const char *inc, *lib, *flags;
  rtl_dirs(a, smpi, &inc, &lib, &flags);
  push_words(a, args, "-std=gnu11 -fwrapv -fopenmp-simd");
  push_words(a, args, AZC_GEN_FLAGS); /* docs/codegen.md, "Compiler flags" */
  push_words(a, args, flags);
  vec_push(a, args, (void *)arena_printf(a, "-I%s", inc));
  for (int i = 0; i < include_dirs->len; i++) vec_push(a, args, (void *)arena_printf(a, "-I%s", (const char *)include_dirs->items[i]));
}

/* The flags for linking generated C, one argument each. */
static void rtl_libs(Arena *a, bool smpi, PtrVec *args) {
  const char *inc, *lib, *flags;
  rtl_dirs(a, smpi, &inc, &lib, &flags);
  vec_push(a, args, (void *)arena_printf(a, "%s/libzrt.a", lib));
  vec_push(a, args, "-lm");
  push_words(a, args, flags);
}

/* Print args on one line (azc --cflags, --libs). */
static void print_args(const PtrVec *args) {
  for (int i = 0; i < args->len; i++) printf("%s%s", i ? " " : "", (const char *)args->items[i]);
  printf("\n");
}

/* azc --cflags and/or --libs (on one line, in that order); the exit status. */
static int print_flags(Arena *a, const Options *opts) {
  PtrVec args = {0};
  if (opts->print_cflags) rtl_cflags(a, opts->smpi, &args, &opts->include_dirs);
  if (opts->print_libs) rtl_libs(a, opts->smpi, &args);
  print_args(&args);
  return 0;
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
static int parse_options(Arena *a, int argc, char **argv, Options *opts) {
  memset(opts, 0, sizeof *opts);
  opts->error_limit = 20;
  opts->pdl_np = 4;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
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
    } else if (!strcmp(arg, "-fno-fuse")) {
      opts->emit.no_fuse = true;
    } else if (!strcmp(arg, "-fno-comm-opt")) {
      opts->emit.no_comm_opt = true;
    } else if (!strcmp(arg, "-fno-copy-elim")) {
      opts->emit.no_copy_elim = true;
    } else if (!strcmp(arg, "-fno-overlap")) {
      opts->emit.no_overlap = true;
    } else if (!strcmp(arg, "-fsyntax-only")) {
      opts->syntax_only = true;
    } else if (!strcmp(arg, "--emit=ast")) {
      opts->emit_ast = true;
    } else if (!strcmp(arg, "--emit=ir")) {
      opts->emit_ir = true;
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

/* The directory part of a path ("." if none). */
static const char *dir_of(Arena *a, const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return ".";
  if (slash == path) return "/";
  return arena_strndup(a, path, (size_t)(slash - path));
}

/* True if paths a and b name the same file: the same text, or the same existing file. */
static bool same_file(const char *a, const char *b) {
  struct stat sa, sb;
  if (!strcmp(a, b)) return true;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* An error if output file path (what it is: "output", "pattern file", ...) names an input. */
static int output_not_input(Arena *a, const Options *opts, const char *path, const char *what) {
  const char *clash = same_file(path, opts->input) ? opts->input : NULL;
  for (int i = 0; !clash && i < opts->link_inputs.len; i++)
    if (same_file(path, opts->link_inputs.items[i])) clash = opts->link_inputs.items[i];
  if (!clash) return 0;
  return option_error("%s", arena_printf(a, "the %s '%s' would overwrite the input '%s'", what, path, clash));
}

/* Write the --emit=ast dump to stdout, or to opts->output through a temporary file renamed into
 * place, so that a failed run never leaves a half-written output file. */
static int emit_ast(Arena *a, const Options *opts, Program *prog, Sema *sema) {
  if (!opts->output || !strcmp(opts->output, "-")) {
    ast_dump(stdout, prog, sema);
    return 0;
  }
  int status = output_not_input(a, opts, opts->output, "output");
  if (status != 0) return status;
  char *tmp = arena_printf(a, "%s.tmp%ld", opts->output, (long)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f) return option_error("%s", arena_printf(a, "cannot write '%s': %s", opts->output, strerror(errno)));
  ast_dump(f, prog, sema);
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (!ok || rename(tmp, opts->output) != 0) {
    int err = errno;
    remove(tmp);
    return option_error("%s", arena_printf(a, "cannot write '%s': %s", opts->output, strerror(err)));
  }
  return 0;
}

/* True if path ends in ".c". */
static bool is_c_file(const char *path) {
  size_t n = strlen(path);
  return n > 2 && !strcmp(path + n - 2, ".c");
}

/* The input's name with its .zpl / .z suffix replaced. */
static const char *replace_suffix(Arena *a, const char *input, const char *suffix) {
  const char *slash = strrchr(input, '/');
  const char *base = slash ? slash + 1 : input;
  const char *dot = strrchr(base, '.');
  size_t n = dot && dot != base ? (size_t)(dot - input) : strlen(input); /* not a directory's dot, nor ".name" */
  return arena_printf(a, "%.*s%s", (int)n, input, suffix);
}

/* Write the C program to path through a temporary file renamed into place; its pattern tables go
 * to patterns. */
static int write_c(Arena *a, const char *path, Program *prog, Sema *sema, const char *source, const EmitOptions *eo,
                   PtrVec *patterns) {
  char *tmp = arena_printf(a, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f) return option_error("%s", arena_printf(a, "cannot write '%s': %s", path, strerror(errno)));
  int status = emit_c_program(f, a, prog, sema, source, eo, patterns);
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (status != 0 || !ok || rename(tmp, path) != 0) {
    remove(tmp);
    return status ? status : option_error("%s", arena_printf(a, "cannot write '%s'", path));
  }
  return 0;
}

/* The pattern file's name: --pdl=FILE, else the C file's with .pdl for .c (prog.c: prog.pdl), or
 * the executable's with .pdl added. */
static const char *pdl_path(Arena *a, const Options *opts, const char *out) {
  if (opts->pdl) return opts->pdl;
  if (is_c_file(out)) return arena_printf(a, "%.*s.pdl", (int)(strlen(out) - 2), out);
  return arena_printf(a, "%s.pdl", out);
}

/* Write the pattern file (docs/pdl.md, "Files azc writes") through a temporary file renamed into
 * place. */
static int write_pdl(Arena *a, const char *path, Sema *sema, const PtrVec *patterns, const Options *opts,
                     const SemaConfigEnv *config) {
  char *tmp = arena_printf(a, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f) return option_error("%s", arena_printf(a, "cannot write '%s': %s", path, strerror(errno)));
  emit_pdl(f, a, sema, patterns, &(PdlOptions){opts->pdl_np, config, opts->pdl_comments});
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (!ok || rename(tmp, path) != 0) {
    int err = errno;
    remove(tmp);
    return option_error("%s", arena_printf(a, "cannot write '%s': %s", path, strerror(err)));
  }
  return 0;
}

/* After the C file or executable out: the pattern file, unless --no-pdl (a failure removes out). */
static int after_output(Arena *a, const Options *opts, const char *out, Sema *sema, const PtrVec *patterns,
                        const SemaConfigEnv *config) {
  if (opts->no_pdl) return 0;
  int status = write_pdl(a, pdl_path(a, opts, out), sema, patterns, opts, config);
  if (status != 0) remove(out);
  return status;
}

/* Check that no file azc writes for output out (the C file, the executable, the pattern file)
 * replaces one of its inputs. */
static int check_outputs(Arena *a, const Options *opts, const char *out) {
  int status = output_not_input(a, opts, out, is_c_file(out) ? "C file" : "output");
  if (status == 0 && !is_c_file(out) && opts->keep_c) status = output_not_input(a, opts, replace_suffix(a, out, ".c"), "kept C file");
  if (status == 0 && !opts->no_pdl) status = output_not_input(a, opts, pdl_path(a, opts, out), "pattern file");
  return status;
}

/* With --mpi=smpi: an error unless make smpi has built the SMPI runtime. */
static int smpi_runtime_built(Arena *a, const Options *opts) {
  const char *inc, *lib, *flags;
  if (!opts->smpi) return 0;
  rtl_dirs(a, true, &inc, &lib, &flags);
  if (access(arena_printf(a, "%s/libzrt.a", lib), R_OK) == 0) return 0;
  return option_error("%s", arena_printf(a, "--mpi=smpi: the SMPI runtime '%s/libzrt.a' is not built (run 'make smpi')", lib));
}

/* Build the executable out from cfile and the link inputs with the C compiler (AZC_MPICC, default
 * mpicc, or smpicc with --mpi=smpi), run without a shell: every name is one argument, whatever
 * characters it holds. Headers of extern "HEADER" are found where azc found them: the source's
 * directory, then the -I DIRs. */
static int build_executable(Arena *a, const Options *opts, const char *cfile, const char *out) {
  PtrVec args = {0};
  const char *cc = getenv("AZC_MPICC");
  push_words(a, &args, cc && *cc ? cc : opts->smpi ? "smpicc" : "mpicc");
  vec_push(a, &args, (void *)(opts->opt_level ? opts->opt_level : "-O2"));
  if (opts->march) vec_push(a, &args, (void *)opts->march);
  rtl_cflags(a, opts->smpi, &args, &opts->include_dirs);
  /* extern "HEADER" looks in the source's directory first; the C file may be elsewhere */
  vec_push(a, &args, "-iquote");
  vec_push(a, &args, (void *)dir_of(a, opts->input));
  vec_push(a, &args, (void *)cfile);
  for (int i = 0; i < opts->link_inputs.len; i++) vec_push(a, &args, opts->link_inputs.items[i]);
  vec_push(a, &args, "-o");
  vec_push(a, &args, (void *)out);
  rtl_libs(a, opts->smpi, &args);
  vec_push(a, &args, NULL);
  int status = run_program((char *const *)args.items);
  if (status == 0) return 0;
  if (status < 0) return option_error("%s", arena_printf(a, "cannot run the C compiler '%s': %s", (const char *)args.items[0], strerror(errno)));
  return option_error("%s", arena_printf(a, "the C compiler '%s' failed on the generated program (exit status %d)", (const char *)args.items[0], status));
}

/* Generate C; with an output that is not a .c file, also build the executable with mpicc. Then the
 * pattern file. */
static int generate(Arena *a, const Options *opts, Program *prog, Sema *sema, const SemaConfigEnv *config) {
  const char *out = opts->output ? opts->output : replace_suffix(a, opts->input, ".c");
  PtrVec patterns = {0};
  int status = check_outputs(a, opts, out);
  if (status != 0) return status;
  if (is_c_file(out)) {
    status = write_c(a, out, prog, sema, opts->input, &opts->emit, &patterns);
    return status ? status : after_output(a, opts, out, sema, &patterns, config);
  }
  status = smpi_runtime_built(a, opts);
  if (status != 0) return status;
  const char *cfile = opts->keep_c ? replace_suffix(a, out, ".c") : arena_printf(a, "%s.azc%ld.c", out, (long)getpid());
  status = write_c(a, cfile, prog, sema, opts->input, &opts->emit, &patterns);
  if (status != 0) return status;
  status = build_executable(a, opts, cfile, out);
  if (!opts->keep_c) remove(cfile);
  return status ? status : after_output(a, opts, out, sema, &patterns, config);
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
static int config_values(Arena *a, const Options *opts, Sema *sema, SemaConfigEnv *env) {
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

/* The back end cannot compile some constructs of section 15 yet: say so where the first one is,
 * before it is asked to (a located error, not a crash or wrong C). */
static void refuse_unimplemented(const Sema *sema, Diags *diags) {
  int line, col;
  const char *what = sema_unimplemented(sema, &line, &col);
  if (what) diag_error(diags, line, col, "code generation for %s is not implemented yet", what);
}

/* Run the front end on opts->input; returns the exit status. */
static int compile(Arena *a, const Options *opts) {
  Source src;
  if (source_read(a, opts->input, &src) != 0)
    return option_error("%s", arena_printf(a, "cannot read '%s': %s", opts->input, strerror(errno)));
  Diags diags;
  diag_init(&diags, a, &src);
  diags.error_limit = opts->error_limit;
  Program *prog = parse_program(a, &src, &diags);
  Sema *sema = NULL;
  if (!diag_has_syntax_errors(&diags)) {
    SemaOptions so = {dir_of(a, opts->input), (const char *const *)opts->include_dirs.items,
                      opts->include_dirs.len};
    sema = sema_check(a, prog, &src, &diags, &so);
    if (!diag_has_errors(&diags) && (opts->emit_ir || (!opts->syntax_only && !opts->emit_ast))) refuse_unimplemented(sema, &diags);
  }
  diag_print(&diags, stderr);
  int status = diag_has_errors(&diags) ? 1 : 0;
  SemaConfigEnv config = {0};
  if (status == 0) status = config_values(a, opts, sema, &config);
  if (status == 0 && opts->emit_ast) status = emit_ast(a, opts, prog, sema);
  if (status == 0 && opts->emit_ir) ir_print(stdout, ir_lower(a, sema, &(IrOptions){opts->emit.no_comm_opt, opts->emit.no_overlap, opts->emit.no_copy_elim, opts->emit.no_fuse}));
  if (status == 0 && !opts->syntax_only && !opts->emit_ast && !opts->emit_ir) status = generate(a, opts, prog, sema, &config);
  sema_release(sema);
  return status;
}

int azc_main(int argc, char **argv) {
  Arena arena = {0};
  Options opts;
  int status = parse_options(&arena, argc, argv, &opts);
  if (status < 0) status = compile(&arena, &opts);
  fflush(stdout);
  arena_free(&arena);
  return status;
}
