/* test_mpi.c - the runtime under MPI: as a singleton (no launcher: process count, grids from
 * MPI_Dims_create, timers) and, when Open MPI's mpirun is available and QUICK is not set, as two
 * processes started by `mpirun -np 2`: output, file writes, warnings and help appear once, input
 * read by process 0 reaches both, distribution splits the box, and errors, halt and command-line
 * errors print exactly one line with the right exit status, whichever process fails. */
#define RTL_CHECK_MPI /* zrt_init starts MPI */
#include "rtl_check.h"
#include "zrt_internal.h"
#include <mpi.h>
#include <time.h>

static const zrt_config cfgs[] = { { "n", "integer", "1", ZRT_CFG_INTEGER, NULL, 0 } };
static const zrt_program prog = { "t", "t.zpl", cfgs, 1 };

/* Sleep for ms milliseconds. */
static void sleep_ms(long ms) {
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
  nanosleep(&ts, NULL);
}

/* Stop with a run-time error unless cond holds (checks inside MPI runs). */
#define EXPECT(cond)                                                                   \
  do {                                                                                 \
    if (!(cond))                                                                       \
      zrt_error(__LINE__, "rank %d: check failed: %s", zrt_my_process(), #cond);      \
  } while (0)

/* Is v the same on every process? */
static bool same_everywhere(double v) {
  double lo = v, hi = v;
  MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return lo == hi;
}

/* ---- the singleton ---- */

static void singleton_child(void *arg) {
  (void)arg;
  char *argv[] = { (char *)"t", (char *)"-sn=4", NULL };
  zrt_init(2, argv, &prog);
  EXPECT(zrt_processors() == 1 && zrt_my_process() == 0);
  int32_t n = 0;
  EXPECT(zrt_config_get(0, &n) && n == 4);
  static const int want[][3] = { { 2, 2, 1 }, { 4, 2, 2 }, { 6, 3, 2 }, { 8, 4, 2 },
                                 { 12, 4, 3 } };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    int dims[2] = { 0, 0 };
    MPI_Dims_create(want[i][0], 2, dims);
    EXPECT(dims[0] == want[i][1] && dims[1] == want[i][2]);
  }
  zrt_distribute(2, (int64_t[]){ 1, 1 }, (int64_t[]){ 5, 5 });
  int dims[2], coords[2];
  EXPECT(zrt_grid_of(2, dims, coords) && dims[0] == 1 && dims[1] == 1);
  EXPECT(zrt_check_timer() == 0.0);
  EXPECT(zrt_reset_timer() == 0.0);
  sleep_ms(30);
  double t = zrt_check_timer();
  EXPECT(t >= 0.03 && t < 5.0);
  double r = zrt_reset_timer();
  EXPECT(r >= t);
  EXPECT(zrt_check_timer() < r);
  zrt_printf(ZRT_ZOUT, 1, "ok\n");
  zrt_exit(0);
}

/* ---- modes run by each process under mpirun (ZRT_TEST_MODE) ---- */

