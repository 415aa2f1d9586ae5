/* lexer.h - the tokens of section 2 and the re2c scanner that produces them. */
#ifndef AZC_LEXER_H
#define AZC_LEXER_H
#include <stdbool.h>
#include <stdint.h>
#include "arena.h"
#include "diag.h"
#include "source.h"

/* A token. kind is a TK_* code from the generated parser.h (0 is end of file). */
typedef struct Token {
  int kind;
  int off, len;        /* byte span in the source */
  int line, col;
  int64_t ival;        /* INTLIT, CHARLIT; ScalarKind for SCALAR; RedOp for REDUCE/SCANOP; AssignOp for OPASSIGN */
  bool is_long;        /* INTLIT of type longint */
  double fval;         /* FLOATLIT */
  const char *str;     /* STRINGLIT: value after escapes */
  int slen;
} Token;

typedef struct Lexer {
  const Source *src;
  Diags *diags;
  Arena *arena;
  const char *cur, *lim;
  int line_index;      /* 0-based line of cur, for cheap line/column computation */
  int bracket_depth;   /* inside [...], '"' is the ditto token */
  int prev_kind;       /* the previous token, for the primed shift "A'@" */
  int prev_end;
  int last_line, last_end_col; /* where the last real token ended (end-of-file errors go there) */
  bool eof_in_error;   /* the end of file came inside an unterminated comment (L3) */
} Lexer;

void lexer_init(Lexer *L, const Source *src, Diags *diags, Arena *arena);
/* The next token; TK_LEXERROR where the text cannot be read as a token (the error is reported). */
Token lexer_next(Lexer *L);
/* True if the token is a reserved word (section 2.4). */
bool token_is_reserved(int kind);
#endif
