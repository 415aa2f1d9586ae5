/* pdl_strict.c - a checker of Felten's strict PDL (Protocol Compilation, 1993, Appendix A; the
 * normalized grammar is in shared/docs/seed-notes/seed-000-felten.md, section 2.3), for the tests:
 * it shares no code with azpdl's reader (frontend/pdl_*), which also accepts the looser forms of
 * Felten's examples. Nothing outside the grammar is accepted: no comments, no `k` sizes, no `tag
 * ANY`, no receive without `source`, no empty process or pattern, no directive after a pattern, no
 * keyword as a name. Tokens are decimal integers, identifiers, keywords and braces, separated by
 * blanks (space, tab, CR, LF, FF, VT).
 *
 *   pdl_strict FILE...   exit status 0 when every FILE is in the strict form; otherwise the first
 *                        error of each file that is not, as FILE:LINE:COL: error: MESSAGE, and 1
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { T_EOF, T_INT, T_WORD, T_LBRACE, T_RBRACE } TokKind;

typedef struct Tok {
  TokKind kind;
  const char *text;
  size_t len;
  int line, col;
} Tok;

typedef struct Checker {
  const char *path, *p, *end;
  int line, col;
  Tok tok;                   /* the current token */
  jmp_buf fail;
} Checker;

static const char *const keywords[] = {"numprocesses", "spaceadvice", "spacelimit", "pattern", "process",
                                       "beginSend",    "endSend",     "beginRecv",  "endRecv", "send",
                                       "recv",         "dest",        "source",     "tag",     "maxsize",
                                       "name"};

/* Report an error at the current token and stop checking this file. */
static void error(Checker *c, const char *what) {
  int n = c->tok.kind == T_EOF ? 0 : (int)(c->tok.len > 40 ? 40 : c->tok.len);
  fprintf(stderr, "%s:%d:%d: error: %s, found %s%.*s%s\n", c->path, c->tok.line, c->tok.col, what,
          c->tok.kind == T_EOF ? "the end of the file" : "'", n, c->tok.text, c->tok.kind == T_EOF ? "" : "'");
  longjmp(c->fail, 1);
}

static bool is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v'; }
static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }
static bool is_letter(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }

/* Move past one character. */
static void advance(Checker *c) {
  if (*c->p == '\n') {
    c->line++;
    c->col = 1;
  } else {
    c->col++;
  }
  c->p++;
}

/* Read the next token into c->tok. */
static void next(Checker *c) {
  while (c->p < c->end && is_blank(*c->p)) advance(c);
  c->tok = (Tok){T_EOF, c->p, 0, c->line, c->col};
  if (c->p >= c->end) return;
  const char *start = c->p;
  if (*c->p == '{' || *c->p == '}') {
    c->tok.kind = *c->p == '{' ? T_LBRACE : T_RBRACE;
    advance(c);
  } else if (is_digit(*c->p)) {
    c->tok.kind = T_INT;
    while (c->p < c->end && is_digit(*c->p)) advance(c);
  } else if (is_letter(*c->p)) {
    c->tok.kind = T_WORD;
    while (c->p < c->end && (is_letter(*c->p) || is_digit(*c->p))) advance(c);
  } else {
    c->tok.kind = T_WORD;
    c->tok.len = 1;
    fprintf(stderr, "%s:%d:%d: error: the character '%c' (0x%02x) is not in Appendix A's syntax\n", c->path,
            c->line, c->col, *c->p >= 32 && *c->p < 127 ? *c->p : '?', (unsigned char)*c->p);
    longjmp(c->fail, 1);
  }
  c->tok.len = (size_t)(c->p - start);
}

/* True if the current token is the word w. */
static bool is_word(const Checker *c, const char *w) {
  return c->tok.kind == T_WORD && c->tok.len == strlen(w) && !memcmp(c->tok.text, w, c->tok.len);
}

static bool is_keyword(const Checker *c) {
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (is_word(c, keywords[i])) return true;
  return false;
}

/* The keyword w, or an error. */
static void expect_word(Checker *c, const char *w) {
  if (!is_word(c, w)) {
    char what[64];
    snprintf(what, sizeof what, "expected '%s'", w);
    error(c, what);
  }
  next(c);
}

static void expect_int(Checker *c, const char *what) {
  if (c->tok.kind != T_INT) error(c, what);
  next(c);
}

