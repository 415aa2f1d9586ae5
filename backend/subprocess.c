/* subprocess.c - running another program (the C compiler) without a shell: posix_spawnp with an
 * argument vector, so that no name a user gives is ever read by a shell. */
#include "subprocess.h"
#include <errno.h>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

int run_program(char *const *argv) {
  pid_t pid;
  int err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
  if (err != 0) {
    errno = err;
    return -1;
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}
