/* zrt_read.c - read (section 7.10) and eof: process 0 reads whitespace-separated values
 * through its own look-ahead buffer and broadcasts each result (value or R5 error) so that every
 * process gets the same value or stops with the same error. */
#include "zrt_internal.h"
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Process 0's view of a readable stream: characters taken from fp but not yet consumed.
 * It is filled one character at a time, so interactive input is never waited for early. */
struct zrt_reader {
  FILE *fp;
  char *buf;
  size_t pos, len, cap;
  bool eof;
};

enum { RD_OK, RD_INVALID, RD_EOF, RD_TOO_LONG };

/* What process 0 found, as broadcast: the status and (if RD_OK) the value. */
typedef struct read_msg {
  int32_t status;
  union {
    int64_t i;
    uint64_t u;
    long double q;
    signed char c;
    zrt_string s;
  } v;
} read_msg;

/* The reader of a stream, created on first use. */
static zrt_reader *reader_of(zrt_reader **rd, FILE *fp) {
  if (!*rd) {
    *rd = calloc(1, sizeof **rd);
    if (!*rd)
      zrt_error(0, "out of memory");
    (*rd)->fp = fp;
  }
  return *rd;
}

void zrt_reader_free(zrt_reader *rd) {
  if (rd)
    free(rd->buf);
  free(rd);
}

/* Make room for one more character at the end of the buffer. */
static void make_room(zrt_reader *r) {
  if (r->pos > 0 && r->pos == r->len)
    r->pos = r->len = 0;
  if (r->len < r->cap)
    return;
  if (r->pos > 0) {
    memmove(r->buf, r->buf + r->pos, r->len - r->pos);
    r->len -= r->pos;
    r->pos = 0;
    return;
  }
  size_t cap = r->cap ? 2 * r->cap : 256;
  char *b = realloc(r->buf, cap);
  if (!b)
    zrt_error(0, "out of memory");
  r->buf = b;
  r->cap = cap;
}

/* The character k places ahead of the read position, or EOF. */
static int peek(zrt_reader *r, size_t k) {
  while (r->len - r->pos <= k) {
    if (r->eof)
      return EOF;
    int c = getc_unlocked(r->fp);
    if (c == EOF) {
      r->eof = true;
      return EOF;
    }
    make_room(r);
    r->buf[r->len++] = (char)c;
  }
  return (unsigned char)r->buf[r->pos + k];
}

/* Skip whitespace and take the next word (the whitespace after it stays for the next read):
 * *tok is NUL-terminated and valid until the next read. RD_EOF if only whitespace is left. */
static int next_word(zrt_reader *r, char **tok) {
  static char *word;
  static size_t wcap;
  int c;
  while ((c = peek(r, 0)) != EOF && isspace(c))
    r->pos++;
  if (c == EOF)
    return RD_EOF;
  size_t k = 0;
  while ((c = peek(r, k)) != EOF && !isspace(c))
    k++;
  if (k + 1 > wcap) {
    char *w = realloc(word, k + 1);
    if (!w)
      zrt_error(0, "out of memory");
    word = w;
    wcap = k + 1;
  }
  memcpy(word, r->buf + r->pos, k);
  word[k] = '\0';
  r->pos += k;
  *tok = word;
  return RD_OK;
}

bool zrt_reader_at_eof(zrt_reader **rd, FILE *fp) {
  zrt_reader *r = reader_of(rd, fp);
  int c;
  for (size_t k = 0; (c = peek(r, k)) != EOF; k++)
    if (!isspace(c))
      return false;
  return true;
}

/* Check f for reading on every process; on process 0 return its reader (else NULL). */
static zrt_reader *start_read(zrt_file f, int line) {
  zrt_file_entry *e = zrt_file_get(f);
  if (!e || e->mode != ZRT_FM_READ)
    zrt_error(line, "read: file is not open for reading");
  return zrt_g.me == 0 ? reader_of(&e->rd, e->fp) : NULL;
}

