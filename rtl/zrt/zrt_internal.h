/* zrt_internal.h - what the runtime's files share behind zrt.h: the process-wide state, the
 * command-line parser and config conversion, the distribution (its pure arithmetic is in
 * zrt_geom.h, the pattern files' text in zrt_pevents.h), the error machinery and the file table.
 * Tests include it to reach the pure parts without MPI. Internal to rtl/zrt/; not installed. */
#ifndef AZC_ZRT_INTERNAL_H
#define AZC_ZRT_INTERNAL_H
#include "zrt.h"
#include "zrt_geom.h"
#include "zrt_noise.h"
#include "zrt_pevents.h"
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>

/* ---- process-wide state (zrt_start.c) ---- */

/* The defaults (one process, rank 0, no MPI) let tests call most functions without zrt_init. */
typedef struct zrt_state {
  const zrt_program *prog;   /* NULL until zrt_init (or a test) sets it */
  int nprocs;                /* P */
  int me;                    /* this process's rank in MPI_COMM_WORLD */
  bool quiet;                /* -q */
  bool mpi;                  /* MPI was initialized by zrt_init */
  int node_procs;            /* processes of this run on my node (0: not known, as 1) */
} zrt_state;
extern zrt_state zrt_g;

/* A bad value v of environment variable name (values: what it may be): process 0 says so, every
   process stops with status 2. */
_Noreturn void zrt_bad_env(const char *name, const char *values, const char *v);

/* The program name for "NAME: ..." messages and the source name for "SOURCE:LINE: ...". */
const char *zrt_prog_name(void);
const char *zrt_source_name(void);

/* ---- the command line (zrt_start.c) ---- */

typedef enum { ZRT_ARGS_RUN, ZRT_ARGS_HELP, ZRT_ARGS_ERROR } zrt_args_result;

/* Check argv[1..argc-1] against prog (section 10.1/10.2) and record the config values, -q
 * and --az-grid in the runtime's state. On ZRT_ARGS_ERROR, *msg is the message after
 * "NAME: error: " (malloc'd). nprocs is P, needed to check --az-grid. */
zrt_args_result zrt_parse_args(int argc, char **argv, const zrt_program *prog, int nprocs,
                               char **msg);
/* Write the help text of section 10.3 for prog to out. */
void zrt_help_text(const zrt_program *prog, FILE *out);
/* Forget everything zrt_parse_args recorded (for tests). */
void zrt_args_reset(void);

/* ---- config values (zrt_config.c) ---- */

typedef union zrt_cfg_value {
  int64_t i;                 /* signed integer kinds, char, boolean */
  uint64_t u;                /* unsigned integer kinds */
  float f;
  double d;
  long double q;
  int32_t e;                 /* enumerations: the enumerator's position */
  zrt_string s;
} zrt_cfg_value;

/* Convert the command-line text of config c (section 10.2). On failure, returns false and
 * sets *msg to the C2 message (after "NAME: error: ", malloc'd). */
bool zrt_config_parse(const zrt_config *c, const char *text, zrt_cfg_value *out, char **msg);
/* Store v, of kind k, as the command-line value of config i / forget all stored values. */
void zrt_config_set(int i, zrt_config_kind k, const zrt_cfg_value *v);
void zrt_config_reset(void);
/* The type name of a kind as spelled in section 4.1 ("integer"; "enumeration" for enums). */
const char *zrt_kind_name(zrt_config_kind k);
/* Parse an optional sign and decimal digits. Returns false if the syntax is wrong; otherwise
 * *neg and *mag hold the sign and magnitude, and *overflow is set if the magnitude does not
 * fit in 64 bits. Shared by config values and read. */
bool zrt_parse_decimal(const char *s, bool *neg, uint64_t *mag, bool *overflow);
/* Check a parsed decimal against [min, max] (signed) and store it in *out. */
bool zrt_decimal_in_range(bool neg, uint64_t mag, bool overflow, int64_t min, int64_t max,
                          int64_t *out);
/* The same for an unsigned range [0, max]. */
bool zrt_decimal_in_urange(bool neg, uint64_t mag, bool overflow, uint64_t max, uint64_t *out);

/* ---- process grids and blocks (zrt_grid.c) ---- */

