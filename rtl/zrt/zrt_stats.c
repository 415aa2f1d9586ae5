/* zrt_stats.c - AZ_STATS=1: how much of a run is communication. Every communication call of the
 * runtime (the Ironman calls DR, SR, DN and SV of the ghost-cell transfers, the reductions' gathers,
 * the remaps of @^, wrap, reflect and flood, the gathers of arrays for output) opens a span with
 * ZRT_COMM_SPAN; the outermost span's wall time is added to its kind, so a call made inside another
 * is not counted twice. The operations (a transfer, a gather, a remap) count the messages and bytes
 * they send; the transfers' counts are zrt_xfer.c's own. Everything is kept for the whole run and
 * for the timed part, from the last ResetTimer to the CheckTimer after it, so that the numbers
 * match a program's "loop seconds". At the end (zrt_exit) process 0 prints the table, and the peak
 * storage of parallel arrays (zrt_array_peak_bytes: a strided array counts its cells only) and
 * how many pairs of a nest of rows ran in one loop (backend/emit_rows.c). With AZ_STATS unset a
 * span costs one test of a flag. */
#include "zrt_internal.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

bool zrt_stats_on;
bool zrt_comm_inside;

static const char *const kind_names[ZRT_COMM_KINDS] = { "ghost", "reduce", "remap", "output" };

/* What one process spent and sent, per kind. */
typedef struct comm_totals {
  zrt_comm_volume v[ZRT_COMM_KINDS];
  double seconds[ZRT_COMM_KINDS];
} comm_totals;

static comm_totals run;            /* the whole run so far (the transfers' volume excepted) */
static comm_totals at_reset;       /* run at the last ResetTimer */
static comm_totals timed;          /* from the last ResetTimer to the CheckTimer after it */

/* Seconds on a monotonic clock. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void zrt_bad_env(const char *name, const char *values, const char *v) {
  if (zrt_g.me == 0)
    fprintf(stderr, "%s: error: %s must be %s, not '%s'\n", zrt_prog_name(), name, values, v);
  fflush(stderr);
  if (zrt_g.mpi)
    MPI_Finalize();
  exit(2);
}

void zrt_stats_setup(void) {
  const char *v = getenv("AZ_STATS");
  if (v && *v && strcmp(v, "0") != 0 && strcmp(v, "1") != 0)
    zrt_bad_env("AZ_STATS", "0 or 1", v); /* issue 23: anything was taken as 1 */
  zrt_stats_on = v && *v && strcmp(v, "0") != 0;
}

zrt_comm_span zrt_comm_span_start(zrt_comm_kind kind) {
  zrt_comm_inside = true;
  return (zrt_comm_span){ kind, true, now() };
}

void zrt_comm_span_stop(zrt_comm_span *s) {
  run.seconds[s->kind] += now() - s->t0;
  zrt_comm_inside = false;
}

void zrt_comm_count(zrt_comm_kind kind, uint64_t ops, uint64_t messages, uint64_t bytes) {
  if (!zrt_stats_on)
    return;
  run.v[kind].ops += ops;
  run.v[kind].messages += messages;
  run.v[kind].bytes += bytes;
}

/* The messages and bytes this process receives in a gather of n bytes a process: P - 1 blocks in
 * one or ceil(log2 P) messages, or a tree's one block per step it receives in. */
/* The messages this process receives in a reduction tree of n-byte blocks, and their bytes. */
static void tree_received(size_t n, uint64_t *messages, uint64_t *bytes) {
  int P = zrt_g.nprocs;
  *messages = *bytes = 0;
  for (int s = 0; s < zg_gather_steps(P, ZG_TREE); s++) {
    zg_gather_msg m;
    if (zg_gather_step(P, zrt_g.me, ZG_TREE, s, n, &m) && m.from >= 0)
      *messages += 1, *bytes += n;
  }
}

void zrt_comm_gather(size_t n, bool exact) {
  if (!zrt_stats_on)
    return;
  int P = zrt_g.nprocs;
  zg_gather_alg alg = zrt_gather_alg(exact);
  uint64_t messages = 0, bytes = (uint64_t)(P - 1) * n;
  if (P > 1 && alg == ZG_TREE)
    tree_received(n, &messages, &bytes);
  else if (P > 1)
    messages = alg == ZG_FLAT ? (uint64_t)(P - 1) : (uint64_t)zg_gather_steps(P, alg);
  zrt_comm_count(ZRT_COMM_REDUCE, 1, messages, bytes);
}

void zrt_comm_batch(size_t n) {
  if (!zrt_stats_on)
    return;
  uint64_t messages, bytes;
  tree_received(n, &messages, &bytes);
  zrt_comm_count(ZRT_COMM_REDUCE, 0, messages, bytes);
}

