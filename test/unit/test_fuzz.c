/* test_fuzz.c - robustness test: feeds azc thousands of mutated and random inputs
 * (seeded, deterministic) and fails if any of them crashes azc, hangs it, or makes it
 * exit with a status other than 0 or 1.
 *
 *   test_fuzz          run AZC_FUZZ_N inputs (default 10000) from seed AZC_FUZZ_SEED, none
 *                      started after AZC_FUZZ_SECONDS if set (test/unit/fuzz_san.sh bounds the
 *                      sanitized run so)
 *                      (AZC_FUZZ_JOBS children at once, default 2; AZC_FUZZ_VERBOSE=1
 *                      prints statistics per kind of input)
 *   test_fuzz FILE     run azc -fsyntax-only on FILE alone, diagnostics shown
 *
 * Seeds are the test/check/ and samples/ *.zpl files (the examples of spec §12 if there
 * are none); the first inputs are the seeds themselves. The others are byte edits, bit
 * flips, truncations, token swaps/duplications/deletions/replacements, splices of two
 * seeds, C header imports, and inputs made from scratch: random bytes, random tokens,
 * very long lines and deep nesting. Each input runs in a forked child (azc_main generating
 * C into a scratch file) under alarm(5). A failing input is saved as
 * ${TMPDIR:-/tmp}/test-fuzz-failure-N.zpl (N = input number, so AZC_FUZZ_SEED and N
 * identify it), with the child's stderr next to it as test-fuzz-failure-N.stderr. */
#include "driver.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#ifndef FUZZ_ASAN
#define FUZZ_ASAN 0
#endif

#define DEFAULT_SEED 0x7a706c66757a7aULL /* "zplfuzz" */
#define DEFAULT_N 10000
#define DEFAULT_JOBS 2
#define MAX_JOBS 16
#define CHILD_ALARM 5          /* seconds before a child counts as hung */
#define WATCHDOG 20            /* seconds before the parent kills a child itself */
#define MAX_INPUT_SIZE (8u << 20)   /* generated inputs are cut to this size */
#define MAX_SEED_SIZE (1u << 20)
#define MAX_SAVED 50           /* failures saved to files; later ones are only counted */
#define CHILD_MEM_LIMIT (4ULL << 30)

/* ---- sanitizer settings ------------------------------------------------------- */

/* ASan/UBSan exit with status 1 by default, like a compile error; make them abort. */
const char *__asan_default_options(void);
const char *__ubsan_default_options(void);

/* Default ASan options of this binary (and so of the forked azc children). */
const char *__asan_default_options(void) { return "abort_on_error=1"; }

/* Default UBSan options: stop at the first error, with a signal. */
const char *__ubsan_default_options(void) {
  return "abort_on_error=1:halt_on_error=1:print_stacktrace=1";
}

/* ---- small utilities ---------------------------------------------------------- */

/* Print a message about a failure of the test itself and exit. */
static void die(const char *what) {
  fprintf(stderr, "test_fuzz: %s: %s\n", what, strerror(errno));
  exit(2);
}

/* Seconds on a monotonic clock. */
static double now_sec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* An environment variable as an unsigned number, or def when unset or empty. */
static unsigned long long env_num(const char *name, unsigned long long def) {
  const char *v = getenv(name);
  if (!v || !*v) return def;
  return strtoull(v, NULL, 0);
}

/* ---- byte buffers ------------------------------------------------------------- */

typedef struct Buf {
  char *p;
  size_t len, cap;
} Buf;

/* Make room for n more bytes. */
static void buf_reserve(Buf *b, size_t n) {
  if (b->len + n + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + n + 1) cap *= 2;
  b->p = xrealloc(b->p, cap);
  b->cap = cap;
}

/* Append n bytes. */
static void buf_add(Buf *b, const void *s, size_t n) {
  buf_reserve(b, n);
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}

