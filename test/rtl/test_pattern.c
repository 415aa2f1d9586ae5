/* test_pattern.c - patterns of a run (rtl/zrt_pattern.c) on one process, without MPI: the file
 * --az-pdl writes from the first iteration of each pattern, and AZ_CHECK=1 stopping at the first
 * call of a later iteration that differs from the first (a different call, one too many, one
 * missing), naming pattern, process and call. */
#include "rtl_check.h"
#include "zrt_internal.h"

static const zrt_program prog = { "pat", "pat.zpl", NULL, 0 };

/* One iteration of pattern 1: a halo message to and from process 0, sized n. */
static void iteration(size_t n, bool extra) {
  zrt_pattern_begin(1);
  zrt_pattern_event(ZRT_PEV_BEGIN_RECV, 0, 7, n);
  zrt_pattern_event(ZRT_PEV_BEGIN_SEND, 0, 7, n);
  zrt_pattern_event(ZRT_PEV_END_RECV, 0, 7, n);
  if (extra)
    zrt_pattern_event(ZRT_PEV_END_SEND, 0, 7, n);
  zrt_pattern_end(1);
}

typedef enum { SAME, OTHER_SIZE, MISSING_CALL } check_case;

static void check_child(void *arg) {
  check_case c = *(const check_case *)arg;
  zrt_g.prog = &prog;
  setenv("AZ_CHECK", "1", 1);
  zrt_pattern_check_setup();
  iteration(64, true);
  iteration(c == OTHER_SIZE ? 32 : 64, c != MISSING_CALL);
  iteration(64, true);
}

static void test_check(void) {
  check_case c = SAME;
  child_result r = run_child(check_child, &c);
  CHECK_CHILD(r, 0, "", "");
  c = OTHER_SIZE;
  r = run_child(check_child, &c);
  CHECK_CHILD(r, 1, "", "pat.zpl: runtime error: AZ_CHECK: pattern 1, process 0, call 1: expected beginRecv source 0 "
                        "tag 7 maxsize 64, got beginRecv source 0 tag 7 maxsize 32\n");
  c = MISSING_CALL;
  r = run_child(check_child, &c);
  CHECK_CHILD(r, 1, "", "pat.zpl: runtime error: AZ_CHECK: pattern 1, process 0, call 4: expected endSend dest 0 "
                        "tag 7 maxsize 64, got the end of the iteration\n");
}

static void write_child(void *arg) {
  zrt_g.prog = &prog;
  zrt_g.nprocs = 1;
  zrt_pattern_setup(arg);
  iteration(16, true);
  iteration(16, true);
  zrt_pattern_write();
}

static void test_write(void) {
  char *path = temp_name();
  child_result r = run_child(write_child, path);
  CHECK_CHILD(r, 0, "", "");
  char *text = slurp(path);
  CHECK_STR(text, "numprocesses 1\n"
                  "\n"
                  "pattern 1 {\n"
                  "  process 0 {\n"
                  "    beginRecv source 0 tag 7 maxsize 16 name p0from0_7\n"
                  "    beginSend dest 0 tag 7 maxsize 16 name p0to0_7\n"
                  "    endRecv name p0from0_7\n"
                  "    endSend name p0to0_7\n"
                  "  }\n"
                  "}\n");
  free(text);
  unlink(path);
  free(path);
}

int main(void) {
  test_check();
  test_write();
  return check_report("test_pattern");
}
