/* zrt_pattern.c - the communication patterns of a run, written as Felten's pattern description
 * language (docs/pdl.md) with --az-pdl=FILE, and checked with AZ_CHECK=1. The compiler brackets
 * each iteration of a loop whose body is a fixed conversation (zrt_pattern_begin/end); the first
 * iteration of each pattern is recorded on every process as the message-passing calls the Ironman
 * calls and the reductions' gathers amount to (DR: beginRecv, SR: beginSend, DN: endRecv, SV:
 * endSend, whatever binding carries the data). With --az-pdl process 0 writes them all at the end
 * in strict Appendix A form; with AZ_CHECK=1 every later iteration must make exactly the same
 * calls, and the first divergence stops the run, naming pattern, process and call. The file's
 * text is zrt_pevents.c's, which azc also uses for the file it writes at compile time. */
#include "zrt_internal.h"
#include <stdlib.h>
#include <string.h>

static const char *pdl_path;       /* --az-pdl=FILE, or NULL */
static bool checking;              /* AZ_CHECK=1 */
static int current;                /* the pattern being recorded, or 0 */
static int checked;                /* the pattern whose iteration is being checked, or 0 */
static size_t check_from, check_at, check_end; /* its first iteration in events; the next call expected */
static int collectives;            /* collectives begun in the current iteration */
static unsigned char *done;        /* per pattern id: recorded already */
static int done_cap;
static zrt_pev *events;
static size_t nevents, cap_events;

void zrt_pattern_setup(const char *path) { pdl_path = path; }

void zrt_pattern_check_setup(void) {
  const char *v = getenv("AZ_CHECK");
  checking = v && strcmp(v, "0") != 0;
}

bool zrt_pattern_recording(void) { return current != 0 || checked != 0; }

static bool recorded(int id) { return id < done_cap && done[id]; }

static void mark_recorded(int id) {
  if (id >= done_cap) {
    int cap = id * 2 + 8;
    unsigned char *d = realloc(done, (size_t)cap);
    if (!d)
      zrt_error(0, "out of memory");
    memset(d + done_cap, 0, (size_t)(cap - done_cap));
    done = d;
    done_cap = cap;
  }
  done[id] = 1;
}

/* An event as text, for a divergence message. */
static char *event_text(const zrt_pev *e) {
  bool send = e->kind == ZRT_PEV_BEGIN_SEND || e->kind == ZRT_PEV_END_SEND;
  return zrt_aprintf("%s %s %d tag %d maxsize %lld", zrt_pev_name(e->kind), send ? "dest" : "source", e->peer, e->tag,
                     (long long)e->bytes);
}

/* Where pattern id's first iteration is in events (the first iterations of patterns do not
 * interleave: patterns are innermost loops). */
static void reference(int id, size_t *from, size_t *to) {
  *from = *to = 0;
  size_t i = 0;
  while (i < nevents && events[i].pattern != id)
    i++;
  *from = i;
  while (i < nevents && events[i].pattern == id)
    i++;
  *to = i;
}

/* AZ_CHECK: this iteration of the pattern being checked did something else. */
static void diverged(const char *expected, const char *got) {
  zrt_error(0, "AZ_CHECK: pattern %d, process %d, call %zu: expected %s, got %s", checked, zrt_g.me,
            check_at - check_from + 1, expected, got);
}

/* The iteration being checked ended (the loop's end or a new iteration): all calls made? */
static void check_complete(void) {
  if (checked && check_at < check_end)
    diverged(event_text(&events[check_at]), "the end of the iteration");
  checked = 0;
}

void zrt_pattern_begin(int id) {
  if (!pdl_path && !checking)
    return;
  check_complete();
  if (current)
    mark_recorded(current); /* the previous iteration left the loop early */
  current = recorded(id) ? 0 : id;
  if (!current && checking) {
    checked = id;
    reference(id, &check_from, &check_end);
    check_at = check_from;
  }
  collectives = 0;
}

int zrt_pattern_collective(void) { return collectives++; }

void zrt_pattern_end(int id) {
  if (current == id) {
    mark_recorded(id);
    current = 0;
  }
  if (checked == id)
    check_complete();
}

void zrt_pattern_event(zrt_pevent kind, int peer, int tag, size_t bytes) {
  if (checked) {
    zrt_pev got = {checked, (int)kind, peer, tag, (int64_t)bytes};
    if (check_at >= check_end)
      diverged("the end of the iteration", event_text(&got));
    const zrt_pev *want = &events[check_at];
    if (want->kind != got.kind || want->peer != got.peer || want->tag != got.tag || want->bytes != got.bytes)
      diverged(event_text(want), event_text(&got));
    check_at++;
    return;
  }
  if (!current)
    return;
  if (nevents == cap_events) {
    cap_events = cap_events ? 2 * cap_events : 256;
    zrt_pev *e = realloc(events, cap_events * sizeof *e);
    if (!e)
      zrt_error(0, "out of memory");
    events = e;
  }
  events[nevents++] = (zrt_pev){current, (int)kind, peer, tag, (int64_t)bytes};
}

/* Process 0 writes every process's events (all, grouped by process in rank order). */
static void write_file(const zrt_pev *all, const int *count, int P) {
  FILE *f = fopen(pdl_path, "w");
  if (!f) {
    fprintf(stderr, "%s: error: cannot write '%s'\n", zrt_prog_name(), pdl_path);
    return;
  }
  fprintf(f, "// %s: the communication patterns of a run on %d process%s (azc --az-pdl)\n", zrt_prog_name(), P,
          P == 1 ? "" : "es");
  zrt_pev_write(f, P, all, count, 0, NULL);
  if (fclose(f) != 0)
    fprintf(stderr, "%s: error: cannot write '%s'\n", zrt_prog_name(), pdl_path);
}

void zrt_pattern_write(void) {
  if (!pdl_path)
    return;
  int P = zrt_g.nprocs, mine = (int)nevents * (int)(sizeof(zrt_pev) / sizeof(int));
  int *count = calloc((size_t)P, sizeof *count), *displ = calloc((size_t)P, sizeof *displ);
  if (!count || !displ)
    zrt_error(0, "out of memory");
  zrt_pev *all = NULL;
  if (P > 1 && zrt_g.mpi) {
    MPI_Request rq;
    MPI_Igather(&mine, 1, MPI_INT, count, 1, MPI_INT, 0, MPI_COMM_WORLD, &rq);
    zrt_wait(&rq);
    size_t total = 0;
    for (int p = 0; p < P; p++) {
      displ[p] = (int)total;
      total += (size_t)count[p];
    }
    if (zrt_g.me == 0 && !(all = malloc(total * sizeof(int) + 1)))
      zrt_error(0, "out of memory");
    MPI_Igatherv(events, mine, MPI_INT, all, count, displ, MPI_INT, 0, MPI_COMM_WORLD, &rq);
    zrt_wait(&rq);
    for (int p = 0; p < P; p++)
      count[p] /= (int)(sizeof(zrt_pev) / sizeof(int));
  } else {
    all = events;
    count[0] = (int)nevents;
  }
  if (zrt_g.me == 0)
    write_file(all, count, P);
  if (all != events)
    free(all);
  free(count);
  free(displ);
  free(events);
  free(done);
  events = NULL;
  done = NULL;
}