/* Append a C string. */
static void buf_adds(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

/* Append one byte. */
static void buf_addc(Buf *b, char c) { buf_add(b, &c, 1); }

/* Append s repeated n times. */
static void buf_repeat(Buf *b, const char *s, size_t n) {
  size_t l = strlen(s);
  buf_reserve(b, l * n);
  for (size_t i = 0; i < n; i++) buf_add(b, s, l);
}

/* Replace the contents of b by n bytes of s. */
static void buf_set(Buf *b, const char *s, size_t n) {
  b->len = 0;
  buf_add(b, s, n);
}

/* ---- deterministic random numbers (splitmix64) ----------------------------------- */

typedef struct Rng {
  uint64_t s;
} Rng;

/* Next 64 random bits. */
static uint64_t rng_next(Rng *r) {
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A random number in 0 .. n-1 (0 when n is 0). */
static size_t rng_below(Rng *r, size_t n) { return n ? (size_t)(rng_next(r) % n) : 0; }

/* True with the given probability in percent. */
static int rng_chance(Rng *r, int percent) { return (int)rng_below(r, 100) < percent; }

/* A size in 1 .. max, small sizes much more likely than large ones. */
static size_t rng_size(Rng *r, size_t max) {
  size_t bits = 1 + rng_below(r, 20), lim = (size_t)1 << bits;
  if (lim > max) lim = max;
  return 1 + rng_below(r, lim);
}

/* Pick one string of a NULL-terminated list. */
static const char *rng_pick(Rng *r, const char *const *list) {
  size_t n = 0;
  while (list[n]) n++;
  return list[rng_below(r, n)];
}

/* The generator for input number i of a run with the given seed. */
static Rng rng_for(uint64_t seed, long i) {
  Rng r = {seed ^ ((uint64_t)i * 0xd1342543de82ef95ULL)};
  rng_next(&r);
  return r;
}

/* A random byte: mostly characters of the language, sometimes control or non-ASCII. */
static char rand_byte(Rng *r) {
  static const char lang[] = "abcnxyzABRT_019 \t\n;:,.()[]{}+-*/%^=!<>&|@\"'#?\\";
  size_t k = rng_below(r, 100);
  if (k < 45) return lang[rng_below(r, sizeof lang - 1)];
  if (k < 75) return (char)(32 + rng_below(r, 95));
  if (k < 87) return (char)rng_below(r, 32);
  return (char)(128 + rng_below(r, 128));
}

/* ---- seeds -------------------------------------------------------------------- */

typedef struct Seed {
  char *name;
  char *text;
  size_t len;
} Seed;

static Seed *seeds;
static int nseeds;

static const char *const *fallback_seed_list(int *n);

/* Add a seed program. */
static void seed_add(const char *name, const char *text, size_t len) {
  seeds = xrealloc(seeds, sizeof(Seed) * (size_t)(nseeds + 1));
  Seed *s = &seeds[nseeds++];
  s->name = strdup(name);
  s->text = xrealloc(NULL, len + 1);
  memcpy(s->text, text, len);
  s->text[len] = 0;
  s->len = len;
}

/* Read a whole file into b; returns 0 on success. */
static int read_file(const char *path, Buf *b, size_t max) {
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  char tmp[65536];
  size_t n;
  b->len = 0;
  while ((n = fread(tmp, 1, sizeof tmp, f)) > 0 && b->len <= max) buf_add(b, tmp, n);
  fclose(f);
  return b->len > max ? -1 : 0;
}

/* Add every file matching pattern (in sorted order) as a seed. */
static void seed_glob(const char *pattern) {
  glob_t g;
  Buf b = {0};
  if (glob(pattern, 0, NULL, &g) != 0) return;
  for (size_t i = 0; i < g.gl_pathc; i++)
    if (read_file(g.gl_pathv[i], &b, MAX_SEED_SIZE) == 0) seed_add(g.gl_pathv[i], b.p ? b.p : "", b.len);
  globfree(&g);
  free(b.p);
}

/* Load the seeds, falling back to the built-in examples when there are no files. */
static void load_seeds(void) {
  seed_glob("test/check/*.zpl");
  seed_glob("samples/*.zpl");
  if (nseeds > 0) return;
  int n;
  const char *const *list = fallback_seed_list(&n);
  for (int i = 0; i < n; i++) {
    char name[64];
    snprintf(name, sizeof name, "<spec example 12.%d>", i + 1);
    seed_add(name, list[i], strlen(list[i]));
  }
}

/* Free the seeds. */
static void free_seeds(void) {
  for (int i = 0; i < nseeds; i++) {
    free(seeds[i].name);
    free(seeds[i].text);
  }
  free(seeds);
}

/* ---- rough tokens --------------------------------------------------------------- */

typedef struct Tok {
  size_t off, len;
  int space; /* whitespace run */
} Tok;

/* Identifier character? */
static int is_word(unsigned char c) { return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'); }

/* Whitespace character? */
static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/* Length of the rough token at s[i]: word, number, string, comment, space run or byte. */
static size_t tok_len(const char *s, size_t n, size_t i) {
  size_t j = i + 1;
  unsigned char c = (unsigned char)s[i];
  if (is_space(c)) {
    while (j < n && is_space((unsigned char)s[j])) j++;
  } else if (is_word(c)) {
    while (j < n && is_word((unsigned char)s[j])) j++;
  } else if (c == '"') {
    while (j < n && s[j] != '"' && s[j] != '\n') j++;
    if (j < n && s[j] == '"') j++;
  } else if (c == '-' && j < n && s[j] == '-') {
    while (j < n && s[j] != '\n') j++;
  }
  return j - i;
}

/* A list of rough tokens; reused from input to input (so the parent, which forks
   every child, keeps a small and steady memory footprint). */
typedef struct TokVec {
  Tok *t;
  size_t n, cap;
} TokVec;

static TokVec toks_a, toks_b; /* token lists of the input and of a second seed */
static Buf scratch, stack_buf, nest_buf; /* work buffers of the mutations */

/* Split s into rough tokens, into v. */
static void tokenize(TokVec *v, const char *s, size_t n) {
  v->n = 0;
  for (size_t i = 0; i < n;) {
    size_t l = tok_len(s, n, i);
    if (v->n == v->cap) v->t = xrealloc(v->t, sizeof(Tok) * (v->cap = v->cap ? v->cap * 2 : 1024));
    v->t[v->n].off = i;
    v->t[v->n].len = l;
    v->t[v->n].space = is_space((unsigned char)s[i]);
    v->n++;
    i += l;
  }
}

/* Index of a random non-space token (or any token if all are space); v->n > 0. */
static size_t pick_tok(Rng *r, const TokVec *v) {
  for (int tries = 0; tries < 8; tries++) {
    size_t i = rng_below(r, v->n);
    if (!v->t[i].space) return i;
  }
  return rng_below(r, v->n);
}

/* Append tokens a .. b-1 of s. */
static void add_toks(Buf *out, const char *s, const TokVec *v, size_t a, size_t b) {
  if (a < b) buf_add(out, s + v->t[a].off, v->t[b - 1].off + v->t[b - 1].len - v->t[a].off);
}

/* Free the reusable buffers. */
static void free_scratch(void) {
  free(toks_a.t);
  free(toks_b.t);
  free(scratch.p);
  free(stack_buf.p);
  free(nest_buf.p);
}

/* Words and symbols of the language, plus odd literals, for token insertion. */
static const char *const dict[] = {
    "array", "at", "begin", "block", "boolean", "by", "char", "complex", "config", "const",
    "constant", "continue", "direction", "do", "double", "downto", "else", "elsif", "end",
    "exit", "extern", "file", "float", "for", "free", "grid", "halt", "if", "in", "inout",
    "integer", "longint", "of", "out", "procedure", "program", "prototype", "quad", "read",
    "record", "reflect", "region", "repeat", "return", "sbyte", "scan", "shortint", "string",
    "swith", "then", "to", "type", "ubyte", "uinteger", "ulongint", "until", "ushortint",
    "var", "while", "with", "without", "wrap", "write", "writeln", "interleave", "static",
    "Index1", "Index2", "Index7", "index1", "max", "min", "band", "bor", "bxor", "true",
    "false", "zout", "open", "sqrt", "to_integer", "PROCESSORS", "R", "A", "n", "x",
    ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "+", "-", "*", "/", "%", "^", "=", "!=",
    "<", "<=", ">", ">=", "&", "|", "!", "@", "@^", ">>", "+<<", "*<<", "&<<", "|<<",
    "max<<", "min<<", "bxor<<", "+||", "|||", "max||", "foo<<", "<<", "||", "==", "&&", "<==",
    "<=#", "#", "::", "'@", "?", "..", ".", ",", ";", ":", "(", ")", "[", "]", "{", "}",
    "\"", "\"\"", "\"%d\"", "\"%\"", "\"\\q\"", "\"abc", "'a'", "''", "'ab'", "'\\", "'",
    "/*", "*/", "--", "0", "1", "010", "089", "0x", "0xffffffffffffffffff", "1..", "1.", ".5",
    "1e", "1e+", "1.e-8", "2e400", "9223372036854775807", "9223372036854775808", "4294967296",
    "99999999999999999999999", "1L", "\\", "\t", "\n", "\r", "\f", "[ , ]", "[*]", "[\"]",
    "[1..0]", "[0, 1]", "[-1, 0]", "east of", "at east", "by [2]", "by [0]", "with M",
    /* section 15 */
    "timer", "ClearTimer", "StartTimer", "StopTimer", "ReadTimer", "free var", "direction<+,0>",
    "direction<", "region<..,*>", "region<", "..>", "<+,", "0>", "-,", "[index1]", "Level[k]",
    "@^d[k]", "[2^index1, 0]", "mm<<", "(A, Index1)", "[]", "c[].x[]", ".loc[]", "array [0..2] of [R]",
    NULL};

/* ---- mutations of a seed ----------------------------------------------------------- */

typedef void (*MutFn)(Rng *r, const char *in, size_t n, Buf *out);

/* Replace 1..8 random bytes. */
static void mut_byte_replace(Rng *r, const char *in, size_t n, Buf *out) {
  buf_set(out, in, n);
  for (size_t k = rng_size(r, 8); k > 0 && out->len > 0; k--) out->p[rng_below(r, out->len)] = rand_byte(r);
}

/* Insert 1..8 runs of random bytes. */
static void mut_byte_insert(Rng *r, const char *in, size_t n, Buf *out) {
  buf_set(out, in, n);
  for (size_t k = rng_size(r, 8); k > 0; k--) {
    size_t at = rng_below(r, out->len + 1), m = rng_size(r, 4);
    buf_reserve(out, m);
    memmove(out->p + at + m, out->p + at, out->len - at + 1);
    for (size_t i = 0; i < m; i++) out->p[at + i] = rand_byte(r);
    out->len += m;
  }
}

/* Delete 1..8 runs of bytes. */
static void mut_byte_delete(Rng *r, const char *in, size_t n, Buf *out) {
  buf_set(out, in, n);
  for (size_t k = rng_size(r, 8); k > 0 && out->len > 0; k--) {
    size_t at = rng_below(r, out->len), m = rng_size(r, 16);
    if (m > out->len - at) m = out->len - at;
    memmove(out->p + at, out->p + at + m, out->len - at - m + 1);
    out->len -= m;
  }
}

/* Flip 1..8 random bits. */
static void mut_bit_flip(Rng *r, const char *in, size_t n, Buf *out) {
  buf_set(out, in, n);
  for (size_t k = rng_size(r, 8); k > 0 && out->len > 0; k--)
    out->p[rng_below(r, out->len)] ^= (char)(1u << rng_below(r, 8));
}

/* Cut the input at a random point. */
static void mut_truncate(Rng *r, const char *in, size_t n, Buf *out) { buf_set(out, in, rng_below(r, n + 1)); }

/* Swap two tokens (1..3 times). */
static void mut_tok_swap(Rng *r, const char *in, size_t n, Buf *out) {
  buf_set(out, in, n);
  for (size_t k = rng_size(r, 3); k > 0; k--) {
    TokVec *v = &toks_a;
    tokenize(v, out->p, out->len);
    if (v->n < 2) return;
    size_t i = pick_tok(r, v), j = pick_tok(r, v);
    if (i > j) { size_t x = i; i = j; j = x; }
    scratch.len = 0;
    add_toks(&scratch, out->p, v, 0, i);
    add_toks(&scratch, out->p, v, j, j + 1);
    add_toks(&scratch, out->p, v, i + 1, j);
    if (i != j) add_toks(&scratch, out->p, v, i, i + 1);
    add_toks(&scratch, out->p, v, j + 1, v->n);
    buf_set(out, scratch.p, scratch.len);
  }
}

/* Duplicate one token (1..3 times), sometimes with a space between the copies. */
static void mut_tok_dup(Rng *r, const char *in, size_t n, Buf *out) {
  buf_set(out, in, n);
  for (size_t k = rng_size(r, 3); k > 0; k--) {
    TokVec *v = &toks_a;
    tokenize(v, out->p, out->len);
    if (v->n == 0) return;
    size_t i = pick_tok(r, v);
    scratch.len = 0;
    add_toks(&scratch, out->p, v, 0, i + 1);
    if (rng_chance(r, 50)) buf_addc(&scratch, ' ');
    add_toks(&scratch, out->p, v, i, v->n);
    buf_set(out, scratch.p, scratch.len);
  }
}

/* Copy a range of 1..64 tokens to a random place (or right after itself), 1..4 times. */
static void mut_tok_dup_range(Rng *r, const char *in, size_t n, Buf *out) {
  TokVec *v = &toks_a;
  tokenize(v, in, n);
  if (v->n == 0) {
    buf_set(out, in, n);
    return;
  }
  size_t a = rng_below(r, v->n), b = a + rng_size(r, 64);
  if (b > v->n) b = v->n;
  size_t at = rng_chance(r, 50) ? b : rng_below(r, v->n + 1), times = rng_size(r, 4);
  out->len = 0;
  add_toks(out, in, v, 0, at);
  for (size_t i = 0; i < times; i++) add_toks(out, in, v, a, b);
  add_toks(out, in, v, at, v->n);
}

/* Delete a range of 1..64 tokens. */
static void mut_tok_del_range(Rng *r, const char *in, size_t n, Buf *out) {
  TokVec *v = &toks_a;
  tokenize(v, in, n);
  size_t a = rng_below(r, v->n), b = a + rng_size(r, 64);
  if (b > v->n) b = v->n;
  out->len = 0;
  buf_reserve(out, n);
  add_toks(out, in, v, 0, a);
  add_toks(out, in, v, b, v->n);
}

/* Replace a token by a dictionary word, or insert one (1..4 times). */
static void mut_tok_dict(Rng *r, const char *in, size_t n, Buf *out) {
  buf_set(out, in, n);
  for (size_t k = rng_size(r, 4); k > 0; k--) {
    TokVec *v = &toks_a;
    tokenize(v, out->p, out->len);
    size_t i = v->n ? pick_tok(r, v) : 0;
    int replace = v->n && rng_chance(r, 50);
    scratch.len = 0;
    add_toks(&scratch, out->p, v, 0, i);
    if (rng_chance(r, 50)) buf_addc(&scratch, ' ');
    buf_adds(&scratch, rng_pick(r, dict));
    if (rng_chance(r, 50)) buf_addc(&scratch, ' ');
    add_toks(&scratch, out->p, v, i + (size_t)replace, v->n);
    buf_set(out, scratch.p, scratch.len);
  }
}

/* Join a token prefix of the input with a token suffix (or middle part) of another seed. */
static void mut_splice(Rng *r, const char *in, size_t n, Buf *out) {
  const Seed *o = &seeds[rng_below(r, (size_t)nseeds)];
  TokVec *va = &toks_a, *vb = &toks_b;
  tokenize(va, in, n);
  tokenize(vb, o->text, o->len);
  size_t i = rng_below(r, va->n + 1), j = rng_below(r, vb->n + 1);
  out->len = 0;
  add_toks(out, in, va, 0, i);
  if (rng_chance(r, 50)) {
    add_toks(out, o->text, vb, j, vb->n);
  } else {
    size_t e = j + rng_size(r, 200);
    add_toks(out, o->text, vb, j, e < vb->n ? e : vb->n);
    add_toks(out, in, va, i, va->n);
  }
}

/* Replacements for a number, a string and a punctuation byte (token-class). */
static const char *const numbers[] = {
    "0", "1", "2", "7", "-1", "100000000", "2147483647", "2147483648", "4294967296",
    "9223372036854775807", "9223372036854775808", "0x7fffffff", "010", "1.0", "0.0", "1e308",
    "1e-320", "2.5", "6", "-5", NULL};
static const char *const strings[] = {
    "\"%d\"", "\"%s\"", "\"%5.2f\"", "\"%x\"", "\"%c\"", "\"\"", "\"%%\"", "\"%\"",
    "\"%q\"", "\"%*d\"", "\"%d%d\"", "\"%lld\"", "\"\\n\"", "\"a\"", NULL};
static const char puncts[] = "+-*/%^&|<>=!@,;:.()[]{}";
static const char *const words[] = {
    "Index1", "Index2", "Index3", "true", "false", "zin", "zout", "znull", "PROCESSORS",
    "INT_MAX", "M_PI", "max", "min", "sqrt", "abs", "bsl", "open", "eof", "ResetTimer",
    "to_integer", "integer", "double", "boolean", "string", "file", "of", "in", "at", NULL};

/* Index of a random word token of v other than a number (or n if there is none). */
static size_t pick_word(Rng *r, const char *s, const TokVec *v) {
  for (int tries = 0; tries < 16; tries++) {
    size_t i = rng_below(r, v->n);
    unsigned char c = (unsigned char)s[v->t[i].off];
    if (is_word(c) && !(c >= '0' && c <= '9')) return i;
  }
  return v->n;
}

/* Append a replacement of the same class for token i of s. */
static void add_same_class(Rng *r, Buf *b, const char *s, const TokVec *v, size_t i) {
  unsigned char c = (unsigned char)s[v->t[i].off];
  size_t w;
  if (c >= '0' && c <= '9') buf_adds(b, rng_pick(r, numbers));
  else if (c == '"') buf_adds(b, rng_pick(r, strings));
  else if (!is_word(c)) buf_addc(b, puncts[rng_below(r, sizeof puncts - 1)]);
  else if (rng_chance(r, 30) || (w = pick_word(r, s, v)) == v->n) buf_adds(b, rng_pick(r, words));
  else add_toks(b, s, v, w, w + 1);
}

/* Replace 1..4 tokens by tokens of the same class (another name of the program, an
   edge-case number or format, another operator), so the text mostly still parses. */
static void mut_tok_class(Rng *r, const char *in, size_t n, Buf *out) {
  buf_set(out, in, n);
  for (size_t k = rng_size(r, 4); k > 0; k--) {
    TokVec *v = &toks_a;
    tokenize(v, out->p, out->len);
    if (v->n == 0) return;
    size_t i = pick_tok(r, v);
    scratch.len = 0;
    add_toks(&scratch, out->p, v, 0, i);
    add_same_class(r, &scratch, out->p, v, i);
    add_toks(&scratch, out->p, v, i + 1, v->n);
    buf_set(out, scratch.p, scratch.len);
  }
}

/* C headers, extern declarations and calls for the c-header kind (section 3.12). */
static const char *const headers[] = {
    "math.h", "stdlib.h", "string.h", "stdio.h", "stdint.h", "limits.h", "complex.h",
    "float.h", "time.h", "sys/types.h", "no_such_header.h", "", "/dev/null", "sys", NULL};
static const char *const externs[] = {
    "", "extern prototype hypot(x : double; y : double) : double;",
    "extern prototype hypot(x : double) : double;", "extern prototype abs(x : integer) : integer;",
    "extern prototype printf(x : integer) : integer;", "extern prototype atoi(x : double) : integer;",
    "extern prototype frexp(x : double; inout e : integer) : double;",
    "extern prototype frexp(x : double; e : integer) : double;", "extern var errno : integer;",
    "procedure hypot(); begin end;", NULL};
static const char *const ccalls[] = {
    "printf(1);", "hypot(1.0, 2.0);", "qsort(1, 2, 3, 4);", "strlen(\"a\");", "frexp(1.0, 2);",
    "malloc(8);", "ldexpl(1.0, 2);", "abort();", "x := hypot(1.0, 2.0);", NULL};

/* Insert text s at offset at of b. */
static void buf_insert(Buf *b, size_t at, const char *s) {
  size_t m = strlen(s);
  buf_reserve(b, m);
  memmove(b->p + at + m, b->p + at, b->len - at + 1);
  memcpy(b->p + at, s, m);
  b->len += m;
}

/* Import a C header (with extern declarations and a call) into the input, then maybe
   mutate it once more. */
static void mut_c_header(Rng *r, const char *in, size_t n, Buf *out) {
  char decl[512];
  buf_set(out, in, n);
  const char *semi = memchr(out->p, ';', out->len), *begin = strstr(out->p, "\nbegin\n");
  size_t at_begin = begin ? (size_t)(begin - out->p) + 7 : out->len;
  if (rng_chance(r, 70)) buf_insert(out, at_begin, rng_pick(r, ccalls));
  snprintf(decl, sizeof decl, "\nextern \"%s\";\n%s\n", rng_pick(r, headers), rng_pick(r, externs));
  buf_insert(out, semi ? (size_t)(semi - out->p) + 1 : 0, decl);
  if (rng_chance(r, 50)) {
    buf_set(&stack_buf, out->p, out->len);
    mut_tok_class(r, stack_buf.p, stack_buf.len, out);
  }
}

typedef struct Kind {
  const char *name;
  int weight;
  MutFn fn;
  int stackable; /* a mutation of its input, usable in "stacked" */
  int uses_seed; /* starts from a seed (otherwise made from scratch) */
} Kind;

static void mut_stacked(Rng *r, const char *in, size_t n, Buf *out);
static void gen_random_bytes(Rng *r, const char *in, size_t n, Buf *out);
static void gen_random_tokens(Rng *r, const char *in, size_t n, Buf *out);
static void gen_long_line(Rng *r, const char *in, size_t n, Buf *out);
static void gen_deep_nesting(Rng *r, const char *in, size_t n, Buf *out);

/* The kinds of inputs and how often each is made (weights add up to 100). */
static const Kind kinds[] = {
    {"byte-replace", 6, mut_byte_replace, 1, 1},
    {"byte-insert", 5, mut_byte_insert, 1, 1},
    {"byte-delete", 5, mut_byte_delete, 1, 1},
    {"bit-flip", 4, mut_bit_flip, 1, 1},
    {"truncate", 5, mut_truncate, 1, 1},
    {"token-swap", 7, mut_tok_swap, 1, 1},
    {"token-dup", 5, mut_tok_dup, 1, 1},
    {"token-dup-range", 7, mut_tok_dup_range, 1, 1},
    {"token-delete-range", 6, mut_tok_del_range, 1, 1},
    {"token-dict", 7, mut_tok_dict, 1, 1},
    {"token-class", 11, mut_tok_class, 1, 1},
    {"splice", 8, mut_splice, 1, 1},
    {"stacked", 6, mut_stacked, 0, 1},
    {"c-header", 1, mut_c_header, 0, 1},
    {"random-bytes", 4, gen_random_bytes, 0, 0},
    {"random-tokens", 4, gen_random_tokens, 0, 0},
    {"long-line", 3, gen_long_line, 0, 0},
    {"deep-nesting", 6, gen_deep_nesting, 0, 0},
};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

/* Apply 2..5 random stackable mutations one after the other. */
static void mut_stacked(Rng *r, const char *in, size_t n, Buf *out) {
  Buf *cur = &stack_buf;
  buf_set(cur, in, n);
  for (size_t k = 2 + rng_below(r, 4); k > 0; k--) {
    const Kind *m;
    do m = &kinds[rng_below(r, NKINDS)];
    while (!m->stackable);
    m->fn(r, cur->p, cur->len, out);
    buf_set(cur, out->p ? out->p : "", out->len);
    if (cur->len > MAX_INPUT_SIZE) break;
  }
}

/* ---- inputs made from scratch ---------------------------------------------------- */

/* Random bytes: any byte, printable ASCII only, or the language's characters. */
static void gen_random_bytes(Rng *r, const char *in, size_t n, Buf *out) {
  (void)in, (void)n;
  size_t len = rng_size(r, rng_chance(r, 10) ? 1u << 16 : 4096), mode = rng_below(r, 3);
  out->len = 0;
  buf_reserve(out, len);
  for (size_t i = 0; i < len; i++) {
    char c = mode == 0 ? (char)rng_below(r, 256) : mode == 1 ? (char)(32 + rng_below(r, 95)) : rand_byte(r);
    out->p[out->len++] = c;
  }
  out->p[out->len] = 0;
}

/* A sequence of dictionary words, sometimes after a program header. */
static void gen_random_tokens(Rng *r, const char *in, size_t n, Buf *out) {
  (void)in, (void)n;
  static const char *const seps[] = {" ", " ", " ", "\n", "", NULL};
  out->len = 0;
  if (rng_chance(r, 50)) buf_adds(out, "program p;\n");
  for (size_t k = rng_size(r, 3000); k > 0; k--) {
    buf_adds(out, rng_pick(r, dict));
    buf_adds(out, rng_pick(r, seps));
  }
}

/* A program that is valid up to the statement the caller appends. */
static const char prologue[] =
    "program p;\n"
    "region R = [1..4, 1..4];\n"
    "direction east = [0, 1];\n"
    "type t = record a : integer; end;\n"
    "var A, B : [R] double;\n"
    "    M : [R] boolean;\n"
    "    x : integer;\n"
    "    y : double;\n"
    "    q : t;\n"
    "    z : array [1..2] of integer;\n"
    "procedure f(v : integer) : integer;\n"
    "begin\n"
    "  return v;\n"
    "end;\n"
    "procedure p();\n"
    "begin\n"
    "  ";

/* The end of the prologue's entry procedure. */
static const char epilogue[] = "\nend;\n";

/* Append len bytes of one long-line filler pattern. */
static void add_filler(Rng *r, Buf *out, size_t len, int pattern) {
  static const char *const units[] = {"a", "7", "0", " ", "x := 1; ", "+1", "\t", "Ab_9"};
  if (pattern == 8) {
    for (size_t i = 0; i < len; i++) buf_addc(out, (char)(32 + rng_below(r, 95)));
    return;
  }
  const char *u = units[pattern];
  buf_repeat(out, u, len / strlen(u) + 1);
}

/* A very long line: a huge identifier, number, string, comment, statement list... */
static void gen_long_line(Rng *r, const char *in, size_t n, Buf *out) {
  (void)in, (void)n;
  static const char *const heads[] = {"x := ", "x := 1", "writeln(\"", "-- ", "/* ", "y := 1.", "x := 0x", "x := ", "", "var ", NULL};
  static const char *const tails[] = {";", "\";", ");", "", " */", ";", ";", ":= 1;", "x := 1;", " : integer;", NULL};
  size_t len = (size_t)1 << (10 + rng_below(r, 11)), h = rng_below(r, 10);
  out->len = 0;
  buf_adds(out, prologue);
  buf_adds(out, heads[h]);
  add_filler(r, out, len, (int)rng_below(r, 9));
  if (rng_chance(r, 85)) buf_adds(out, tails[h]);
  if (rng_chance(r, 85)) buf_adds(out, epilogue);
}

/* Nesting patterns: prefix repeated, then a middle, then suffix repeated. */
typedef struct Nest {
  const char *head, *open, *mid, *close, *tail;
  int decl; /* goes before the entry procedure rather than inside it */
} Nest;

static const Nest nests[] = {
    {"x := ", "(", "1", ")", ";", 0},
    {"", "begin ", "x := 1;", " end;", "", 0},
    {"", "if x > 0 then ", "x := 1;", " end;", "", 0},
    {"", "while x > 0 do ", "x := 0;", " end;", "", 0},
    {"", "repeat ", "x := 1;", " until x > 0;", "", 0},
    {"", "for x := 1 to 2 do ", "y := 1.0;", " end;", "", 0},
    {"", "[R] ", "A := 1.0;", "", "", 0},
    {"", "[", "R", "]", " A := 1.0;", 0},
    {"[", "east of ", "R", "", "] A := 1.0;", 0},
    {"[R ", "at east ", "", "", "] A := 1.0;", 0},
    {"x := ", "- ", "1", "", ";", 0},
    {"x := ", "!", "1", "", ";", 0},
    {"x := 1", " + 1", "", "", ";", 0},
    {"y := 2.0", " ^ 2.0", "", "", ";", 0},
    {"x := 0", "", "", " & x > 0", ";", 0},
    {"x := ", "f(", "1", ")", ";", 0},
    {"[R] y := ", "+<< ", "A", "", ";", 0},
    {"[R] A := ", ">>[R] ", "A", "", ";", 0},
    {"[R] A := ", "(A@east + ", "A", ")", ";", 0},
    {"x := z", "[1]", "", "", ";", 0},
    {"x := q", ".a", "", "", ";", 0},
    {"writeln(", "\"a\" ", "", "", ");", 0},
    {"x := f(", "1, ", "1", "", ");", 0},
    {"writeln(", "x, ", "x", "", ");", 0},
    {"", "x := 1; ", "", "", "", 0},
    {"if x = 0 then x := 1;", " elsif x = 1 then x := 2;", "", "", " end;", 0},
    {"type w = ", "record a : ", "integer;", " end;", "\n", 1},
    {"var w : ", "array [1..2] of ", "integer", "", ";\n", 1},
    {"var w : integer = ", "{", "1", "}", ";\n", 1},
    {"var ", "v, ", "w : integer;", "", "\n", 1},
    {"region ", "S", "S = [1..2];", "", "\n", 1},
    {"procedure g(", "a : integer; ", "b : integer", "", ");\nbegin\nend;\n", 1},
    {"", "[", "", "", "", 0},
    {"", "(", "", "", "", 0},
    {"", "begin ", "", "", "", 0},
    {"", "/* ", "", "", "", 0},
};
#define NNESTS ((int)(sizeof nests / sizeof nests[0]))

/* Deeply nested (or very long) constructs inside an otherwise valid program. */
static void gen_deep_nesting(Rng *r, const char *in, size_t n, Buf *out) {
  (void)in, (void)n;
  static const size_t depths[] = {10, 100, 1000, 2000, 5000, 5000, 5000, 20000};
  const Nest *s = &nests[rng_below(r, NNESTS)];
  size_t d = depths[rng_below(r, 8)];
  int closed = rng_chance(r, 75);
  Buf *nest = &nest_buf;
  nest->len = 0;
  buf_adds(nest, s->head);
  buf_repeat(nest, s->open, d);
  buf_adds(nest, s->mid);
  buf_repeat(nest, s->close, closed ? d : rng_below(r, d));
  if (closed) buf_adds(nest, s->tail);
  out->len = 0;
  if (s->decl) {
    size_t cut = strstr(prologue, "procedure f") - prologue;
    buf_add(out, prologue, cut);
    buf_add(out, nest->p, nest->len);
    buf_adds(out, prologue + cut);
    buf_adds(out, "x := 1;");
  } else {
    buf_adds(out, prologue);
    buf_add(out, nest->p, nest->len);
  }
  if (closed) buf_adds(out, epilogue);
}

/* ---- making input number i --------------------------------------------------------- */

/* Fill out with input number i; returns its kind and sets *seed to the seed used. */
static const char *make_input(uint64_t seedval, long i, Buf *out, const char **seed) {
  Rng r = rng_for(seedval, i);
  if (i < nseeds) {
    *seed = seeds[i].name;
    buf_set(out, seeds[i].text, seeds[i].len);
    return "seed";
  }
  const Seed *s = &seeds[rng_below(&r, (size_t)nseeds)];
  int w = (int)rng_below(&r, 100), k = 0;
  while (k < NKINDS - 1 && w >= kinds[k].weight) w -= kinds[k++].weight;
  *seed = kinds[k].uses_seed ? s->name : "-";
  kinds[k].fn(&r, s->text, s->len, out);
  if (!out->p) buf_adds(out, "");
  if (out->len > MAX_INPUT_SIZE) out->len = MAX_INPUT_SIZE;
  return kinds[k].name;
}

/* ---- running azc in a child ----------------------------------------------------- */

/* In the child: quiet stdio, limits, then azc on path generating C (so that accepted inputs
 * exercise the code generator too; the C file is removed again); never returns. */
static void run_child(const char *path, const char *errpath) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  if (errpath) {
    int nul = open("/dev/null", O_RDWR), err = open(errpath, O_WRONLY | O_CREAT, 0600);
    if (nul < 0 || err < 0) _exit(120);
    dup2(nul, 0);
    dup2(nul, 1);
    dup2(err, 2);
  }
  struct rlimit rl = {0, 0};
  setrlimit(RLIMIT_CORE, &rl);
  if (!FUZZ_ASAN) {
    rl.rlim_cur = rl.rlim_max = CHILD_MEM_LIMIT;
    setrlimit(RLIMIT_AS, &rl);
  }
  alarm(CHILD_ALARM);
  char a0[] = "azc", a1[] = "-o", a2[PATH_MAX], a3[PATH_MAX];
  snprintf(a2, sizeof a2, "%s.gen.c", path);
  snprintf(a3, sizeof a3, "%s", path);
  char *argv[] = {a0, a1, a2, a3, NULL};
  int rc = azc_main(4, argv);
  unlink(a2);
  _exit(rc >= 0 && rc <= 255 ? rc : 255);
}

/* Fork a child running azc on path; returns its pid. */
static pid_t spawn(const char *path, const char *errpath) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) die("fork");
  if (pid == 0) run_child(path, errpath);
  return pid;
}