/* Output, input, files, warnings, distribution and timers with two processes. */
static void mode_output(void) {
  int32_t n = 0;
  EXPECT(zrt_config_get(0, &n) && n == 5);
  EXPECT(zrt_processors() == 2);
  zrt_printf(ZRT_ZOUT, 1, "P=%d n=%d\n", (int)zrt_processors(), (int)n);
  int64_t v = zrt_read_int(ZRT_ZIN, 2, INT32_MIN, INT32_MAX, "integer");
  zrt_string s;
  zrt_read_string(ZRT_ZIN, 3, &s);
  signed char c = zrt_read_char(ZRT_ZIN, 4);
  EXPECT(v == 41 && strcmp(s.s, "word") == 0 && c == '\n' && zrt_eof(ZRT_ZIN, 5));
  zrt_printf(ZRT_ZOUT, 6, "read %lld %s\n", (long long)v, s.s);
  zrt_string name = zrt_str(getenv("ZRT_TEST_FILE")), w = zrt_str("w");
  zrt_file f = zrt_open(&name, &w);
  EXPECT(f > ZRT_ZERR);
  zrt_printf(f, 7, "line from rank %d\n", zrt_my_process());
  zrt_close(f);
  zrt_string missing = zrt_str("/nonexistent-dir/f"), r = zrt_str("r");
  EXPECT(zrt_open(&missing, &r) == ZRT_ZNULL);
  /* the box [1..10] splits into 1..5 (with the border below) and 6..10 (with the one above) */
  zrt_distribute(1, (int64_t[]){ 1 }, (int64_t[]){ 10 });
  int64_t a, b;
  EXPECT(zrt_my_range(1, 0, 0, 11, &a, &b));
  EXPECT(zrt_my_process() == 0 ? a == 0 && b == 5 : a == 6 && b == 11);
  zrt_distribute(2, (int64_t[]){ 1, 1 }, (int64_t[]){ 4, 6 });
  int dims[2], coords[2];
  EXPECT(zrt_grid_of(2, dims, coords) && dims[0] == 2 && dims[1] == 1);
  EXPECT(coords[0] == zrt_my_process() && coords[1] == 0);
  zrt_array arr;
  zrt_array_alloc(&arr, 2, 8, (int64_t[]){ 0, 0 }, (int64_t[]){ 5, 7 }, 0);
  EXPECT(arr.lo[1] == 0 && arr.hi[1] == 7);
  EXPECT(zrt_my_process() == 0 ? arr.lo[0] == 0 && arr.hi[0] == 5 : arr.lo[0] == 0);
  zrt_array_free(&arr);
  /* the timers return the largest value over the processes */
  zrt_reset_timer();
  if (zrt_my_process() == 1)
    sleep_ms(60);
  double t = zrt_check_timer();
  EXPECT(t >= 0.06 && same_everywhere(t));
  zrt_printf(ZRT_ZOUT, 8, "done\n");
  zrt_exit(0);
}

/* Both processes fail at the same statement. */
static void mode_error_all(void) {
  zrt_printf(ZRT_ZOUT, 1, "before\n");
  zrt_error(14, "integer division by zero");
}

/* Only process 1 fails; process 0 is in the runtime's polling wait (here in CheckTimer), where
 * it notices the error, flushes its output and lets process 1 stop everybody. */
static void mode_error_one(void) {
  zrt_printf(ZRT_ZOUT, 1, "before ");
  if (zrt_my_process() == 1) {
    sleep_ms(100);
    zrt_error(14, "subscript %d is out of bounds 1..3 for dimension 1 of 'a'", 4);
  }
  zrt_check_timer();
  zrt_exit(0);
}

/* Only process 1 fails; process 0 is stuck in a blocking call. */
static void mode_error_blocked(void) {
  if (zrt_my_process() == 1)
    zrt_error(14, "integer division by zero");
  MPI_Barrier(MPI_COMM_WORLD);
  zrt_exit(0);
}

/* halt with output before it. */
static void mode_halt(void) {
  zrt_printf(ZRT_ZOUT, 14, "stop %9d \n", 3);
  zrt_halt(14);
}

/* The MPI program: zrt_init, then the mode. */
static int mpi_main(int argc, char **argv, const char *mode) {
  zrt_init(argc, argv, &prog);
  if (strcmp(mode, "output") == 0)
    mode_output();
  else if (strcmp(mode, "error_all") == 0)
    mode_error_all();
  else if (strcmp(mode, "error_one") == 0)
    mode_error_one();
  else if (strcmp(mode, "error_blocked") == 0)
    mode_error_blocked();
  else if (strcmp(mode, "halt") == 0)
    mode_halt();
  zrt_exit(0);
}

/* ---- the driver ---- */

typedef struct mpirun_case {
  const char *mode;
  const char *args[4];
} mpirun_case;