/* (zrt_block_of and zrt_grid_coords: zrt_geom.h) */
/* Parse "AxBx..." (1 to 6 positive factors) into dims and *r. */
bool zrt_parse_grid(const char *text, int *dims, int *r);
/* zrt_distribute for process me of a grid dims (for tests: any process of any grid). */
void zrt_distribute_as(int rank, const int64_t *lo, const int64_t *hi, int me, const int *dims);
/* Forget all distributions and --az-grid settings. */
void zrt_grid_reset(void);
/* Record --az-grid=dims for arrays of rank r. */
void zrt_grid_request(int r, const int *dims);
/* This process's block in dimension dim of rank-r arrays, in global indices, open-ended
 * (INT64_MIN / INT64_MAX) at the first / last owning block. False if it owns nothing there. */
bool zrt_my_block(int rank, int dim, int64_t *blo, int64_t *bhi);
/* The first index of this process's block in dimension dim of rank-r arrays, not widened to the
 * border: the bounding box's first index for the first block (INT64_MIN when nothing is
 * distributed). False if it owns nothing there. */
bool zrt_my_block_first(int rank, int dim, int64_t *first);
/* The same for the process at grid coordinate coord in dimension dim. */
bool zrt_block_at(int rank, int dim, int coord, int64_t *blo, int64_t *bhi);
/* The grid coordinates of process proc for rank-r arrays (false: proc has no place in it). */
bool zrt_proc_coords(int rank, int proc, int *coords);
/* The grid chosen for rank r (after zrt_distribute), or false if none. */
bool zrt_grid_of(int rank, int *dims, int *coords);
/* The grids of every rank, indexed by rank (for zg_pair_boxes); an internal error if the rank-r
 * grid is needed on several processes before zrt_distribute. */
const zg_grid *zrt_grids_for(int rank);

/* Copy the indices of box [lo, hi] that array like holds (its strided indices, section 15.3; like
 * may be a itself) from a (inside its allocation) to the contiguous buffer buf in row-major order
 * (to_buf), or from buf into a; rows of the last dimension move with one memcpy where a's cells
 * follow like's indices. Returns the bytes moved; zrt_box_elems is their number of elements. */
size_t zrt_copy_box(const zrt_array *a, const zrt_array *like, const int64_t *lo, const int64_t *hi, char *buf,
                    bool to_buf);
/* Copy the cells of a at box [lo, hi] shifted by from_off into the box (the two do not overlap):
 * the wrapped pieces a process holds itself. Returns the bytes. */
size_t zrt_copy_box_within(const zrt_array *a, const int64_t *lo, const int64_t *hi, const int64_t *from_off);
/* Copy the cells src holds at box [lo, hi] (its strided indices) into the same indices of dst,
 * which holds them too with the same steps. Returns the bytes. */
size_t zrt_copy_box_from(const zrt_array *dst, const zrt_array *src, const int64_t *lo, const int64_t *hi);
size_t zrt_box_elems(const zrt_array *like, const int64_t *lo, const int64_t *hi);
/* A box copy prepared once and run many times (a transfer's boxes, every round): the cells it
 * starts from and its steps, for arrays of one layout. */
typedef struct zrt_box_copy {
  int rank;                  /* 0: not prepared */
  int in;                    /* the dimension its rows run along */
  bool empty, contiguous;    /* no index; each row one memcpy */
  size_t elem, src_elem;
  int64_t off, from;         /* the first cell of a and of src, from their origins */
  int64_t count[ZRT_MAX_RANK], a_step[ZRT_MAX_RANK], s_step[ZRT_MAX_RANK];
  int64_t stride[ZRT_MAX_RANK], step[ZRT_MAX_RANK], phase[ZRT_MAX_RANK], src_stride[ZRT_MAX_RANK]; /* the layout */
} zrt_box_copy;
/* zrt_copy_box (src NULL) or zrt_copy_box_within (src a, from_off) of box [lo, hi], prepared. */
void zrt_box_copy_prepare(zrt_box_copy *bc, const zrt_array *a, const zrt_array *like, const int64_t *lo,
                          const int64_t *hi, const zrt_array *src, const int64_t *from_off);
/* True if bc was prepared for a's layout (and src's). */
bool zrt_box_copy_fits(const zrt_box_copy *bc, const zrt_array *a, const zrt_array *src);
/* Run bc: a to buf (to_buf) or buf to a, or src's cells into a; returns the bytes. */
size_t zrt_box_copy_run(const zrt_box_copy *bc, const zrt_array *a, const zrt_array *src, char *buf, bool to_buf);

/* zrt_memo.c: a table of the questions a check answered "yes" to, keyed by all the integers the
 * answer depends on (given in parts). zrt_memo_knows: the key was learnt (and not replaced since);
 * zrt_memo_learn: remember it. *m is made at the first call (a static NULL pointer per check). */
