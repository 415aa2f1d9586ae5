/* test_string.c - the language's strings: conversion from C text and concatenation, both cut
 * at 255 characters, and byte-wise comparison. */
#include "rtl_check.h"
#include "zrt_internal.h"

int main(void) {
  char text[400];
  memset(text, 'a', sizeof text - 1);
  text[sizeof text - 1] = '\0';
  zrt_string s = zrt_str(text);
  CHECK_INT(strlen(s.s), 255);
  zrt_string e = zrt_str("");
  CHECK_STR(e.s, "");
  zrt_string h = zrt_str("Hello, ");
  zrt_string w = zrt_str("world");
  zrt_str_append(&h, &w);
  CHECK_STR(h.s, "Hello, world");
  zrt_str_append(&h, &h);                     /* appending a string to itself */
  CHECK_STR(h.s, "Hello, worldHello, world");
  zrt_string t = zrt_str(text + 10);           /* 255 characters */
  zrt_str_append(&t, &w);
  CHECK_INT(strlen(t.s), 255);
  zrt_string u = zrt_str(text + 150);          /* 249 characters + "world" -> 254 */
  zrt_str_append(&u, &w);
  CHECK_INT(strlen(u.s), 254);
  CHECK_STR(u.s + 249, "world");
  zrt_string v = zrt_str(text + 147);          /* 252 characters + "world" -> cut after "wor" */
  zrt_str_append(&v, &w);
  CHECK_INT(strlen(v.s), 255);
  CHECK_STR(v.s + 252, "wor");
  zrt_string a = zrt_str("abc"), b = zrt_str("abd"), c = zrt_str("ab"), hi = zrt_str("\xff");
  CHECK(zrt_str_cmp(&a, &b) < 0);
  CHECK(zrt_str_cmp(&b, &a) > 0);
  CHECK(zrt_str_cmp(&a, &a) == 0);
  CHECK(zrt_str_cmp(&c, &a) < 0);
  CHECK(zrt_str_cmp(&hi, &a) > 0);             /* bytes compare as unsigned */
  CHECK(zrt_str_cmp(&e, &c) < 0);
  return check_report("test_rtl_string");
}