/* Describe a wait status that is a failure, or return NULL when it is fine (exit 0/1). */
static const char *judge(int st, int watchdog, char *msg, size_t size) {
  if (WIFEXITED(st) && (WEXITSTATUS(st) == 0 || WEXITSTATUS(st) == 1)) return NULL;
  if (watchdog) snprintf(msg, size, "hang (no exit after %d s, killed)", WATCHDOG);
  else if (WIFEXITED(st)) snprintf(msg, size, "exit status %d", WEXITSTATUS(st));
  else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM) snprintf(msg, size, "hang (SIGALRM after %d s)", CHILD_ALARM);
  else if (WIFSIGNALED(st)) snprintf(msg, size, "killed by SIG%s", sigabbrev_np(WTERMSIG(st)) ? sigabbrev_np(WTERMSIG(st)) : "?");
  else snprintf(msg, size, "wait status %#x", st);
  return msg;
}

/* Write n bytes to a new file path; returns 0 on success. (Unlinking first avoids
   the flush that ext4 starts when a file truncated to 0 is closed; no stdio, so that
   the parent allocates nothing per input.) */
static int write_file(const char *path, const char *s, size_t n) {
  unlink(path);
  int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) return -1;
  while (n > 0) {
    ssize_t w = write(fd, s, n);
    if (w <= 0) break;
    s += w;
    n -= (size_t)w;
  }
  return (close(fd) != 0 || n != 0) ? -1 : 0;
}

