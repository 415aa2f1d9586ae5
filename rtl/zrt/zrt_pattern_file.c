/* zrt_pattern_file.c - AZ_CHECK=FILE: the patterns a run must follow, read from a pattern file
 * (the one azc writes next to the C file, or one a run wrote with --az-pdl). The file is read
 * and checked with the same reader and analysis as azpdl's (rtl/pdl/pdl.c, rtl/pdl/pdl_lexer.re, pdl_parser.y); each
 * process keeps its own calls of every pattern as the runtime records them, so that every
 * iteration, the first one included, is compared call by call (zrt_pattern.c). */
#include "pdl.h"
#include "zrt_internal.h"
#include <stdlib.h>
#include <string.h>

typedef struct file_pattern {
  int id;
  zrt_pev *calls;            /* this process's calls, in order */
  size_t n;
} file_pattern;

static file_pattern *patterns;
static int npatterns;

/* The whole file at path, or NULL. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = NULL;
  size_t cap = 0;
  *len = 0;
  for (;;) {
    if (*len + 4096 + 1 > cap) {
      cap = 2 * cap + 8192;
      char *t = realloc(text, cap);
      if (!t)
        zrt_error(0, "out of memory");
      text = t;
    }
    size_t got = fread(text + *len, 1, cap - *len - 1, f);
    *len += got;
    if (got == 0)
      break;
  }
  fclose(f);
  text[*len] = '\0';
  return text;
}

/* The statement of pr that begins the message named name before statement k, or NULL. */
static const PdlStmt *begun(const PdlProcess *pr, int k, const char *name) {
  for (int i = k - 1; i >= 0; i--)
    if ((pr->stmts[i].op == PDL_BEGIN_SEND || pr->stmts[i].op == PDL_BEGIN_RECV) && pr->stmts[i].name &&
        strcmp(pr->stmts[i].name, name) == 0)
      return &pr->stmts[i];
  return NULL;
}

static void add_call(file_pattern *fp, int id, int kind, const PdlStmt *s) {
  zrt_pev *c = realloc(fp->calls, (fp->n + 1) * sizeof *c);
  if (!c)
    zrt_error(0, "out of memory");
  fp->calls = c;
  fp->calls[fp->n++] = (zrt_pev){id, kind, s->peer, s->tag, s->maxsize};
}

/* Process pr's statements as the calls the runtime records (a blocking send or receive is a
 * begin and an end; an end gets the peer, tag and size of its begin). */
static void calls_of(file_pattern *fp, int id, const PdlProcess *pr) {
  for (int k = 0; k < pr->nstmts; k++) {
    const PdlStmt *s = &pr->stmts[k];
    switch (s->op) {
    case PDL_BEGIN_SEND: add_call(fp, id, ZRT_PEV_BEGIN_SEND, s); break;
    case PDL_BEGIN_RECV: add_call(fp, id, ZRT_PEV_BEGIN_RECV, s); break;
    case PDL_END_SEND: add_call(fp, id, ZRT_PEV_END_SEND, begun(pr, k, s->name)); break;
    case PDL_END_RECV: add_call(fp, id, ZRT_PEV_END_RECV, begun(pr, k, s->name)); break;
    case PDL_SEND:
      add_call(fp, id, ZRT_PEV_BEGIN_SEND, s);
      add_call(fp, id, ZRT_PEV_END_SEND, s);
      break;
    case PDL_RECV:
      add_call(fp, id, ZRT_PEV_BEGIN_RECV, s);
      add_call(fp, id, ZRT_PEV_END_RECV, s);
      break;
    }
  }
}

void zrt_pattern_file_load(const char *path) {
  size_t len;
  char *text = slurp(path, &len);
  if (!text)
    zrt_error(0, "AZ_CHECK: cannot read the pattern file '%s'", path);
  PdlFile *f = pdl_read(text, len);
  if (f->nerrors == 0)
    pdl_check(f, NULL);
  for (int i = 0; i < f->ndiags; i++)
    if (!f->diags[i].warning)
      zrt_error(0, "AZ_CHECK: %s:%d:%d: %s", path, f->diags[i].line, f->diags[i].col, f->diags[i].msg);
  if (f->numprocs >= 0 && f->numprocs != zrt_g.nprocs)
    zrt_error(0, "AZ_CHECK: '%s' describes %d process%s, this run has %d", path, f->numprocs,
              f->numprocs == 1 ? "" : "es", zrt_g.nprocs);
  patterns = calloc((size_t)f->npatterns + 1, sizeof *patterns);
  if (!patterns)
    zrt_error(0, "out of memory");
  for (int i = 0; i < f->npatterns; i++) {
    const PdlPattern *p = &f->patterns[i];
    file_pattern *fp = &patterns[npatterns++];
    fp->id = p->id;
    for (int q = 0; q < p->nprocs; q++)
      if (p->procs[q].id == zrt_g.me)
        calls_of(fp, p->id, &p->procs[q]);
  }
  pdl_free(f);
  free(text);
}

const zrt_pev *zrt_pattern_file_calls(int id, size_t *n) {
  static const zrt_pev none; /* a process without calls in the pattern */
  for (int i = 0; i < npatterns; i++)
    if (patterns[i].id == id) {
      *n = patterns[i].n;
      return patterns[i].calls ? patterns[i].calls : &none;
    }
  return NULL;
}
