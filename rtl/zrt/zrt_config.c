/* zrt_config.c - config values given on the command line (section 10.2): checking and
 * converting the text for every kind (ranges per type, enumerator names, C2 messages),
 * keeping the values, and handing them to the program through zrt_config_get. */
#include "zrt_internal.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The values set on the command line, indexed like the program's configs. */
typedef struct cfg_slot {
  bool set;
  zrt_config_kind kind;
  zrt_cfg_value v;
} cfg_slot;

static cfg_slot *slots;
static int nslots;

/* Range of an integer kind (the unsigned ones have min 0 and umax). */
typedef struct int_range {
  zrt_config_kind kind;
  const char *name;
  int64_t min, max;
  uint64_t umax;
  bool is_unsigned;
} int_range;

static const int_range int_ranges[] = {
  { ZRT_CFG_SBYTE, "sbyte", INT8_MIN, INT8_MAX, 0, false },
  { ZRT_CFG_UBYTE, "ubyte", 0, 0, UINT8_MAX, true },
  { ZRT_CFG_SHORTINT, "shortint", INT16_MIN, INT16_MAX, 0, false },
  { ZRT_CFG_USHORTINT, "ushortint", 0, 0, UINT16_MAX, true },
  { ZRT_CFG_INTEGER, "integer", INT32_MIN, INT32_MAX, 0, false },
  { ZRT_CFG_UINTEGER, "uinteger", 0, 0, UINT32_MAX, true },
  { ZRT_CFG_LONGINT, "longint", INT64_MIN, INT64_MAX, 0, false },
  { ZRT_CFG_ULONGINT, "ulongint", 0, 0, UINT64_MAX, true },
};

/* The range entry of an integer kind other than char, or NULL. */
static const int_range *range_of(zrt_config_kind k) {
  for (size_t i = 0; i < sizeof int_ranges / sizeof int_ranges[0]; i++)
    if (int_ranges[i].kind == k)
      return &int_ranges[i];
  return NULL;
}

const char *zrt_kind_name(zrt_config_kind k) {
  const int_range *r = range_of(k);
  if (r)
    return r->name;
  switch (k) {
  case ZRT_CFG_BOOLEAN: return "boolean";
  case ZRT_CFG_CHAR: return "char";
  case ZRT_CFG_FLOAT: return "float";
  case ZRT_CFG_DOUBLE: return "double";
  case ZRT_CFG_QUAD: return "quad";
  case ZRT_CFG_STRING: return "string";
  default: return "enumeration";
  }
}

bool zrt_parse_decimal(const char *s, bool *neg, uint64_t *mag, bool *overflow) {
  *neg = false;
  *mag = 0;
  *overflow = false;
  if (*s == '+' || *s == '-')
    *neg = *s++ == '-';
  if (!isdigit((unsigned char)*s))
    return false;
  for (; isdigit((unsigned char)*s); s++) {
    unsigned d = (unsigned)(*s - '0');
    if (*mag > (UINT64_MAX - d) / 10)
      *overflow = true;
    else
      *mag = *mag * 10 + d;
  }
  return *s == '\0';
}

bool zrt_decimal_in_range(bool neg, uint64_t mag, bool overflow, int64_t min, int64_t max,
                          int64_t *out) {
  if (overflow)
    return false;
  int64_t v;
  if (neg) {
    if (mag > (uint64_t)INT64_MAX + 1)
      return false;
    v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
  } else {
    if (mag > (uint64_t)INT64_MAX)
      return false;
    v = (int64_t)mag;
  }
  if (v < min || v > max)
    return false;
  *out = v;
  return true;
}

bool zrt_decimal_in_urange(bool neg, uint64_t mag, bool overflow, uint64_t max, uint64_t *out) {
  if (overflow || (neg && mag != 0) || mag > max)
    return false;
  *out = mag;
  return true;
}

/* The C2 message with "(expected DESC)". */
static bool expected(const zrt_config *c, const char *text, const char *desc, char **msg) {
  *msg = zrt_aprintf("invalid value '%s' for config var '%s' (expected %s)", text, c->name,
                     desc);
  return false;
}

/* The C2 message with "(out of range for T)". */
static bool out_of_range(const zrt_config *c, const char *text, char **msg) {
  *msg = zrt_aprintf("invalid value '%s' for config var '%s' (out of range for %s)", text,
                     c->name, zrt_kind_name(c->kind));
  return false;
}

/* Integer kinds other than char. */
static bool parse_integer(const zrt_config *c, const char *text, zrt_cfg_value *out,
                          char **msg) {
  bool neg, ovf;
  uint64_t mag;
  if (!zrt_parse_decimal(text, &neg, &mag, &ovf))
    return expected(c, text, "an integer", msg);
  const int_range *r = range_of(c->kind);
  bool ok = r->is_unsigned ? zrt_decimal_in_urange(neg, mag, ovf, r->umax, &out->u)
                           : zrt_decimal_in_range(neg, mag, ovf, r->min, r->max, &out->i);
  return ok || out_of_range(c, text, msg);
}

