/* zrt_pevents.c - the text of a pattern file from the calls of each process (zrt_pevents.h), shared
 * by the runtime (--az-pdl) and azc (prog.pdl) so that the two files can be compared line by line. */
#include "zrt_pevents.h"
#include <stdbool.h>

static const char *const kind_names[] = {"beginSend", "endSend", "beginRecv", "endRecv"};

const char *zrt_pev_name(int kind) { return kind >= 0 && kind < 4 ? kind_names[kind] : "?"; }

void zrt_pev_msg_name(int p, const zrt_pev *e, char *name, size_t size) {
  bool send = e->kind == ZRT_PEV_BEGIN_SEND || e->kind == ZRT_PEV_END_SEND;
  snprintf(name, size, "p%d%s%d_%d", p, send ? "to" : "from", e->peer, e->tag);
}

/* One statement of process p. */
static void write_event(FILE *f, int p, const zrt_pev *e) {
  char name[64];
  zrt_pev_msg_name(p, e, name, sizeof name);
  switch (e->kind) {
  case ZRT_PEV_BEGIN_SEND:
    fprintf(f, "    beginSend dest %d tag %d maxsize %lld name %s\n", e->peer, e->tag, (long long)e->bytes, name);
    break;
  case ZRT_PEV_BEGIN_RECV:
    fprintf(f, "    beginRecv source %d tag %d maxsize %lld name %s\n", e->peer, e->tag, (long long)e->bytes, name);
    break;
  case ZRT_PEV_END_SEND: fprintf(f, "    endSend name %s\n", name); break;
  default: fprintf(f, "    endRecv name %s\n", name); break;
  }
}

/* Pattern id: every process's events of it, or nothing if there are none. */
static void write_pattern(FILE *f, int P, const zrt_pev *events, const int *count, int id) {
  bool open = false;
  size_t at = 0;
  for (int p = 0; p < P; p++) {
    bool proc_open = false;
    for (int i = 0; i < count[p]; i++) {
      const zrt_pev *e = &events[at + (size_t)i];
      if (e->pattern != id)
        continue;
      if (!open)
        fprintf(f, "\npattern %d {\n", id);
      if (!proc_open)
        fprintf(f, "  process %d {\n", p);
      open = proc_open = true;
      write_event(f, p, e);
    }
    if (proc_open)
      fprintf(f, "  }\n");
    at += (size_t)count[p];
  }
  if (open)
    fprintf(f, "}\n");
}

void zrt_pev_write(FILE *f, int P, const zrt_pev *events, const int *count, int npatterns, const char *const *notes) {
  fprintf(f, "numprocesses %d\n", P);
  int most = npatterns;
  size_t total = 0;
  for (int p = 0; p < P; p++)
    total += (size_t)count[p];
  for (size_t i = 0; i < total; i++)
    if (events[i].pattern > most)
      most = events[i].pattern;
  for (int id = 1; id <= most; id++) {
    if (notes && id <= npatterns && notes[id])
      fprintf(f, "// pattern %d: %s\n", id, notes[id]);
    write_pattern(f, P, events, count, id);
  }
}
