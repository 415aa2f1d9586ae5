/* test_config.c - config values (section 10.2): accepted forms, ranges and C2 messages for every
 * kind, and the C type zrt_config_get stores for each kind. */
#include "rtl_check.h"
#include "zrt_internal.h"
#include <float.h>
#include <math.h>

/* A config of kind k called x. */
static zrt_config cfg(zrt_config_kind k) {
  static const char *const colours[] = { "red", "green", "blue" };
  zrt_config c = { "x", "t", "0", k, NULL, 0 };
  if (k == ZRT_CFG_ENUM) {
    c.enumerators = colours;
    c.nenumerators = 3;
  }
  return c;
}

/* Convert text as kind k; expect success. */
static zrt_cfg_value ok(zrt_config_kind k, const char *text) {
  zrt_config c = cfg(k);
  zrt_cfg_value v;
  char *msg = NULL;
  if (!zrt_config_parse(&c, text, &v, &msg)) {
    fprintf(stderr, "rejected '%s' as %s: %s\n", text, zrt_kind_name(k), msg);
    check_failures++;
  }
  free(msg);
  return v;
}

/* Convert text as kind k; expect the C2 message ending in tail, e.g. "(expected an integer)". */
static void bad(zrt_config_kind k, const char *text, const char *tail) {
  zrt_config c = cfg(k);
  zrt_cfg_value v;
  char *msg = NULL;
  CHECK(!zrt_config_parse(&c, text, &v, &msg));
  char want[1024];
  snprintf(want, sizeof want, "invalid value '%s' for config var 'x' %s", text, tail);
  CHECK_STR(msg, want);
  free(msg);
}

/* Expect text to be out of range for kind k. */
static void range(zrt_config_kind k, const char *text) {
  char tail[64];
  snprintf(tail, sizeof tail, "(out of range for %s)", zrt_kind_name(k));
  bad(k, text, tail);
}

static void test_signed(void) {
  CHECK_INT(ok(ZRT_CFG_SBYTE, "-128").i, -128);
  CHECK_INT(ok(ZRT_CFG_SBYTE, "+127").i, 127);
  range(ZRT_CFG_SBYTE, "128");
  range(ZRT_CFG_SBYTE, "-129");
  CHECK_INT(ok(ZRT_CFG_SHORTINT, "-32768").i, -32768);
  CHECK_INT(ok(ZRT_CFG_SHORTINT, "32767").i, 32767);
  range(ZRT_CFG_SHORTINT, "32768");
  range(ZRT_CFG_SHORTINT, "-32769");
  CHECK_INT(ok(ZRT_CFG_INTEGER, "-2147483648").i, INT32_MIN);
  CHECK_INT(ok(ZRT_CFG_INTEGER, "2147483647").i, INT32_MAX);
  CHECK_INT(ok(ZRT_CFG_INTEGER, "007").i, 7);
  CHECK_INT(ok(ZRT_CFG_INTEGER, "-0").i, 0);
  range(ZRT_CFG_INTEGER, "2147483648");
  range(ZRT_CFG_INTEGER, "-2147483649");
  range(ZRT_CFG_INTEGER, "99999999999999999999999999");
  CHECK_INT(ok(ZRT_CFG_LONGINT, "-9223372036854775808").i, INT64_MIN);
  CHECK_INT(ok(ZRT_CFG_LONGINT, "9223372036854775807").i, INT64_MAX);
  range(ZRT_CFG_LONGINT, "9223372036854775808");
  range(ZRT_CFG_LONGINT, "-9223372036854775809");
  range(ZRT_CFG_LONGINT, "18446744073709551616");
  static const char *const syntax[] = { "", "+", "-", "1.0", "1e3", "0x10", " 1", "1 ", "--1",
                                        "+-1", "12a", "abc" };
  for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++) {
    bad(ZRT_CFG_INTEGER, syntax[i], "(expected an integer)");
    bad(ZRT_CFG_UBYTE, syntax[i], "(expected an integer)");
  }
}

