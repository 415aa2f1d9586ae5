/* zrt_pattern.c - the communication patterns of a run: written as Felten's pattern description
 * language (docs/pdl.md) with --az-pdl=FILE, checked with AZ_CHECK=1, and analysed for the
 * tailored binding (AZ_COMM=tailored). The compiler brackets each iteration of a loop whose body
 * is a fixed conversation (zrt_pattern_begin/end); the first iteration of each pattern is recorded
 * on every process as the message-passing calls the Ironman calls and the reductions' gathers
 * amount to (DR: beginRecv, SR: beginSend, DN: endRecv, SV: endSend, whatever binding carries the
 * data). With --az-pdl process 0 writes them all at the end in strict Appendix A form; with
 * AZ_CHECK=1 every later iteration must make exactly the same calls, and the first divergence
 * stops the run, naming pattern, process and call. For the tailored binding every process gets
 * every process's calls at the end of the first iteration and runs Parachute's analysis of the
 * pattern repeated in a loop (rtl/pdl_loop.c); the transfers ask it which ready tokens the steady
 * state can drop. The file's text is zrt_pevents.c's, which azc also uses for the file it writes
 * at compile time. */
#include "pdl.h"
#include "zrt_internal.h"
#include <stdlib.h>
#include <string.h>

static const char *pdl_path;       /* --az-pdl=FILE, or NULL */
static bool checking;              /* AZ_CHECK=1 or AZ_CHECK=FILE */
static bool check_file;            /* AZ_CHECK=FILE: the calls come from the file */
static int current;                /* the pattern being recorded, or 0 */
static int checked;                /* the pattern whose iteration is being checked, or 0 */
static const zrt_pev *expect;      /* the calls it must make (its first iteration, or the file's) */
static size_t check_at, check_end; /* the next call expected; their number */
static int collectives;            /* collectives begun in the current iteration */
static unsigned char *done;        /* per pattern id: recorded already */
static int done_cap;
static zrt_pev *events;
static size_t nevents, cap_events;

/* Per pattern id, what every run needs (zrt_pattern_begin/end keep it up to date). */
typedef struct pstate {
  bool complete;             /* its last iteration ran to the end */
  bool analysed;             /* tailored: its loop modes are known */
  bool steady;               /* tailored: the running iteration follows a complete one */
  uint64_t iterations, steady_iterations, control;
  int free1, free2, tokens;  /* tailored: transfer messages of each loop mode (all processes) */
} pstate;

/* A transfer message's loop mode, from the analysis of the pattern that holds it. */
typedef struct decision {
  int xfer, src, dst;
  PdlLoopMode mode;
} decision;

static bool tailoring;             /* AZ_COMM=tailored on several processes */
static int running;                /* the pattern whose iteration is running, or 0 */
static pstate *states;
static int nstates;
static decision *decisions;
static size_t ndecisions;
static uint64_t control_outside;   /* control messages sent outside pattern iterations */

void zrt_pattern_setup(const char *path) { pdl_path = path; }

void zrt_pattern_check_setup(void) {
  const char *v = getenv("AZ_CHECK");
  checking = v && *v && strcmp(v, "0") != 0;
  check_file = checking && strcmp(v, "1") != 0;
  if (check_file)
    zrt_pattern_file_load(v);
}

static void analyse(int id);

void zrt_pattern_tailor_setup(void) { tailoring = true; }

bool zrt_pattern_recording(void) { return current != 0 || checked != 0; }

/* The state of pattern id (grown on first use). */
static pstate *state_of(int id) {
  if (id >= nstates) {
    int n = id * 2 + 8;
    pstate *v = realloc(states, (size_t)n * sizeof *v);
    if (!v)
      zrt_error(0, "out of memory");
    memset(v + nstates, 0, (size_t)(n - nstates) * sizeof *v);
    states = v;
    nstates = n;
  }
  return &states[id];
}

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
  zrt_error(0, "AZ_CHECK: pattern %d, process %d, call %zu: expected %s, got %s", checked, zrt_g.me, check_at + 1,
            expected, got);
}

/* The iteration being checked ended (the loop's end or a new iteration): all calls made? */
static void check_complete(void) {
  if (checked && check_at < check_end)
    diverged(event_text(&expect[check_at]), "the end of the iteration");
  checked = 0;
}

void zrt_pattern_leave(int id) {
  if (running == 0 || (id != 0 && running != id))
    return; /* no iteration is running: the loop ended after a complete one */
  running = 0; /* left in the middle: not complete, so the next iteration is not steady */
  if (current) { /* the first iteration was left early: record the next one instead */
    while (nevents > 0 && events[nevents - 1].pattern == current)
      nevents--;
    current = 0;
  }
  checked = 0; /* what it did so far matched the pattern */
}