/* float, double, quad: a complete strtod-style number that does not overflow the type. */
static bool parse_floating(const zrt_config *c, const char *text, zrt_cfg_value *out,
                           char **msg) {
  char *end = NULL;
  bool overflow = false;
  errno = 0;
  if (c->kind == ZRT_CFG_FLOAT) {
    out->f = strtof(text, &end);
    overflow = errno == ERANGE && isinf(out->f);
  } else if (c->kind == ZRT_CFG_DOUBLE) {
    out->d = strtod(text, &end);
    overflow = errno == ERANGE && isinf(out->d);
  } else {
    out->q = strtold(text, &end);
    overflow = errno == ERANGE && isinf(out->q);
  }
  if (text[0] == '\0' || isspace((unsigned char)text[0]) || *end != '\0')
    return expected(c, text, "a number", msg);
  return !overflow || out_of_range(c, text, msg);
}

/* An enumeration: the name of one of its enumerators. */
static bool parse_enum(const zrt_config *c, const char *text, zrt_cfg_value *out, char **msg) {
  for (int i = 0; i < c->nenumerators; i++)
    if (strcmp(c->enumerators[i], text) == 0) {
      out->e = i;
      return true;
    }
  size_t n = 8;
  for (int i = 0; i < c->nenumerators; i++)
    n += strlen(c->enumerators[i]) + 2;
  char *list = malloc(n), *p = list;
  if (!list)
    return expected(c, text, "an enumerator", msg);
  strcpy(p, "one of ");
  p += strlen(p);
  for (int i = 0; i < c->nenumerators; i++)
    p += sprintf(p, "%s%s", i ? ", " : "", c->enumerators[i]);
  expected(c, text, list, msg);
  free(list);
  return false;
}

bool zrt_config_parse(const zrt_config *c, const char *text, zrt_cfg_value *out, char **msg) {
  memset(out, 0, sizeof *out);
  *msg = NULL;
  switch (c->kind) {
  case ZRT_CFG_BOOLEAN:
    if (strcmp(text, "true") != 0 && strcmp(text, "false") != 0)
      return expected(c, text, "true or false", msg);
    out->i = text[0] == 't';
    return true;
  case ZRT_CFG_CHAR:
    if (strlen(text) != 1)
      return expected(c, text, "a single character", msg);
    out->i = (signed char)text[0];
    return true;
  case ZRT_CFG_FLOAT: case ZRT_CFG_DOUBLE: case ZRT_CFG_QUAD:
    return parse_floating(c, text, out, msg);
  case ZRT_CFG_STRING:
    if (strlen(text) > 255)
      return expected(c, text, "at most 255 characters", msg);
    out->s = zrt_str(text);
    return true;
  case ZRT_CFG_ENUM:
    return parse_enum(c, text, out, msg);
  default:
    return parse_integer(c, text, out, msg);
  }
}

void zrt_config_set(int i, zrt_config_kind k, const zrt_cfg_value *v) {
  if (i >= nslots) {
    cfg_slot *s = realloc(slots, (size_t)(i + 1) * sizeof *s);
    if (!s)
      zrt_error(0, "out of memory");
    memset(s + nslots, 0, (size_t)(i + 1 - nslots) * sizeof *s);
    slots = s;
    nslots = i + 1;
  }
  slots[i].set = true;
  slots[i].kind = k;
  slots[i].v = *v;
}

void zrt_config_reset(void) {
  free(slots);
  slots = NULL;
  nslots = 0;
}

/* Store an integer value as the C type of kind k. */
static void store_integer(zrt_config_kind k, const zrt_cfg_value *v, void *out) {
  switch (k) {
  case ZRT_CFG_BOOLEAN: *(zrt_bool *)out = (zrt_bool)v->i; break;
  case ZRT_CFG_CHAR: case ZRT_CFG_SBYTE: *(signed char *)out = (signed char)v->i; break;
  case ZRT_CFG_UBYTE: *(unsigned char *)out = (unsigned char)v->u; break;
  case ZRT_CFG_SHORTINT: *(int16_t *)out = (int16_t)v->i; break;
  case ZRT_CFG_USHORTINT: *(uint16_t *)out = (uint16_t)v->u; break;
  case ZRT_CFG_INTEGER: *(int32_t *)out = (int32_t)v->i; break;
  case ZRT_CFG_UINTEGER: *(uint32_t *)out = (uint32_t)v->u; break;
  case ZRT_CFG_LONGINT: *(int64_t *)out = v->i; break;
  case ZRT_CFG_ULONGINT: *(uint64_t *)out = v->u; break;
  default: break;
  }
}

bool zrt_config_get(int i, void *out) {
  if (i < 0 || i >= nslots || !slots[i].set)
    return false;
  const zrt_cfg_value *v = &slots[i].v;
  switch (slots[i].kind) {
  case ZRT_CFG_FLOAT: *(float *)out = v->f; break;
  case ZRT_CFG_DOUBLE: *(double *)out = v->d; break;
  case ZRT_CFG_QUAD: *(long double *)out = v->q; break;
  case ZRT_CFG_STRING: *(zrt_string *)out = v->s; break;
  case ZRT_CFG_ENUM: *(int32_t *)out = v->e; break;
  default: store_integer(slots[i].kind, v, out); break;
  }
  return true;
}
