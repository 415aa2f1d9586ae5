/* text_format.c - vsnprintf with a fast path for the conversions the compiler writes most: the
 * generated C of a large program is millions of short formatted pieces, and the C library's
 * set-up per call cost more than the formatting (text_format.h). */
#include "text_format.h"
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef enum { LEN_INT, LEN_LONG, LEN_LLONG, LEN_SIZE } LengthModifier;

typedef struct Conversion {
  size_t chars;            /* characters after the '%' (0: not one formatted here) */
  LengthModifier length;
  bool star_precision;     /* %.*s */
  char conv;               /* 's', 'c', 'd', 'i', 'u' or '%' */
} Conversion;

/* The conversion whose characters follow a '%' at spec. */
static Conversion conversion_at(const char *spec) {
  Conversion c = {0, LEN_INT, false, 0};
  if (spec[0] == '.' && spec[1] == '*' && spec[2] == 's') return (Conversion){3, LEN_INT, true, 's'};
  size_t i = 0;
  if (spec[i] == 'l') {
    c.length = spec[++i] == 'l' ? LEN_LLONG : LEN_LONG;
    if (c.length == LEN_LLONG) i++;
  } else if (spec[i] == 'z') {
    c.length = LEN_SIZE;
    i++;
  }
  switch (spec[i]) {
  case 'd': case 'i':
    if (c.length == LEN_SIZE) return c;
    break;
  case 'u': break;
  case 's': case 'c': case '%':
    if (i) return c;
    break;
  default: return c;
  }
  c.conv = spec[i];
  c.chars = i + 1;
  return c;
}

typedef struct Out {
  char *dst;
  size_t cap, len;         /* len: the whole text's length so far, even past cap */
} Out;

static void put(Out *o, const char *s, size_t n) {
  if (o->len < o->cap) memcpy(o->dst + o->len, s, n < o->cap - o->len ? n : o->cap - o->len);
  o->len += n;
}

static void put_integer(Out *o, unsigned long long magnitude, bool negative) {
  char digits[24];
  char *p = digits + sizeof digits;
  do {
    *--p = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if (negative) *--p = '-';
  put(o, p, (size_t)(digits + sizeof digits - p));
}

static void put_signed(Out *o, long long v) { put_integer(o, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0); }

/* Format conversion c, taking its arguments from ap; false for one not formatted here, or what
 * only vsnprintf prints the way it does (a null string). */
static bool put_conversion(Out *o, Conversion c, va_list *ap) {
  switch (c.conv) {
  case 0: return false;
  case '%': put(o, "%", 1); return true;
  case 'c': {
    char ch = (char)va_arg(*ap, int);
    put(o, &ch, 1);
    return true;
  }
  case 's': {
    int precision = c.star_precision ? va_arg(*ap, int) : -1;
    const char *s = va_arg(*ap, const char *);
    if (!s) return false;
    put(o, s, precision >= 0 ? strnlen(s, (size_t)precision) : strlen(s));
    return true;
  }
  case 'u':
    switch (c.length) {
    case LEN_INT: put_integer(o, va_arg(*ap, unsigned), false); break;
    case LEN_LONG: put_integer(o, va_arg(*ap, unsigned long), false); break;
    case LEN_LLONG: put_integer(o, va_arg(*ap, unsigned long long), false); break;
    case LEN_SIZE: put_integer(o, va_arg(*ap, size_t), false); break;
    }
    return true;
  default: /* d, i */
    switch (c.length) {
    case LEN_INT: put_signed(o, va_arg(*ap, int)); break;
    case LEN_LONG: put_signed(o, va_arg(*ap, long)); break;
    default: put_signed(o, va_arg(*ap, long long)); break;
    }
    return true;
  }
}

/* Formatted here until a conversion that is not (then all of it again by vsnprintf, from the
 * arguments' start: text_vformat takes its own copy of them). */
int text_vformat(char *dst, size_t cap, const char *fmt, va_list ap) {
  va_list args; /* a copy of its own: a va_list parameter cannot be passed on by address */
  va_copy(args, ap);
  Out o = {dst, cap, 0};
  const char *p = fmt;
  for (;;) {
    const char *pct = strchr(p, '%');
    put(&o, p, pct ? (size_t)(pct - p) : strlen(p));
    if (!pct) break;
    Conversion c = conversion_at(pct + 1);
    if (!put_conversion(&o, c, &args)) {
      va_end(args);
      return vsnprintf(dst, cap, fmt, ap);
    }
    p = pct + 1 + c.chars;
  }
  va_end(args);
  if (cap) dst[o.len < cap ? o.len : cap - 1] = 0;
  return o.len > INT_MAX ? -1 : (int)o.len;
}
