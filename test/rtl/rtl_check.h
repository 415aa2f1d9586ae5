/* rtl_check.h - helpers shared by the runtime tests: checks that count failures, and running a
 * function in a forked child with its standard streams captured (for exits and messages). */
#ifndef AZC_RTL_CHECK_H
#define AZC_RTL_CHECK_H
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int check_failures;

#if defined(RTL_CHECK_MPI) && defined(__SANITIZE_ADDRESS__)
/* Tests that start MPI: Open MPI keeps memory in components it unloads at MPI_Finalize, which
 * LeakSanitizer reports as leaks it cannot attribute, so leak checking is off for them. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0"; }
#endif

#define CHECK(cond)                                                                    \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);        \
      check_failures++;                                                                \
    }                                                                                  \
  } while (0)

#define CHECK_STR(actual, expected) check_str(__FILE__, __LINE__, (actual), (expected))
#define CHECK_INT(actual, expected) check_int(__FILE__, __LINE__, #actual, (long long)(actual), \
                                              (long long)(expected))

/* Compare two strings (NULL counts as different from everything). */
static inline void check_str(const char *file, int line, const char *actual,
                             const char *expected) {
  if (actual && expected && strcmp(actual, expected) == 0)
    return;
  fprintf(stderr, "%s:%d: expected [%s]\n%*s got [%s]\n", file, line,
          expected ? expected : "(null)", (int)strlen(file) + 8, "", actual ? actual : "(null)");
  check_failures++;
}

/* Compare two integers. */
static inline void check_int(const char *file, int line, const char *what, long long actual,
                      long long expected) {
  if (actual == expected)
    return;
  fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", file, line, what, actual, expected);
  check_failures++;
}

/* The exit code of main: 0 if every check passed. */
static inline int check_report(const char *name) {
  if (check_failures)
    fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
  return check_failures ? 1 : 0;
}

/* A temporary file name (the file exists, empty); free it when done. */
static inline char *temp_name(void) {
  const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  char *name = malloc(strlen(dir) + 32);
  sprintf(name, "%s/zrt-test.XXXXXX", dir);
  int fd = mkstemp(name);
  if (fd < 0) {
    perror("mkstemp");
    exit(2);
  }
  close(fd);
  return name;
}

/* Write text to a new temporary file and return its name. */
static inline char *temp_file_with(const char *text) {
  char *name = temp_name();
  FILE *f = fopen(name, "w");
  fputs(text, f);
  fclose(f);
  return name;
}

/* The whole contents of a file (malloc'd, NUL-terminated). */
static inline char *slurp(const char *name) {
  FILE *f = fopen(name, "rb");
  if (!f)
    return NULL;
  size_t cap = 1024, n = 0;
  char *s = malloc(cap);
  size_t got;
  while ((got = fread(s + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n - 1 == 0)
      s = realloc(s, cap *= 2);
  }
  s[n] = '\0';
  fclose(f);
  return s;
}

/* What a child did: its exit status (128 + signal if killed) and its output. */
typedef struct child_result {
  int status;
  char *out, *err;
} child_result;

/* Run fn(arg) in a forked child with stdin from the text input (NULL: /dev/null) and stdout
 * and stderr captured; a child that returns exits with 0, one that hangs is killed after 60 s. */
static inline child_result run_child_in(void (*fn)(void *), void *arg, const char *input) {
  char *in = temp_file_with(input ? input : "");
  char *out = temp_name(), *err = temp_name();
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    int fi = open(in, O_RDONLY), fo = open(out, O_WRONLY), fe = open(err, O_WRONLY);
    dup2(fi, 0);
    dup2(fo, 1);
    dup2(fe, 2);
    free(in);
    free(out);
    free(err);
    alarm(60);
    fn(arg);
    fflush(stdout);
    fflush(stderr);
    _exit(0);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  child_result r;
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  r.out = slurp(out);
  r.err = slurp(err);
  unlink(in);
  unlink(out);
  unlink(err);
  free(in);
  free(out);
  free(err);
  return r;
}

/* run_child_in with empty standard input. */
static inline child_result run_child(void (*fn)(void *), void *arg) {
  return run_child_in(fn, arg, NULL);
}

/* Check a child's status, standard output and standard error, then free them. */
#define CHECK_CHILD(r, want_status, want_out, want_err)                                \
  do {                                                                                 \
    CHECK_INT((r).status, (want_status));                                              \
    CHECK_STR((r).out, (want_out));                                                    \
    CHECK_STR((r).err, (want_err));                                                    \
    free((r).out);                                                                     \
    free((r).err);                                                                     \
  } while (0)
#endif
