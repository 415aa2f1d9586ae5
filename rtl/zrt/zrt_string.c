/* zrt_string.c - the language's strings (at most 255 characters, longer values cut) and the
 * runtime's own formatted strings. */
#include "zrt_internal.h"
#include <stdlib.h>
#include <string.h>

zrt_string zrt_str(const char *s) {
  zrt_string r;
  size_t n = strnlen(s, 255);
  memcpy(r.s, s, n);
  r.s[n] = '\0';
  return r;
}

void zrt_str_append(zrt_string *dst, const zrt_string *s) {
  size_t n = strnlen(dst->s, 255);
  size_t m = strnlen(s->s, 255 - n);
  memmove(dst->s + n, s->s, m);
  dst->s[n + m] = '\0';
}

zrt_string zrt_str_cat(zrt_string a, zrt_string b) {
  zrt_str_append(&a, &b);
  return a;
}

int zrt_str_cmp(const zrt_string *a, const zrt_string *b) {
  return strcmp(a->s, b->s);
}

char *zrt_vaprintf(const char *fmt, va_list ap) {
  char *s = NULL;
  if (vasprintf(&s, fmt, ap) < 0)
    zrt_error(0, "out of memory");
  return s;
}

char *zrt_aprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = zrt_vaprintf(fmt, ap);
  va_end(ap);
  return s;
}