/* The most telling line of a child's stderr (sanitizer summary, runtime error...). */
static int stderr_summary(const char *errpath, char *line, size_t size) {
  static const char *const keys[] = {"SUMMARY:", "runtime error:", "ERROR:", NULL};
  Buf b = {0};
  int found = 0;
  if (read_file(errpath, &b, 64u << 20) == 0 && b.p)
    for (int k = 0; keys[k] && !found; k++) {
      char *p = strstr(b.p, keys[k]);
      if (!p) continue;
      while (p > b.p && p[-1] != '\n') p--;
      size_t l = strcspn(p, "\n");
      snprintf(line, size, "%.*s", (int)(l < size - 1 ? l : size - 1), p);
      found = 1;
    }
  free(b.p);
  return found;
}

/* ---- the fuzzing run ----------------------------------------------------------------- */

typedef struct Slot {
  pid_t pid;
  long index;
  const char *kind, *seed;
  double start;
  int killed;
  Buf data;
  char path[PATH_MAX], errpath[PATH_MAX];
} Slot;

typedef struct Stats {
  long ok[2], fail, saved;
  long kind_n[NKINDS + 1], kind_ok0[NKINDS + 1], kind_fail[NKINDS + 1];
  double kind_cpu[NKINDS + 1]; /* CPU seconds of the children */
} Stats;

