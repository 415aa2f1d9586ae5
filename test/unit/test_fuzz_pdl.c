/* test_fuzz_pdl.c - robustness test of azpdl (issue 23): feeds `azpdl check|stats|dot` thousands of
 * hostile pattern files (seeded, deterministic) and fails if any of them makes azpdl die from a
 * signal (a crash, a sanitizer report: the SAN build aborts on one), run longer than its time
 * limit, or exit with a status other than 0 or 1.
 *
 *   test_fuzz_pdl        run AZPDL_FUZZ_N inputs (default 10000) from seed AZPDL_FUZZ_SEED, none
 *                        started after AZPDL_FUZZ_SECONDS (default 240, 0: no bound), through $AZPDL (default
 *                        $BUILD/azpdl, BUILD default build)
 *   test_fuzz_pdl FILE   run azpdl check on FILE alone
 *
 * Seeds are the .pdl files of test/pdl plus generated patterns (exchanges, rings, gathers with ANY). Inputs
 * are byte edits, token duplications, deletions and replacements (huge and negative numbers,
 * ANY, long names, stray braces), splices of two seeds, and files made from scratch: deep brace
 * nesting, a very long line, NUL bytes, many processes, many statements. A failing input is saved
 * as ${TMPDIR:-/tmp}/test-fuzz-pdl-failure-N.pdl with azpdl's stderr next to it. */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_N 10000
#define DEFAULT_SECONDS 240       /* a bound for make test; 0: none */
#define CHILD_SECONDS 10          /* CPU seconds before a child counts as hung */
#define WALL_SECONDS 60           /* then the parent kills it */
#define MAX_INPUT (4u << 20)
#define MAX_SAVED 20

/* ---- buffers and random numbers ---- */

typedef struct Buf {
  char *p;
  size_t len, cap;
} Buf;

static void die(const char *what) {
  fprintf(stderr, "test_fuzz_pdl: %s: %s\n", what, strerror(errno));
  exit(2);
}

static void reserve(Buf *b, size_t n) {
  if (b->len + n + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + n + 1) cap *= 2;
  if (!(b->p = realloc(b->p, cap))) die("realloc");
  b->cap = cap;
}

static void add(Buf *b, const void *s, size_t n) {
  reserve(b, n);
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}

static void adds(Buf *b, const char *s) { add(b, s, strlen(s)); }

static void addf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void addf(Buf *b, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n > 0) add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

typedef struct Rng {
  uint64_t s;
} Rng;

static uint64_t next(Rng *r) { /* splitmix64 */
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static size_t below(Rng *r, size_t n) { return n ? (size_t)(next(r) % n) : 0; }

static const char *pick(Rng *r, const char *const *list) {
  size_t n = 0;
  while (list[n]) n++;
  return list[below(r, n)];
}

/* ---- seeds ---- */

static Buf *seeds;
static int nseeds;

static void seed_add(const char *text, size_t n) {
  if (!(seeds = realloc(seeds, sizeof *seeds * (size_t)(nseeds + 1)))) die("realloc");
  seeds[nseeds] = (Buf){0};
  add(&seeds[nseeds++], text, n);
}

/* A generated pattern: shape 0 exchange, 1 ring with begin/end, 2 gather with ANY. */
static void seed_shape(int shape, int procs, int rounds) {
  Buf b = {0};
  addf(&b, "numprocesses %d\npattern 1 {\n", procs);
  for (int p = 0; p < procs; p++) {
    addf(&b, "  process %d {\n", p);
    for (int r = 0; r < rounds; r++) {
      if (shape == 0) {
        int q = p ^ 1;
        if (q < procs) addf(&b, "    send dest %d tag %d maxsize %d\n    recv source %d tag %d maxsize %d\n", q, r, 16 << r, q, r, 16 << r);
      } else if (shape == 1) {
        addf(&b, "    beginRecv source %d tag %d maxsize 8193 name r%d\n", (p + procs - 1) % procs, r, r);
        addf(&b, "    beginSend dest %d tag %d maxsize 8193 name s%d\n", (p + 1) % procs, r, r);
        addf(&b, "    endRecv name r%d\n    endSend name s%d\n", r, r);
      } else if (p == 0) {
        for (int q = 1; q < procs; q++) adds(&b, "    recv tag ANY maxsize 256\n");
      } else {
        addf(&b, "    send dest 0 tag %d maxsize 256\n", r);
      }
    }
    adds(&b, "  }\n");
  }
  adds(&b, "}\n");
  seed_add(b.p, b.len);
  free(b.p);
}

static void load_seeds(void) {
  glob_t g;
  if (glob("test/pdl/*.pdl", 0, NULL, &g) == 0) {
    for (size_t i = 0; i < g.gl_pathc; i++) {
      FILE *f = fopen(g.gl_pathv[i], "rb");
      if (!f) continue;
      Buf b = {0};
      char tmp[4096];
      size_t n;
      while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) add(&b, tmp, n);
      fclose(f);
      if (b.len) seed_add(b.p, b.len);
      free(b.p);
    }
    globfree(&g);
  }
  seed_shape(0, 4, 3);
  seed_shape(1, 5, 2);
  seed_shape(2, 6, 2);
}

