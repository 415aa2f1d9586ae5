/* zrt_pevents.h - the calls of a communication pattern as the runtime records them (a transfer's
 * DR is a beginRecv from each process that sends here, SR a beginSend to each destination, DN an
 * endRecv, SV an endSend; a gather round is a beginRecv/beginSend pair, ended when the round
 * completes) and the pattern file they make, in Felten's strict Appendix A form (docs/pdl.md). No
 * MPI: the runtime writes a run's file with it (--az-pdl) and azc the file of a program (prog.pdl). */
#ifndef AZC_ZRT_PEVENTS_H
#define AZC_ZRT_PEVENTS_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { ZRT_PEV_BEGIN_SEND, ZRT_PEV_END_SEND, ZRT_PEV_BEGIN_RECV, ZRT_PEV_END_RECV } zrt_pevent;

/* One call of process p in pattern `pattern`: with process `peer`, message tag, size in bytes. */
typedef struct zrt_pev {
  int pattern, kind, peer, tag;
  int64_t bytes;
} zrt_pev;

/* The statement name of a kind ("beginSend", ...). */
const char *zrt_pev_name(int kind);
/* The name of e's message on process p, unique in the pattern (process, direction, peer and tag:
 * a message is sent once per iteration): "p0from1_1". */
void zrt_pev_msg_name(int p, const zrt_pev *e, char *name, size_t size);
/* Write "numprocesses P" and the patterns 1, 2, ... up to the largest of npatterns and the ids of
 * the events: each process that has events in it, in process order, with its events in order.
 * events holds every process's events, count[p] of process p after those of process p - 1. A
 * pattern without events is left out; notes[id] (notes may be NULL, and so may its entries) is
 * written as the comment line "// pattern ID: NOTE" in its place (notes[1..npatterns]). Without
 * notes the text is Appendix A's strict form; comments are an extension (azc --pdl-comments). */
void zrt_pev_write(FILE *f, int P, const zrt_pev *events, const int *count, int npatterns, const char *const *notes);
#endif
