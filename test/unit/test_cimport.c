/* test_cimport.c - unit test of frontend/cimport.c: header search, libclang parsing and the
   mapping of C function declarations to the language's scalar types (section 3.12).
   Run from the repository root: the test headers are in test/unit/cimport/. */
#include "cimport.h"
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "test/unit/cimport"
#define MIXED DIR "/mixed.h"

/* One expected parameter or result. */
typedef struct {
  CImportType type;
  bool by_pointer;
  const char *spelling;
} ExpectedParam;

/* One expected function, every field of CImportFunc. */
typedef struct {
  const char *name, *file;
  int line, col;
  ExpectedParam result;
  int nparams;
  ExpectedParam params[5];
  bool variadic, has_prototype;
  int bad_param;
} ExpectedFunc;

static int checks, failures;

/* Count a check and print a message (printf-style) if it failed. */
static void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void check(bool ok, const char *fmt, ...) {
  checks++;
  if (ok) return;
  failures++;
  va_list ap;
  va_start(ap, fmt);
  fputs("test_cimport: FAIL: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* Compare two integers of the thing WHAT. */
static void expect_int(const char *what, const char *field, long actual, long expected) {
  check(actual == expected, "%s: %s is %ld, expected %ld", what, field, actual, expected);
}

/* Compare two strings (either may be NULL) of the thing WHAT. */
static void expect_str(const char *what, const char *field, const char *actual, const char *expected) {
  bool same = (!actual && !expected) || (actual && expected && strcmp(actual, expected) == 0);
  check(same, "%s: %s is '%s', expected '%s'", what, field, actual ? actual : "(null)",
        expected ? expected : "(null)");
}

/* Whether S ends with SUFFIX. */
static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Milliseconds since an arbitrary start. */
static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Compare one parameter (or the result) with its expectation. */
static void expect_param(const char *fn, const char *which, const CImportParam *p, const ExpectedParam *e) {
  char what[160];
  snprintf(what, sizeof what, "%s %s", fn, which);
  expect_int(what, "type", p->type, e->type);
  expect_int(what, "by_pointer", p->by_pointer, e->by_pointer);
  expect_str(what, "spelling", p->spelling, e->spelling);
}

/* Find E->name in R and compare every field; FILE NULL means "any header file". */
static void expect_func(const CImportResult *r, const ExpectedFunc *e) {
  const CImportFunc *f = cimport_find(r, e->name);
  check(f != NULL, "function '%s' not found", e->name);
  if (!f) return;
  expect_str(e->name, "name", f->name, e->name);
  if (e->file) expect_str(e->name, "file", f->file, e->file);
  else check(f->file && ends_with(f->file, ".h"), "%s: file '%s' is not a header", e->name, f->file);
  if (e->line) expect_int(e->name, "line", f->line, e->line);
  else check(f->line > 0, "%s: line %d", e->name, f->line);
  if (e->col) expect_int(e->name, "col", f->col, e->col);
  else check(f->col > 0, "%s: col %d", e->name, f->col);
  expect_param(e->name, "result", &f->result, &e->result);
  expect_int(e->name, "nparams", f->nparams, e->nparams);
  for (int i = 0; i < f->nparams && i < e->nparams; i++) {
    char which[32];
    snprintf(which, sizeof which, "parameter %d", i + 1);
    expect_param(e->name, which, &f->params[i], &e->params[i]);
  }
  expect_int(e->name, "variadic", f->variadic, e->variadic);
  expect_int(e->name, "has_prototype", f->has_prototype, e->has_prototype);
  expect_int(e->name, "bad_param", f->bad_param, e->bad_param);
}

/* Import HEADER and require status STATUS and path PATH (NULL: none). */
static CImportResult import_expect(const char *header, const char *source_dir, const char *const *incs, int ninc,
                                   CImportStatus status, const char *path) {
  CImportResult r = cimport_header(header, source_dir, incs, ninc);
  char what[200];
  snprintf(what, sizeof what, "import \"%s\" from '%s'", header, source_dir ? source_dir : "(null)");
  expect_int(what, "status", r.status, status);
  if (path) expect_str(what, "path", r.path, path);
  if (r.status == CIMPORT_PARSE_ERROR && status != CIMPORT_PARSE_ERROR)
    fprintf(stderr, "test_cimport:   libclang said %s:%d:%d: %s\n", r.diag_file, r.diag_line, r.diag_col,
            r.diag_message);
  if (status != CIMPORT_OK) {
    expect_int(what, "nfuncs", r.nfuncs, 0);
    check(r.funcs == NULL, "%s: funcs is not NULL", what);
  }
  if (status != CIMPORT_PARSE_ERROR) {
    check(!r.diag_file && !r.diag_message && !r.diag_line && !r.diag_col, "%s: diagnostic fields set", what);
  }
  return r;
}

/* Results never have a pointer result and every name is present once. */
static void expect_well_formed(const CImportResult *r, const char *what) {
  for (int i = 0; i < r->nfuncs; i++) {
    const CImportFunc *f = &r->funcs[i];
    check(!f->result.by_pointer, "%s: '%s' has a by_pointer result", what, f->name);
    check(cimport_find(r, f->name) == f, "%s: '%s' is declared twice", what, f->name);
    check(f->nparams == 0 || f->params != NULL, "%s: '%s' has no parameter array", what, f->name);
  }
}

#define P(t, s) {t, false, s}
#define PTR(t, s) {t, true, s}

/* Every function of mixed.h (and of mixed_part.h, which it includes). */
static const ExpectedFunc mixed_funcs[] = {
  {"part_fn", DIR "/mixed_part.h", 4, 5, P(CT_INT, "int"), 1, {P(CT_INT, "int")}, false, true, 0},
  {"scale", MIXED, 16, 8, P(CT_DOUBLE, "double"), 2, {P(CT_DOUBLE, "double"), P(CT_INT, "int")}, false, true, 0},
  {"reset", MIXED, 17, 6, P(CT_VOID, "void"), 0, {{0}}, false, true, 0},
  {"take_struct", MIXED, 18, 5, P(CT_INT, "int"), 2, {P(CT_INT, "int"), P(CT_OTHER, "struct point")}, false, true,
   2},
  {"take_struct_ptr", MIXED, 19, 5, P(CT_INT, "int"), 3,
   {P(CT_DOUBLE, "double"), P(CT_INT, "int"), P(CT_OTHER, "struct point *")}, false, true, 3},
  {"take_void_ptr", MIXED, 20, 6, P(CT_VOID, "void"), 1, {P(CT_OTHER, "void *")}, false, true, 1},
  {"print_all", MIXED, 21, 5, P(CT_INT, "int"), 1, {PTR(CT_CHAR, "const char *")}, true, true, -2},
  {"apply", MIXED, 22, 8, P(CT_DOUBLE, "double"), 2, {P(CT_OTHER, "unary_fn"), P(CT_DOUBLE, "double")}, false, true,
   1},
  {"apply_raw", MIXED, 23, 8, P(CT_DOUBLE, "double"), 2, {P(CT_OTHER, "double (*)(double)"), P(CT_DOUBLE, "double")},
   false, true, 1},
  {"make_point", MIXED, 24, 14, P(CT_OTHER, "struct point"), 2, {P(CT_DOUBLE, "double"), P(CT_DOUBLE, "double")},
   false, true, -1},
  {"make_point_t", MIXED, 25, 9, P(CT_OTHER, "point_t"), 2, {P(CT_DOUBLE, "double"), P(CT_DOUBLE, "double")}, false,
   true, -1},
  {"count_items", MIXED, 26, 8, P(CT_ULONG, "size_t"), 1, {P(CT_ULONG, "size_t")}, false, true, 0},
  {"fill", MIXED, 27, 6, P(CT_VOID, "void"), 3,
   {PTR(CT_DOUBLE, "double *"), PTR(CT_DOUBLE, "const double *"), P(CT_INT, "int")}, false, true, 0},
  {"is_even", MIXED, 28, 6, P(CT_BOOL, "_Bool"), 2, {P(CT_BOOL, "_Bool"), P(CT_LONG, "long")}, false, true, 0},
  {"extended", MIXED, 29, 13, P(CT_LONGDOUBLE, "long double"), 2,
   {P(CT_LONGDOUBLE, "long double"), P(CT_FLOAT, "float")}, false, true, 0},
  {"narrow", MIXED, 30, 16, P(CT_USHORT, "unsigned short"), 5,
   {P(CT_USHORT, "unsigned short"), P(CT_SHORT, "short"), P(CT_SCHAR, "signed char"),
    P(CT_UCHAR, "unsigned char"), P(CT_CHAR, "char")},
   false, true, 0},
  {"big", MIXED, 31, 20, P(CT_ULONG, "unsigned long long"), 3,
   {P(CT_LONG, "long long"), P(CT_UINT, "unsigned int"), P(CT_ULONG, "unsigned long")}, false, true, 0},
  {"via_typedef", MIXED, 32, 7, P(CT_INT, "myint"), 1, {P(CT_INT, "myint")}, false, true, 0},
  {"paint", MIXED, 33, 12, P(CT_OTHER, "enum color"), 1, {P(CT_INT, "int")}, false, true, -1},
  {"take_enum", MIXED, 34, 5, P(CT_INT, "int"), 1, {P(CT_OTHER, "enum color")}, false, true, 1},
  {"name_of", MIXED, 35, 7, P(CT_OTHER, "char *"), 1, {P(CT_INT, "int")}, false, true, -1},
  {"counts", MIXED, 36, 6, P(CT_VOID, "void"), 4,
   {PTR(CT_INT, "int *"), PTR(CT_CHAR, "char *"), PTR(CT_BOOL, "_Bool *"), PTR(CT_LONG, "volatile long *")}, false,
   true, 0},
  {"twice", MIXED, 37, 5, P(CT_INT, "int"), 1, {P(CT_OTHER, "int **")}, false, true, 1},
  {"first_decl", MIXED, 38, 8, P(CT_DOUBLE, "double"), 1, {P(CT_DOUBLE, "double")}, false, true, 0},
  {"no_proto", MIXED, 40, 5, P(CT_INT, "int"), 0, {{0}}, true, false, -2},
  {"later_proto", MIXED, 42, 5, P(CT_INT, "int"), 1, {P(CT_INT, "int")}, false, true, 0},
  {"inline_add", MIXED, 43, 19, P(CT_INT, "int"), 2, {P(CT_INT, "int"), P(CT_INT, "int")}, false, true, 0},
  {"via_fn_typedef", MIXED, 44, 9, P(CT_DOUBLE, "double"), 2, {P(CT_DOUBLE, "double"), P(CT_DOUBLE, "double")}, false,
   true, 0},
  {"arr_param", MIXED, 45, 5, P(CT_INT, "int"), 2, {PTR(CT_DOUBLE, "double[]"), P(CT_INT, "int")}, false, true, 0},
  {"wide", MIXED, 46, 10, P(CT_OTHER, "__int128"), 1, {P(CT_INT, "int")}, false, true, -1},
  {"with_complex", MIXED, 47, 5, P(CT_INT, "int"), 1, {P(CT_OTHER, "_Complex double")}, false, true, 1},
  {"with_atomic", MIXED, 48, 5, P(CT_INT, "int"), 1, {P(CT_OTHER, "_Atomic(int)")}, false, true, 1},
  {"variadic_bad_param", MIXED, 49, 5, P(CT_INT, "int"), 1, {P(CT_OTHER, "void *")}, true, true, 1},
  {"bad_result_variadic", MIXED, 50, 14, P(CT_OTHER, "struct point"), 1, {P(CT_INT, "int")}, true, true, -1},
  {"unnamed", MIXED, 51, 7, P(CT_OTHER, "void *"), 2, {P(CT_INT, "int"), P(CT_DOUBLE, "double")}, false, true, -1},
  {"const_param", MIXED, 52, 5, P(CT_INT, "int"), 1, {P(CT_INT, "const int")}, false, true, 0},
  {"float_fn", MIXED, 53, 7, P(CT_FLOAT, "float"), 1, {P(CT_FLOAT, "float")}, false, true, 0},
};

/* mixed.h: every function with every field, and nothing that is not a function. */
static void test_mixed(void) {
  CImportResult r = import_expect("mixed.h", DIR, NULL, 0, CIMPORT_OK, MIXED);
  int n = (int)(sizeof mixed_funcs / sizeof mixed_funcs[0]);
  expect_int("mixed.h", "nfuncs", r.nfuncs, n);
  for (int i = 0; i < n; i++) expect_func(&r, &mixed_funcs[i]);
  expect_well_formed(&r, "mixed.h");
  const char *not_functions[] = {"NOT_A_FUNCTION", "point", "point_t", "unary_fn", "binop_t", "myint", "RED",
                                 "color", "size_t", ""};
  for (size_t i = 0; i < sizeof not_functions / sizeof not_functions[0]; i++)
    check(cimport_find(&r, not_functions[i]) == NULL, "mixed.h: '%s' is not a function", not_functions[i]);
  check(cimport_find(&r, NULL) == NULL && cimport_find(NULL, "scale") == NULL, "cimport_find with NULL");
  cimport_free(&r);
  check(r.funcs == NULL && r.nfuncs == 0 && r.path == NULL, "cimport_free leaves a zeroed result");
}

/* Headers libclang cannot parse: the first error's location and message. */
static void test_parse_errors(void) {
  CImportResult r = import_expect("bad.h", DIR, NULL, 0, CIMPORT_PARSE_ERROR, DIR "/bad.h");
  expect_str("bad.h", "diag_file", r.diag_file, DIR "/bad.h");
  expect_int("bad.h", "diag_line", r.diag_line, 3);
  expect_int("bad.h", "diag_col", r.diag_col, 18);
  expect_str("bad.h", "diag_message", r.diag_message, "expected ')'");
  cimport_free(&r);

  r = import_expect("bad_include.h", DIR, NULL, 0, CIMPORT_PARSE_ERROR, DIR "/bad_include.h");
  expect_str("bad_include.h", "diag_file", r.diag_file, DIR "/bad_include.h");
  expect_int("bad_include.h", "diag_line", r.diag_line, 2);
  expect_int("bad_include.h", "diag_col", r.diag_col, 10);
  expect_str("bad_include.h", "diag_message", r.diag_message, "'azc_no_such_header.h' file not found");
  cimport_free(&r);

  /* incdir.h needs inc2 for <incdir_dep.h>: without it the error is inside incdir.h. */
  const char *inc_only[] = {DIR "/inc"};
  r = import_expect("incdir.h", DIR, inc_only, 1, CIMPORT_PARSE_ERROR, DIR "/inc/incdir.h");
  expect_str("incdir.h without inc2", "diag_file", r.diag_file, DIR "/inc/incdir.h");
  expect_int("incdir.h without inc2", "diag_line", r.diag_line, 4);
  expect_int("incdir.h without inc2", "diag_col", r.diag_col, 10);
  expect_str("incdir.h without inc2", "diag_message", r.diag_message, "'incdir_dep.h' file not found");
  cimport_free(&r);
}

/* Search order: source directory, then -I directories in order; nested includes use both. */
static void test_include_dirs(void) {
  const char *incs[] = {DIR "/inc", DIR "/inc2"};
  CImportResult r = import_expect("incdir.h", DIR, incs, 2, CIMPORT_OK, DIR "/inc/incdir.h");
  expect_int("incdir.h", "nfuncs", r.nfuncs, 3);
  ExpectedFunc incdir_fn = {"incdir_fn", DIR "/inc/incdir.h", 5, 10, P(CT_UINT, "unsigned int"), 1,
                            {P(CT_UINT, "unsigned int")}, false, true, 0};
  ExpectedFunc dep_fn = {"dep_fn", DIR "/inc2/incdir_dep.h", 2, 7, P(CT_SHORT, "short"), 1, {P(CT_SHORT, "short")},
                         false, true, 0};
  ExpectedFunc beside_fn = {"beside_fn", DIR "/beside.h", 2, 8, P(CT_DOUBLE, "double"), 1,
                            {P(CT_DOUBLE, "double")}, false, true, 0};
  expect_func(&r, &incdir_fn);
  expect_func(&r, &dep_fn);
  expect_func(&r, &beside_fn);
  cimport_free(&r);

  r = import_expect("incdir_dep.h", DIR, incs, 2, CIMPORT_OK, DIR "/inc2/incdir_dep.h");
  expect_func(&r, &dep_fn);
  cimport_free(&r);

  r = import_expect("shadow.h", DIR, incs, 2, CIMPORT_OK, DIR "/shadow.h");
  check(cimport_find(&r, "shadow_source") && !cimport_find(&r, "shadow_include"), "source dir shadow.h wins");
  cimport_free(&r);

  r = import_expect("shadow.h", "test/unit", incs, 2, CIMPORT_OK, DIR "/inc/shadow.h");
  check(!cimport_find(&r, "shadow_source") && cimport_find(&r, "shadow_include"), "inc/shadow.h used");
  cimport_free(&r);

  r = import_expect("inc/shadow.h", DIR, NULL, 0, CIMPORT_OK, DIR "/inc/shadow.h");
  cimport_free(&r);
}

/* Headers next to the source file, with the directory written in several ways. */
static void test_beside(void) {
  ExpectedFunc beside_fn = {"beside_fn", DIR "/beside.h", 2, 8, P(CT_DOUBLE, "double"), 1,
                            {P(CT_DOUBLE, "double")}, false, true, 0};
  CImportResult r = import_expect("beside.h", DIR, NULL, 0, CIMPORT_OK, DIR "/beside.h");
  expect_int("beside.h", "nfuncs", r.nfuncs, 1);
  expect_func(&r, &beside_fn);
  cimport_free(&r);

  r = import_expect("beside.h", DIR "/", NULL, 0, CIMPORT_OK, DIR "/beside.h");
  expect_func(&r, &beside_fn);
  cimport_free(&r);

  r = import_expect(DIR "/beside.h", ".", NULL, 0, CIMPORT_OK, DIR "/beside.h");
  expect_func(&r, &beside_fn);
  cimport_free(&r);

  r = import_expect(DIR "/beside.h", NULL, NULL, 0, CIMPORT_OK, DIR "/beside.h");
  cimport_free(&r);

  char cwd[PATH_MAX], absolute[PATH_MAX + 64];
  check(getcwd(cwd, sizeof cwd) != NULL, "getcwd");
  snprintf(absolute, sizeof absolute, "%s/%s/beside.h", cwd, DIR);
  r = import_expect(absolute, "/azc-no-such-dir", NULL, 0, CIMPORT_OK, absolute);
  beside_fn.file = absolute;
  expect_func(&r, &beside_fn);
  cimport_free(&r);
}

/* Headers that cannot be found: not anywhere, empty name. */
static void test_missing(void) {
  const char *incs[] = {DIR "/inc", DIR "/inc2"};
  CImportResult r = import_expect("azc_no_such_header.h", DIR, incs, 2, CIMPORT_NOT_FOUND, NULL);
  check(r.path == NULL, "missing header: path is not NULL");
  cimport_free(&r);
  r = import_expect("", DIR, NULL, 0, CIMPORT_NOT_FOUND, NULL);
  cimport_free(&r);
  r = import_expect("mixed_part.h", "test/unit", NULL, 0, CIMPORT_NOT_FOUND, NULL);
  cimport_free(&r);
}

/* Headers that are found but not read (issue 23): a directory, a device that never ends, a FIFO
   that would block, a file over the size cap. A regular file later in the search still wins. */
static void test_not_regular(void) {
  CImportResult r = import_expect("inc", DIR, NULL, 0, CIMPORT_NOT_REGULAR, DIR "/inc");
  cimport_free(&r);
  r = import_expect("/dev/zero", DIR, NULL, 0, CIMPORT_NOT_REGULAR, "/dev/zero");
  cimport_free(&r);
  char dir[] = "/tmp/azc-cimport-XXXXXX";
  if (!mkdtemp(dir)) {
    check(0, "mkdtemp failed");
    return;
  }
  char fifo[64], big[64], cmd[128];
  snprintf(fifo, sizeof fifo, "%s/fifo.h", dir);
  snprintf(big, sizeof big, "%s/big.h", dir);
  check(mkfifo(fifo, 0600) == 0, "mkfifo failed");
  r = import_expect("fifo.h", dir, NULL, 0, CIMPORT_NOT_REGULAR, fifo);
  cimport_free(&r);
  FILE *f = fopen(big, "w");
  check(f && fseek(f, CIMPORT_MAX_HEADER, SEEK_SET) == 0 && fputc('\n', f) != EOF && fclose(f) == 0, "cannot make big.h");
  r = import_expect("big.h", dir, NULL, 0, CIMPORT_TOO_LARGE, big);
  cimport_free(&r);
  const char *incs[] = {DIR};
  snprintf(cmd, sizeof cmd, "%s/beside.h", dir);
  check(mkfifo(cmd, 0600) == 0, "mkfifo failed");
  r = import_expect("beside.h", dir, incs, 1, CIMPORT_OK, DIR "/beside.h");
  cimport_free(&r);
  remove(fifo);
  remove(big);
  remove(cmd);
  rmdir(dir);
}

/* math.h from the system: hypot and friends, by-pointer parameters. */
static void test_math_h(CImportResult *r) {
  check(r->path && r->path[0] == '/' && ends_with(r->path, "/math.h"), "math.h path '%s'", r->path);
  expect_well_formed(r, "math.h");
  check(r->nfuncs > 100, "math.h has only %d functions", r->nfuncs);
  ExpectedFunc expected[] = {
    {"hypot", NULL, 0, 0, P(CT_DOUBLE, "double"), 2, {P(CT_DOUBLE, "double"), P(CT_DOUBLE, "double")}, false, true,
     0},
    {"hypotf", NULL, 0, 0, P(CT_FLOAT, "float"), 2, {P(CT_FLOAT, "float"), P(CT_FLOAT, "float")}, false, true, 0},
    {"hypotl", NULL, 0, 0, P(CT_LONGDOUBLE, "long double"), 2,
     {P(CT_LONGDOUBLE, "long double"), P(CT_LONGDOUBLE, "long double")}, false, true, 0},
    {"sqrt", NULL, 0, 0, P(CT_DOUBLE, "double"), 1, {P(CT_DOUBLE, "double")}, false, true, 0},
    {"frexp", NULL, 0, 0, P(CT_DOUBLE, "double"), 2, {P(CT_DOUBLE, "double"), PTR(CT_INT, "int *")}, false, true, 0},
    {"nan", NULL, 0, 0, P(CT_DOUBLE, "double"), 1, {PTR(CT_CHAR, "const char *")}, false, true, 0},
    {"lround", NULL, 0, 0, P(CT_LONG, "long"), 1, {P(CT_DOUBLE, "double")}, false, true, 0},
    {"ilogb", NULL, 0, 0, P(CT_INT, "int"), 1, {P(CT_DOUBLE, "double")}, false, true, 0},
  };
  for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) expect_func(r, &expected[i]);
}

/* stdlib.h: abs is there, qsort and malloc are not importable and say why. */
static void test_stdlib_h(void) {
  CImportResult r = import_expect("stdlib.h", DIR, NULL, 0, CIMPORT_OK, NULL);
  check(r.path && r.path[0] == '/' && ends_with(r.path, "/stdlib.h"), "stdlib.h path '%s'", r.path);
  expect_well_formed(&r, "stdlib.h");
  ExpectedFunc expected[] = {
    {"abs", NULL, 0, 0, P(CT_INT, "int"), 1, {P(CT_INT, "int")}, false, true, 0},
    {"labs", NULL, 0, 0, P(CT_LONG, "long"), 1, {P(CT_LONG, "long")}, false, true, 0},
    {"llabs", NULL, 0, 0, P(CT_LONG, "long long"), 1, {P(CT_LONG, "long long")}, false, true, 0},
    {"qsort", NULL, 0, 0, P(CT_VOID, "void"), 4,
     {P(CT_OTHER, "void *"), P(CT_ULONG, "size_t"), P(CT_ULONG, "size_t"), P(CT_OTHER, "__compar_fn_t")}, false,
     true, 1},
    {"malloc", NULL, 0, 0, P(CT_OTHER, "void *"), 1, {P(CT_ULONG, "size_t")}, false, true, -1},
    {"strtol", NULL, 0, 0, P(CT_LONG, "long"), 3,
     {PTR(CT_CHAR, "const char *restrict"), P(CT_OTHER, "char **restrict"), P(CT_INT, "int")}, false, true, 2},
    {"div", NULL, 0, 0, P(CT_OTHER, "div_t"), 2, {P(CT_INT, "int"), P(CT_INT, "int")}, false, true, -1},
    {"exit", NULL, 0, 0, P(CT_VOID, "void"), 1, {P(CT_INT, "int")}, false, true, 0},
    {"rand", NULL, 0, 0, P(CT_INT, "int"), 0, {{0}}, false, true, 0},
  };
  for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) expect_func(&r, &expected[i]);
  cimport_free(&r);

  r = import_expect("stdio.h", NULL, NULL, 0, CIMPORT_OK, NULL);
  ExpectedFunc printf_fn = {"printf", NULL, 0, 0, P(CT_INT, "int"), 1, {PTR(CT_CHAR, "const char *restrict")},
                            true, true, -2};
  expect_func(&r, &printf_fn);
  cimport_free(&r);
}