static const char *tmpdir;

/* Index of a kind name in kinds[] (NKINDS for "seed"). */
static int kind_index(const char *name) {
  for (int k = 0; k < NKINDS; k++)
    if (strcmp(kinds[k].name, name) == 0) return k;
  return NKINDS;
}

/* Save a failing input and its stderr, and print what happened. */
static void report_failure(Slot *s, const char *why, Stats *st) {
  char path[PATH_MAX + 64], errcopy[PATH_MAX + 64], line[300];
  st->fail++;
  if (st->saved >= MAX_SAVED) return;
  st->saved++;
  snprintf(path, sizeof path, "%s/test-fuzz-failure-%ld.zpl", tmpdir, s->index);
  snprintf(errcopy, sizeof errcopy, "%s/test-fuzz-failure-%ld.stderr", tmpdir, s->index);
  if (write_file(path, s->data.p, s->data.len) != 0) snprintf(path, sizeof path, "(could not save)");
  unlink(errcopy);
  struct stat sb;
  if (stat(s->errpath, &sb) == 0 && sb.st_size > 0) rename(s->errpath, errcopy);
  printf("FAIL input %ld (%s, seed %s, %zu bytes): %s\n  saved as %s\n", s->index, s->kind, s->seed,
         s->data.len, why, path);
  if (stderr_summary(errcopy, line, sizeof line)) printf("  stderr (%s): %s\n", errcopy, line);
}