static void expect_brace(Checker *c, TokKind k) {
  if (c->tok.kind != k) error(c, k == T_LBRACE ? "expected '{'" : "expected '}'");
  next(c);
}

/* KEYWORD integer */
static void field(Checker *c, const char *keyword) {
  expect_word(c, keyword);
  expect_int(c, "expected an integer");
}

/* name identifier (not a keyword: in a lex/yacc reader the keywords are tokens of their own) */
static void name_field(Checker *c) {
  expect_word(c, "name");
  if (c->tok.kind != T_WORD || is_keyword(c)) error(c, "expected an identifier that is not a keyword");
  next(c);
}

/* statement := beginSend dest I tag I maxsize I name X | beginRecv source I tag I maxsize I name X
 *            | endSend name X | endRecv name X | send dest I tag I maxsize I | recv source I tag I maxsize I */
static void statement(Checker *c) {
  bool begin_send = is_word(c, "beginSend"), begin_recv = is_word(c, "beginRecv");
  bool send = is_word(c, "send"), recv = is_word(c, "recv");
  if (is_word(c, "endSend") || is_word(c, "endRecv")) {
    next(c);
    name_field(c);
    return;
  }
  if (!begin_send && !begin_recv && !send && !recv)
    error(c, "expected a statement (beginSend, endSend, beginRecv, endRecv, send or recv)");
  next(c);
  field(c, begin_send || send ? "dest" : "source");
  field(c, "tag");
  field(c, "maxsize");
  if (begin_send || begin_recv) name_field(c);
}

static bool at_statement(const Checker *c) {
  return is_word(c, "beginSend") || is_word(c, "endSend") || is_word(c, "beginRecv") || is_word(c, "endRecv") ||
         is_word(c, "send") || is_word(c, "recv");
}

/* procPat := process I { statement+ } */
static void process(Checker *c) {
  expect_word(c, "process");
  expect_int(c, "expected a process number");
  expect_brace(c, T_LBRACE);
  do statement(c);
  while (at_statement(c));
  expect_brace(c, T_RBRACE);
}

/* pattern := pattern I { procPat+ } */
static void pattern(Checker *c) {
  expect_word(c, "pattern");
  expect_int(c, "expected a pattern number");
  expect_brace(c, T_LBRACE);
  do process(c);
  while (is_word(c, "process"));
  expect_brace(c, T_RBRACE);
}

/* program := { numprocesses I | spaceadvice I | spacelimit I [I] } { pattern } */
static void program(Checker *c) {
  next(c);
  for (;;) {
    if (is_word(c, "numprocesses") || is_word(c, "spaceadvice")) {
      next(c);
      expect_int(c, "expected an integer");
    } else if (is_word(c, "spacelimit")) {
      next(c);
      expect_int(c, "expected an integer");
      if (c->tok.kind == T_INT) next(c);
    } else {
      break;
    }
  }
  while (is_word(c, "pattern")) pattern(c);
  if (c->tok.kind != T_EOF) error(c, "expected a directive (only before the patterns), 'pattern' or the end of the file");
}

/* The whole file at path, or NULL. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *text = NULL;
  size_t cap = 0;
  *len = 0;
  for (;;) {
    if (*len + 4096 > cap) {
      cap = 2 * cap + 8192;
      char *t = realloc(text, cap);
      if (!t) {
        free(text);
        fclose(f);
        return NULL;
      }
      text = t;
    }
    size_t got = fread(text + *len, 1, cap - *len, f);
    *len += got;
    if (got == 0) break;
  }
  fclose(f);
  return text;
}

/* Check the program in c: 0 if it is in the strict form, else 1 (the error printed). */
static int run(Checker *c) {
  if (setjmp(c->fail)) return 1;
  program(c);
  return 0;
}

/* 0 if the file at path is in the strict form, else 1 (the error printed). */
static int check_file(const char *path) {
  size_t len;
  char *text = slurp(path, &len);
  if (!text) {
    fprintf(stderr, "pdl_strict: error: cannot read '%s'\n", path);
    return 1;
  }
  Checker c = {.path = path, .p = text, .end = text + len, .line = 1, .col = 1};
  int status = run(&c);
  free(text);
  return status;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: pdl_strict FILE...\n");
    return 2;
  }
  int status = 0;
  for (int i = 1; i < argc; i++) status |= check_file(argv[i]);
  return status;
}