/* ---- making an input ---- */

static const char *const tokens[] = {
    "pattern", "process", "send", "recv", "beginSend", "endSend", "beginRecv", "endRecv", "dest",
    "source", "tag", "maxsize", "name", "ANY", "numprocesses", "spacelimit", "spaceadvice", "total",
    "{", "}", "{ {", "} }", "0", "1", "-1", "7", "2147483647", "2147483648", "-2147483648",
    "9223372036854775807", "99999999999999999999999999", "4294967296", "1e9", "0x10", "//", "/*",
    "*/", "\n", " ", "\t", "r0", "s0", "#1", "~", "name r0", "tag ANY", "source ANY", "dest ANY",
    "maxsize 0", "maxsize -5", "process 0 {", "pattern 1 {", "\"", NULL};

/* Token boundaries: word characters run together, everything else is one byte. */
static size_t tok_end(const char *s, size_t n, size_t i) {
  size_t j = i + 1;
  unsigned char c = (unsigned char)s[i];
  int word = c == '_' || c == '-' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
  while (word && j < n) {
    c = (unsigned char)s[j];
    if (!(c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'))) break;
    j++;
  }
  return j;
}

/* A random token start of s (n > 0). */
static size_t tok_at(Rng *r, const char *s, size_t n) {
  size_t i = below(r, n);
  while (i > 0 && tok_end(s, n, i - 1) > i) i--;
  return i;
}

/* Mutate the seed in into out. */
static void mutate(Rng *r, const Buf *in, Buf *out) {
  out->len = 0;
  add(out, in->p, in->len);
  for (size_t k = 1 + below(r, 6); k > 0 && out->len > 0; k--) {
    size_t at = tok_at(r, out->p, out->len), end = tok_end(out->p, out->len, at);
    Buf t = {0};
    switch (below(r, 7)) {
    case 0: /* replace a token */
      add(&t, out->p, at);
      adds(&t, pick(r, tokens));
      add(&t, out->p + end, out->len - end);
      break;
    case 1: /* delete a run of tokens */
      add(&t, out->p, at);
      end = at + below(r, 64);
      if (end > out->len) end = out->len;
      add(&t, out->p + end, out->len - end);
      break;
    case 2: /* duplicate a stretch */
      end = at + below(r, 400);
      if (end > out->len) end = out->len;
      add(&t, out->p, end);
      add(&t, out->p + at, end - at);
      add(&t, out->p + end, out->len - end);
      break;
    case 3: /* a random byte, NUL included */
      out->p[below(r, out->len)] = (char)below(r, 256);
      continue;
    case 4: /* splice another seed's tail */
      add(&t, out->p, at);
      {
        const Buf *o = &seeds[below(r, (size_t)nseeds)];
        size_t from = o->len ? tok_at(r, o->p, o->len) : 0;
        add(&t, o->p + from, o->len - from);
      }
      break;
    case 5: /* insert a token */
      add(&t, out->p, at);
      adds(&t, pick(r, tokens));
      adds(&t, " ");
      add(&t, out->p + at, out->len - at);
      break;
    default: /* a long name */
      add(&t, out->p, at);
      adds(&t, "name ");
      for (size_t i = 0, m = 1 + below(r, 5000); i < m; i++) add(&t, "n", 1);
      add(&t, out->p + end, out->len - end);
      break;
    }
    free(out->p);
    *out = t;
  }
}

/* A file made from scratch. */
static void scratch(Rng *r, Buf *out) {
  out->len = 0;
  size_t m = 1 + below(r, below(r, 8) ? 500 : 20000); /* mostly small: a sanitized azpdl starts slowly */
  switch (below(r, 5)) {
  case 0: /* deep nesting */
    for (size_t i = 0; i < m; i++) adds(out, below(r, 2) ? "pattern 1 {" : "process 0 {");
    for (size_t i = 0; i < m; i++) adds(out, "}");
    break;
  case 1: /* a very long line */
    adds(out, "pattern 1 { process 0 { send dest 0 tag ");
    for (size_t i = 0; i < m * 50; i++) add(out, "9", 1);
    adds(out, " maxsize 1 } }\n");
    break;
  case 2: /* random tokens */
    for (size_t i = 0; i < m; i++) {
      adds(out, pick(r, tokens));
      add(out, " ", 1);
    }
    break;
  case 3: /* many processes sending to one receiving ANY */
    addf(out, "pattern 1 {\n  process 0 {\n");
    for (size_t i = 1; i < m; i++) adds(out, "    recv tag ANY maxsize 8\n");
    adds(out, "  }\n");
    for (size_t i = 1; i < m; i++) addf(out, "  process %zu { send dest 0 tag %zu maxsize 8 }\n", i, below(r, 3));
    adds(out, "}\n");
    break;
  default: /* random bytes */
    for (size_t i = 0; i < m; i++) {
      char c = (char)below(r, 256);
      add(out, &c, 1);
    }
    break;
  }
}

/* ---- running azpdl ---- */

static const char *azpdl;

/* Run azpdl on path (command chosen by k); returns the wait status, or -1 when it was killed by
   the parent after WALL_SECONDS. */
static int run(const char *path, const char *errpath, int k) {
  static const char *const cmds[] = {"check", "check", "stats", "dot"};
  pid_t pid = fork();
  if (pid < 0) die("fork");
  if (pid == 0) {
    int fd = open(errpath ? errpath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int nul = open("/dev/null", O_WRONLY);
    if (fd >= 0) dup2(fd, 2);
    if (nul >= 0) dup2(nul, 1);
    struct rlimit cpu = {CHILD_SECONDS, CHILD_SECONDS + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    execl(azpdl, azpdl, cmds[k & 3], path, (char *)NULL);
    _exit(127);
  }
  int st;
  alarm(WALL_SECONDS); /* interrupts the wait (no SA_RESTART) for a child that blocks */
  pid_t w = waitpid(pid, &st, 0);
  alarm(0);
  if (w == pid) return st;
  if (errno != EINTR) die("waitpid");
  kill(pid, SIGKILL);
  waitpid(pid, &st, 0);
  return -1;
}

static void on_alarm(int sig) { (void)sig; }

/* Why a wait status is a failure, or NULL. */
static const char *judge(int st, char *msg, size_t size) {
  if (st == -1) return "hung (killed after the wall-clock limit)";
  if (WIFSIGNALED(st)) {
    snprintf(msg, size, "killed by signal %d%s", WTERMSIG(st), WTERMSIG(st) == SIGXCPU ? " (CPU time limit)" : "");
    return msg;
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) > 1) {
    snprintf(msg, size, "exit status %d", WEXITSTATUS(st));
    return msg;
  }
  return NULL;
}

static int write_file(const char *path, const Buf *b) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t n = b->len > MAX_INPUT ? MAX_INPUT : b->len;
  int ok = fwrite(b->p, 1, n, f) == n;
  return fclose(f) == 0 && ok ? 0 : -1;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  const char *build = getenv("BUILD") && *getenv("BUILD") ? getenv("BUILD") : "build";
  static char path_buf[4096];
  azpdl = getenv("AZPDL");
  if (!azpdl || !*azpdl) {
    snprintf(path_buf, sizeof path_buf, "%s/azpdl", build);
    azpdl = path_buf;
  }
  if (access(azpdl, X_OK) != 0) {
    fprintf(stderr, "test_fuzz_pdl: %s not found (make %s/azpdl)\n", azpdl, build);
    return 1;
  }
  char msg[128];
  if (argc == 2) {
    const char *why = judge(run(argv[1], NULL, 0), msg, sizeof msg);
    printf("test_fuzz_pdl: %s: %s\n", argv[1], why ? why : "ok");
    return why != NULL;
  }
  long n = getenv("AZPDL_FUZZ_N") ? atol(getenv("AZPDL_FUZZ_N")) : DEFAULT_N;
  double seconds = getenv("AZPDL_FUZZ_SECONDS") ? atof(getenv("AZPDL_FUZZ_SECONDS")) : DEFAULT_SECONDS;
  uint64_t seed = getenv("AZPDL_FUZZ_SEED") ? strtoull(getenv("AZPDL_FUZZ_SEED"), NULL, 0) : 0x70646c66757a7aULL;
  const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  char path[512], errpath[512];
  snprintf(path, sizeof path, "%s/azpdl-fuzz-%ld.pdl", tmp, (long)getpid());
  snprintf(errpath, sizeof errpath, "%s/azpdl-fuzz-%ld.err", tmp, (long)getpid());
  load_seeds();
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigaction(SIGALRM, &sa, NULL);
  double t0 = now();
  long ran = 0, fails = 0, status[2] = {0, 0};
  Buf in = {0};
  for (long i = 0; i < n; i++) {
    if (seconds > 0 && now() - t0 > seconds) break;
    Rng r = {seed ^ ((uint64_t)i * 0xd1342543de82ef95ULL)};
    next(&r);
    if (i < nseeds) {
      in.len = 0;
      add(&in, seeds[i].p, seeds[i].len);
    } else if (below(&r, 100) < 80) {
      mutate(&r, &seeds[below(&r, (size_t)nseeds)], &in);
    } else {
      scratch(&r, &in);
    }
    if (write_file(path, &in) != 0) die(path);
    int st = run(path, errpath, (int)below(&r, 4));
    ran++;
    const char *why = judge(st, msg, sizeof msg);
    if (!why) {
      status[WEXITSTATUS(st) & 1]++;
      continue;
    }
    fails++;
    printf("test_fuzz_pdl: input %ld: %s\n", i, why);
    if (fails <= MAX_SAVED) {
      char keep[600];
      snprintf(keep, sizeof keep, "%s/test-fuzz-pdl-failure-%ld.pdl", tmp, i);
      write_file(keep, &in);
      snprintf(keep, sizeof keep, "%s/test-fuzz-pdl-failure-%ld.stderr", tmp, i);
      rename(errpath, keep);
      printf("test_fuzz_pdl:   saved as %s/test-fuzz-pdl-failure-%ld.pdl\n", tmp, i);
    }
  }
  unlink(path);
  unlink(errpath);
  printf("test_fuzz_pdl: %ld inputs through %s (AZPDL_FUZZ_SEED=%#llx), %ld accepted, %ld rejected, %ld failures, %.1f s\n",
         ran, azpdl, (unsigned long long)seed, status[0], status[1], fails, now() - t0);
  if (ran < n) printf("test_fuzz_pdl: stopped after AZPDL_FUZZ_SECONDS=%g s, %ld of %ld inputs run\n", seconds, ran, n);
  for (int i = 0; i < nseeds; i++) free(seeds[i].p);
  free(seeds);
  free(in.p);
  return fails ? 1 : 0;
}