/* Child: exec mpirun -np 2 on this executable. */
static void exec_mpirun(void *arg) {
  const mpirun_case *c = arg;
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  self[n > 0 ? n : 0] = '\0';
  char mode[64];
  snprintf(mode, sizeof mode, "ZRT_TEST_MODE=%s", c->mode);
  const char *argv[20] = { "mpirun", "-q", "--oversubscribe", "-np", "2", "-x", mode,
                           "-x", "ZRT_TEST_FILE", self };
  int k = 10;
  for (int i = 0; c->args[i]; i++)
    argv[k++] = c->args[i];
  argv[k] = NULL;
  execvp("mpirun", (char **)argv);
  perror("mpirun");
  _exit(127);
}

/* Is Open MPI's mpirun on the PATH? */
static bool have_open_mpi(void) {
  FILE *p = popen("mpirun --version 2>/dev/null", "r");
  if (!p)
    return false;
  char line[256] = "";
  bool found = false;
  while (fgets(line, sizeof line, p))
    found = found || strstr(line, "Open MPI") != NULL;
  pclose(p);
  return found;
}

/* Run a mode under mpirun -np 2 with input on stdin. */
static child_result mpirun(const char *mode, const char *input, const char *a1) {
  mpirun_case c = { mode, { a1, NULL } };
  return run_child_in(exec_mpirun, &c, input);
}

static void test_two_processes(void) {
  if (getuid() == 0) {
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  }
  char *file = temp_name();
  setenv("ZRT_TEST_FILE", file, 1);
  child_result r = mpirun("output", "  41 word\n", "-sn=5");
  CHECK_CHILD(r, 0, "P=2 n=5\nread 41 word\ndone\n",
              "t: warning: cannot open file '/nonexistent-dir/f'\n");
  char *text = slurp(file);
  CHECK_STR(text, "line from rank 0\n");
  free(text);
  unlink(file);
  free(file);
  r = mpirun("error_all", NULL, NULL);
  CHECK_CHILD(r, 1, "before\n", "t.zpl:14: runtime error: integer division by zero\n");
  r = mpirun("error_one", NULL, NULL);
  CHECK_CHILD(r, 1, "before ",
              "t.zpl:14: runtime error: subscript 4 is out of bounds 1..3 for dimension 1 of "
              "'a'\n");
  r = mpirun("error_blocked", NULL, NULL);
  CHECK_INT(r.status, 1);
  CHECK_STR(r.err, "t.zpl:14: runtime error: integer division by zero\n");
  free(r.out);
  free(r.err);
  r = mpirun("halt", NULL, NULL);
  CHECK_CHILD(r, 1, "stop         3 \n", "t.zpl:14: halt reached\n");
  r = mpirun("none", NULL, "-sn=abc");
  CHECK_CHILD(r, 2, "", "t: error: invalid value 'abc' for config var 'n' (expected an integer)\n");
  r = mpirun("none", NULL, "--help");
  CHECK_INT(r.status, 0);
  CHECK(r.out && strncmp(r.out, "usage: t [options]\n", 19) == 0);
  CHECK(r.out && strstr(r.out, "  n : integer = 1\n") && !strstr(r.out + 1, "usage"));
  CHECK_STR(r.err, "");
  free(r.out);
  free(r.err);
}

int main(int argc, char **argv) {
  const char *mode = getenv("ZRT_TEST_MODE");
  if (mode)
    return mpi_main(argc, argv, mode);
  child_result r = run_child(singleton_child, NULL);
  CHECK_CHILD(r, 0, "ok\n", "");
  const char *quick = getenv("QUICK");
  if (quick && strcmp(quick, "1") == 0)
    fprintf(stderr, "test_rtl_mpi: QUICK=1, skipping the mpirun cases\n");
  else if (!have_open_mpi())
    fprintf(stderr, "test_rtl_mpi: no Open MPI mpirun, skipping the mpirun cases\n");
  else
    test_two_processes();
  return check_report("test_rtl_mpi");
}
