/* zrt_error.c - run-time errors (section 10.6), halt (section 7.6) and warnings.
 *
 * Exactly one "SOURCE:LINE: runtime error: MESSAGE" line is written however many processes
 * detect errors: with several processes, each one that fails claims the report through an
 * atomic or on a word in process 0's memory (an MPI window). The first claimer writes its line
 * and stops everybody with MPI_Abort; the others wait to be stopped. Process 0 holds all
 * buffered output, so it flushes before claiming and says so in the same word; a claimer other
 * than 0 waits briefly for that before aborting, so that output written before the error is not
 * lost when process 0 is also failing (the usual case: scalar code is replicated).
 *
 * Under SimGrid's SMPI every simulated process lives in this one OS process, so the word is plain
 * shared memory (process 0 allocates it and broadcasts its address) claimed with a CPU atomic:
 * SMPI's window creation exchanges P^2 messages and took minutes at start-up on 256 processes. */
#include "zrt_internal.h"
#include "libsplit.h"
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { CLAIMED = 1, ZERO_FLUSHED = 2, WRITTEN = 4 };

static MPI_Win err_win = MPI_WIN_NULL;
static int *err_word;            /* process 0: the claim word; elsewhere unused (SMPI: everywhere) */
static bool word_shared;         /* SMPI: err_word is memory every process reads and writes */

/* True once the claim word exists (several processes under MPI). */
static bool claim_ready(void) { return err_win != MPI_WIN_NULL || word_shared; }

/* Waits poll this many times before they start yielding the processor: few when processes of
 * this run share a core (the one waited for may need it), many when each has its own (a yield
 * would hand the core to a stranger and a spin answers fastest; Pakin, seed 002, lesson 8). */
#define SPIN_SHARED 16
#define SPIN_ALONE 4096
static unsigned spin_polls = SPIN_SHARED;

/* Processes of this run on my node against the processors I may run on. */
static void choose_spin(void) {
  MPI_Comm node;
  int here = 1;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &here);
  MPI_Comm_free(&node);
  zrt_g.node_procs = here;
  cpu_set_t set;
  int cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : (int)sysconf(_SC_NPROCESSORS_ONLN);
  spin_polls = here > cpus ? SPIN_SHARED : SPIN_ALONE;
}

/* Make the claim word's remote updates visible to process 0's loads (SMPI has no MPI_Win_sync, and
 * needs none: its window is plain memory written by the simulator). */
static void sync_word(void) {
  if (!word_shared && !sc_simulated())
    MPI_Win_sync(err_win);
}

/* Sleep for ms milliseconds. */
static void sleep_ms(long ms) {
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
  nanosleep(&ts, NULL);
}

void zrt_error_setup(void) {
  if (!zrt_g.mpi || zrt_g.nprocs == 1 || claim_ready())
    return;
  choose_spin();
  if (sc_simulated()) {
    static int *word; /* process 0's allocation, kept reachable for the whole run */
    if (zrt_g.me == 0)
      word = zrt_xcalloc(1, sizeof *word);
    err_word = word;
    MPI_Bcast(&err_word, (int)sizeof err_word, MPI_BYTE, 0, MPI_COMM_WORLD);
    word_shared = true;
    return;
  }
  MPI_Aint size = zrt_g.me == 0 ? (MPI_Aint)sizeof(int) : 0;
  MPI_Win_allocate(size, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &err_word, &err_win);
  if (zrt_g.me == 0)
    *err_word = 0;
  MPI_Win_lock_all(MPI_MODE_NOCHECK, err_win);
  sync_word();
  MPI_Barrier(MPI_COMM_WORLD);
}

void zrt_error_teardown(void) {
  if (err_win == MPI_WIN_NULL)
    return;
  MPI_Win_unlock_all(err_win);
  MPI_Win_free(&err_win);
  err_win = MPI_WIN_NULL;
}

/* Atomically or bits into the claim word (bits 0: just read it); *old gets the previous
 * value. Polls for at most timeout_ms; false if the operation did not complete in time. */
static bool claim_word_or(int bits, int *old, long timeout_ms) {
  if (word_shared) {
    *old = __atomic_fetch_or(err_word, bits, __ATOMIC_SEQ_CST);
    return true;
  }
  MPI_Request rq;
  MPI_Rget_accumulate(&bits, 1, MPI_INT, old, 1, MPI_INT, 0, 0, 1, MPI_INT,
                      bits ? MPI_BOR : MPI_NO_OP, err_win, &rq);
  for (long waited = 0;; waited++) {
    int done = 0;
    MPI_Test(&rq, &done, MPI_STATUS_IGNORE);
    if (done)
      return true;
    if (waited >= timeout_ms)
      return false;
    sleep_ms(1);
  }
}

/* A losing process: another one reports the error and will stop this one. Process 0 holds the
 * claim word: once the report is written it ends itself, so that its output reaches mpirun
 * through a normal end of its streams rather than being cut off by the abort. */
static _Noreturn void wait_to_be_stopped(void) {
  for (int i = 0; i < 60000 / 20; i++) {
    if (zrt_g.me == 0 && err_word) {
      sync_word();
      if (*(volatile int *)err_word & WRITTEN) {
        fflush(NULL);
        _exit(1);
      }
    }
    sleep_ms(20);
  }
  _exit(1);
}

