/* test_io.c - output and files (sections 7.9, 7.11): zrt_printf / zrt_write / zrt_write_bool to
 * zout, zerr, znull and files; open ("r", "w", "a", "" and failures with W4 and -q), close and
 * the handles it leaves behind, eof; every R6 case; stdout flushed before error messages. */
#include "rtl_check.h"
#include "zrt_internal.h"

static const zrt_program prog = { "iotest", "io.zpl", NULL, 0 };

/* open(name, mode) with C strings. */
static zrt_file open_c(const char *name, const char *mode) {
  zrt_string n = zrt_str(name), m = zrt_str(mode);
  return zrt_open(&n, &m);
}

/* Output to files: formatted, literal and boolean items; "w" truncates, "a" appends. */
static void test_file_output(void) {
  char *name = temp_file_with("old contents\n");
  zrt_file f = open_c(name, "w");
  CHECK(f > ZRT_ZERR);
  zrt_printf(f, 3, "%9d ", 42);
  zrt_write(f, 3, "x = ", 4);
  zrt_write(f, 3, "", 0);
  zrt_printf(f, 3, "%9.4f ", 3.5);
  zrt_write_bool(f, 3, 1);
  zrt_write(f, 3, " ", 1);
  zrt_write_bool(f, 3, 0);
  zrt_write(f, 3, "\n", 1);
  CHECK_INT(zrt_close(f), 0);
  char *text = slurp(name);
  CHECK_STR(text, "       42 x =    3.5000 true false\n");
  free(text);
  zrt_file g = open_c(name, "a");
  CHECK(g > f);                               /* handles are never reused */
  zrt_printf(g, 4, "%s|", "more");
  CHECK_INT(zrt_close(g), 0);
  CHECK_INT(zrt_close(g), 0);                 /* closing twice does nothing */
  text = slurp(name);
  CHECK_STR(text, "       42 x =    3.5000 true false\nmore|");
  free(text);
  unlink(name);
  free(name);
}

/* Predefined handles, "" and closing the standard files. */
static void test_predefined(void) {
  CHECK_INT(open_c("", "r"), ZRT_ZNULL);
  CHECK_INT(open_c("", "w"), ZRT_ZNULL);
  zrt_printf(ZRT_ZNULL, 1, "discarded %d\n", 1);   /* no error, no output */
  zrt_write(ZRT_ZNULL, 1, "x", 1);
  zrt_write_bool(ZRT_ZNULL, 1, 1);
  for (zrt_file f = ZRT_ZNULL; f <= ZRT_ZERR; f++)
    CHECK_INT(zrt_close(f), 0);
  CHECK_INT(zrt_close(12345), 0);
}

/* Child: output to zout and zerr, then normal exit. */
static void std_streams_child(void *arg) {
  (void)arg;
  zrt_printf(ZRT_ZOUT, 1, "out %d\n", 1);
  zrt_write(ZRT_ZERR, 2, "err\n", 4);
  zrt_write_bool(ZRT_ZOUT, 3, 1);
  zrt_printf(ZRT_ZERR, 1, "%s\n", "err2");
  zrt_exit(0);
}

/* Child: a file that cannot be opened, with or without -q. */
static void open_fail_child(void *arg) {
  zrt_g.quiet = arg != NULL;
  zrt_printf(ZRT_ZOUT, 1, "before ");         /* flushed before the warning */
  zrt_file f = open_c("/nonexistent-dir/x.txt", "r");
  zrt_file g = open_c("/nonexistent-dir/y.txt", "w");
  zrt_file h = open_c("/tmp", "q");           /* not a mode */
  zrt_printf(ZRT_ZOUT, 1, "%d %d %d\n", (int)f, (int)g, (int)h);
  zrt_exit(0);
}

