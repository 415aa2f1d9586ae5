/* outputs.c - the files azc writes and the C compiler it runs.
 * The runtime's headers and library (build tree or installed prefix: azc --cflags / --libs); each
 * output written through a temporary file renamed into place, never over an input and never left
 * half-written; the C compiler run without a shell; the pattern file next to the C file or
 * executable. */
#include "driver.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ast_dump.h"
#include "emit.h"
#include "subprocess.h"

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

int print_flags(Arena *a, const Options *opts) {
  PtrVec args = {0};
  if (opts->print_cflags) rtl_cflags(a, opts->smpi, &args, &opts->include_dirs);
  if (opts->print_libs) rtl_libs(a, opts->smpi, &args);
  print_args(&args);
  return 0;
}

/* The directory part of a path ("." if none). */
const char *dir_of(Arena *a, const char *path) {
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

/* The temporary file being written (removed if azc stops on a fatal error before renaming it). */
static const char *pending_tmp;

/* Exit handler: remove the temporary file of an output that was not finished. */
static void remove_pending_tmp(void) {
  if (pending_tmp) remove(pending_tmp);
}

/* Open tmp for writing and remember it as unfinished (removed at exit unless closed). */
static FILE *open_tmp(const char *tmp) {
  static bool handler_set;
  if (!handler_set) handler_set = atexit(remove_pending_tmp) == 0;
  FILE *f = fopen(tmp, "w");
  if (f) pending_tmp = tmp;
  return f;
}

/* Close f (opened by open_tmp); true if every write to it succeeded. */
static bool close_tmp(FILE *f) {
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  pending_tmp = NULL;
  return ok;
}

/* Write the --emit=ast dump to stdout, or to opts->output through a temporary file renamed into
 * place, so that a failed run never leaves a half-written output file. */
int emit_ast(Arena *a, const Options *opts, Program *prog, Sema *sema) {
  if (!opts->output || !strcmp(opts->output, "-")) {
    ast_dump(stdout, prog, sema);
    return 0;
  }
  int status = output_not_input(a, opts, opts->output, "output");
  if (status != 0) return status;
  char *tmp = arena_printf(a, "%s.tmp%ld", opts->output, (long)getpid());
  FILE *f = open_tmp(tmp);
  if (!f) return option_error("%s", arena_printf(a, "cannot write '%s': %s", opts->output, strerror(errno)));
  ast_dump(f, prog, sema);
  bool ok = close_tmp(f);
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

/* Write the C program to path through a temporary file renamed into place. */
static int write_c(Arena *a, const char *path, IrProgram *ir, const Options *opts) {
  char *tmp = arena_printf(a, "%s.tmp%ld", path, (long)getpid());
  FILE *f = open_tmp(tmp);
  if (!f) return option_error("%s", arena_printf(a, "cannot write '%s': %s", path, strerror(errno)));
  int status = emit_c_program(f, a, ir, opts->input);
  bool ok = close_tmp(f);
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
static int write_pdl(Arena *a, const char *path, const IrProgram *ir, const Options *opts, const SemaConfigEnv *config) {
  char *tmp = arena_printf(a, "%s.tmp%ld", path, (long)getpid());
  FILE *f = open_tmp(tmp);
  if (!f) return option_error("%s", arena_printf(a, "cannot write '%s': %s", path, strerror(errno)));
  emit_pdl(f, a, ir, &(PdlOptions){opts->pdl_np, config, opts->pdl_comments});
  bool ok = close_tmp(f);
  if (!ok || rename(tmp, path) != 0) {
    int err = errno;
    remove(tmp);
    return option_error("%s", arena_printf(a, "cannot write '%s': %s", path, strerror(err)));
  }
  return 0;
}

/* After the C file or executable out: the pattern file, unless --no-pdl (a failure removes out). */
static int after_output(Arena *a, const Options *opts, const char *out, const IrProgram *ir, const SemaConfigEnv *config) {
  if (opts->no_pdl) return 0;
  int status = write_pdl(a, pdl_path(a, opts, out), ir, opts, config);
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
#if defined(__x86_64__)
  /* with -march, vectors of 256 bits, not 512 (docs/codegen.md, "Compiler flags") */
  if (opts->march) vec_push(a, &args, "-mprefer-vector-width=256");
#endif
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
int generate(Arena *a, const Options *opts, IrProgram *ir, const SemaConfigEnv *config) {
  const char *out = opts->output ? opts->output : replace_suffix(a, opts->input, ".c");
  int status = check_outputs(a, opts, out);
  if (status != 0) return status;
  if (is_c_file(out)) {
    status = write_c(a, out, ir, opts);
    return status ? status : after_output(a, opts, out, ir, config);
  }
  status = smpi_runtime_built(a, opts);
  if (status != 0) return status;
  const char *cfile = opts->keep_c ? replace_suffix(a, out, ".c") : arena_printf(a, "%s.azc%ld.c", out, (long)getpid());
  status = write_c(a, cfile, ir, opts);
  if (status != 0) return status;
  status = build_executable(a, opts, cfile, out);
  if (!opts->keep_c) remove(cfile);
  return status ? status : after_output(a, opts, out, ir, config);
}
