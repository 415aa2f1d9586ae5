/* lexer.re - the re2c scanner for section 2: tokens, literals, comments and lexical errors. */
#include "lexer.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ast.h"
#include "parser.h"

void lexer_init(Lexer *L, const Source *src, Diags *diags, Arena *arena) {
  memset(L, 0, sizeof *L);
  L->src = src;
  L->diags = diags;
  L->arena = arena;
  L->cur = src->text;
  L->lim = src->text + src->len;
  L->prev_kind = -1;
  L->prev_end = -1;
  L->last_line = 1;
  L->last_end_col = 1;
}

/* Line and column of a byte offset; offsets only grow, so this walks forward. */
static void locate(Lexer *L, int off, int *line, int *col) {
  const int *starts = L->src->line_starts;
  while (L->line_index + 1 < L->src->nlines && starts[L->line_index + 1] <= off) L->line_index++;
  while (L->line_index > 0 && starts[L->line_index] > off) L->line_index--;
  *line = L->line_index + 1;
  *col = off - starts[L->line_index] + 1;
}

/* Report a lexical error at byte offset off. */
static void lex_error(Lexer *L, int off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void lex_error(Lexer *L, int off, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  int line, col;
  locate(L, off, &line, &col);
  diag_syntax(L->diags, line, col, "%s", msg);
}

/* Finish a token of the given kind spanning [start, L->cur). */
static Token make_token(Lexer *L, int kind, const char *start) {
  Token t;
  memset(&t, 0, sizeof t);
  t.kind = kind;
  t.off = (int)(start - L->src->text);
  t.len = (int)(L->cur - start);
  locate(L, t.off, &t.line, &t.col);
  return t;
}

/* Name of a byte for L1: the character itself or \xHH. */
static const char *char_name(Lexer *L, unsigned char c) {
  if (c >= 0x20 && c < 0x7f) return arena_printf(L->arena, "%c", c);
  return arena_printf(L->arena, "\\x%02x", c);
}

/* Read one escape sequence after a backslash at p (p points at the character after '\').
   Returns the value, advances *pp; reports L9 for an unknown escape. */
static int read_escape(Lexer *L, const char **pp) {
  const char *p = *pp;
  int c = (unsigned char)*p;
  int v;
  switch (c) {
  case 'n': v = '\n'; break;
  case 't': v = '\t'; break;
  case 'r': v = '\r'; break;
  case 'b': v = '\b'; break;
  case 'f': v = '\f'; break;
  case 'v': v = '\v'; break;
  case 'a': v = '\a'; break;
  case '\\': v = '\\'; break;
  case '\'': v = '\''; break;
  case '"': v = '"'; break;
  default:
    if (c >= '0' && c <= '7') {
      v = 0;
      for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++, p++) v = v * 8 + (*p - '0');
      *pp = p;
      return v & 0xff;
    }
    lex_error(L, (int)(p - 1 - L->src->text), "unknown escape sequence '\\%s'",
              c == 0 || c == '\n' ? "" : char_name(L, (unsigned char)c));
    v = c;
    break;
  }
  *pp = p + 1;
  return v;
}

/* A string literal starting at the '"' just consumed (L->cur is after it). */
static Token lex_string(Lexer *L, const char *start) {
  size_t cap = 32, n = 0;
  char *buf = xmalloc(cap);
  const char *p = L->cur;
  for (;;) {
    if (p >= L->lim || *p == '\n' || (*p == '\r' && p[1] == '\n')) {
      lex_error(L, (int)(start - L->src->text), "unterminated string literal");
      free(buf);
      L->cur = p;
      return make_token(L, TK_LEXERROR, start);
    }
    int c;
    if (*p == '"') {
      p++;
      break;
    }
    if (*p == '\\' && p + 1 < L->lim && (p[1] == '\n' || (p[1] == '\r' && p + 2 < L->lim && p[2] == '\n'))) {
      p += p[1] == '\n' ? 2 : 3;
      continue;
    }
    if (*p == '\\' && p + 1 < L->lim) {
      p++;
      c = read_escape(L, &p);
    } else {
      c = (unsigned char)*p++;
    }
    if (n + 1 >= cap) buf = xrealloc(buf, cap *= 2);
    buf[n++] = (char)c;
  }
  L->cur = p;
  Token t = make_token(L, TK_STRINGLIT, start);
  t.str = arena_strndup(L->arena, buf, n);
  t.slen = (int)n;
  free(buf);
  return t;
}

