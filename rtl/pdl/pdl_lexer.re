/* pdl_lexer.re - the re2c scanner of PDL files (docs/pdl.md): keywords, integers with an optional
 * k suffix (x 1024), names, comments (# or // to the end of the line, and block comments); and
 * pdl_read, which feeds the tokens to the lemon parser of pdl_parser.y. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "pdl.h"
#include "pdl_parser.h"

/* The parser made by lemon from pdl_parser.y. */
void *PdlParseAlloc(void *(*alloc)(size_t));
void PdlParse(void *parser, int kind, PdlToken token, PdlFile *f);
void PdlParseFree(void *parser, void (*release)(void *));

#define PDL_MAX_NUMBER (1LL << 53)

typedef struct Scanner {
  const char *cur, *lim, *line_start;
  int line;
  int end_line, end_col;   /* just after the last token: where end of file is reported */
  PdlFile *f;
} Scanner;

/* A token of kind spanning [start, s->cur). */
static PdlToken token(Scanner *s, int kind, const char *start) {
  PdlToken t;
  t.kind = kind;
  t.line = s->line;
  t.col = (int)(start - s->line_start) + 1;
  t.num = 0;
  t.text = start;
  t.len = (int)(s->cur - start);
  s->end_line = t.line;
  s->end_col = t.col + t.len;
  return t;
}

/* Value of the digits [start, end) times scale; reports numbers that are too large. */
static PdlToken number(Scanner *s, const char *start, const char *end, long long scale) {
  PdlToken t = token(s, PDL_T_INT, start);
  long long v = 0;
  for (const char *p = start; p < end; p++) {
    v = v * 10 + (*p - '0');
    if (v > PDL_MAX_NUMBER) {
      pdl_error(s->f, t.line, t.col, "number '%.*s' is too large", t.len, t.text);
      return t;
    }
  }
  t.num = v * scale;
  return t;
}

/* Skip a block comment that opens at start; false if it never closes. */
static bool skip_comment(Scanner *s, const char *start) {
  const char *p = start + 2;
  for (; p + 1 < s->lim && !(p[0] == '*' && p[1] == '/'); p++) {
    if (*p == '\n') {
      s->line++;
      s->line_start = p + 1;
    }
  }
  if (p + 1 >= s->lim) return false;
  s->cur = p + 2;
  return true;
}

/* The next token; kind 0 at the end of the text or after a lexical error (reported). */
static PdlToken scan(Scanner *s) {
  for (;;) {
    const char *YYCURSOR = s->cur, *YYMARKER = NULL, *start = YYCURSOR;
#define TOK(k) (s->cur = YYCURSOR, token(s, (k), start))
    (void)YYMARKER;
    /*!re2c
      re2c:define:YYCTYPE = "unsigned char";
      re2c:yyfill:enable = 0;

      digits = [0-9]+;
      word   = [a-zA-Z_][a-zA-Z0-9_]*;

      "\x00" { if (YYCURSOR - 1 < s->lim) goto bad;
               s->cur = s->lim;
               PdlToken t = {0};
               t.line = s->end_line ? s->end_line : 1;
               t.col = s->end_col ? s->end_col : 1;
               t.text = s->lim;
               return t; }
      "\n"                { s->cur = YYCURSOR; s->line++; s->line_start = YYCURSOR; continue; }
      [ \t\r\f\v]+        { s->cur = YYCURSOR; continue; }
      ("#" | "//") [^\n\x00]* { s->cur = YYCURSOR; continue; }
      "/*"                { if (skip_comment(s, start)) continue;
                            s->cur = YYCURSOR;
                            PdlToken t = token(s, 0, start);
                            pdl_error(s->f, t.line, t.col, "unterminated comment");
                            return t; }

      "numprocesses" { return TOK(PDL_T_NUMPROCESSES); }
      "spacelimit"   { return TOK(PDL_T_SPACELIMIT); }
      "spaceadvice"  { return TOK(PDL_T_SPACEADVICE); }
      "pattern"      { return TOK(PDL_T_PATTERN); }
      "process"      { return TOK(PDL_T_PROCESS); }
      "beginSend"    { return TOK(PDL_T_BEGINSEND); }
      "endSend"      { return TOK(PDL_T_ENDSEND); }
      "beginRecv"    { return TOK(PDL_T_BEGINRECV); }
      "endRecv"      { return TOK(PDL_T_ENDRECV); }
      "send"         { return TOK(PDL_T_SEND); }
      "recv"         { return TOK(PDL_T_RECV); }
      "dest"         { return TOK(PDL_T_DEST); }
      "source"       { return TOK(PDL_T_SOURCE); }
      "tag"          { return TOK(PDL_T_TAG); }
      "maxsize"      { return TOK(PDL_T_MAXSIZE); }
      "name"         { return TOK(PDL_T_NAME); }
      "ANY"          { return TOK(PDL_T_ANY); }
      "{"            { return TOK(PDL_T_LBRACE); }
      "}"            { return TOK(PDL_T_RBRACE); }
      word           { return TOK(PDL_T_IDENT); }

      digits         { s->cur = YYCURSOR; return number(s, start, YYCURSOR, 1); }
      digits [kK]    { s->cur = YYCURSOR; return number(s, start, YYCURSOR - 1, 1024); }
      digits [a-zA-Z0-9_]+ {
        s->cur = YYCURSOR;
        PdlToken t = token(s, 0, start);
        pdl_error(s->f, t.line, t.col, "invalid number '%.*s' (sizes may end in k, for 1024 bytes)", t.len, t.text);
        return t; }

      * { goto bad; }
    */
#undef TOK
  bad:
    s->cur = start + 1;
    PdlToken t = token(s, 0, start);
    unsigned char c = (unsigned char)*start;
    if (c >= 0x20 && c < 0x7f) pdl_error(s->f, t.line, t.col, "invalid character '%c'", c);
    else pdl_error(s->f, t.line, t.col, "invalid character '\\x%02x'", c);
    return t;
  }
}

PdlFile *pdl_read(const char *text, size_t len) {
  PdlFile *f = pdl_new();
  Scanner s;
  memset(&s, 0, sizeof s);
  s.cur = s.line_start = text;
  s.lim = text + len;
  s.line = 1;
  s.f = f;
  void *parser = PdlParseAlloc(malloc);
  for (;;) {
    PdlToken t = scan(&s);
    if (f->nerrors > 0) break;
    PdlParse(parser, t.kind, t, f);
    if (f->nerrors > 0 || t.kind == 0) break;
  }
  PdlParseFree(parser, free);
  return f;
}