void zrt_comm_line_gather(int rank, unsigned mask, size_t n) {
  if (!zrt_stats_on)
    return;
  int dims[ZRT_MAX_RANK], coords[ZRT_MAX_RANK];
  uint64_t members = 1;
  if (zrt_g.nprocs > 1 && rank >= 1 && rank <= ZRT_MAX_RANK && zrt_grid_of(rank, dims, coords))
    for (int k = 0; k < rank; k++)
      if (mask >> k & 1)
        members *= (uint64_t)dims[k];
  zrt_comm_count(ZRT_COMM_REDUCE, 1, members - 1, (members - 1) * n);
}

/* This process's totals now: the spans' and the transfers' own counts. */
static comm_totals current(void) {
  comm_totals t = run;
  zrt_xfer_totals(&t.v[ZRT_COMM_GHOST]);
  return t;
}

/* a - b, kind by kind. */
static comm_totals difference(const comm_totals *a, const comm_totals *b) {
  comm_totals d;
  for (int k = 0; k < ZRT_COMM_KINDS; k++) {
    d.v[k].ops = a->v[k].ops - b->v[k].ops;
    d.v[k].messages = a->v[k].messages - b->v[k].messages;
    d.v[k].control = a->v[k].control - b->v[k].control;
    d.v[k].bytes = a->v[k].bytes - b->v[k].bytes;
    d.seconds[k] = a->seconds[k] - b->seconds[k];
  }
  return d;
}

void zrt_stats_timer_reset(void) {
  if (zrt_stats_on)
    at_reset = current();
}

void zrt_stats_timer_check(void) {
  if (!zrt_stats_on)
    return;
  comm_totals now_totals = current();
  timed = difference(&now_totals, &at_reset);
}

/* ---- the table ---- */

enum { CV_OPS, CV_MESSAGES, CV_CONTROL, CV_BYTES, CV_N };

/* The counts of t as CV_N numbers per kind. */
static void counts_of(const comm_totals *t, uint64_t *out) {
  for (int k = 0; k < ZRT_COMM_KINDS; k++) {
    out[k * CV_N + CV_OPS] = t->v[k].ops;
    out[k * CV_N + CV_MESSAGES] = t->v[k].messages;
    out[k * CV_N + CV_CONTROL] = t->v[k].control;
    out[k * CV_N + CV_BYTES] = t->v[k].bytes;
  }
}

/* Sum counts over the processes into process 0's sum (a copy on one process). */
static void sum_counts(const uint64_t *mine, uint64_t *sum, int n) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi) {
    memcpy(sum, mine, (size_t)n * sizeof *sum);
    return;
  }
  MPI_Request rq;
  MPI_Ireduce(mine, sum, n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
}

/* Every process's n seconds, in process order, at process 0 (P * n values). */
static void gather_seconds(const double *mine, double *all, int n) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi) {
    memcpy(all, mine, (size_t)n * sizeof *all);
    return;
  }
  MPI_Request rq;
  MPI_Igather(mine, n, MPI_DOUBLE, all, n, MPI_DOUBLE, 0, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
}

/* One span's rows (every kind, then the total): counts summed over the processes, seconds the
 * slowest process's and the mean. secs holds P rows of ZRT_COMM_KINDS values. */
static void print_rows(FILE *out, const char *span, const uint64_t *sum, const double *secs) {
  int P = zrt_g.nprocs;
  uint64_t total[CV_N] = {0};
  for (int k = 0; k <= ZRT_COMM_KINDS; k++) {
    double max = 0, mean = 0;
    for (int p = 0; p < P; p++) {
      double s = 0;
      for (int j = 0; j < ZRT_COMM_KINDS; j++)
        if (j == k || k == ZRT_COMM_KINDS)
          s += secs[p * ZRT_COMM_KINDS + j];
      max = s > max ? s : max;
      mean += s / P;
    }
    const uint64_t *c = k < ZRT_COMM_KINDS ? &sum[k * CV_N] : total;
    for (int i = 0; i < CV_N && k < ZRT_COMM_KINDS; i++)
      total[i] += c[i];
    fprintf(out, "comm %-6s %-7s %10llu %12llu %10llu %14llu %11.6f %11.6f\n", span,
            k < ZRT_COMM_KINDS ? kind_names[k] : "total", (unsigned long long)(c[CV_OPS] / (uint64_t)P),
            (unsigned long long)c[CV_MESSAGES], (unsigned long long)c[CV_CONTROL], (unsigned long long)c[CV_BYTES],
            max, mean);
  }
}