/* A character literal starting at the '\'' just consumed. */
static Token lex_char(Lexer *L, const char *start) {
  const char *p = L->cur;
  int value = 0;
  if (p < L->lim && *p != '\'' && *p != '\n') {
    if (*p == '\\' && p + 1 < L->lim && p[1] != '\n') {
      p++;
      value = read_escape(L, &p);
    } else {
      value = (unsigned char)*p++;
    }
    if (p < L->lim && *p == '\'') {
      L->cur = p + 1;
      Token t = make_token(L, TK_CHARLIT, start);
      t.ival = (signed char)value;
      return t;
    }
  }
  lex_error(L, (int)(start - L->src->text), "invalid character literal");
  /* Recover: a closing quote later on the same line ends the literal. */
  const char *q = L->cur;
  while (q < L->lim && *q != '\n' && *q != '\'') q++;
  if (q < L->lim && *q == '\'') {
    L->cur = q + 1;
    return make_token(L, TK_CHARLIT, start);
  }
  L->cur = p > L->cur ? p : L->cur;
  return make_token(L, TK_LEXERROR, start);
}

/* Skip a block comment that opens at start. Returns false at end of file (L3). */
static bool skip_block_comment(Lexer *L, const char *start) {
  const char *p = start + 2;
  while (p + 1 < L->lim && !(p[0] == '*' && p[1] == '/')) p++;
  if (p + 1 >= L->lim) {
    lex_error(L, (int)(start - L->src->text), "unterminated comment");
    L->cur = L->lim;
    L->eof_in_error = true;
    return false;
  }
  L->cur = p + 2;
  return true;
}

/* True if only blanks precede p on its line. */
static bool first_on_line(Lexer *L, const char *p) {
  const char *q = p;
  while (q > L->src->text && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\f' || q[-1] == '\v' || q[-1] == '\r')) q--;
  return q == L->src->text || q[-1] == '\n';
}

/* Value of an integer literal; reports L5/L6. */
static Token lex_int(Lexer *L, const char *start) {
  Token t = make_token(L, TK_INTLIT, start);
  const char *p = start, *end = L->cur;
  bool suffix = end > p && (end[-1] == 'l' || end[-1] == 'L');
  if (suffix) end--;
  int base = 10;
  if (end - p > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    base = 16;
    p += 2;
  } else if (end - p > 1 && p[0] == '0') {
    base = 8;
  }
  const char *text = arena_strndup(L->arena, start, (size_t)t.len);
  uint64_t v = 0;
  bool overflow = false;
  for (const char *q = p; q < end; q++) {
    int d = *q <= '9' ? *q - '0' : (*q | 0x20) - 'a' + 10;
    if (base == 8 && d > 7) {
      char digit[2] = {*q, 0};
      lex_error(L, t.off, "invalid digit '%s' in octal literal '%s'", digit, text);
      return t;
    }
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) overflow = true;
    v = v * (uint64_t)base + (uint64_t)d;
  }
  if (overflow || v > (uint64_t)INT64_MAX) {
    lex_error(L, t.off, "integer literal '%s' is out of range", text);
    return t;
  }
  t.ival = (int64_t)v;
  t.is_long = suffix || v > (uint64_t)INT32_MAX;
  return t;
}

/* Value of a floating literal. */
static Token lex_float(Lexer *L, const char *start) {
  Token t = make_token(L, TK_FLOATLIT, start);
  char *text = arena_strndup(L->arena, start, (size_t)t.len);
  size_t n = strlen(text);
  if (n && (text[n - 1] == 'l' || text[n - 1] == 'L')) text[n - 1] = 0;
  t.fval = strtod(text, NULL);
  return t;
}

/* A token whose kind depends on its text: a keyword or a reduction/scan word. */
static Token with_val(Token t, int64_t v) {
  t.ival = v;
  return t;
}