typedef struct zrt_memo zrt_memo;
typedef struct zrt_memo_part {
  const int64_t *v;
  int n;
} zrt_memo_part;
bool zrt_memo_knows(zrt_memo **m, const zrt_memo_part *parts, int nparts);
void zrt_memo_learn(zrt_memo **m, const zrt_memo_part *parts, int nparts);

/* Default fluff: the allocation extends this many cells beyond a process's block. */
#define ZRT_DEFAULT_FLUFF 8

/* The Ironman binding (AZ_COMM=msg|put|store, default store): checks the variable and, with
 * several processes and a libsplit binding, starts libsplit / finishes it (collective). */
void zrt_comm_setup(void);
void zrt_comm_teardown(void);
/* AZ_STATS=1: print the transfer statistics (collective; process 0 prints). */
void zrt_xfer_stats_print(FILE *out);

/* ---- AZ_STATS: communication time and volume (zrt_stats.c) ---- */

typedef enum { ZRT_COMM_GHOST, ZRT_COMM_REDUCE, ZRT_COMM_REMAP, ZRT_COMM_OUTPUT, ZRT_COMM_KINDS } zrt_comm_kind;
/* One process's operations (transfers, gathers, remaps), messages, control messages (ready tokens,
 * put signals) and bytes sent. */
typedef struct zrt_comm_volume {
  uint64_t ops, messages, control, bytes;
} zrt_comm_volume;
/* A communication call being timed (timed: the outermost one, with AZ_STATS on). */
typedef struct zrt_comm_span {
  zrt_comm_kind kind;
  bool timed;
  double t0;
} zrt_comm_span;
extern bool zrt_stats_on;          /* AZ_STATS is set */
extern bool zrt_comm_inside;       /* a span is open */
void zrt_stats_setup(void);        /* reads AZ_STATS */
/* zrt_work.c: AZ_SMPI_WORK, the computation at a fixed cost per element under SimGrid SMPI. Setup
 * returns an error message for a bad value; flush charges the work counted so far (every runtime
 * call that communicates or reads the clock begins with it); the timer hooks mark ResetTimer's and
 * CheckTimer's counts; report prints the count (AZ_SMPI_WORK=count) at the end. */
const char *zrt_work_setup(void);
void zrt_work_report(FILE *out);
#ifdef SC_SIMULATED
void zrt_work_flush(void);
void zrt_work_timer_reset(void);
void zrt_work_timer_check(double seconds);
#else
static inline void zrt_work_flush(void) {}
static inline void zrt_work_timer_reset(void) {}
static inline void zrt_work_timer_check(double seconds) { (void)seconds; }
#endif
zrt_comm_span zrt_comm_span_start(zrt_comm_kind kind);
void zrt_comm_span_stop(zrt_comm_span *s);
static inline zrt_comm_span zrt_comm_span_begin(zrt_comm_kind kind) {
  if (!zrt_stats_on || zrt_comm_inside)
    return (zrt_comm_span){ kind, false, 0.0 };
  return zrt_comm_span_start(kind);
}
static inline void zrt_comm_span_end(zrt_comm_span *s) {
  if (s->timed)
    zrt_comm_span_stop(s);
}
/* Count ops operations of kind that sent messages and bytes (AZ_STATS on). */
void zrt_comm_count(zrt_comm_kind kind, uint64_t ops, uint64_t messages, uint64_t bytes);
/* Count a reduction's gather of n bytes per process / one along the lines of mask of rank-r grids. */
void zrt_comm_gather(size_t n, bool exact);
/* Count the messages of a batch of held reductions (zrt_coll.c), n bytes together: one tree. */
void zrt_comm_batch(size_t n);
void zrt_comm_line_gather(int rank, unsigned mask, size_t n);
/* Time the rest of the enclosing block as communication of kind (first statement of a function). */
#define ZRT_COMM_SPAN(kind) \
  zrt_comm_span zrt_comm_span_ __attribute__((cleanup(zrt_comm_span_end))) = zrt_comm_span_begin(kind)
/* The same, and count the operation: a gather of n bytes per process, one along grid lines, one
 * gather for output. */
