/* driver.h - the azc command: options, the pipeline, outputs and exit status. */
#ifndef AZC_DRIVER_H
#define AZC_DRIVER_H

/* Everything the azc command does; returns its exit status (0 ok, 1 errors). Reentrant. */
int azc_main(int argc, char **argv);
#endif