void zrt_pattern_begin(int id) {
  if (running)
    zrt_pattern_leave(running);
  pstate *st = state_of(id);
  st->steady = st->complete && st->analysed;
  st->complete = false;
  st->iterations++;
  st->steady_iterations += st->steady;
  running = id;
  if (!pdl_path && !checking && !tailoring)
    return;
  check_complete();
  current = recorded(id) ? 0 : id;
  const zrt_pev *calls = check_file ? zrt_pattern_file_calls(id, &check_end) : NULL;
  if (calls) { /* every iteration, the first one too */
    checked = id;
    expect = calls;
    check_at = 0;
  } else if (!current && checking) { /* the iterations after the first (recorded) one */
    size_t from, to;
    reference(id, &from, &to);
    checked = id;
    expect = events + from;
    check_at = 0;
    check_end = to - from;
  }
  collectives = 0;
}

int zrt_pattern_collective(void) { return collectives++; }

void zrt_pattern_end(int id) {
  state_of(id)->complete = true;
  running = 0;
  if (current == id) {
    mark_recorded(id);
    current = 0;
    if (tailoring)
      analyse(id);
  }
  if (checked == id)
    check_complete();
}

void zrt_pattern_event(zrt_pevent kind, int peer, int tag, size_t bytes) {
  if (checked) {
    zrt_pev got = {checked, (int)kind, peer, tag, (int64_t)bytes};
    if (check_at >= check_end)
      diverged("the end of the iteration", event_text(&got));
    const zrt_pev *want = &expect[check_at];
    if (want->kind != got.kind || want->peer != got.peer || want->tag != got.tag || want->bytes != got.bytes)
      diverged(event_text(want), event_text(&got));
    check_at++;
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
  zrt_pev_write(f, P, all, count, 0, NULL);
  if (fclose(f) != 0)
    fprintf(stderr, "%s: error: cannot write '%s'\n", zrt_prog_name(), pdl_path);
}

/* Every process's events (mine: n of them) on process 0, or on every process when to_all;
 * count[p] gets process p's number. The result holds them grouped by process in rank order
 * (on one process: mine itself; on processes that get nothing: NULL). */
static zrt_pev *gather_events(zrt_pev *mine, size_t n, bool to_all, int *count) {
  int P = zrt_g.nprocs, words = (int)(sizeof(zrt_pev) / sizeof(int)), nw = (int)n * words;
  if (P == 1 || !zrt_g.mpi) {
    count[0] = (int)n;
    return mine;
  }
  int *displ = calloc((size_t)P, sizeof *displ);
  if (!displ)
    zrt_error(0, "out of memory");
  MPI_Request rq;
  if (to_all)
    MPI_Iallgather(&nw, 1, MPI_INT, count, 1, MPI_INT, MPI_COMM_WORLD, &rq);
  else
    MPI_Igather(&nw, 1, MPI_INT, count, 1, MPI_INT, 0, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  size_t total = 0;
  for (int p = 0; p < P; p++) {
    displ[p] = (int)total;
    total += (size_t)count[p];
  }
  zrt_pev *all = NULL;
  if ((to_all || zrt_g.me == 0) && !(all = malloc(total * sizeof(int) + 1)))
    zrt_error(0, "out of memory");
  if (to_all)
    MPI_Iallgatherv(mine, nw, MPI_INT, all, count, displ, MPI_INT, MPI_COMM_WORLD, &rq);
  else
    MPI_Igatherv(mine, nw, MPI_INT, all, count, displ, MPI_INT, 0, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  for (int p = 0; p < P; p++)
    count[p] /= words;
  free(displ);
  return all;
}

void zrt_pattern_write(void) {
  if (!pdl_path)
    return;
  int *count = calloc((size_t)zrt_g.nprocs, sizeof *count);
  if (!count)
    zrt_error(0, "out of memory");
  zrt_pev *all = gather_events(events, nevents, false, count);
  if (zrt_g.me == 0)
    write_file(all, count, zrt_g.nprocs);
  if (all != events)
    free(all);
  free(count);
  free(events);
  free(done);
  events = NULL;
  done = NULL;
}

/* ---- the tailored binding ---- */

/* The pattern of the recorded first iteration of id on every process (the events from all, count
 * per process), as a PDL pattern of f. */
static PdlPattern *pattern_of(PdlFile *f, int id, const zrt_pev *all, const int *count) {
  static const PdlOp ops[] = {PDL_BEGIN_SEND, PDL_END_SEND, PDL_BEGIN_RECV, PDL_END_RECV};
  PdlPattern *pat = pdl_add_pattern(f, id, 0, 0);
  for (int p = 0; p < zrt_g.nprocs; p++) {
    PdlProcess *pr = pdl_add_process(pat, p, 0, 0);
    for (int i = 0; i < count[p]; i++, all++) {
      char name[64];
      zrt_pev_msg_name(p, all, name, sizeof name);
      pdl_add_stmt(pr, ops[all->kind], all->peer, all->tag, all->bytes, name, 0, 0);
    }
  }
  return pat;
}

/* Remember what the analysis decided for a transfer's message (gathers' messages are MPI's). */
static void add_decision(pstate *st, const PdlPattern *pat, const PdlMessage *m, PdlLoopMode mode) {
  if (m->tag >= ZG_GATHER_TAG)
    return;
  decision *d = realloc(decisions, (ndecisions + 1) * sizeof *d);
  if (!d)
    zrt_error(0, "out of memory");
  decisions = d;
  decisions[ndecisions++] = (decision){m->tag, pat->procs[m->sender].id, pat->procs[m->receiver].id, mode};
  st->free1 += mode == PDL_LOOP_FREE;
  st->free2 += mode == PDL_LOOP_FREE2;
  st->tokens += mode == PDL_LOOP_TOKEN;
}

/* The first iteration of pattern id has been recorded everywhere: get every process's calls and
 * decide, the same way on every process, what its messages need in the steady state. */
static void analyse(int id) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi)
    return;
  size_t from, to;
  reference(id, &from, &to);
  int *count = calloc((size_t)zrt_g.nprocs, sizeof *count);
  if (!count)
    zrt_error(0, "out of memory");
  zrt_pev *all = gather_events(events + from, to - from, true, count);
  PdlFile *f = pdl_new();
  PdlPattern *pat = pattern_of(f, id, all, count);
  pat->an = pdl_analyse(f, pat, NULL);
  PdlLoopMode *modes = pdl_loop_modes(pat);
  pstate *st = state_of(id);
  for (int m = 0; modes && m < pat->an->nmsgs; m++)
    add_decision(st, pat, &pat->an->msgs[m], modes[m]);
  st->analysed = modes != NULL;
  free(modes);
  pdl_free(f);
  free(all);
  free(count);
}

bool zrt_pattern_steady(void) { return running != 0 && states[running].steady; }

int zrt_pattern_loop_mode(int xfer, int src, int dst) {
  for (size_t i = 0; i < ndecisions; i++)
    if (decisions[i].xfer == xfer && decisions[i].src == src && decisions[i].dst == dst)
      return (int)decisions[i].mode;
  return PDL_LOOP_TOKEN;
}

void zrt_pattern_control(uint64_t n) {
  if (running)
    states[running].control += n;
  else
    control_outside += n;
}

/* ---- AZ_STATS ---- */

enum { PS_ITER, PS_STEADY, PS_CONTROL, PS_FREE1, PS_FREE2, PS_TOKENS, PS_N };

void zrt_pattern_stats_print(FILE *out) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi)
    return;
  int n = nstates + 1, all_n = 0; /* slot 0: outside patterns */
  MPI_Request rq;
  MPI_Iallreduce(&n, &all_n, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  uint64_t *mine = calloc((size_t)all_n * PS_N, sizeof *mine), *sum = calloc((size_t)all_n * PS_N, sizeof *sum);
  if (!mine || !sum)
    zrt_error(0, "out of memory");
  mine[PS_CONTROL] = control_outside;
  for (int id = 1; id < nstates; id++) {
    uint64_t *m = &mine[(size_t)id * PS_N];
    m[PS_ITER] = states[id].iterations;
    m[PS_STEADY] = states[id].steady_iterations;
    m[PS_CONTROL] = states[id].control;
    if (zrt_g.me == 0) { /* the analysis is the same everywhere */
      m[PS_FREE1] = (uint64_t)states[id].free1;
      m[PS_FREE2] = (uint64_t)states[id].free2;
      m[PS_TOKENS] = (uint64_t)states[id].tokens;
    }
  }
  MPI_Ireduce(mine, sum, all_n * PS_N, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  if (zrt_g.me == 0) {
    uint64_t P = (uint64_t)zrt_g.nprocs;
    fprintf(out, "AZ_STATS: patterns (control: ready tokens and put signals sent by all processes)\n");
    fprintf(out, "%9s %10s %10s %10s %12s  %s\n", "pattern", "iterations", "steady", "control", "per iter",
            "transfer messages in the steady state");
    for (int id = 1; id < all_n; id++) {
      const uint64_t *m = &sum[(size_t)id * PS_N];
      if (m[PS_ITER] == 0)
        continue;
      uint64_t it = m[PS_ITER] / P;
      fprintf(out, "%9d %10llu %10llu %10llu %12.2f  ", id, (unsigned long long)it,
              (unsigned long long)(m[PS_STEADY] / P), (unsigned long long)m[PS_CONTROL], (double)m[PS_CONTROL] / (double)it);
      if (m[PS_FREE1] + m[PS_FREE2] + m[PS_TOKENS] == 0 && m[PS_STEADY] == 0)
        fprintf(out, "(not analysed: AZ_COMM=tailored analyses)\n");
      else
        fprintf(out, "%llu without handshake, %llu with two buffers, %llu with a ready token\n",
                (unsigned long long)m[PS_FREE1], (unsigned long long)m[PS_FREE2], (unsigned long long)m[PS_TOKENS]);
    }
    fprintf(out, "%9s %10s %10s %10llu\n", "outside", "", "", (unsigned long long)sum[PS_CONTROL]);
    fflush(out);
  }
  free(mine);
  free(sum);
}
