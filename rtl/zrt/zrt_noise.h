/* zrt_noise.h - injected noise (AZ_NOISE=RANKS:PERIOD_US:DURATION_US, rtl/zrt/zrt_noise.c): detours
 * that take the processor away from chosen processes, to measure how a program tolerates a late
 * process. No MPI, so that the hand-written MPI references get the same (bench/noise/preload.c).
 * Internal to rtl/zrt/; not installed. */
#ifndef AZC_ZRT_NOISE_H
#define AZC_ZRT_NOISE_H

/* Start the detours spec describes if they concern process me of nprocs (spec NULL or empty: none).
 * NULL, or a one-line message for a bad spec (the same on every process). */
const char *zrt_noise_start(const char *spec, int me, int nprocs);
void zrt_noise_stop(void);
long zrt_noise_detours(void);         /* detours this process has taken */
long zrt_noise_duration_us(void);
#endif