/* Account for a finished child that used cpu seconds. */
static void finish(Slot *s, int status, double cpu, Stats *st) {
  char msg[128];
  int k = kind_index(s->kind);
  const char *why = judge(status, s->killed, msg, sizeof msg);
  st->kind_n[k]++;
  st->kind_cpu[k] += cpu;
  if (why) {
    st->kind_fail[k]++;
    report_failure(s, why, st);
  } else {
    st->ok[WEXITSTATUS(status)]++;
    if (WEXITSTATUS(status) == 0) st->kind_ok0[k]++;
    else if (k == NKINDS) printf("note: seed %s is rejected by azc (exit status 1)\n", s->seed);
  }
  s->pid = 0;
}

/* Start input number i in a free slot. */
static void start(Slot *s, uint64_t seedval, long i) {
  s->index = i;
  s->kind = make_input(seedval, i, &s->data, &s->seed);
  if (write_file(s->path, s->data.p, s->data.len) != 0) die(s->path);
  unlink(s->errpath);
  s->killed = 0;
  s->start = now_sec();
  s->pid = spawn(s->path, s->errpath);
}

/* Reap every finished child. */
static void reap(Slot *slots, int jobs, int *active, Stats *st) {
  int status;
  pid_t pid;
  struct rusage ru;
  while ((pid = wait4(-1, &status, WNOHANG, &ru)) > 0)
    for (int j = 0; j < jobs; j++)
      if (slots[j].pid == pid) {
        double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
        finish(&slots[j], status, cpu, st);
        (*active)--;
      }
}

/* Kill children that ignored their alarm. */
static void watchdog(Slot *slots, int jobs) {
  double t = now_sec();
  for (int j = 0; j < jobs; j++)
    if (slots[j].pid > 0 && !slots[j].killed && t - slots[j].start > WATCHDOG) {
      kill(slots[j].pid, SIGKILL);
      slots[j].killed = 1;
    }
}

/* Print statistics per kind of input. */
static void print_kind_stats(const Stats *st) {
  printf("%-20s %7s %9s %8s %8s\n", "kind", "inputs", "accepted", "failures", "cpu s");
  for (int k = 0; k <= NKINDS; k++)
    printf("%-20s %7ld %9ld %8ld %8.2f\n", k < NKINDS ? kinds[k].name : "seed", st->kind_n[k], st->kind_ok0[k],
           st->kind_fail[k], st->kind_cpu[k]);
}

/* Run n inputs, jobs at a time, starting none after `seconds` (0: no limit); returns the number of
   failures; *ran gets the number of inputs run. */