/* The winner, if not process 0: give process 0 up to a second to flush its output. */
static void wait_for_zero_flush(int seen) {
  for (int i = 0; i < 500 && !(seen & ZERO_FLUSHED); i++) {
    sleep_ms(2);
    if (!claim_word_or(0, &seen, 100))
      return;
  }
}

/* Write the error line for message msg at line (no line number when line <= 0). */
static void write_error_line(int line, const char *msg) {
  if (line > 0)
    fprintf(stderr, "%s:%d: runtime error: %s\n", zrt_source_name(), line, msg);
  else
    fprintf(stderr, "%s: runtime error: %s\n", zrt_source_name(), msg);
  fflush(stderr);
}

void *zrt_xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    zrt_error(0, "out of memory");
  return p;
}

void *zrt_xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    zrt_error(0, "out of memory");
  return p;
}

/* How long a claim on process 0's word may take (ms); short when process 0 is known to be stopped. */
static long claim_ms = 2000;

void zrt_error_zero_late(void) { claim_ms = 50; }

void zrt_verror(int line, const char *fmt, va_list ap) {
  char *msg = NULL;
  if (vasprintf(&msg, fmt, ap) < 0)
    msg = NULL;
  zrt_flush_all();
  if (!claim_ready()) {
    write_error_line(line, msg ? msg : "out of memory");
    exit(1);
  }
  int old = 0;
  int bits = CLAIMED | (zrt_g.me == 0 ? ZERO_FLUSHED : 0);
  if (claim_word_or(bits, &old, claim_ms) && (old & CLAIMED))
    wait_to_be_stopped();
  write_error_line(line, msg ? msg : "out of memory");
  /* Under SMPI no other simulated process runs until this one calls MPI: waiting would only stall. */
  if (!word_shared && zrt_g.me != 0 && claim_ms > 100) {
    wait_for_zero_flush(old);
    claim_word_or(WRITTEN, &old, 100);
    sleep_ms(500); /* process 0 ends by itself (see wait_to_be_stopped); mpirun then stops us */
  } else if (!word_shared) {
    sleep_ms(100); /* let mpirun forward the line before it reports the abort */
  }
  MPI_Abort(MPI_COMM_WORLD, 1);
  _exit(1);
}

void zrt_error(int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  zrt_verror(line, fmt, ap);
}

bool zrt_error_claimed(void) {
  if (!claim_ready() || zrt_g.me != 0)
    return false;
  sync_word();
  return *(volatile int *)err_word & CLAIMED;
}

void zrt_poll_errors(void) {
  if (!zrt_error_claimed())
    return;
  zrt_flush_all();
  int old;
  claim_word_or(ZERO_FLUSHED, &old, 2000);
  wait_to_be_stopped();
}

void (*zrt_progress)(void);

/* True when the request is complete (or null: SimGrid 3.32's MPI_Test leaves the flag alone then). */
static bool request_done(void *rq) {
  int done = *(MPI_Request *)rq == MPI_REQUEST_NULL;
  if (!done)
    MPI_Test(rq, &done, MPI_STATUS_IGNORE);
  return done;
}

/* Block until the request is complete. */
static void request_block(void *rq) { MPI_Wait(rq, MPI_STATUS_IGNORE); }

void zrt_wait(MPI_Request *rq) { zrt_wait_blocking(request_done, request_block, rq); }

bool zrt_collectives_block(void) { return !zrt_progress && sc_simulated(); }

void zrt_wait_until(bool (*done)(void *), void *arg) { zrt_wait_blocking(done, NULL, arg); }

void zrt_wait_blocking(bool (*done)(void *), void (*block)(void *), void *arg) {
  zrt_work_flush();
  double claimed_at = 0, started = 0;
  for (unsigned polls = 0;; polls++) {
    if (done(arg))
      return;
    if (block && !zrt_progress && sc_simulated()) {
      block(arg);
      continue;
    }
    if (zrt_progress)
      zrt_progress();
    if (polls % 64 == 0)
      zrt_watchdog_check(&started, "a wait of the runtime");
    if (!claimed_at && zrt_error_claimed())
      claimed_at = MPI_Wtime();
    /* Process 0 keeps going while its communication still completes: the output it writes before
     * the failing statement must appear, as on one process. It stops when it is stuck. */
    if (claimed_at && MPI_Wtime() - claimed_at > 0.5)
      zrt_poll_errors();
    sc_pause(polls, polls >= spin_polls);
  }
}

void zrt_halt(int line) {
  zrt_flush_all();
  if (zrt_g.me == 0) {
    fprintf(stderr, "%s:%d: halt reached\n", zrt_source_name(), line);
    fflush(stderr);
  }
  zrt_exit(1);
}

void zrt_warning(const char *fmt, ...) {
  if (zrt_g.quiet || zrt_g.me != 0)
    return;
  fflush(stdout);
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: warning: ", zrt_prog_name());
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  fflush(stderr);
  va_end(ap);
}
