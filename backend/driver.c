/* driver.c - the azc command line (section 14 and issue 2): read, parse, check, report, emit. */
#include "driver.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena.h"
#include "ast_dump.h"
#include "diag.h"
#include "emit_internal.h"
#include "ir.h"
#include "parse.h"
#include "sema.h"
#include "source.h"

#define AZC_VERSION "0.1.0"

typedef struct Options {
  const char *input;
  const char *output;
  PtrVec include_dirs;
  bool syntax_only;
  bool emit_ast;
  bool emit_ir;
  bool keep_c;
  EmitOptions emit;        /* -fno-fuse, -fno-comm-opt, -fno-overlap */
  const char *opt_level;   /* -O0 / -O2 for the C compiler */
  PtrVec link_inputs;      /* .c/.o/.a files built into the executable (e.g. extern functions) */
  int error_limit;
} Options;

static const char usage_text[] =
    "usage: azc [options] FILE.zpl [C files, objects or libraries to link in]\n"
    "options:\n"
    "  -o FILE            write the output to FILE\n"
    "  -I DIR             search DIR for headers named by extern \"HEADER\";\n"
    "  -fsyntax-only      check the program and write nothing\n"
    "  --emit=ast         print the checked program (types, covering regions)\n"
    "  --emit=ir          print the program IR (array statements, reads, writes, shifts)\n"
    "  -ferror-limit=N    stop after N errors (default 20, 0 for no limit)\n"
    "  -O0, -O2           optimization level of the C compiler (default -O2)\n"
    "  --keep-c           keep the generated C file when building an executable\n"
    "  -fno-fuse          give every array statement its own loop nest (for measurement)\n"
    "  -fno-comm-opt      keep every ghost-cell transfer where its statement is: no removal,\n"
    "                     combining or hoisting out of loops (for measurement)\n"
    "  -fno-overlap       no overlap of communication with computation: wait for ghost cells\n"
    "                     before a stencil loop (not after its interior) and combine each\n"
    "                     reduction where it is computed (for measurement)\n"
    "  --cflags, --libs   print the flags to compile and link generated C by hand\n"
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
 * PREFIX/lib/azc), or in the build tree azc was built in (with the flags that tree was built
 * with, e.g. the sanitizers of make SAN=1). */
static void rtl_dirs(Arena *a, const char **inc, const char **lib, const char **flags) {
  const char *dir = exe_dir(a);
  if (dir) {
    const char *ilib = arena_printf(a, "%s/../lib/azc", dir);
    if (access(arena_printf(a, "%s/libzrt.a", ilib), R_OK) == 0) {
      *inc = arena_printf(a, "%s/../include/azc", dir);
      *lib = ilib;
      *flags = "";
      return;
    }
  }
  *inc = AZC_RTL_INCLUDE;
  *lib = AZC_RTL_LIB;
  *flags = AZC_RTL_FLAGS;
}

/* Flags for compiling generated C. */
static const char *rtl_cflags(Arena *a) {
  const char *inc, *lib, *flags;
  rtl_dirs(a, &inc, &lib, &flags);
  return arena_printf(a, "-std=gnu11 -fwrapv %s%s-I%s", flags, *flags ? " " : "", inc);
}

/* Flags for linking generated C. */
static const char *rtl_libs(Arena *a) {
  const char *inc, *lib, *flags;
  rtl_dirs(a, &inc, &lib, &flags);
  return arena_printf(a, "%s/libzrt.a -lm%s%s", lib, *flags ? " " : "", flags);
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
      printf("%s\n", rtl_cflags(a));
      return 0;
    } else if (!strcmp(arg, "--libs")) {
      printf("%s\n", rtl_libs(a));
      return 0;
    } else if (!strcmp(arg, "-O0") || !strcmp(arg, "-O2")) {
      opts->opt_level = arg;
    } else if (!strcmp(arg, "--keep-c")) {
      opts->keep_c = true;
    } else if (!strcmp(arg, "-fno-fuse")) {
      opts->emit.no_fuse = true;
    } else if (!strcmp(arg, "-fno-comm-opt")) {
      opts->emit.no_comm_opt = true;
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

/* Write the --emit=ast dump to stdout, or to opts->output through a temporary file renamed into
 * place, so that a failed run never leaves a half-written output file. */
static int emit_ast(Arena *a, const Options *opts, Program *prog, Sema *sema) {
  if (!opts->output || !strcmp(opts->output, "-")) {
    ast_dump(stdout, prog, sema);
    return 0;
  }
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
  const char *dot = strrchr(input, '.');
  size_t n = dot ? (size_t)(dot - input) : strlen(input);
  return arena_printf(a, "%.*s%s", (int)n, input, suffix);
}

/* Write the C program to path through a temporary file renamed into place. */
static int write_c(Arena *a, const char *path, Program *prog, Sema *sema, const char *source, const EmitOptions *eo) {
  char *tmp = arena_printf(a, "%s.tmp%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f) return option_error("%s", arena_printf(a, "cannot write '%s': %s", path, strerror(errno)));
  int status = emit_c_program(f, a, prog, sema, source, eo);
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (status != 0 || !ok || rename(tmp, path) != 0) {
    remove(tmp);
    return status ? status : option_error("%s", arena_printf(a, "cannot write '%s'", path));
  }
  return 0;
}

/* Generate C; with an output that is not a .c file, also build the executable with mpicc. */
static int generate(Arena *a, const Options *opts, Program *prog, Sema *sema) {
  const char *out = opts->output ? opts->output : replace_suffix(a, opts->input, ".c");
  if (is_c_file(out)) return write_c(a, out, prog, sema, opts->input, &opts->emit);
  const char *cfile = opts->keep_c ? replace_suffix(a, out, ".c") : arena_printf(a, "%s.azc%ld.c", out, (long)getpid());
  int status = write_c(a, cfile, prog, sema, opts->input, &opts->emit);
  if (status != 0) return status;
  const char *cc = getenv("AZC_MPICC") ? getenv("AZC_MPICC") : "mpicc";
  const char *extra = "";
  for (int i = 0; i < opts->link_inputs.len; i++)
    extra = arena_printf(a, "%s '%s'", extra, (const char *)opts->link_inputs.items[i]);
  const char *cmd = arena_printf(a, "%s %s %s '%s'%s -o '%s' %s", cc, opts->opt_level ? opts->opt_level : "-O2", rtl_cflags(a),
                                 cfile, extra, out, rtl_libs(a));
  int rc = system(cmd);
  if (!opts->keep_c) remove(cfile);
  if (rc != 0) return option_error("%s", arena_printf(a, "the C compiler failed on the generated program (%s)", cmd));
  return 0;
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
  }
  diag_print(&diags, stderr);
  int status = diag_has_errors(&diags) ? 1 : 0;
  if (status == 0 && opts->emit_ast) status = emit_ast(a, opts, prog, sema);
  if (status == 0 && opts->emit_ir) ir_print(stdout, ir_lower(a, sema, &(IrOptions){opts->emit.no_comm_opt}));
  if (status == 0 && !opts->syntax_only && !opts->emit_ast && !opts->emit_ir) status = generate(a, opts, prog, sema);
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