#define ZRT_COMM_SPAN_GATHER(n, exact) ZRT_COMM_SPAN(ZRT_COMM_REDUCE); zrt_comm_gather(n, exact)
#define ZRT_COMM_SPAN_LINE(rank, mask, n) ZRT_COMM_SPAN(ZRT_COMM_REDUCE); zrt_comm_line_gather(rank, mask, n)
#define ZRT_COMM_SPAN_OUTPUT() ZRT_COMM_SPAN(ZRT_COMM_OUTPUT); zrt_comm_count(ZRT_COMM_OUTPUT, 1, 0, 0)
/* zrt_xfer.c: this process's ghost-cell transfers so far, into *v. */
void zrt_xfer_totals(zrt_comm_volume *v);
/* True if no transfer of this run is or will be tailored: the binding is msg, put or store, or auto
 * has found that one-sided operations are not cheap here (then every transfer stays msg). The
 * tailored binding's proofs take the gathers' messages where the program makes them, so only then
 * may the runtime move them (zrt_coll.c's batches of reductions). The same on every process. */
bool zrt_xfer_untailored(void);
/* ResetTimer and CheckTimer: the timed part starts / ends. */
void zrt_stats_timer_reset(void);
void zrt_stats_timer_check(void);
/* AZ_STATS=1: the table of communication time and volume (collective; process 0 prints). */
void zrt_comm_stats_print(FILE *out);
/* zrt_array.c: the most bytes of parallel arrays (variables and temporaries) this process held at
 * once; AZ_STATS=1 prints it for all processes (collective; process 0 prints). */
size_t zrt_array_peak_bytes(void);
void zrt_array_stats_print(FILE *out);
/* AZ_STATS: the pairs of rows run in one loop and as two, the nests with partial sums run from row
 * buffers and as written, the nests split for overlap and their interior chunks, all processes
 * (process 0 prints; nothing where there were none). Collective. */
void zrt_nest_stats_print(FILE *out);
/* A nest computes its interior, in chunks, while ghost cells travel (zrt_xfer_split); a phase of
 * an exchange by dimension moved on between two of them (zrt_phases.c). */
void zrt_overlap_note(int chunks);
void zrt_overlap_phase_note(void);

/* ---- errors (zrt_error.c) ---- */

/* malloc that stops the run with "out of memory" instead of returning NULL (never NULL for 0). */
void *zrt_xmalloc(size_t bytes);
/* The same for calloc. */
void *zrt_xcalloc(size_t n, size_t size);

/* Create / free the window through which processes agree on who reports an error. */
void zrt_error_setup(void);
void zrt_error_teardown(void);
/* Process 0 is stopped (the watchdog says): an error report does not wait for it. */
void zrt_error_zero_late(void);
/* For wait loops: if another process is reporting an error, flush output and wait to be
 * stopped. Cheap when nothing happened. */
void zrt_poll_errors(void);
/* Called in every wait when set (libsplit's sc_poll: a process that waits must not sit on stores
 * another process is waiting for). */
extern void (*zrt_progress)(void);
/* Process 0: has some process claimed the error report? */
bool zrt_error_claimed(void);
/* Complete a nonblocking MPI operation: test it, watch for errors reported elsewhere, and
 * yield the processor between tests. */
void zrt_wait(MPI_Request *rq);
/* Poll done(arg) until it returns true, the same way (progress, errors, yielding). */
void zrt_wait_until(bool (*done)(void *), void *arg);
/* The same; block(arg) blocks in MPI until done(arg) can change. Under SimGrid SMPI, where every
 * poll costs the simulation an event, a wait with nothing else to serve (no libsplit transport
 * running) calls it instead of polling again. */
void zrt_wait_blocking(bool (*done)(void *), void (*block)(void *), void *arg);
/* Whether a collective should block in its MPI call rather than start nonblocking and wait:
 * under SimGrid SMPI with nothing to serve while waiting (no libsplit transport running). SimGrid
 * 3.32's nonblocking collectives (MPI_Iallreduce, MPI_Iallgather(v)) leave some 2P finished
 * activities on every simulated process for the rest of the run, and each later message or burst
 * of computation of that process walks them: one MPI_Iallreduce made a 256-process jacobi 3 times
 * slower to simulate (docs/scaling.md). */
bool zrt_collectives_block(void);
/* zrt_watchdog.c: LIBSPLIT_WATCHDOG for every wait under every binding (set up after MPI). */
void zrt_watchdog_setup(void);
void zrt_watchdog_teardown(void);
double zrt_watchdog_seconds(void);    /* 0: off */
/* A sign of life of this process (for the watchdog's list of late processes). */
void zrt_alive(void);
/* In a wait: a sign of life; *start (0 at the wait's start) gets the time of the first call; once
   the wait has lasted the watchdog time, a run-time error naming the late processes. */