/* Scan the next token, including any lexical error handling; may return TK_LEXERROR. */
static Token scan(Lexer *L) {
  for (;;) {
    const char *YYCURSOR = L->cur, *YYMARKER = NULL, *YYCTXMARKER = NULL;
    const char *start = YYCURSOR;
#define TOK(k) (L->cur = YYCURSOR, make_token(L, (k), start))
#define TOKV(k, v) (L->cur = YYCURSOR, with_val(make_token(L, (k), start), (v)))
    (void)YYMARKER;
    (void)YYCTXMARKER;
    /*!re2c
      re2c:define:YYCTYPE = "unsigned char";
      re2c:yyfill:enable = 0;
      re2c:flags:bit-vectors = 1;

      dec   = [1-9][0-9]* | "0";
      oct   = "0" [0-9]+;
      hex   = "0" [xX] [0-9a-fA-F]+;
      exp   = [eE] [+-]? [0-9]+;
      ident = [a-zA-Z_][a-zA-Z0-9_]*;

      "\x00" { if (YYCURSOR - 1 >= L->lim) { L->cur = L->lim; return make_token(L, 0, L->lim); }
               L->cur = YYCURSOR; lex_error(L, (int)(start - L->src->text), "invalid character '%s'", "\\x00");
               return make_token(L, TK_LEXERROR, start); }
      [ \t\r\n\f\v]+ { L->cur = YYCURSOR; continue; }
      "--" [^\n\x00]* { L->cur = YYCURSOR; continue; }
      "/*" { if (!skip_block_comment(L, start)) return make_token(L, 0, L->lim); continue; }

      "array"      { return TOK(TK_ARRAY); }
      "at"         { return TOK(TK_AT); }
      "begin"      { return TOK(TK_BEGIN); }
      "block" | "cyclic" | "multiblock" | "nondist" | "irregular" | "scaledby" { return TOK(TK_DISTWORD); }
      "bread"      { return TOK(TK_BREAD); }
      "bwrite"     { return TOK(TK_BWRITE); }
      "by"         { return TOK(TK_BY); }
      "complex" | "dcomplex" | "qcomplex" { return TOK(TK_COMPLEX); }
      "config"     { return TOK(TK_CONFIG); }
      "const"      { return TOK(TK_CONST); }
      "constant"   { return TOK(TK_CONSTANT); }
      "continue"   { return TOK(TK_CONTINUE); }
      "direction"  { return TOK(TK_DIRECTION); }
      "distribution" { return TOK(TK_DISTRIBUTION); }
      "do"         { return TOK(TK_DO); }
      "downto"     { return TOK(TK_DOWNTO); }
      "else"       { return TOK(TK_ELSE); }
      "elsif"      { return TOK(TK_ELSIF); }
      "end"        { return TOK(TK_END); }
      "exit"       { return TOK(TK_EXIT); }
      "extern"     { return TOK(TK_EXTERN); }
      "for"        { return TOK(TK_FOR); }
      "free"       { return TOK(TK_FREE); }
      "generic" | "genericensemble" | "opaque" { return TOK(TK_GENERIC); }
      "grid"       { return TOK(TK_GRID); }
      "halt"       { return TOK(TK_HALT); }
      "if"         { return TOK(TK_IF); }
      "in"         { return TOK(TK_IN); }
      "inout"      { return TOK(TK_INOUT); }
      "interleave" { return TOK(TK_INTERLEAVE); }
      "of"         { return TOK(TK_OF); }
      "out"        { return TOK(TK_OUT); }
      "procedure"  { return TOK(TK_PROCEDURE); }
      "program"    { return TOK(TK_PROGRAM); }
      "prototype"  { return TOK(TK_PROTOTYPE); }
      "read"       { return TOK(TK_READ); }
      "record"     { return TOK(TK_RECORD); }
      "reflect"    { return TOK(TK_REFLECT); }
      "region"     { return TOK(TK_REGION); }
      "repeat"     { return TOK(TK_REPEAT); }
      "return"     { return TOK(TK_RETURN); }
      "scan"       { return TOK(TK_SCAN); }
      "static"     { return TOK(TK_STATIC); }
      "swith" | "swithout" { return TOK(TK_SWITH); }
      "then"       { return TOK(TK_THEN); }
      "to"         { return TOK(TK_TO); }
      "type"       { return TOK(TK_TYPE); }
      "union"      { return TOK(TK_UNION); }
      "until"      { return TOK(TK_UNTIL); }
      "var"        { return TOK(TK_VAR); }
      "while"      { return TOK(TK_WHILE); }
      "with"       { return TOK(TK_WITH); }
      "without"    { return TOK(TK_WITHOUT); }
      "wrap"       { return TOK(TK_WRAP); }
      "write"      { return TOK(TK_WRITE); }
      "writeln"    { return TOK(TK_WRITELN); }
      "boolean"    { return TOKV(TK_SCALAR, SK_BOOLEAN); }
      "char"       { return TOKV(TK_SCALAR, SK_CHAR); }
      "sbyte"      { return TOKV(TK_SCALAR, SK_SBYTE); }
      "ubyte"      { return TOKV(TK_SCALAR, SK_UBYTE); }
      "shortint"   { return TOKV(TK_SCALAR, SK_SHORTINT); }
      "ushortint"  { return TOKV(TK_SCALAR, SK_USHORTINT); }
      "integer"    { return TOKV(TK_SCALAR, SK_INTEGER); }
      "uinteger"   { return TOKV(TK_SCALAR, SK_UINTEGER); }
      "longint"    { return TOKV(TK_SCALAR, SK_LONGINT); }
      "ulongint"   { return TOKV(TK_SCALAR, SK_ULONGINT); }
      "float"      { return TOKV(TK_SCALAR, SK_FLOAT); }
      "double"     { return TOKV(TK_SCALAR, SK_DOUBLE); }
      "quad"       { return TOKV(TK_SCALAR, SK_QUAD); }
      "string"     { return TOKV(TK_SCALAR, SK_STRING); }
      "file"       { return TOKV(TK_SCALAR, SK_FILE); }

      "+<<"    { return TOKV(TK_REDUCE, RED_ADD); }
      "*<<"    { return TOKV(TK_REDUCE, RED_MUL); }
      "&<<"    { return TOKV(TK_REDUCE, RED_AND); }
      "|<<"    { return TOKV(TK_REDUCE, RED_OR); }
      "max<<"  { return TOKV(TK_REDUCE, RED_MAX); }
      "min<<"  { return TOKV(TK_REDUCE, RED_MIN); }
      "band<<" { return TOKV(TK_REDUCE, RED_BAND); }
      "bor<<"  { return TOKV(TK_REDUCE, RED_BOR); }
      "bxor<<" { return TOKV(TK_REDUCE, RED_BXOR); }
      "+||"    { return TOKV(TK_SCANOP, RED_ADD); }
      "*||"    { return TOKV(TK_SCANOP, RED_MUL); }
      "&||"    { return TOKV(TK_SCANOP, RED_AND); }
      "|||"    { return TOKV(TK_SCANOP, RED_OR); }
      "max||"  { return TOKV(TK_SCANOP, RED_MAX); }
      "min||"  { return TOKV(TK_SCANOP, RED_MIN); }
      "band||" { return TOKV(TK_SCANOP, RED_BAND); }
      "bor||"  { return TOKV(TK_SCANOP, RED_BOR); }
      "bxor||" { return TOKV(TK_SCANOP, RED_BXOR); }
      ident "<<" { return TOK(TK_USERREDUCE); }
      ident "||" { return TOK(TK_USERSCAN); }

      ident { return TOK(TK_IDENT); }

      (dec | oct | hex) [lL]? { L->cur = YYCURSOR; return lex_int(L, start); }
      [0-9]+ / ".." { L->cur = YYCURSOR; return lex_int(L, start); }
      ([0-9]+ "." [0-9]* exp? | "." [0-9]+ exp? | [0-9]+ exp) [lL]? { L->cur = YYCURSOR; return lex_float(L, start); }

      "'@" { if (L->prev_end == (int)(start - L->src->text) && (L->prev_kind == TK_IDENT || L->prev_kind == TK_RBRACKET))
               return TOK(TK_PRIMEAT);
             L->cur = start + 1; return lex_char(L, start); }
      "'"  { L->cur = YYCURSOR; return lex_char(L, start); }
      "\"" { L->cur = YYCURSOR; if (L->bracket_depth > 0) return make_token(L, TK_DITTO, start);
             return lex_string(L, start); }

      ":="  { return TOK(TK_ASSIGN); }
      "+="  { return TOKV(TK_OPASSIGN, AS_ADD); }
      "-="  { return TOKV(TK_OPASSIGN, AS_SUB); }
      "*="  { return TOKV(TK_OPASSIGN, AS_MUL); }
      "/="  { return TOKV(TK_OPASSIGN, AS_DIV); }
      "%="  { return TOKV(TK_OPASSIGN, AS_MOD); }
      "&="  { return TOKV(TK_OPASSIGN, AS_AND); }
      "|="  { return TOKV(TK_OPASSIGN, AS_OR); }
      "+"   { return TOK(TK_PLUS); }
      "-"   { return TOK(TK_MINUS); }
      "*"   { return TOK(TK_STAR); }
      "/"   { return TOK(TK_SLASH); }
      "%"   { return TOK(TK_PERCENT); }
      "^"   { return TOK(TK_CARET); }
      "="   { return TOK(TK_EQ); }
      "=="  { Token t = TOK(TK_EQ); lex_error(L, t.off, "'==' is not an operator; use '=' to compare"); return t; }
      "!="  { return TOK(TK_NE); }
      "<"   { return TOK(TK_LT); }
      "<="  { return TOK(TK_LE); }
      ">"   { return TOK(TK_GT); }
      ">="  { return TOK(TK_GE); }
      "&"   { return TOK(TK_AMP); }
      "&&"  { Token t = TOK(TK_AMP); lex_error(L, t.off, "'&&' is not an operator; use '&'"); return t; }
      "|"   { return TOK(TK_PIPE); }
      "||"  { Token t = TOK(TK_PIPE); lex_error(L, t.off, "'||' is not an operator; use '|'"); return t; }
      "!"   { return TOK(TK_BANG); }
      "@"   { return TOK(TK_ATSIGN); }
      "@^"  { return TOK(TK_ATCARET); }
      ">>"  { return TOK(TK_FLOOD); }
      ".."  { return TOK(TK_DOTDOT); }
      "."   { return TOK(TK_DOT); }
      ","   { return TOK(TK_COMMA); }
      ";"   { L->bracket_depth = 0; return TOK(TK_SEMI); }
      ":"   { return TOK(TK_COLON); }
      "::"  { return TOK(TK_GRIDDIM); }
      "("   { return TOK(TK_LPAREN); }
      ")"   { return TOK(TK_RPAREN); }
      "["   { L->bracket_depth++; return TOK(TK_LBRACKET); }
      "]"   { if (L->bracket_depth > 0) L->bracket_depth--; return TOK(TK_RBRACKET); }
      "{"   { return TOK(TK_LBRACE); }
      "}"   { return TOK(TK_RBRACE); }
      "?"   { return TOK(TK_QUESTION); }
      "<##" | ">##" { return TOK(TK_PERMASSIGN); }
      "<==" | "<=#" { return TOK(TK_REGASSIGN); }
      "#"   { if (first_on_line(L, start)) {
                lex_error(L, (int)(start - L->src->text), "preprocessor directives are not supported");
                while (YYCURSOR < (const char *)L->lim && *YYCURSOR != '\n') YYCURSOR++;
                L->cur = YYCURSOR;
                continue;
              }
              return TOK(TK_HASH); }
      [\x80-\xff]+ { L->cur = YYCURSOR; lex_error(L, (int)(start - L->src->text), "invalid character '%s'", char_name(L, (unsigned char)*start));
              return make_token(L, TK_LEXERROR, start); }
      * { L->cur = YYCURSOR; lex_error(L, (int)(start - L->src->text), "invalid character '%s'", char_name(L, (unsigned char)*start));
          return make_token(L, TK_LEXERROR, start); }
    */
#undef TOK
#undef TOKV
  }
}

