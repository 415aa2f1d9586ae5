/* sema_format.c - checking format strings of formatted write items against their values (section 7.9). */
#include <string.h>
#include "sema_internal.h"

/* One parsed conversion specification. */
typedef struct {
  int count;     /* conversions found (%% does not count) */
  char conv;     /* the conversion character of the first one */
  bool bad;      /* something that is not a valid specification */
} FormatInfo;

/* Scan a format: count conversions and find the conversion character. */
static FormatInfo scan_format(const char *s, int len) {
  FormatInfo f = {0, 0, false};
  for (int i = 0; i < len; i++) {
    if (s[i] != '%') continue;
    if (i + 1 < len && s[i + 1] == '%') {
      i++;
      continue;
    }
    i++;
    while (i < len && strchr("-+ #0", s[i])) i++;
    while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    if (i < len && s[i] == '.') {
      i++;
      while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    }
    if (i + 1 < len && ((s[i] == 'h' && s[i + 1] == 'h') || (s[i] == 'l' && s[i + 1] == 'l'))) i += 2;
    else if (i < len && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L')) i++;
    if (i >= len || !strchr("diuoxXcfFeEgGaAs", s[i])) {
      f.bad = true;
      return f;
    }
    if (f.count++ == 0) f.conv = s[i];
  }
  return f;
}

/* True if conversion c can print a value of type t. */
static bool conv_accepts(char c, const Type *t) {
  bool is_bool = t->kind == TY_SCALAR && t->scalar == SK_BOOLEAN;
  bool is_char = t->kind == TY_SCALAR && t->scalar == SK_CHAR;
  switch (c) {
  case 'd': case 'i': return type_is_integer(t) || t->kind == TY_ENUM || is_bool || is_char;
  case 'u': case 'o': case 'x': case 'X': return type_is_integer(t);
  case 'c': return type_is_integer(t);
  case 's': return (t->kind == TY_SCALAR && t->scalar == SK_STRING) || is_bool;
  default: return type_is_numeric(t);
  }
}

void sema_check_format(Sema *S, Expr *fmt, Type *t) {
  FormatInfo f = scan_format(fmt->str, fmt->slen);
  if (f.bad || f.count != 1) {
    SEMA_ERR(S, fmt->loc, "format string must contain exactly one conversion");
    return;
  }
  if (!conv_accepts(f.conv, t))
    SEMA_ERR(S, fmt->loc, "format '%.*s' cannot print a value of type %s", fmt->slen, fmt->str, type_name(S, t));
}

void sema_check_string_item(Sema *S, Expr *lit) {
  for (int i = 0; i < lit->slen; i++) {
    if (lit->str[i] != '%') continue;
    if (i + 1 < lit->slen && lit->str[i + 1] == '%') {
      i++;
      continue;
    }
    SEMA_ERR(S, lit->loc, "'%%' in a string must be written '%%%%'");
    return;
  }
}