/* The per-process total seconds of a span: "comm SPAN seconds per process: 0:S 1:S ...". */
static void print_per_process(FILE *out, const char *span, const double *secs) {
  fprintf(out, "comm %-6s seconds per process:", span);
  for (int p = 0; p < zrt_g.nprocs; p++) {
    double s = 0;
    for (int k = 0; k < ZRT_COMM_KINDS; k++)
      s += secs[p * ZRT_COMM_KINDS + k];
    fprintf(out, " %d:%.6f", p, s);
  }
  fputc('\n', out);
}

void zrt_comm_stats_print(FILE *out) {
  comm_totals spans[2] = { current(), timed };
  const char *names[2] = { "run", "timed" };
  int P = zrt_g.nprocs;
  uint64_t mine[2][ZRT_COMM_KINDS * CV_N], sum[2][ZRT_COMM_KINDS * CV_N];
  double *secs[2];
  for (int s = 0; s < 2; s++) {
    counts_of(&spans[s], mine[s]);
    sum_counts(mine[s], sum[s], ZRT_COMM_KINDS * CV_N);
    secs[s] = zrt_xmalloc((size_t)P * ZRT_COMM_KINDS * sizeof *secs[s]);
    gather_seconds(spans[s].seconds, secs[s], ZRT_COMM_KINDS);
  }
  if (zrt_g.me == 0) {
    fprintf(out, "AZ_STATS: communication on %d process%s (ops: transfers, gathers or remaps per process; "
                 "messages, control messages and bytes: all processes; seconds inside the communication "
                 "calls: the slowest process and the mean; run: the whole run; timed: from the last "
                 "ResetTimer to the CheckTimer after it)\n", P, P == 1 ? "" : "es");
    fprintf(out, "comm %-6s %-7s %10s %12s %10s %14s %11s %11s\n", "span", "kind", "ops", "messages", "control",
            "bytes", "max s", "mean s");
    for (int s = 0; s < 2; s++)
      print_rows(out, names[s], sum[s], secs[s]);
    for (int s = 0; s < 2; s++)
      print_per_process(out, names[s], secs[s]);
    fflush(out);
  }
  free(secs[0]);
  free(secs[1]);
}

void zrt_array_stats_print(FILE *out) {
  uint64_t mine[2] = {zrt_array_peak_bytes(), 0}, sum[2] = {mine[0], 0}, most = mine[0];
  if (zrt_g.nprocs > 1 && zrt_g.mpi) {
    MPI_Request rq;
    MPI_Ireduce(mine, sum, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &rq);
    zrt_wait(&rq);
    MPI_Ireduce(mine, &most, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD, &rq);
    zrt_wait(&rq);
  }
  if (zrt_g.me == 0) {
    fprintf(out, "AZ_STATS: parallel arrays: peak storage %llu bytes (all processes), %llu bytes (the largest process)\n",
            (unsigned long long)sum[0], (unsigned long long)most);
    fflush(out);
  }
}

/* ---- the choices of loop nests at run time: pairs of rows (backend/emit_rows.c), partial sums
 * from row buffers (backend/emit_rowsums.c), interiors computed while ghost cells travel
 * (zrt_xfer_split) ---- */

/* pairs in one loop, as two loops; sums from buffers, as written; nests split, their interior
 * chunks, phases moved on between chunks: this process's */
static uint64_t choices[7];

void zrt_pair_note(bool one_loop) { choices[one_loop ? 0 : 1]++; }
void zrt_rowsums_note(bool buffered) { choices[buffered ? 2 : 3]++; }
void zrt_overlap_note(int chunks) {
  choices[4]++;
  choices[5] += (uint64_t)chunks;
}
void zrt_overlap_phase_note(void) { choices[6]++; }

void zrt_nest_stats_print(FILE *out) {
  uint64_t sum[7];
  memcpy(sum, choices, sizeof sum);
  if (zrt_g.nprocs > 1 && zrt_g.mpi) {
    MPI_Request rq;
    MPI_Ireduce(choices, sum, 7, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &rq);
    zrt_wait(&rq);
  }
  if (zrt_g.me != 0) return;
  if (sum[0] + sum[1] > 0)
    fprintf(out, "AZ_STATS: pairs of rows: %llu in one loop, %llu as two loops (all processes)\n", (unsigned long long)sum[0],
            (unsigned long long)sum[1]);
  if (sum[2] + sum[3] > 0)
    fprintf(out, "AZ_STATS: partial sums: %llu nests from row buffers, %llu as written (all processes)\n", (unsigned long long)sum[2],
            (unsigned long long)sum[3]);
  if (sum[4] > 0)
    fprintf(out,
            "AZ_STATS: overlap: %llu nests computed their interior while ghost cells travelled, in %llu chunks; %llu phases of "
            "exchanges by dimension moved on between chunks (all processes)\n",
            (unsigned long long)sum[4], (unsigned long long)sum[5], (unsigned long long)sum[6]);
  fflush(out);
}