void zrt_watchdog_check(double *start, const char *what);
/* zrt_pattern.c: --az-pdl=FILE records the patterns of the run as message-passing calls. */
void zrt_pattern_setup(const char *path);
bool zrt_pattern_recording(void);
void zrt_pattern_event(zrt_pevent kind, int peer, int tag, size_t bytes);
void zrt_pattern_write(void);         /* at the end of a run (collective) */
void zrt_pattern_check_setup(void);   /* AZ_CHECK=1: later iterations must repeat the first;
                                       * AZ_CHECK=FILE: every iteration must make FILE's calls */
/* zrt_pattern_file.c: read and check pattern file path, keep this process's calls of each
 * pattern (stops the run with one clear error when the file is bad or is for another process
 * count); then the calls of pattern id (NULL if the file has no such pattern). */
void zrt_pattern_file_load(const char *path);
const zrt_pev *zrt_pattern_file_calls(int id, size_t *n);
int zrt_pattern_collective(void);     /* the number of the collective begun now in this iteration */
/* The tailored binding: record and analyse every pattern's first iteration. */
void zrt_pattern_tailor_setup(void);
/* True while an iteration of a pattern runs that follows a complete iteration of the same
 * pattern, and the pattern has been analysed: the analysis's steady state applies. */
bool zrt_pattern_steady(void);
/* What the analysis decided for the message of transfer xfer from process src to process dst in
 * the steady state (PDL_LOOP_TOKEN when it has no answer); as a PdlLoopMode. */
int zrt_pattern_loop_mode(int xfer, int src, int dst);
/* n control messages (ready tokens, put signals) were sent: counted for the running pattern. */
void zrt_pattern_control(uint64_t n);
/* AZ_STATS=1: per pattern, iterations and control messages (collective; process 0 prints). */
void zrt_pattern_stats_print(FILE *out);
/* The runtime's own communicator for its collectives (zrt_coll.c), made at start-up. */
const char *zrt_coll_setup(void);     /* also AZ_RUNAHEAD: an error message for a bad value */
zg_gather_alg zrt_gather_alg(bool exact); /* this run's algorithm of gathers or of exact reductions (AZ_GATHER) */
/* AZ_ALIGN (row alignment of parallel arrays, zrt_array.c): an error message for a bad value. */
const char *zrt_array_setup(void);
/* True unless AZ_ALIGN=0: parallel arrays get aligned, padded rows. */
bool zrt_array_aligning(void);
/* True unless AZ_HUGE=0: parallel arrays of 2 MB or more are mapped on 2 MB boundaries and offered
 * transparent huge pages. */
bool zrt_array_huge(void);
/* zrt_error with a va_list. */
_Noreturn void zrt_verror(int line, const char *fmt, va_list ap);

/* ---- files (zrt_io.c, zrt_read.c) ---- */

typedef enum { ZRT_FM_NONE, ZRT_FM_READ, ZRT_FM_WRITE, ZRT_FM_CLOSED } zrt_file_mode;

typedef struct zrt_reader zrt_reader;

/* One entry per handle ever returned; every process keeps the mode, process 0 the stream. */
typedef struct zrt_file_entry {
  zrt_file_mode mode;
  FILE *fp;                  /* process 0 only (NULL elsewhere and for znull) */
  zrt_reader *rd;            /* process 0, readable files only */
  char *name;                /* for messages: "file 'NAME'" (malloc'd; NULL for the predefined) */
} zrt_file_entry;

/* The entry of handle f, or NULL if f was never returned. */
zrt_file_entry *zrt_file_get(zrt_file f);
/* Flush stdout and every file open for writing (process 0). */
void zrt_flush_all(void);
/* Close every open file and flush the standard output (at exit); a write that failed is a
   run-time error (process 0). */
void zrt_files_close_all(void);
/* Free process 0's reader of a readable stream. */
void zrt_reader_free(zrt_reader *rd);
/* Does the stream have nothing but whitespace left (process 0)? */
bool zrt_reader_at_eof(zrt_reader **rd, FILE *fp);

/* ---- small helpers (zrt_string.c, zrt_io.c) ---- */

/* printf into a malloc'd string (exits with R15 when memory runs out). */
char *zrt_aprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *zrt_vaprintf(const char *fmt, va_list ap);
/* Broadcast n bytes from process 0 when there is more than one process. */
void zrt_bcast(void *buf, size_t n);
#endif