/* Share process 0's result (payload bytes of the value) and stop with R5 on failure. */
static void finish_read(read_msg *m, size_t payload, int line, const char *type_name) {
  zrt_bcast(m, offsetof(read_msg, v) + payload);
  if (m->status == RD_EOF)
    zrt_error(line, "read: unexpected end of file");
  if (m->status == RD_INVALID)
    zrt_error(line, "read: invalid input for type %s", type_name);
  if (m->status == RD_TOO_LONG)
    zrt_error(line, "read: the word is longer than a string holds (%d characters)", (int)sizeof(zrt_string) - 1);
}

/* An integer word, read on process 0 and checked against [min, max] (signed) or [0, umax]
 * (is_unsigned): every process gets the value, or the same error. */
static read_msg read_integer(zrt_file f, int line, bool is_unsigned, int64_t min, int64_t max, uint64_t umax,
                             const char *type_name) {
  zrt_reader *r = start_read(f, line);
  read_msg m = { RD_OK, { 0 } };
  char *w;
  if (r && (m.status = next_word(r, &w)) == RD_OK) {
    bool neg, ovf;
    uint64_t mag;
    if (!zrt_parse_decimal(w, &neg, &mag, &ovf) ||
        !(is_unsigned ? zrt_decimal_in_urange(neg, mag, ovf, umax, &m.v.u)
                      : zrt_decimal_in_range(neg, mag, ovf, min, max, &m.v.i)))
      m.status = RD_INVALID;
  }
  finish_read(&m, sizeof m.v.i, line, type_name); /* v.i and v.u: the same 8 bytes */
  return m;
}

int64_t zrt_read_int(zrt_file f, int line, int64_t min, int64_t max, const char *type_name) {
  return read_integer(f, line, false, min, max, 0, type_name).v.i;
}

uint64_t zrt_read_uint(zrt_file f, int line, uint64_t max, const char *type_name) {
  return read_integer(f, line, true, 0, 0, max, type_name).v.u;
}

/* Convert a whole word with the strto* function of the type ("float", "quad", else double),
 * so the value is rounded once, to that type. Overflow gives an infinity, as strtod does. */
static bool convert_float(const char *w, const char *type_name, long double *out) {
  char *end;
  if (strcmp(type_name, "float") == 0)
    *out = strtof(w, &end);
  else if (strcmp(type_name, "quad") == 0)
    *out = strtold(w, &end);
  else
    *out = strtod(w, &end);
  return end != w && *end == '\0';
}

long double zrt_read_float(zrt_file f, int line, const char *type_name) {
  zrt_reader *r = start_read(f, line);
  read_msg m = { RD_OK, { 0 } };
  char *w;
  if (r && (m.status = next_word(r, &w)) == RD_OK && !convert_float(w, type_name, &m.v.q))
    m.status = RD_INVALID;
  finish_read(&m, sizeof m.v.q, line, type_name);
  return m.v.q;
}

zrt_bool zrt_read_bool(zrt_file f, int line) {
  zrt_reader *r = start_read(f, line);
  read_msg m = { RD_OK, { 0 } };
  char *w;
  if (r && (m.status = next_word(r, &w)) == RD_OK) {
    if (strcmp(w, "true") == 0)
      m.v.i = 1;
    else if (strcmp(w, "false") != 0)
      m.status = RD_INVALID;
  }
  finish_read(&m, sizeof m.v.i, line, "boolean");
  return (zrt_bool)m.v.i;
}

signed char zrt_read_char(zrt_file f, int line) {
  zrt_reader *r = start_read(f, line);
  read_msg m = { RD_OK, { 0 } };
  if (r) {
    int c = peek(r, 0);
    if (c == EOF)
      m.status = RD_EOF;
    else {
      m.v.c = (signed char)c;
      r->pos++;
    }
  }
  finish_read(&m, sizeof m.v.c, line, "char");
  return m.v.c;
}

void zrt_read_string(zrt_file f, int line, zrt_string *out) {
  zrt_reader *r = start_read(f, line);
  read_msg m = { RD_OK, { 0 } };
  char *w;
  if (r && (m.status = next_word(r, &w)) == RD_OK) {
    if (strlen(w) >= sizeof m.v.s.s)
      m.status = RD_TOO_LONG; /* issue 23: it was cut to 255 characters without a word */
    else
      m.v.s = zrt_str(w);
  }
  finish_read(&m, sizeof m.v.s, line, "string");
  *out = m.v.s;
}