/* Repeated imports in one process give the same answers; report the time math.h takes. */
static void test_repeated_math_h(void) {
  double first = 0, later = 0;
  int nfuncs = -1;
  for (int round = 0; round < 4; round++) {
    double t0 = now_ms();
    CImportResult r = import_expect("math.h", DIR, NULL, 0, CIMPORT_OK, NULL);
    double ms = now_ms() - t0;
    if (round == 0) first = ms;
    else later += ms / 3;
    if (nfuncs < 0) nfuncs = r.nfuncs;
    expect_int("math.h again", "nfuncs", r.nfuncs, nfuncs);
    test_math_h(&r);
    cimport_free(&r);
    CImportResult bad = import_expect("bad.h", DIR, NULL, 0, CIMPORT_PARSE_ERROR, DIR "/bad.h");
    expect_int("bad.h again", "diag_line", bad.diag_line, 3);
    cimport_free(&bad);
  }
  printf("test_cimport: cimport_header(\"math.h\"): %.1f ms the first time, %.1f ms after\n", first, later);
}

int main(void) {
  FILE *probe = fopen(MIXED, "r");
  if (!probe) {
    fprintf(stderr, "test_cimport: FAIL: cannot open %s (run from the repository root)\n", MIXED);
    return 1;
  }
  fclose(probe);
  test_repeated_math_h();
  test_mixed();
  test_parse_errors();
  test_include_dirs();
  test_beside();
  test_missing();
  test_not_regular();
  test_stdlib_h();
  if (failures) {
    fprintf(stderr, "test_cimport: %d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("test_cimport: all %d checks passed\n", checks);
  return 0;
}