static long fuzz(uint64_t seedval, long n, int jobs, double seconds, Stats *st, long *ran) {
  double deadline = seconds > 0 ? now_sec() + seconds : 0;
  Slot slots[MAX_JOBS];
  sigset_t chld;
  int active = 0;
  long next = 0;
  memset(slots, 0, sizeof slots);
  for (int j = 0; j < jobs; j++) {
    snprintf(slots[j].path, sizeof slots[j].path, "%s/azc-fuzz-%ld-%d.zpl", tmpdir, (long)getpid(), j);
    snprintf(slots[j].errpath, sizeof slots[j].errpath, "%s/azc-fuzz-%ld-%d.err", tmpdir, (long)getpid(), j);
  }
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  while (next < n || active > 0) {
    if (deadline && now_sec() > deadline) n = next; /* the time is up: finish the running ones */
    for (int j = 0; j < jobs && next < n; j++)
      if (slots[j].pid == 0) {
        start(&slots[j], seedval, next++);
        active++;
      }
    struct timespec ts = {1, 0};
    sigtimedwait(&chld, NULL, &ts);
    reap(slots, jobs, &active, st);
    watchdog(slots, jobs);
  }
  for (int j = 0; j < jobs; j++) {
    unlink(slots[j].path);
    unlink(slots[j].errpath);
    free(slots[j].data.p);
  }
  *ran = next;
  return st->fail;
}

/* Run one file with azc's diagnostics visible; exit status 0 unless it fails. */
static int replay(const char *path) {
  int status;
  char msg[128];
  pid_t pid = spawn(path, NULL);
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) die("waitpid");
  const char *why = judge(status, 0, msg, sizeof msg);
  if (why) printf("test_fuzz: %s: FAIL: %s\n", path, why);
  else printf("test_fuzz: %s: ok (azc exit status %d)\n", path, WEXITSTATUS(status));
  return why ? 1 : 0;
}

/* Entry point: replay a file, or run the whole fuzzing campaign. */
int main(int argc, char **argv) {
  if (argc == 2) return replay(argv[1]);
  if (argc > 2) {
    fprintf(stderr, "usage: test_fuzz [FILE]\n");
    return 2;
  }
  uint64_t seedval = env_num("AZC_FUZZ_SEED", DEFAULT_SEED);
  long n = (long)env_num("AZC_FUZZ_N", DEFAULT_N);
  int jobs = (int)env_num("AZC_FUZZ_JOBS", DEFAULT_JOBS);
  if (jobs < 1) jobs = 1;
  if (jobs > MAX_JOBS) jobs = MAX_JOBS;
  tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  load_seeds();
  Stats st;
  memset(&st, 0, sizeof st);
  double t0 = now_sec();
  long ran;
  long fails = fuzz(seedval, n, jobs, (double)env_num("AZC_FUZZ_SECONDS", 0), &st, &ran);
  double t = now_sec() - t0;
  if (env_num("AZC_FUZZ_VERBOSE", 0)) print_kind_stats(&st);
  if (st.fail > st.saved) printf("(%ld more failures not saved)\n", st.fail - st.saved);
  printf("test_fuzz: %ld inputs from %d seeds (AZC_FUZZ_SEED=%#llx), %ld accepted, %ld rejected, %ld failures, %.1f s\n",
         ran, nseeds, (unsigned long long)seedval, st.ok[0], st.ok[1], fails, t);
  if (ran < n) printf("test_fuzz: stopped after AZC_FUZZ_SECONDS=%llu s, %ld of %ld inputs run\n", env_num("AZC_FUZZ_SECONDS", 0), ran, n);
  free_seeds();
  free_scratch();
  return fails ? 1 : 0;
}

/* ---- built-in seeds: the example programs of spec §12 ------------------------------ */

