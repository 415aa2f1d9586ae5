/* test_read.c - read (section 7.10): every value type from a file and from zin, whitespace
 * handling, integer ranges per type, char reads that do not skip whitespace, long words, and
 * every R5 case (invalid input per type, unexpected end of file). */
#include "rtl_check.h"
#include "zrt_internal.h"
#include <math.h>

static const zrt_program prog = { "rd", "rd.zpl", NULL, 0 };

/* open(name, "r") with a C string. */
static zrt_file open_r(const char *name) {
  zrt_string n = zrt_str(name), m = zrt_str("r");
  return zrt_open(&n, &m);
}

/* Every type in one file. */
static void test_values(void) {
  char *name = temp_file_with(
    "-128 127 255 -32768 65535 -2147483648 4294967295 -9223372036854775808\n"
    "18446744073709551615 +17 -0 007\n"
    "0.1 0.1 0.1 -2.5e3 inf 0x1p4\n"
    "true\tfalse\n"
    "x y\n"
    "hello   world!\n"
    "abc");
  zrt_file f = open_r(name);
  CHECK_INT(zrt_read_int(f, 1, -128, 127, "sbyte"), -128);
  CHECK_INT(zrt_read_int(f, 1, -128, 127, "sbyte"), 127);
  CHECK_INT(zrt_read_uint(f, 1, 255, "ubyte"), 255);
  CHECK_INT(zrt_read_int(f, 1, INT16_MIN, INT16_MAX, "shortint"), -32768);
  CHECK_INT(zrt_read_uint(f, 1, UINT16_MAX, "ushortint"), 65535);
  CHECK_INT(zrt_read_int(f, 1, INT32_MIN, INT32_MAX, "integer"), INT32_MIN);
  CHECK_INT(zrt_read_uint(f, 1, UINT32_MAX, "uinteger"), UINT32_MAX);
  CHECK(zrt_read_int(f, 1, INT64_MIN, INT64_MAX, "longint") == INT64_MIN);
  CHECK(zrt_read_uint(f, 1, UINT64_MAX, "ulongint") == UINT64_MAX);
  CHECK_INT(zrt_read_int(f, 1, INT32_MIN, INT32_MAX, "integer"), 17);
  CHECK_INT(zrt_read_uint(f, 1, UINT32_MAX, "uinteger"), 0);
  CHECK_INT(zrt_read_int(f, 1, INT32_MIN, INT32_MAX, "integer"), 7);
  CHECK((float)zrt_read_float(f, 1, "float") == 0.1f);
  CHECK((double)zrt_read_float(f, 1, "double") == 0.1);
  CHECK(zrt_read_float(f, 1, "quad") == 0.1L);
  CHECK(zrt_read_float(f, 1, "double") == -2500.0L);
  CHECK(isinf(zrt_read_float(f, 1, "double")));
  CHECK(zrt_read_float(f, 1, "double") == 16.0L);
  CHECK_INT(zrt_read_bool(f, 1), 1);
  CHECK_INT(zrt_read_bool(f, 1), 0);
  CHECK_INT(zrt_read_char(f, 1), '\n');       /* char does not skip whitespace */
  CHECK_INT(zrt_read_char(f, 1), 'x');
  CHECK_INT(zrt_read_char(f, 1), ' ');
  CHECK_INT(zrt_read_char(f, 1), 'y');
  zrt_string s;
  zrt_read_string(f, 1, &s);
  CHECK_STR(s.s, "hello");
  zrt_read_string(f, 1, &s);
  CHECK_STR(s.s, "world!");
  CHECK(!zrt_eof(f, 1));
  zrt_read_string(f, 1, &s);                  /* the last word ends at the end of the file */
  CHECK_STR(s.s, "abc");
  CHECK(zrt_eof(f, 1));
  zrt_close(f);
  unlink(name);
  free(name);
}

/* A word of 255 characters fills a string; the next word follows. (A longer one is an error:
   test_r5.) */
static void test_long_word(void) {
  char text[700];
  memset(text, 'w', 255);
  strcpy(text + 255, " next\n");
  char *name = temp_file_with(text);
  zrt_file f = open_r(name);
  zrt_string s;
  zrt_read_string(f, 1, &s);
  CHECK_INT(strlen(s.s), 255);
  CHECK(s.s[0] == 'w' && s.s[254] == 'w');
  zrt_read_string(f, 1, &s);
  CHECK_STR(s.s, "next");
  zrt_close(f);
  unlink(name);
  free(name);
}

/* Long runs of whitespace and long numbers (the look-ahead buffer grows). */
static void test_long_input(void) {
  size_t n = 100000;
  char *text = malloc(n + 200);
  memset(text, ' ', n);
  strcpy(text + n, "00000000000000000000000000000000000000000000000000042 1.");
  char *name = temp_file_with(text);
  zrt_file f = open_r(name);
  CHECK(!zrt_eof(f, 1));
  CHECK_INT(zrt_read_int(f, 1, 0, 100, "integer"), 42);
  CHECK(zrt_read_float(f, 1, "double") == 1.0L);
  CHECK(zrt_eof(f, 1));
  zrt_close(f);
  unlink(name);
  free(name);
  free(text);
}

