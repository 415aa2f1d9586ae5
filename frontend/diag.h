/* diag.h - compile-time diagnostics in the three-line form of section 14.1. */
#ifndef AZC_DIAG_H
#define AZC_DIAG_H
#include <stdbool.h>
#include <stdio.h>
#include "arena.h"
#include "source.h"

typedef struct Diag {
  int line, col;
  bool warning;
  const char *msg;
  const char *note;   /* optional "PATH:LINE:COL: note: MESSAGE" line */
  int seq;            /* report order, for stable sorting */
  int construct;      /* the construct it belongs to (0: none): only one error per construct is shown */
} Diag;

typedef struct Diags {
  Arena *arena;
  const Source *src;
  PtrVec syntax;        /* lexical and syntax errors, in file order */
  PtrVec semantic;      /* semantic errors, sorted before printing */
  PtrVec warnings;
  int error_limit;      /* 0: no limit */
  int seq;
  int construct_depth;  /* >0 while checking one construct: keep only its first error */
  Diag *construct_best;
  int suppressed;       /* errors swallowed because their construct already had one */
  int construct_id;     /* id of the outermost construct being checked (0: none) */
  int next_construct;
} Diags;

void diag_init(Diags *d, Arena *a, const Source *src);
/* A lexical or syntax error. */
void diag_syntax(Diags *d, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A semantic error. Returns the diagnostic (to attach a note). */
Diag *diag_error(Diags *d, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A semantic error found later (a whole-program analysis) that belongs to an earlier construct. */
Diag *diag_error_in(Diags *d, int construct, int line, int col, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The id of the construct being checked now (0 if none), to attribute later errors to it. */
int diag_current_construct(const Diags *d);
/* A warning. */
void diag_warning(Diags *d, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Begin checking one construct (statement, declaration item, condition): only its first error counts. */
void diag_construct_begin(Diags *d);
/* A fresh construct id, for a construct checked in several places. */
int diag_new_construct(Diags *d);
/* Begin checking (part of) the construct with a given id. */
void diag_construct_begin_id(Diags *d, int id);
/* End the construct begun last; commit its first error. */
void diag_construct_end(Diags *d);
bool diag_has_syntax_errors(const Diags *d);
bool diag_has_errors(const Diags *d);
/* Print everything per section 14.1 to out; returns the number of errors printed. */
int diag_print(Diags *d, FILE *out);
#endif