static void test_unsigned(void) {
  CHECK_INT(ok(ZRT_CFG_UBYTE, "255").u, 255);
  CHECK_INT(ok(ZRT_CFG_UBYTE, "-0").u, 0);
  range(ZRT_CFG_UBYTE, "256");
  range(ZRT_CFG_UBYTE, "-1");
  CHECK_INT(ok(ZRT_CFG_USHORTINT, "65535").u, 65535);
  range(ZRT_CFG_USHORTINT, "65536");
  CHECK_INT(ok(ZRT_CFG_UINTEGER, "4294967295").u, UINT32_MAX);
  range(ZRT_CFG_UINTEGER, "4294967296");
  range(ZRT_CFG_UINTEGER, "-5");
  CHECK(ok(ZRT_CFG_ULONGINT, "18446744073709551615").u == UINT64_MAX);
  CHECK(ok(ZRT_CFG_ULONGINT, "+18446744073709551615").u == UINT64_MAX);
  range(ZRT_CFG_ULONGINT, "18446744073709551616");
  range(ZRT_CFG_ULONGINT, "-1");
}

static void test_floating(void) {
  CHECK(ok(ZRT_CFG_DOUBLE, "0.5").d == 0.5);
  CHECK(ok(ZRT_CFG_DOUBLE, "1e-6").d == 1e-6);
  CHECK(ok(ZRT_CFG_DOUBLE, "-3").d == -3.0);
  CHECK(ok(ZRT_CFG_DOUBLE, ".5").d == 0.5);
  CHECK(ok(ZRT_CFG_DOUBLE, "0x1p-2").d == 0.25);
  CHECK(isinf(ok(ZRT_CFG_DOUBLE, "inf").d));
  CHECK(ok(ZRT_CFG_DOUBLE, "1e-400").d == 0.0);       /* underflow is not an error */
  CHECK(ok(ZRT_CFG_FLOAT, "0.1").f == 0.1f);          /* rounded once, to float */
  CHECK(ok(ZRT_CFG_FLOAT, "3.4e38").f == 3.4e38f);
  CHECK(ok(ZRT_CFG_QUAD, "0.1").q == 0.1L);           /* rounded once, to long double */
  CHECK(ok(ZRT_CFG_QUAD, "1e4000").q == 1e4000L);
  range(ZRT_CFG_FLOAT, "1e39");
  range(ZRT_CFG_FLOAT, "-1e39");
  range(ZRT_CFG_DOUBLE, "1e309");
  range(ZRT_CFG_QUAD, "1e5000");
  static const char *const syntax[] = { "", "abc", "1.5x", " 1.5", "1.5 ", "1e", "--1", "e5" };
  for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++) {
    bad(ZRT_CFG_FLOAT, syntax[i], "(expected a number)");
    bad(ZRT_CFG_DOUBLE, syntax[i], "(expected a number)");
    bad(ZRT_CFG_QUAD, syntax[i], "(expected a number)");
  }
}

static void test_other_kinds(void) {
  CHECK_INT(ok(ZRT_CFG_BOOLEAN, "true").i, 1);
  CHECK_INT(ok(ZRT_CFG_BOOLEAN, "false").i, 0);
  bad(ZRT_CFG_BOOLEAN, "yes", "(expected true or false)");
  bad(ZRT_CFG_BOOLEAN, "TRUE", "(expected true or false)");
  bad(ZRT_CFG_BOOLEAN, "1", "(expected true or false)");
  bad(ZRT_CFG_BOOLEAN, "", "(expected true or false)");
  CHECK_INT(ok(ZRT_CFG_CHAR, "a").i, 'a');
  CHECK_INT(ok(ZRT_CFG_CHAR, " ").i, ' ');
  CHECK_INT(ok(ZRT_CFG_CHAR, "\xe9").i, -23);          /* signed char */
  bad(ZRT_CFG_CHAR, "", "(expected a single character)");
  bad(ZRT_CFG_CHAR, "ab", "(expected a single character)");
  bad(ZRT_CFG_CHAR, "65", "(expected a single character)");
  CHECK_STR(ok(ZRT_CFG_STRING, "").s.s, "");
  CHECK_STR(ok(ZRT_CFG_STRING, "a=b c").s.s, "a=b c");
  char long_text[300];
  memset(long_text, 'y', sizeof long_text);
  long_text[255] = '\0';
  CHECK_STR(ok(ZRT_CFG_STRING, long_text).s.s, long_text);
  long_text[255] = 'y';
  long_text[256] = '\0';
  bad(ZRT_CFG_STRING, long_text, "(expected at most 255 characters)");
  CHECK_INT(ok(ZRT_CFG_ENUM, "red").e, 0);
  CHECK_INT(ok(ZRT_CFG_ENUM, "blue").e, 2);
  bad(ZRT_CFG_ENUM, "Red", "(expected one of red, green, blue)");
  bad(ZRT_CFG_ENUM, "", "(expected one of red, green, blue)");
  bad(ZRT_CFG_ENUM, "1", "(expected one of red, green, blue)");
}

