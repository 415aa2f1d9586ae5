/* subprocess.h - running another program (the C compiler) without a shell. */
#ifndef AZC_SUBPROCESS_H
#define AZC_SUBPROCESS_H

/* Run argv[0] (searched in PATH) with the NULL-terminated argument vector argv and wait for it.
 * Returns its exit status, 128 + the signal that ended it, or -1 with errno set if it could not
 * be started. No shell sees the arguments. */
int run_program(char *const *argv);
#endif