/* The R6 cases, one per child: arg selects the case. */
static void r6_child(void *arg) {
  int which = *(int *)arg;
  char *name = temp_file_with("1 2\n");
  zrt_printf(ZRT_ZOUT, 1, "partial");         /* stdout is flushed before the message */
  zrt_file r = open_c(name, "r"), w = open_c(name, "a");
  unlink(name);
  free(name);
  switch (which) {
  case 0: zrt_printf(ZRT_ZIN, 10, "x"); break;
  case 1: zrt_write(r, 11, "x", 1); break;
  case 2: zrt_close(w); zrt_write_bool(w, 12, 1); break;
  case 3: zrt_read_int(ZRT_ZNULL, 13, 0, 9, "integer"); break;
  case 4: zrt_read_int(ZRT_ZOUT, 14, 0, 9, "integer"); break;
  case 5: zrt_read_bool(w, 15); break;
  case 6: zrt_close(r); zrt_read_char(r, 16); break;
  case 7: zrt_eof(ZRT_ZERR, 17); break;
  case 8: zrt_close(r); zrt_eof(r, 18); break;
  case 9: zrt_read_string(99, 19, &(zrt_string){ "" }); break;
  case 10: zrt_printf(-1, 20, "x"); break;
  }
  zrt_printf(ZRT_ZOUT, 1, "not reached\n");
  zrt_exit(0);
}

static void test_child_output(void) {
  child_result r = run_child(std_streams_child, NULL);
  CHECK_CHILD(r, 0, "out 1\ntrue", "err\nerr2\n");
  r = run_child(open_fail_child, NULL);
  CHECK_CHILD(r, 0, "before 0 0 0\n",
              "iotest: warning: cannot open file '/nonexistent-dir/x.txt'\n"
              "iotest: warning: cannot open file '/nonexistent-dir/y.txt'\n"
              "iotest: warning: cannot open file '/tmp'\n");
  r = run_child(open_fail_child, "quiet");
  CHECK_CHILD(r, 0, "before 0 0 0\n", "");
  static const struct { int line; const char *msg; } r6[] = {
    { 10, "write: file is not open for writing" }, { 11, "write: file is not open for writing" },
    { 12, "write: file is not open for writing" }, { 13, "read: file is not open for reading" },
    { 14, "read: file is not open for reading" }, { 15, "read: file is not open for reading" },
    { 16, "read: file is not open for reading" }, { 17, "read: file is not open for reading" },
    { 18, "read: file is not open for reading" }, { 19, "read: file is not open for reading" },
    { 20, "write: file is not open for writing" },
  };
  for (int i = 0; i < (int)(sizeof r6 / sizeof r6[0]); i++) {
    char want[128];
    snprintf(want, sizeof want, "io.zpl:%d: runtime error: %s\n", r6[i].line, r6[i].msg);
    r = run_child(r6_child, &i);
    CHECK_CHILD(r, 1, "partial", want);
  }
}

/* eof: true once only whitespace is left; reading past it is R5. */
static void test_eof(void) {
  char *name = temp_file_with("  7\n\t8 \n\n");
  zrt_file f = open_c(name, "r");
  CHECK(!zrt_eof(f, 1));
  CHECK_INT(zrt_read_int(f, 1, INT32_MIN, INT32_MAX, "integer"), 7);
  CHECK(!zrt_eof(f, 1));
  CHECK_INT(zrt_read_int(f, 1, INT32_MIN, INT32_MAX, "integer"), 8);
  CHECK(zrt_eof(f, 1));
  CHECK(zrt_eof(f, 1));
  CHECK_INT(zrt_read_char(f, 1), ' ');        /* eof does not consume anything */
  CHECK_INT(zrt_read_char(f, 1), '\n');
  zrt_close(f);
  char *empty = temp_file_with("");
  f = open_c(empty, "r");
  CHECK(zrt_eof(f, 1));
  zrt_close(f);
  unlink(name);
  unlink(empty);
  free(name);
  free(empty);
}

/* Many files at once, each with its own handle and position. */
static void test_many_files(void) {
  enum { N = 40 };
  char *names[N];
  zrt_file fs[N];
  for (int i = 0; i < N; i++) {
    names[i] = temp_name();
    fs[i] = open_c(names[i], "w");
    CHECK(i == 0 || fs[i] == fs[i - 1] + 1);
  }
  for (int i = 0; i < N; i++)
    zrt_printf(fs[i], 1, "%d\n", i);
  for (int i = 0; i < N; i++)
    zrt_close(fs[i]);
  for (int i = 0; i < N; i++) {
    zrt_file f = open_c(names[i], "r");
    CHECK_INT(zrt_read_int(f, 1, 0, 100, "integer"), i);
    zrt_close(f);
    unlink(names[i]);
    free(names[i]);
  }
}

int main(void) {
  zrt_g.prog = &prog;
  test_file_output();
  test_predefined();
  test_child_output();
  test_eof();
  test_many_files();
  return check_report("test_rtl_io");
}