/* An R5 case: the file's text and the read to try. */
typedef struct r5_case {
  const char *text;
  char what;                  /* i: integer, s: sbyte, u: uinteger, b: ubyte, L: ulongint,
                                 f: float, d: double, q: quad, B: boolean, c: char, S: string */
  const char *msg;
} r5_case;

/* Child: read one value from a file containing the case's text. */
static void r5_child(void *arg) {
  const r5_case *c = arg;
  char *name = temp_file_with(c->text);
  zrt_file f = open_r(name);
  unlink(name);
  free(name);
  zrt_string s;
  zrt_printf(ZRT_ZOUT, 1, "out");
  switch (c->what) {
  case 'i': zrt_read_int(f, 44, INT32_MIN, INT32_MAX, "integer"); break;
  case 's': zrt_read_int(f, 44, -128, 127, "sbyte"); break;
  case 'u': zrt_read_uint(f, 44, UINT32_MAX, "uinteger"); break;
  case 'b': zrt_read_uint(f, 44, 255, "ubyte"); break;
  case 'L': zrt_read_uint(f, 44, UINT64_MAX, "ulongint"); break;
  case 'l': zrt_read_int(f, 44, INT64_MIN, INT64_MAX, "longint"); break;
  case 'f': zrt_read_float(f, 44, "float"); break;
  case 'd': zrt_read_float(f, 44, "double"); break;
  case 'q': zrt_read_float(f, 44, "quad"); break;
  case 'B': zrt_read_bool(f, 44); break;
  case 'c': zrt_read_char(f, 44); break;
  case 'S': zrt_read_string(f, 44, &s); break;
  }
  zrt_printf(ZRT_ZOUT, 1, " not reached\n");
  zrt_exit(0);
}

static void test_r5(void) {
  static const char eof[] = "read: unexpected end of file";
  static const r5_case cases[] = {
    { "12x", 'i', "read: invalid input for type integer" },
    { "1.0", 'i', "read: invalid input for type integer" },
    { "+", 'i', "read: invalid input for type integer" },
    { "0x10", 'i', "read: invalid input for type integer" },
    { "2147483648", 'i', "read: invalid input for type integer" },
    { "-2147483649", 'i', "read: invalid input for type integer" },
    { "128", 's', "read: invalid input for type sbyte" },
    { "-129", 's', "read: invalid input for type sbyte" },
    { "-1", 'u', "read: invalid input for type uinteger" },
    { "4294967296", 'u', "read: invalid input for type uinteger" },
    { "256", 'b', "read: invalid input for type ubyte" },
    { "18446744073709551616", 'L', "read: invalid input for type ulongint" },
    { "9223372036854775808", 'l', "read: invalid input for type longint" },
    { "1.5.2", 'f', "read: invalid input for type float" },
    { "abc", 'd', "read: invalid input for type double" },
    { "1e", 'q', "read: invalid input for type quad" },
    { "yes", 'B', "read: invalid input for type boolean" },
    { "True", 'B', "read: invalid input for type boolean" },
    { "", 'i', eof }, { " \n\t ", 'i', eof }, { "", 'u', eof }, { "\n", 'd', eof },
    { "  ", 'B', eof }, { "", 'c', eof }, { "\n\n", 'S', eof },
    /* a word of 256 characters does not fit in a string (issue 23: it was cut to 255) */
    { "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"
      "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww next",
      'S', "read: the word is longer than a string holds (255 characters)" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char want[128];
    snprintf(want, sizeof want, "rd.zpl:44: runtime error: %s\n", cases[i].msg);
    child_result r = run_child(r5_child, (void *)&cases[i]);
    CHECK_CHILD(r, 1, "out", want);
  }
}

/* Child: read from zin and echo what was read. */
static void zin_child(void *arg) {
  (void)arg;
  int64_t a = zrt_read_int(ZRT_ZIN, 1, INT32_MIN, INT32_MAX, "integer");
  long double x = zrt_read_float(ZRT_ZIN, 2, "double");
  zrt_string s;
  zrt_read_string(ZRT_ZIN, 3, &s);
  signed char c = zrt_read_char(ZRT_ZIN, 4);
  zrt_printf(ZRT_ZOUT, 5, "%lld %.2Lf %s [%c] %d\n", (long long)a, x, s.s, c,
             (int)zrt_eof(ZRT_ZIN, 6));
  zrt_read_int(ZRT_ZIN, 7, 0, 10, "integer");
  zrt_exit(0);
}

static void test_zin(void) {
  child_result r = run_child_in(zin_child, NULL, " 12\n3.25 word\n");
  CHECK_CHILD(r, 1, "12 3.25 word [\n] 1\n",
              "rd.zpl:7: runtime error: read: unexpected end of file\n");
}

int main(void) {
  zrt_g.prog = &prog;
  test_values();
  test_long_word();
  test_long_input();
  test_r5();
  test_zin();
  return check_report("test_rtl_read");
}
