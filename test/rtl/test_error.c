/* test_error.c - run-time errors, halt, warnings and exit (sections 7.6, 10.4-10.6): the exact
 * lines on standard error, standard output flushed before them, open files flushed, and the
 * exit statuses, both without MPI and after zrt_init (an MPI singleton). */
#define RTL_CHECK_MPI /* zrt_init starts MPI */
#include "rtl_check.h"
#include "zrt_internal.h"

static const zrt_program prog = { "bad", "bad.zpl", NULL, 0 };

typedef enum { ERR_DIV, ERR_NOLINE, ERR_HALT, ERR_WARN, ERR_EXIT, ERR_FILE_HALT } err_case;

typedef struct err_run {
  err_case what;
  bool init;                  /* start with zrt_init (MPI singleton) */
  const char *file;           /* for ERR_FILE_HALT */
} err_run;

/* Child: do what the case says. */
static void err_child(void *arg) {
  const err_run *c = arg;
  if (c->init) {
    char *argv[] = { (char *)"bad", (char *)"-q", NULL };
    zrt_init(c->what == ERR_WARN ? 1 : 2, argv, &prog);
  }
  switch (c->what) {
  case ERR_DIV:
    zrt_printf(ZRT_ZOUT, 14, "abc");
    zrt_error(14, "integer division by zero");
  case ERR_NOLINE:
    zrt_error(0, "out of memory");
  case ERR_HALT:
    zrt_printf(ZRT_ZOUT, 14, "stop %9d \n", 3);
    zrt_halt(14);
  case ERR_WARN:
    zrt_printf(ZRT_ZOUT, 1, "one ");
    zrt_warning("cannot open file '%s'", "f.txt");
    zrt_g.quiet = true;
    zrt_warning("not shown");
    zrt_printf(ZRT_ZOUT, 1, "two\n");
    zrt_exit(0);
  case ERR_EXIT:
    zrt_printf(ZRT_ZOUT, 1, "buffered");
    zrt_exit(3);
  case ERR_FILE_HALT: {
    zrt_string n = zrt_str(c->file), m = zrt_str("w");
    zrt_file f = zrt_open(&n, &m);
    zrt_printf(f, 2, "in the file %d", 7);
    zrt_halt(3);
  }
  }
}

/* Run a case with and without zrt_init and check the results are the same. */
static void expect(err_case what, int status, const char *out, const char *err) {
  for (int init = 0; init <= 1; init++) {
    err_run c = { what, init, NULL };
    child_result r = run_child(err_child, &c);
    CHECK_CHILD(r, status, out, err);
  }
}

static void test_messages(void) {
  expect(ERR_DIV, 1, "abc", "bad.zpl:14: runtime error: integer division by zero\n");
  expect(ERR_NOLINE, 1, "", "bad.zpl: runtime error: out of memory\n");
  expect(ERR_HALT, 1, "stop         3 \n", "bad.zpl:14: halt reached\n");
  expect(ERR_EXIT, 3, "buffered", "");
  /* -q is not given in the zrt_init run of ERR_WARN (argc 1), so the warning shows. */
  expect(ERR_WARN, 0, "one two\n", "bad: warning: cannot open file 'f.txt'\n");
}

/* Output written to a file before halt is in the file afterwards. */
static void test_files_flushed(void) {
  char *name = temp_name();
  for (int init = 0; init <= 1; init++) {
    err_run c = { ERR_FILE_HALT, init, name };
    child_result r = run_child(err_child, &c);
    CHECK_CHILD(r, 1, "", "bad.zpl:3: halt reached\n");
    char *text = slurp(name);
    CHECK_STR(text, "in the file 7");
    free(text);
  }
  unlink(name);
  free(name);
}

int main(void) {
  zrt_g.prog = &prog;
  test_messages();
  test_files_flushed();
  return check_report("test_rtl_error");
}
