/* pdl_parser.y - the lemon grammar of PDL files (docs/pdl.md): Felten's Appendix A, plus the looser
 * forms of his examples (a receive without 'source', 'tag ANY', empty patterns and processes).
 * Actions only call pdl_add_* builders (rtl/pdl/pdl.h); the first syntax error stops the parse. */

%name PdlParse
%token_prefix PDL_T_
%token_type {PdlToken}
%extra_argument {PdlFile *f}

%include {
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "pdl.h"

static int small(PdlFile *f, PdlToken t);
static void add(PdlFile *f, PdlOp op, PdlToken k, int peer, int tag, PdlToken size, const PdlToken *name);
static void set_numprocs(PdlFile *f, PdlToken k, PdlToken n);
static void syntax_error(PdlFile *f, const PdlToken *found, const bool *accepted, int ntokens);
static PdlPattern *last_pattern(PdlFile *f);
}

%syntax_error {
  bool accepted[YYNTOKEN];
  for (int t = 0; t < YYNTOKEN; t++) {
    YYACTIONTYPE act = yy_find_shift_action((YYCODETYPE)t, yypParser->yytos->stateno);
    accepted[t] = act != YY_ERROR_ACTION && act != YY_NO_ACTION;
  }
  syntax_error(f, &TOKEN, accepted, YYNTOKEN);
  (void)yymajor;
}

/* Words that may also be names (name send, name tag ...). */
%fallback IDENT NUMPROCESSES SPACELIMIT SPACEADVICE PATTERN PROCESS BEGINSEND ENDSEND BEGINRECV ENDRECV
          SEND RECV DEST SOURCE TAG MAXSIZE NAME ANY.

file ::= directives patterns.

directives ::= .
directives ::= directives directive.

directive ::= NUMPROCESSES(K) INT(N). { set_numprocs(f, K, N); }
directive ::= SPACELIMIT INT(X). { f->spacelimit = X.num; }
directive ::= SPACELIMIT INT(X) INT(Y). { f->spacelimit = X.num; f->spacetotal = Y.num; }
directive ::= SPACEADVICE INT(X). { f->spaceadvice = X.num; }

patterns ::= .
patterns ::= patterns pattern.

pattern ::= pattern_head LBRACE processes RBRACE.
pattern_head ::= PATTERN(K) INT(N). { pdl_add_pattern(f, small(f, N), K.line, K.col); }

processes ::= .
processes ::= processes process.

process ::= process_head LBRACE stmts RBRACE.
process_head ::= PROCESS(K) INT(N). { pdl_add_process(last_pattern(f), small(f, N), K.line, K.col); }

stmts ::= .
stmts ::= stmts stmt.

stmt ::= BEGINSEND(K) DEST INT(D) TAG INT(T) MAXSIZE INT(S) NAME IDENT(X).
  { add(f, PDL_BEGIN_SEND, K, small(f, D), small(f, T), S, &X); }
stmt ::= SEND(K) DEST INT(D) TAG INT(T) MAXSIZE INT(S).
  { add(f, PDL_SEND, K, small(f, D), small(f, T), S, NULL); }
stmt ::= BEGINRECV(K) source(P) TAG tagspec(T) MAXSIZE INT(S) NAME IDENT(X).
  { add(f, PDL_BEGIN_RECV, K, P, T, S, &X); }
stmt ::= RECV(K) source(P) TAG tagspec(T) MAXSIZE INT(S).
  { add(f, PDL_RECV, K, P, T, S, NULL); }
stmt ::= ENDSEND(K) NAME IDENT(X). { add(f, PDL_END_SEND, K, PDL_ANY, PDL_ANY, K, &X); }
stmt ::= ENDRECV(K) NAME IDENT(X). { add(f, PDL_END_RECV, K, PDL_ANY, PDL_ANY, K, &X); }

%type source {int}
source(A) ::= . { A = PDL_ANY; }
source(A) ::= SOURCE INT(N). { A = small(f, N); }

%type tagspec {int}
tagspec(A) ::= INT(N). { A = small(f, N); }
tagspec(A) ::= ANY. { A = PDL_ANY; }

