/* diag.c - collecting, ordering and printing diagnostics (section 14.1). */
#include "diag.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diag_init(Diags *d, Arena *a, const Source *src) {
  memset(d, 0, sizeof *d);
  d->arena = a;
  d->src = src;
  d->error_limit = 20;
}

/* Build a diagnostic from a format. */
static Diag *make_diag(Diags *d, int line, int col, bool warning, const char *fmt, va_list ap) {
  Diag *g = ARENA_NEW(d->arena, Diag);
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n < 0) arena_fatal("a diagnostic message is too large");
  char *msg = arena_alloc(d->arena, (size_t)n + 1);
  vsnprintf(msg, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  g->line = line;
  g->col = col;
  g->warning = warning;
  g->msg = msg;
  g->seq = d->seq++;
  return g;
}

void diag_syntax(Diags *d, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vec_push(d->arena, &d->syntax, make_diag(d, line, col, false, fmt, ap));
  va_end(ap);
}

/* True if a comes before b in (line, col) order. */
static bool diag_before(const Diag *a, const Diag *b) {
  return a->line < b->line || (a->line == b->line && a->col < b->col);
}

Diag *diag_error(Diags *d, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Diag *g = make_diag(d, line, col, false, fmt, ap);
  va_end(ap);
  g->construct = diag_current_construct(d);
  if (d->construct_depth > 0) {
    if (!d->construct_best || diag_before(g, d->construct_best)) {
      if (d->construct_best) d->suppressed++;
      d->construct_best = g;
    } else {
      d->suppressed++;
    }
  } else {
    vec_push(d->arena, &d->semantic, g);
  }
  return g;
}

Diag *diag_error_in(Diags *d, int construct, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Diag *g = make_diag(d, line, col, false, fmt, ap);
  va_end(ap);
  g->construct = construct;
  vec_push(d->arena, &d->semantic, g);
  return g;
}

int diag_current_construct(const Diags *d) { return d->construct_depth > 0 ? d->construct_id : 0; }

void diag_warning(Diags *d, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vec_push(d->arena, &d->warnings, make_diag(d, line, col, true, fmt, ap));
  va_end(ap);
}

void diag_construct_begin(Diags *d) {
  if (d->construct_depth++ == 0) {
    d->construct_best = NULL;
    d->construct_id = ++d->next_construct;
  }
}

int diag_new_construct(Diags *d) { return ++d->next_construct; }

void diag_construct_begin_id(Diags *d, int id) {
  if (d->construct_depth++ == 0) {
    d->construct_best = NULL;
    d->construct_id = id;
  }
}

void diag_construct_end(Diags *d) {
  if (--d->construct_depth == 0 && d->construct_best) {
    vec_push(d->arena, &d->semantic, d->construct_best);
    d->construct_best = NULL;
  }
}

bool diag_has_syntax_errors(const Diags *d) { return d->syntax.len > 0; }

bool diag_has_errors(const Diags *d) {
  return d->syntax.len > 0 || d->semantic.len > 0 || d->construct_best != NULL;
}

/* qsort comparator: (line, col), then report order. */
static int cmp_diag(const void *pa, const void *pb) {
  const Diag *a = *(const Diag *const *)pa, *b = *(const Diag *const *)pb;
  if (a->line != b->line) return a->line < b->line ? -1 : 1;
  if (a->col != b->col) return a->col < b->col ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Print one diagnostic: location line, source line, caret line, optional note. */
static void print_one(const Diags *d, const Diag *g, FILE *out) {
  fprintf(out, "%s:%d:%d: %s: %s\n", d->src->path, g->line, g->col, g->warning ? "warning" : "error", g->msg);
  int len;
  const char *text = source_line_text(d->src, g->line, &len);
  fwrite(text, 1, (size_t)len, out);
  fputc('\n', out);
  char *caret = xmalloc((size_t)g->col + 2);
  for (int i = 0; i < g->col - 1; i++) caret[i] = i < len && text[i] == '\t' ? '\t' : ' ';
  memcpy(caret + g->col - 1, "^\n", 2);
  fwrite(caret, 1, (size_t)g->col + 1, out);
  free(caret);
  if (g->note) fprintf(out, "%s\n", g->note);
}

int diag_print(Diags *d, FILE *out) {
  PtrVec *errs = d->syntax.len ? &d->syntax : &d->semantic;
  if (errs->len > 1)
    qsort(errs->items, (size_t)errs->len, sizeof(void *), cmp_diag);
  if (errs->len == 0) {
    if (d->warnings.len > 1) qsort(d->warnings.items, (size_t)d->warnings.len, sizeof(void *), cmp_diag);
    for (int i = 0; i < d->warnings.len; i++) print_one(d, d->warnings.items[i], out);
    return 0;
  }
  int printed = 0;
  bool *shown = arena_alloc(d->arena, (size_t)d->next_construct + 1); /* constructs with an error printed */
  for (int i = 0; i < errs->len; i++) {
    const Diag *g = errs->items[i];
    if (g->construct > 0 && g->construct <= d->next_construct) {
      if (shown[g->construct]) continue;
      shown[g->construct] = true;
    }
    if (d->error_limit > 0 && printed == d->error_limit) {
      fputs("too many errors emitted, stopping now\n", out);
      break;
    }
    print_one(d, g, out);
    printed++;
  }
  fprintf(out, "%d error%s generated.\n", printed, printed == 1 ? "" : "s");
  return printed;
}
