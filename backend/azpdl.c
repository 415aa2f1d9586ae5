/* azpdl.c - the azpdl command: check a PDL file, print what Parachute's analysis decided for each
 * pattern, or draw a pattern with Graphviz (docs/pdl.md). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "pdl.h"
#include "source.h"
#include "version.h"

static const char usage_text[] =
    "usage: azpdl check FILE            check syntax, names, matching and deadlock; silent when fine\n"
    "       azpdl stats FILE            per pattern: messages, bytes, modes, buffers, L0, states\n"
    "       azpdl dot FILE [PATTERN]    a Graphviz digraph of one pattern (all patterns without PATTERN)\n"
    "       azpdl --help | --version\n"
    "Exit status: 0 fine, 1 errors in FILE, 2 bad usage.\n";

/* Bad usage: one line on stderr, status 2. */
static int usage_error(const char *what, const char *arg) {
  fprintf(stderr, "azpdl: error: %s%s%s (try 'azpdl --help')\n", what, arg ? " " : "", arg ? arg : "");
  return 2;
}

/* Print the file's errors and warnings in the house form (file:line:col, source line, caret). */
static void print_diags(Arena *a, const Source *src, const PdlFile *f) {
  Diags d;
  diag_init(&d, a, src);
  for (int i = 0; i < f->ndiags; i++) {
    const PdlDiag *g = &f->diags[i];
    if (g->warning) {
      diag_warning(&d, g->line, g->col, "%s", g->msg);
      continue;
    }
    Diag *e = diag_error(&d, g->line, g->col, "%s", g->msg);
    if (g->note) e->note = arena_printf(a, "%s:%d:%d: note: %s", src->path, g->note_line, g->note_col, g->note);
  }
  diag_print(&d, stderr);
}

/* The pattern with id text, or NULL. */
static PdlPattern *find_pattern(PdlFile *f, const char *text) {
  char *end;
  long id = strtol(text, &end, 10);
  if (*text == '\0' || *end != '\0') return NULL;
  for (int i = 0; i < f->npatterns; i++)
    if (f->patterns[i].id == id) return &f->patterns[i];
  return NULL;
}

int main(int argc, char **argv) {
  if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    fputs(usage_text, stdout);
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--version") == 0) {
    printf("azpdl %s\n", AZC_VERSION);
    return 0;
  }
  if (argc < 2) return usage_error("no command", NULL);
  const char *cmd = argv[1];
  bool dot = strcmp(cmd, "dot") == 0;
  if (strcmp(cmd, "check") != 0 && strcmp(cmd, "stats") != 0 && !dot) return usage_error("unknown command", cmd);
  if (argc < 3) return usage_error("no input file after", cmd);
  if (argc > (dot ? 4 : 3)) return usage_error("too many arguments after", cmd);

  Arena arena = {0};
  Source src;
  if (source_read(&arena, argv[2], &src) != 0) {
    fprintf(stderr, "azpdl: error: cannot read '%s': %s\n", argv[2], strerror(errno));
    return 1;
  }
  PdlFile *f = pdl_read(src.text, src.len);
  if (f->nerrors == 0) pdl_check(f, NULL);
  print_diags(&arena, &src, f);
  int status = f->nerrors ? 1 : 0;
  if (status == 0 && strcmp(cmd, "stats") == 0) pdl_print_stats(stdout, f);
  if (status == 0 && dot) {
    PdlPattern *p = argc == 4 ? find_pattern(f, argv[3]) : NULL;
    if (argc == 4 && !p) {
      fprintf(stderr, "azpdl: error: '%s' has no pattern '%s'\n", argv[2], argv[3]);
      status = 1;
    }
    for (int i = 0; status == 0 && i < f->npatterns; i++)
      if (!p || p == &f->patterns[i]) pdl_print_dot(stdout, &f->patterns[i]);
  }
  pdl_free(f);
  arena_free(&arena);
  return status;
}