/* The built-in seed programs, used when there are no seed files. */
static const char *const *fallback_seed_list(int *n) {
  static const char *const list[] = {
    /* spec 12.1 */
    "program basics;\n"
    "\n"
    "config var n : integer = 7;\n"
    "\n"
    "constant greeting : string = \"Welcome\";\n"
    "\n"
    "var q, r : integer;\n"
    "    x    : double;\n"
    "\n"
    "procedure basics();\n"
    "begin\n"
    "  writeln(greeting, \"!\");\n"
    "  q := n / 2;\n"
    "  r := n % 2;\n"
    "  writeln(\"n = \", n, \"q = \", q, \"r = \", r);\n"
    "  x := n / 2.0;\n"
    "  writeln(\"x = \", x);\n"
    "  writeln(\"[\", \"%5.2f\":x, \"] [\", \"%-4d\":n, \"]\");\n"
    "  writeln(-7 / 2, -7 % 2, 7 % -2);\n"
    "  writeln(true, \" \", n > 10, \" \", 1.5e3, \" \", 42);\n"
    "  writeln(2 ^ 10, 2.0 ^ 0.5);\n"
    "end;\n"
    ,
    /* spec 12.2 */
    "program arrays;\n"
    "\n"
    "config var n : integer = 3;\n"
    "\n"
    "region R = [1..n, 1..n+1];\n"
    "\n"
    "var A : [R] integer;\n"
    "    D : [R] double;\n"
    "\n"
    "procedure arrays();\n"
    "[R] begin\n"
    "  A := Index1 * 10 + Index2;\n"
    "  writeln(A);\n"
    "  D := A / 4 + 0.5 * Index2;\n"
    "  writeln(D);\n"
    "  [2, 1..n+1] writeln(A);\n"
    "  [1..n, 2] A := 0;\n"
    "  [1..n, 1..2] writeln(A);\n"
    "  writeln(\"%3d\":A);\n"
    "end;\n"
    ,
    /* spec 12.3 */
    "program heat;\n"
    "\n"
    "config var n     : integer = 4;\n"
    "           steps : integer = 3;\n"
    "\n"
    "region Inner = [1..n, 1..n];\n"
    "       Whole = [0..n+1, 0..n+1];\n"
    "\n"
    "direction up    = [-1, 0];\n"
    "          down  = [ 1, 0];\n"
    "          right = [ 0, 1];\n"
    "          left  = [ 0,-1];\n"
    "\n"
    "var H : [Whole] double;\n"
    "    T : [Inner] double;\n"
    "    k : integer;\n"
    "\n"
    "procedure heat();\n"
    "[Inner] begin\n"
    "  [Whole]         H := 0.0;\n"
    "  [down of Inner] H := 8.0;\n"
    "  for k := 1 to steps do\n"
    "    T := (H@up + H@right + H@down + H@left) / 4.0;\n"
    "    H := T;\n"
    "  end;\n"
    "  writeln(H);\n"
    "  writeln(\"total = %.4f\":+<< H);\n"
    "  [n, 1..n] writeln(\"last row max = \", max<< H);\n"
    "end;\n"
    ,
    /* spec 12.4 */
    "program reduce;\n"
    "\n"
    "region R   = [1..3, 1..4];\n"
    "       Col = [1..3, 1];\n"
    "       Row = [1, 1..4];\n"
    "\n"
    "var A : [R]   integer;\n"
    "    B : [R]   boolean;\n"
    "    S : [Col] integer;\n"
    "    M : [Row] integer;\n"
    "\n"
    "procedure reduce();\n"
    "[R] begin\n"
    "  A := (Index1 - 2) * Index2;\n"
    "  writeln(A);\n"
    "  writeln(\"sum=\", +<< A, \" max=\", max<< A, \" min=\", min<< A);\n"
    "  writeln(\"prod=\", *<< (A + 5));\n"
    "  B := A > 0;\n"
    "  writeln(\"count=\", +<< B);\n"
    "  writeln(\"any=\", |<< B, \" all=\", &<< B);\n"
    "  [Col] S := +<< [R] A;\n"
    "  [Col] writeln(S);\n"
    "  [Row] M := max<< [R] A;\n"
    "  [Row] writeln(M);\n"
    "  [2..3, 1..4] writeln(\"rows 2-3: \", +<< A);\n"
    "end;\n"
    ,
    /* spec 12.5 */
    "program prefix;\n"
    "\n"
    "region V = [1..6];\n"
    "       R = [1..2, 1..4];\n"
    "\n"
    "var X, Y : [V] integer;\n"
    "    A, S : [R] integer;\n"
    "\n"
    "procedure prefix();\n"
    "begin\n"
    "  [V] begin\n"
    "    X := Index1;\n"
    "    Y := +|| X;\n"
    "    writeln(Y);\n"
    "    Y := (+|| X) + X;\n"
    "    writeln(Y);\n"
    "    Y := max|| (X % 3);\n"
    "    writeln(Y);\n"
    "  end;\n"
    "  [R] begin\n"
    "    A := Index1 * 10 + Index2;\n"
    "    S := +|| A;\n"
    "    writeln(S);\n"
    "    S := +||[2] A;\n"
    "    writeln(S);\n"
    "    S := +||[1] A;\n"
    "    writeln(S);\n"
    "  end;\n"
    "end;\n"
    ,
    /* spec 12.6 */
    "program outer;\n"
    "\n"
    "config var n : integer = 3;\n"
    "\n"
    "region R    = [1..n, 1..n];\n"
    "       ColF = [1..n, *];\n"
    "       RowF = [*, 1..n];\n"
    "\n"
    "var A, C : [R]    integer;\n"
    "    Fc   : [ColF] integer;\n"
    "    Fr   : [RowF] integer;\n"
    "    k    : integer;\n"
    "\n"
    "procedure outer();\n"
    "[R] begin\n"
    "  A := Index1 + Index2;\n"
    "  C := 0;\n"
    "  for k := 1 to n do\n"
    "    [ColF] Fc := >>[ , k] A;\n"
    "    [RowF] Fr := >>[k,  ] A;\n"
    "    C += Fc * Fr;\n"
    "  end;\n"
    "  writeln(C);\n"
    "  C := >>[2, 1..n] A;\n"
    "  writeln(C);\n"
    "  [ColF] Fc := +<< [R] A;\n"
    "  C := Fc - A;\n"
    "  writeln(C);\n"
    "end;\n"
    ,
    /* spec 12.7 */
    "program torus;\n"
    "\n"
    "region R   = [1..3, 1..3];\n"
    "       Pad = [0..4, 0..4];\n"
    "\n"
    "direction east  = [ 0, 1];\n"
    "          west  = [ 0,-1];\n"
    "          north = [-1, 0];\n"
    "\n"
    "var A    : [Pad] integer;\n"
    "    B, C : [R]   integer;\n"
    "\n"
    "procedure torus();\n"
    "[R] begin\n"
    "  [Pad] A := 0;\n"
    "  A := Index1 * 10 + Index2;\n"
    "  [east of R]  wrap A;\n"
    "  [west of R]  reflect A;\n"
    "  [north of R] wrap A;\n"
    "  [Pad] writeln(A);\n"
    "  B := Index1 * 10 + Index2;\n"
    "  C := B@^east - B@^north;\n"
    "  writeln(C);\n"
    "end;\n"
    ,
    /* spec 12.8 */
    "program control;\n"
    "\n"
    "config var limit : integer = 12;\n"
    "\n"
    "var total : integer;\n"
    "\n"
    "procedure collatz(in x : integer) : integer;\n"
    "var steps : integer;\n"
    "begin\n"
    "  steps := 0;\n"
    "  while x != 1 do\n"
    "    if x % 2 = 0 then\n"
    "      x := x / 2;\n"
    "    else\n"
    "      x := 3 * x + 1;\n"
    "    end;\n"
    "    steps += 1;\n"
    "  end;\n"
    "  return steps;\n"
    "end;\n"
    "\n"
    "procedure addto(inout acc : integer; v : integer);\n"
    "begin\n"
    "  acc += v;\n"
    "end;\n"
    "\n"
    "procedure control();\n"
    "var i, s : integer;\n"
    "begin\n"
    "  total := 0;\n"
    "  for i := 1 to limit do\n"
    "    if i % 4 = 0 then continue; end;\n"
    "    s := collatz(i);\n"
    "    if s > 15 then\n"
    "      writeln();\n"
    "      writeln(\"stop at \", i, \"steps \", s);\n"
    "      exit;\n"
    "    elsif s > 5 then\n"
    "      addto(total, s);\n"
    "      write(\"+\");\n"
    "    else\n"
    "      write(\".\");\n"
    "    end;\n"
    "  end;\n"
    "  writeln(\"total = %d\":total);\n"
    "  i := 0;\n"
    "  repeat\n"
    "    i += 3;\n"
    "  until i > 10;\n"
    "  writeln(i);\n"
    "  for i := 9 downto 1 by 4 do\n"
    "    write(i);\n"
    "  end;\n"
    "  writeln();\n"
    "end;\n"
    ,
    /* spec 12.9 */
    "program masks;\n"
    "\n"
    "region R = [1..4, 1..4];\n"
    "\n"
    "direction east = [0, 1];\n"
    "          se   = [1, 1];\n"
    "\n"
    "var A : [R] integer;\n"
    "    M : [R] boolean;\n"
    "\n"
    "procedure masks();\n"
    "[R] begin\n"
    "  A := 0;\n"
    "  M := Index1 >= Index2;\n"
    "  [R with M]    A := 1;\n"
    "  [R without M] A := -1;\n"
    "  [east in R]   A += 10;\n"
    "  [1..2, 1..2] begin\n"
    "    A += 100;\n"
    "    [\" at se] A += 200;\n"
    "  end;\n"
    "  writeln(A);\n"
    "  [R by [2, 2]] writeln(A);\n"
    "  [R with M] writeln(+<< A);\n"
    "end;\n"
    ,
    /* spec 12.10 */
    "program records;\n"
    "\n"
    "type mode  = (slow, medium, fast);\n"
    "     point = record\n"
    "               x, y : integer;\n"
    "             end;\n"
    "\n"
    "config var m       : mode    = medium;\n"
    "           n       : integer = 3;\n"
    "           verbose : boolean = false;\n"
    "\n"
    "constant weights : array [slow..fast] of integer = {1, 5, 25};\n"
    "\n"
    "var pts    : array [1..4] of point;\n"
    "    i, acc : integer;\n"
    "\n"
    "procedure records();\n"
    "begin\n"
    "  for i := 1 to 4 do\n"
    "    pts[i].x := i;\n"
    "    pts[i].y := i * i;\n"
    "  end;\n"
    "  acc := 0;\n"
    "  for i := 1 to n do\n"
    "    acc += pts[i].y * weights[m];\n"
    "  end;\n"
    "  writeln(\"mode \", m, \"weight \", weights[m], \"acc \", acc);\n"
    "  if verbose then\n"
    "    writeln(\"last point: (%d,\":pts[4].x, \" %d)\":pts[4].y);\n"
    "  end;\n"
    "end;\n"
    ,
  };
  *n = (int)(sizeof list / sizeof list[0]);
  return list;
}
