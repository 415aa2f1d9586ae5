/* pdl_gen.c - writes one PDL pattern of about MESSAGES messages for timing azpdl (bench/pdl.sh).
 *
 *   pdl_gen MESSAGES [PROCESSES [SHAPE]]      (defaults: 10000, 64, exchange)
 *
 * Shapes (every round, each process sends one message and receives one):
 *   exchange  blocking send then recv with partner p xor 2^(round mod log2 P), like the FFT of
 *             Felten's Fig. 4.4; sizes alternate 16 KB and 64 bytes, so greedy mode selection
 *             and buffer allocation both have work (P must be a power of two)
 *   halo      split-phase ring shift (beginRecv, beginSend, endRecv, endSend), 8 KB + 1
 *   gather    every message goes to process 0 (all 256 bytes, one receiver buffer)
 *   gatherany the same, process 0 receiving with source ANY and tag ANY (issue 23)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exchange rounds: partner p xor 2^(round mod log2 P). */
static void exchange(int p, int procs, int rounds) {
  int bits = 0;
  while ((1 << bits) < procs) bits++;
  for (int r = 0; r < rounds; r++) {
    int partner = p ^ (1 << (r % bits));
    int size = r % 2 ? 64 : 16384;
    printf("    send dest %d tag %d maxsize %d\n", partner, r, size);
    printf("    recv source %d tag %d maxsize %d\n", partner, r, size);
  }
}

/* Ring shift with the receives posted first. */
static void halo(int p, int procs, int rounds) {
  for (int r = 0; r < rounds; r++) {
    printf("    beginRecv source %d tag %d maxsize 8193 name r%d\n", (p + procs - 1) % procs, r, r);
    printf("    beginSend dest %d tag %d maxsize 8193 name s%d\n", (p + 1) % procs, r, r);
    printf("    endRecv name r%d\n    endSend name s%d\n", r, r);
  }
}

/* Every other process sends rounds messages to process 0. */
static void gather(int p, int procs, int rounds) {
  for (int r = 0; r < rounds; r++) {
    if (p == 0) {
      for (int q = 1; q < procs; q++) printf("    recv source %d tag %d maxsize 256\n", q, r);
    } else {
      printf("    send dest 0 tag %d maxsize 256\n", r);
    }
  }
}

/* The gather, received with source ANY and tag ANY. */
static void gather_any(int p, int procs, int rounds) {
  for (int r = 0; r < rounds; r++) {
    if (p == 0) {
      for (int q = 1; q < procs; q++) printf("    recv tag ANY maxsize 256\n");
    } else {
      printf("    send dest 0 tag %d maxsize 256\n", r);
    }
  }
}

int main(int argc, char **argv) {
  int messages = argc > 1 ? atoi(argv[1]) : 10000;
  int procs = argc > 2 ? atoi(argv[2]) : 64;
  const char *shape = argc > 3 ? argv[3] : "exchange";
  void (*body)(int, int, int) = strcmp(shape, "halo") == 0        ? halo
                                : strcmp(shape, "gather") == 0    ? gather
                                : strcmp(shape, "gatherany") == 0 ? gather_any
                                                                  : exchange;
  if (messages < 1 || procs < 2 || (body == exchange && (procs & (procs - 1)) != 0)) {
    fprintf(stderr, "usage: pdl_gen MESSAGES [PROCESSES [exchange|halo|gather|gatherany]] (exchange: PROCESSES a power of 2)\n");
    return 2;
  }
  int senders = body == gather || body == gather_any ? procs - 1 : procs;
  int rounds = (messages + senders - 1) / senders;
  printf("// %s: %d processes, %d rounds, %d messages\nnumprocesses %d\npattern 1 {\n", shape, procs, rounds,
         rounds * senders, procs);
  for (int p = 0; p < procs; p++) {
    printf("  process %d {\n", p);
    body(p, procs, rounds);
    printf("  }\n");
  }
  printf("}\n");
  return 0;
}
