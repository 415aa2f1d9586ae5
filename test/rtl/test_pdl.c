/* test_pdl.c - Parachute's analysis (rtl/pdl/pdl.c) on patterns built in memory, as the runtime will
 * build them: modes of Felten's FFT, blast, buffer sharing, the L0 option, deadlock, statement text. */
#include "pdl.h"
#include "rtl_check.h"

/* Felten's Fig. 4.4 with the given message size: partner p xor 1 (tag 0), then p xor 2 (tag 1). */
static PdlFile *fft(long long size) {
  PdlFile *f = pdl_new();
  PdlPattern *p = pdl_add_pattern(f, 0, 1, 1);
  for (int q = 0; q < 4; q++) {
    PdlProcess *pr = pdl_add_process(p, q, 2 + q, 1);
    for (int t = 0; t < 2; t++) {
      pdl_add_stmt(pr, PDL_SEND, q ^ (1 << t), t, size, NULL, 2 + q, 1);
      pdl_add_stmt(pr, PDL_RECV, PDL_ANY, t, size, NULL, 2 + q, 1);
    }
  }
  return f;
}

/* The first diagnostic's message, or "". */
static const char *first_msg(const PdlFile *f) { return f->ndiags ? f->diags[0].msg : ""; }

int main(void) {
  /* FFT: one message of each exchange synchronizing, the other receiver-buffered. */
  PdlFile *f = fft(16384);
  CHECK_INT(pdl_check(f, NULL), 0);
  PdlAnalysis *a = f->patterns[0].an;
  CHECK(a != NULL);
  if (a) {
    CHECK_INT(a->nmsgs, 8);
    CHECK_INT(a->states, 32);
    CHECK_INT(a->nsync, 4);
    CHECK_INT(a->nrbuf, 4);
    CHECK_INT(a->l0, PDL_DEFAULT_L0);
    CHECK_INT(a->msgs[0].sender, 0);
    CHECK_INT(a->msgs[0].receiver, 1);
    CHECK_INT(a->msgs[0].recv_stmt, 1);
    CHECK_INT(a->msgs[0].mode, PDL_SYNC);
  }
  pdl_free(f);

  /* Small messages are not worth a rendezvous at L0 = 8000, but are at L0 = 0. */
  f = fft(64);
  CHECK_INT(pdl_check(f, NULL), 0);
  CHECK_INT(f->patterns[0].an->nrbuf, 8);
  PdlOptions opt = {0};
  CHECK_INT(pdl_check(f, &opt), 0);
  CHECK_INT(f->patterns[0].an->nsync, 4);
  pdl_free(f);

  /* Blast: process 0 posts its receive before it sends what process 1 answers. Buffer sharing:
     process 1's two buffered messages from 0 are ordered by the answer, so they share offset 0. */
  f = pdl_new();
  PdlPattern *p = pdl_add_pattern(f, 3, 1, 1);
  PdlProcess *p0 = pdl_add_process(p, 0, 1, 1), *p1 = pdl_add_process(p, 1, 1, 1);
  pdl_add_stmt(p0, PDL_BEGIN_RECV, 1, 9, 8, "ans", 1, 1);
  pdl_add_stmt(p0, PDL_SEND, 1, 1, 100, NULL, 1, 1);
  pdl_add_stmt(p0, PDL_END_RECV, PDL_ANY, PDL_ANY, 0, "ans", 1, 1);
  pdl_add_stmt(p0, PDL_SEND, 1, 2, 40, NULL, 1, 1);
  pdl_add_stmt(p1, PDL_RECV, 0, 1, 100, NULL, 1, 1);
  pdl_add_stmt(p1, PDL_SEND, 0, 9, 8, NULL, 1, 1);
  pdl_add_stmt(p1, PDL_RECV, 0, 2, 40, NULL, 1, 1);
  CHECK_INT(pdl_check(f, NULL), 0);
  a = p->an;
  CHECK(a != NULL);
  if (a) {
    CHECK_INT(a->nblast, 1);
    CHECK_INT(a->msgs[2].mode, PDL_BLAST); /* process 1 -> 0, tag 9 */
    CHECK_INT(a->msgs[0].offset, 0);
    CHECK_INT(a->msgs[1].offset, 0);
    CHECK_INT(a->buffer[1], 100);
    CHECK_INT(a->buffer[0], 0);
  }
  pdl_free(f);

  /* Deadlock: both processes receive first. */
  f = pdl_new();
  p = pdl_add_pattern(f, 9, 1, 1);
  for (int q = 0; q < 2; q++) {
    PdlProcess *pr = pdl_add_process(p, q, 1, 1);
    pdl_add_stmt(pr, PDL_RECV, 1 - q, 0, 8, NULL, 10 + q, 3);
    pdl_add_stmt(pr, PDL_SEND, 1 - q, 0, 8, NULL, 11 + q, 3);
  }
  CHECK_INT(pdl_check(f, NULL), 1);
  CHECK(p->an == NULL);
  CHECK(strstr(first_msg(f), "pattern 9, process 0, statement 1: deadlock") != NULL);
  CHECK_INT(f->diags[0].line, 10);
  pdl_free(f);

  char text[128];
  PdlStmt s = {PDL_BEGIN_RECV, PDL_ANY, PDL_ANY, 43008, "arthur", 1, 1};
  pdl_stmt_text(&s, text, sizeof text);
  CHECK_STR(text, "beginRecv tag ANY maxsize 43008 name arthur");
  return check_report("test_rtl_pdl");
}