Token lexer_next(Lexer *L) {
  Token t = scan(L);
  if (t.kind != 0) {
    L->prev_kind = t.kind;
    L->prev_end = t.off + t.len;
    L->last_line = t.line;
    L->last_end_col = t.col + t.len;
    /* A token spanning lines (a joined string) ends on a later line. */
    for (int i = 0; i < t.len; i++)
      if (L->src->text[t.off + i] == '\n') {
        int line, col;
        locate(L, t.off + t.len, &line, &col);
        L->last_line = line;
        L->last_end_col = col;
        break;
      }
  } else {
    t.line = L->last_line;
    t.col = L->last_end_col;
    t.off = (int)L->src->len;
  }
  return t;
}

bool token_is_reserved(int kind) {
  switch (kind) {
  case TK_ARRAY: case TK_AT: case TK_BEGIN: case TK_DISTWORD: case TK_BREAD: case TK_BWRITE: case TK_BY:
  case TK_COMPLEX: case TK_CONFIG: case TK_CONST: case TK_CONSTANT: case TK_CONTINUE: case TK_DIRECTION:
  case TK_DISTRIBUTION: case TK_DO: case TK_DOWNTO: case TK_ELSE: case TK_ELSIF: case TK_END: case TK_EXIT:
  case TK_EXTERN: case TK_FOR: case TK_FREE: case TK_GENERIC: case TK_GRID: case TK_HALT: case TK_IF:
  case TK_IN: case TK_INOUT: case TK_INTERLEAVE: case TK_OF: case TK_OUT: case TK_PROCEDURE:
  case TK_PROGRAM: case TK_PROTOTYPE: case TK_READ: case TK_RECORD: case TK_REFLECT: case TK_REGION:
  case TK_REPEAT: case TK_RETURN: case TK_SCAN: case TK_STATIC: case TK_SWITH: case TK_THEN: case TK_TO:
  case TK_TYPE: case TK_UNION: case TK_UNTIL: case TK_VAR: case TK_WHILE: case TK_WITH: case TK_WITHOUT:
  case TK_WRAP: case TK_WRITE: case TK_WRITELN: case TK_SCALAR:
    return true;
  default:
    return false;
  }
}
