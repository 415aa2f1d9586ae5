/* runstat.c - runs one command and prints its wall time, peak memory and exit status
 * for the benchmark scripts:
 *
 *   runstat [-t SECONDS] CMD ARG...    prints "SECONDS MAXRSS_KB STATUS" on stdout
 *
 * The command's stdout and stderr go to /dev/null. STATUS is its exit status, or 128+N
 * if signal N killed it (-t kills it with SIGALRM after SECONDS, default 600). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Seconds on a monotonic clock. */
static double now_sec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* In the child: silence the output, arm the time limit and run the command. */
static void child(char **cmd, unsigned limit) {
  int nul = open("/dev/null", O_RDWR);
  if (nul >= 0) {
    dup2(nul, 1);
    dup2(nul, 2);
  }
  alarm(limit);
  execvp(cmd[0], cmd);
  _exit(127);
}

/* Entry point: parse -t, run the command, report. */
int main(int argc, char **argv) {
  unsigned limit = 600;
  int first = 1;
  if (argc > 2 && strcmp(argv[1], "-t") == 0) {
    limit = (unsigned)strtoul(argv[2], NULL, 10);
    first = 3;
  }
  if (first >= argc) {
    fprintf(stderr, "usage: runstat [-t SECONDS] CMD ARG...\n");
    return 2;
  }
  fflush(stdout);
  double t0 = now_sec();
  pid_t pid = fork();
  if (pid < 0) {
    perror("runstat: fork");
    return 2;
  }
  if (pid == 0) child(argv + first, limit);
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) < 0) {
    perror("runstat: wait4");
    return 2;
  }
  double t = now_sec() - t0;
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  printf("%.6f %ld %d\n", t, ru.ru_maxrss, code);
  return 0;
}