/* zrt_config_get writes exactly the C type of each kind. */
static void test_get(void) {
  zrt_config_reset();
  static const struct { zrt_config_kind k; const char *text; size_t size; } cases[] = {
    { ZRT_CFG_BOOLEAN, "true", 1 }, { ZRT_CFG_CHAR, "q", 1 }, { ZRT_CFG_SBYTE, "-5", 1 },
    { ZRT_CFG_UBYTE, "200", 1 }, { ZRT_CFG_SHORTINT, "-300", 2 }, { ZRT_CFG_USHORTINT, "60000", 2 },
    { ZRT_CFG_INTEGER, "-70000", 4 }, { ZRT_CFG_UINTEGER, "4000000000", 4 },
    { ZRT_CFG_LONGINT, "-5000000000", 8 }, { ZRT_CFG_ULONGINT, "10000000000000000000", 8 },
    { ZRT_CFG_FLOAT, "1.5", sizeof(float) }, { ZRT_CFG_DOUBLE, "2.5", sizeof(double) },
    { ZRT_CFG_QUAD, "3.5", sizeof(long double) }, { ZRT_CFG_STRING, "hi", sizeof(zrt_string) },
    { ZRT_CFG_ENUM, "green", 4 },
  };
  size_t n = sizeof cases / sizeof cases[0];
  for (size_t i = 0; i < n; i++) {
    zrt_cfg_value v = ok(cases[i].k, cases[i].text);
    zrt_config_set((int)i, cases[i].k, &v);
  }
  for (size_t i = 0; i < n; i++) {
    unsigned char buf[sizeof(zrt_string) + 16];
    memset(buf, 0xAB, sizeof buf);
    CHECK(zrt_config_get((int)i, buf));
    CHECK(buf[cases[i].size] == 0xAB);      /* nothing written past the value */
  }
  unsigned char buf[sizeof(zrt_string) + 16];
  zrt_config_get(0, buf);
  CHECK(*(zrt_bool *)buf == 1);
  zrt_config_get(1, buf);
  CHECK(*(signed char *)buf == 'q');
  zrt_config_get(2, buf);
  CHECK(*(signed char *)buf == -5);
  zrt_config_get(3, buf);
  CHECK(*(unsigned char *)buf == 200);
  zrt_config_get(4, buf);
  CHECK(*(int16_t *)buf == -300);
  zrt_config_get(5, buf);
  CHECK(*(uint16_t *)buf == 60000);
  zrt_config_get(6, buf);
  CHECK(*(int32_t *)buf == -70000);
  zrt_config_get(7, buf);
  CHECK(*(uint32_t *)buf == 4000000000u);
  zrt_config_get(8, buf);
  CHECK(*(int64_t *)buf == -5000000000);
  zrt_config_get(9, buf);
  CHECK(*(uint64_t *)buf == 10000000000000000000u);
  zrt_config_get(10, buf);
  CHECK(*(float *)buf == 1.5f);
  zrt_config_get(11, buf);
  CHECK(*(double *)buf == 2.5);
  zrt_config_get(12, buf);
  CHECK(*(long double *)buf == 3.5L);
  zrt_config_get(13, buf);
  CHECK_STR(((zrt_string *)buf)->s, "hi");
  zrt_config_get(14, buf);
  CHECK(*(int32_t *)buf == 1);
  CHECK(!zrt_config_get(15, buf));
  CHECK(!zrt_config_get(-1, buf));
  zrt_config_reset();
  CHECK(!zrt_config_get(0, buf));
}

int main(void) {
  test_signed();
  test_unsigned();
  test_floating();
  test_other_kinds();
  test_get();
  return check_report("test_rtl_config");
}