%code {
/* The value of an integer token that must fit an int (ids, tags). */
static int small(PdlFile *f, PdlToken t) {
  if (t.num > INT_MAX) {
    pdl_error(f, t.line, t.col, "%.*s is too large here (at most %d)", t.len, t.text, INT_MAX);
    return 0;
  }
  return (int)t.num;
}

static PdlPattern *last_pattern(PdlFile *f) { return &f->patterns[f->npatterns - 1]; }

/* Add a statement to the process being read. */
static void add(PdlFile *f, PdlOp op, PdlToken k, int peer, int tag, PdlToken size, const PdlToken *name) {
  PdlPattern *p = last_pattern(f);
  char *s = NULL;
  if (name) {
    s = malloc((size_t)name->len + 1);
    if (!s) {
      fputs("pdl: out of memory\n", stderr);
      exit(1);
    }
    memcpy(s, name->text, (size_t)name->len);
    s[name->len] = '\0';
  }
  long long bytes = op == PDL_END_SEND || op == PDL_END_RECV ? 0 : size.num;
  pdl_add_stmt(&p->procs[p->nprocs - 1], op, peer, tag, bytes, s, k.line, k.col);
  free(s);
}

static void set_numprocs(PdlFile *f, PdlToken k, PdlToken n) {
  if (f->numprocs >= 0) pdl_error(f, k.line, k.col, "numprocesses is given twice");
  else if (n.num < 1) pdl_error(f, n.line, n.col, "numprocesses must be at least 1");
  else f->numprocs = small(f, n);
}

/* How a token kind is written in "expected ..." messages. */
static const char *spelling(int kind) {
  switch (kind) {
  case PDL_T_NUMPROCESSES: return "'numprocesses'";
  case PDL_T_SPACELIMIT: return "'spacelimit'";
  case PDL_T_SPACEADVICE: return "'spaceadvice'";
  case PDL_T_PATTERN: return "'pattern'";
  case PDL_T_PROCESS: return "'process'";
  case PDL_T_BEGINSEND: return "'beginSend'";
  case PDL_T_ENDSEND: return "'endSend'";
  case PDL_T_BEGINRECV: return "'beginRecv'";
  case PDL_T_ENDRECV: return "'endRecv'";
  case PDL_T_SEND: return "'send'";
  case PDL_T_RECV: return "'recv'";
  case PDL_T_DEST: return "'dest'";
  case PDL_T_SOURCE: return "'source'";
  case PDL_T_TAG: return "'tag'";
  case PDL_T_MAXSIZE: return "'maxsize'";
  case PDL_T_NAME: return "'name'";
  case PDL_T_ANY: return "'ANY'";
  case PDL_T_LBRACE: return "'{'";
  case PDL_T_RBRACE: return "'}'";
  case PDL_T_INT: return "an integer";
  case PDL_T_IDENT: return "a name";
  default: return "end of file";
  }
}

/* "expected A, B or C, found X" from the tokens the parser would have taken. */
static void syntax_error(PdlFile *f, const PdlToken *found, const bool *accepted, int ntokens) {
  char msg[512];
  int n = snprintf(msg, sizeof msg, "expected ");
  int count = 0, total = 0;
  for (int t = 0; t < ntokens; t++) total += accepted[t] && !(accepted[PDL_T_IDENT] && t != PDL_T_IDENT && t != 0);
  for (int t = 0; t < ntokens && n < (int)sizeof msg - 64; t++) {
    if (!accepted[t] || (accepted[PDL_T_IDENT] && t != PDL_T_IDENT && t != 0)) continue; /* keywords fall back to names */
    count++;
    n += snprintf(msg + n, sizeof msg - (size_t)n, "%s%s", count == 1 ? "" : count == total ? " or " : ", ", spelling(t));
  }
  if (count == 0) n = snprintf(msg, sizeof msg, "unexpected");
  else n += snprintf(msg + n, sizeof msg - (size_t)n, ", found");
  if (found->kind == 0) pdl_error(f, found->line, found->col, "%s end of file", msg);
  else pdl_error(f, found->line, found->col, "%s '%.*s'", msg, found->len, found->text);
}
}
