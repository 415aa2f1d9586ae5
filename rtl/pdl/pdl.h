/* pdl.h - communication patterns in Felten's PDL (docs/pdl.md) and Parachute's analysis of them:
 * message matching, the event-ordering graph (deadlock), blast / synchronizing / receiver-buffered
 * modes, static receiver buffers and the space limit.
 *
 * The public header of rtl/pdl/, the pattern layer of the runtime (docs/pdl.md); the language
 * runtime (rtl/zrt/) uses it for AZ_CHECK and the tailored binding, azpdl for everything.
 * Plain C11 with malloc and no global state: built into azpdl and into libzrt.a. Nothing here
 * prints except the pdl_print_* functions, which write to the FILE* they are given. */
#ifndef AZC_PDL_H
#define AZC_PDL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define PDL_ANY (-1)            /* tag ANY, or a receive without 'source' */
#define PDL_DEFAULT_L0 8000     /* Felten's break-even length for synchronizing mode, bytes */

typedef enum PdlOp { PDL_BEGIN_SEND, PDL_END_SEND, PDL_BEGIN_RECV, PDL_END_RECV, PDL_SEND, PDL_RECV } PdlOp;
typedef enum PdlMode { PDL_RBUF, PDL_SYNC, PDL_BLAST } PdlMode;

/* One statement of a process. */
typedef struct PdlStmt {
  PdlOp op;
  int peer;            /* dest of a send, source of a receive (PDL_ANY: any source) */
  int tag;             /* PDL_ANY: tag ANY (receives only) */
  long long maxsize;   /* bytes */
  char *name;          /* beginX/endX only (owned) */
  int line, col;
} PdlStmt;

typedef struct PdlProcess {
  int id, line, col;
  PdlStmt *stmts;
  int nstmts, cap;
} PdlProcess;

/* One message found by matching, with what the analysis decided for it. */
typedef struct PdlMessage {
  int sender, receiver;    /* process indices in the pattern (not ids) */
  int send_stmt, send_end_stmt; /* statement indices of its beginSend and endSend (send: both) */
  int recv_stmt, recv_end_stmt; /* and of its beginRecv and endRecv (recv: both) */
  int tag;
  long long size;          /* the send's maxsize */
  PdlMode mode;
  long long offset;        /* receiver-buffered: offset in the receiver's buffer; else -1 */
} PdlMessage;

/* The analysis of one pattern (NULL in the pattern when it has errors). */
typedef struct PdlAnalysis {
  PdlMessage *msgs;        /* in the order matching found them */
  int nmsgs;
  long long *buffer;       /* receiver buffer bytes per process index */
  long long bytes;         /* sum of the message sizes */
  long long l0;            /* the L0 finally used */
  int states;              /* run-time state-machine states: 4 per message */
  int nblast, nsync, nrbuf;
  bool space_unmet;        /* even L0 = 0 did not meet the space limit */
} PdlAnalysis;

typedef struct PdlPattern {
  int id, line, col;
  PdlProcess *procs;
  int nprocs, cap;
  PdlAnalysis *an;
} PdlPattern;

/* An error or warning; note (optional) points at a second place. */
typedef struct PdlDiag {
  int line, col;
  bool warning;
  char *msg;
  char *note;
  int note_line, note_col;
} PdlDiag;

typedef struct PdlFile {
  int numprocs;            /* -1: not given */
  long long spacelimit;    /* per process, bytes; -1: none */
  long long spacetotal;    /* all processes together (second spacelimit integer); -1: none */
  long long spaceadvice;   /* soft per-process target; -1: none */
  PdlPattern *patterns;
  int npatterns, cap;
  PdlDiag *diags;
  int ndiags, dcap, nerrors;
} PdlFile;

/* Options of the analysis (NULL: the defaults). */
typedef struct PdlOptions {
  long long l0;            /* benefit of synchronizing mode is size - l0 (PDL_DEFAULT_L0) */
} PdlOptions;

/* ---- building a file (the reader, or a program that makes patterns in memory) ---- */

PdlFile *pdl_new(void);
/* Add a pattern / a process to the last pattern / a statement to the last process. */
PdlPattern *pdl_add_pattern(PdlFile *f, int id, int line, int col);
PdlProcess *pdl_add_process(PdlPattern *p, int id, int line, int col);
PdlStmt *pdl_add_stmt(PdlProcess *pr, PdlOp op, int peer, int tag, long long maxsize, const char *name,
                      int line, int col);
/* Record an error or a warning at line:col of the file. */
PdlDiag *pdl_error(PdlFile *f, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
PdlDiag *pdl_warning(PdlFile *f, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Attach a note at line:col to a diagnostic. */
void pdl_note(PdlDiag *d, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void pdl_free(PdlFile *f);

/* ---- analysis ---- */

/* Check the whole file and analyse every pattern (p->an); returns the number of errors. */
int pdl_check(PdlFile *f, const PdlOptions *opt);
/* Analyse one pattern; errors go to f. NULL when the pattern has errors. */
PdlAnalysis *pdl_analyse(PdlFile *f, const PdlPattern *p, const PdlOptions *opt);
void pdl_analysis_free(PdlAnalysis *a);

/* ---- patterns repeated in a loop (rtl/pdl/pdl_loop.c) ---- */

/* What a message needs in the steady state of a loop whose body is the pattern, with its receive
 * buffer reused from iteration to iteration: nothing (the receiver is proven done with the last
 * iteration's message before the next is sent), nothing if it has two buffers used alternately,
 * or a ready token per iteration. */
typedef enum PdlLoopMode { PDL_LOOP_FREE, PDL_LOOP_FREE2, PDL_LOOP_TOKEN } PdlLoopMode;

/* Per message of p->an (in its order), what it needs in a loop; NULL when p has no analysis.
 * The caller frees the array. */
PdlLoopMode *pdl_loop_modes(const PdlPattern *p);
const char *pdl_loop_mode_name(PdlLoopMode m);

/* ---- output ---- */

/* "beginSend dest 1 tag 0 maxsize 8 name a" into buf. */
void pdl_stmt_text(const PdlStmt *s, char *buf, size_t size);
const char *pdl_mode_name(PdlMode m);
/* Per pattern: messages, bytes, the mode of each message, buffers per process, L0, states. */
void pdl_print_stats(FILE *out, const PdlFile *f);
/* A Graphviz digraph of one analysed pattern. */
void pdl_print_dot(FILE *out, const PdlPattern *p);

/* ---- reading (pdl_lexer.re and pdl_parser.y, next to this file; in azpdl and in libzrt.a) ---- */

/* A token of the reader. */
typedef struct PdlToken {
  int kind, line, col;
  long long num;           /* integers (after a k suffix) */
  const char *text;        /* into the source text */
  int len;
} PdlToken;

/* Parse text into a new file; syntax errors go to its diagnostics (nerrors > 0). */
PdlFile *pdl_read(const char *text, size_t len);
#endif
