/* test_args.c - the command line of a compiled program (sections 10.1-10.3): the C1-C4 messages
 * of section 14.3 cases 48-52 and of the records example, the exact help text, -p/-q/--az-grid,
 * and the same through zrt_init itself in forked children (messages, output, exit status). */
#define RTL_CHECK_MPI /* zrt_init starts MPI */
#include "rtl_check.h"
#include "zrt_internal.h"

/* program basics (section 12.1): config var n : integer = 7; */
static const zrt_config basics_cfg[] = {
  { "n", "integer", "7", ZRT_CFG_INTEGER, NULL, 0 },
};
static const zrt_program basics = { "basics", "basics.zpl", basics_cfg, 1 };

/* program records (section 12.10). */
static const char *const mode_names[] = { "slow", "medium", "fast" };
static const zrt_config records_cfg[] = {
  { "m", "mode", "medium", ZRT_CFG_ENUM, mode_names, 3 },
  { "n", "integer", "3", ZRT_CFG_INTEGER, NULL, 0 },
  { "verbose", "boolean", "false", ZRT_CFG_BOOLEAN, NULL, 0 },
};
static const zrt_program records = { "records", "records.zpl", records_cfg, 3 };

static const zrt_program noconfig = { "empty", "empty.zpl", NULL, 0 };

#define HELP_HEAD(name)                                                                \
  "usage: " name " [options]\n"                                                          \
  "  -s<var>=<value>   set a config variable (also --<var>=<value>)\n"                   \
  "  -p<n>             ignored; the MPI launcher sets the number of processes\n"          \
  "  -q                suppress run-time warnings\n"                                     \
  "  -h, --help        print this message and exit\n"                                    \
  "config variables:\n"

static const char *const records_help =
  HELP_HEAD("records") "  m : mode = medium\n  n : integer = 3\n  verbose : boolean = false\n";

/* Parse a NULL-terminated argument list (program name first) for prog with P processes;
 * returns the result and stores the message (or "") in *msg. */
static zrt_args_result parse(const zrt_program *prog, int nprocs, const char **args,
                             char *msg, size_t n) {
  int argc = 0;
  char *argv[32];
  argv[argc++] = (char *)"prog";
  while (args[argc - 1])
    argv[argc] = (char *)args[argc - 1], argc++;
  argv[argc] = NULL;
  zrt_args_reset();
  char *m = NULL;
  zrt_args_result r = zrt_parse_args(argc, argv, prog, nprocs, &m);
  snprintf(msg, n, "%s", m ? m : "");
  free(m);
  return r;
}

/* Expect the arguments to be rejected with message. */
static void expect_error(const zrt_program *prog, const char **args, const char *message) {
  char msg[1024];
  CHECK_INT(parse(prog, 1, args, msg, sizeof msg), ZRT_ARGS_ERROR);
  CHECK_STR(msg, message);
}

/* Section 14.3 cases 48-52 and the two records cases, without MPI. */
static void test_messages(void) {
  expect_error(&basics, (const char *[]){ "--az-pdl", NULL }, "missing file name for option '--az-pdl' (--az-pdl=FILE)");
  expect_error(&basics, (const char *[]){ "--az-pdl=", NULL }, "missing file name for option '--az-pdl' (--az-pdl=FILE)");
  expect_error(&basics, (const char *[]){ "-sn=abc", NULL },
               "invalid value 'abc' for config var 'n' (expected an integer)");
  expect_error(&basics, (const char *[]){ "-sn=3000000000", NULL },
               "invalid value '3000000000' for config var 'n' (out of range for integer)");
  expect_error(&basics, (const char *[]){ "-sfoo=3", NULL }, "unknown config var 'foo'");
  expect_error(&basics, (const char *[]){ "-sn", NULL }, "missing value for config var 'n'");
  expect_error(&basics, (const char *[]){ "-x", NULL }, "unknown option '-x'");
  expect_error(&records, (const char *[]){ "-sm=quick", NULL },
               "invalid value 'quick' for config var 'm' (expected one of slow, medium, fast)");
  expect_error(&records, (const char *[]){ "-sverbose=yes", NULL },
               "invalid value 'yes' for config var 'verbose' (expected true or false)");
  /* the same through --NAME=VALUE */
  expect_error(&basics, (const char *[]){ "--n=abc", NULL },
               "invalid value 'abc' for config var 'n' (expected an integer)");
  expect_error(&basics, (const char *[]){ "--n", NULL }, "missing value for config var 'n'");
  expect_error(&basics, (const char *[]){ "--foo=1", NULL }, "unknown config var 'foo'");
  expect_error(&basics, (const char *[]){ "-sfoo", NULL }, "unknown config var 'foo'");
  expect_error(&basics, (const char *[]){ "--helpme", NULL }, "unknown config var 'helpme'");
  expect_error(&basics, (const char *[]){ "-sn=", NULL },
               "invalid value '' for config var 'n' (expected an integer)");
}

/* Option forms that are not config values, and C4 for everything else. */
static void test_options(void) {
  char msg[1024];
  CHECK_INT(parse(&basics, 1, (const char *[]){ "-p4", "-p16", "-q", NULL }, msg, sizeof msg),
            ZRT_ARGS_RUN);
  CHECK(zrt_g.quiet);
  CHECK_INT(parse(&basics, 1, (const char *[]){ NULL }, msg, sizeof msg), ZRT_ARGS_RUN);
  CHECK(!zrt_g.quiet);
  static const char *const bad[] = { "-p", "-p4x", "-px", "-q1", "-s", "-s=3", "--", "--=3",
                                     "x", "-", "-h1", "-sN=1", "--az-bogus=x",
                                     "-P4", "-Q", "" };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char want[64];
    snprintf(want, sizeof want, "unknown option '%s'", bad[i]);
    if (strcmp(bad[i], "-sN=1") == 0)
      snprintf(want, sizeof want, "unknown config var 'N'");
    expect_error(&basics, (const char *[]){ bad[i], NULL }, want);
  }
}

/* -h anywhere wins; otherwise the first error from the left is reported. */
static void test_order(void) {
  char msg[1024];
  CHECK_INT(parse(&basics, 1, (const char *[]){ "-x", "-sn=abc", "-h", NULL }, msg, sizeof msg),
            ZRT_ARGS_HELP);
  CHECK_INT(parse(&basics, 1, (const char *[]){ "--help", "-sfoo", NULL }, msg, sizeof msg),
            ZRT_ARGS_HELP);
  expect_error(&basics, (const char *[]){ "-sfoo=1", "-x", "-sn=abc", NULL },
               "unknown config var 'foo'");
  expect_error(&basics, (const char *[]){ "-sn=1", "-sn=abc", "-sfoo=1", NULL },
               "invalid value 'abc' for config var 'n' (expected an integer)");
  /* the last setting wins */
  CHECK_INT(parse(&records, 1, (const char *[]){ "-sn=5", "--n=6", "-sm=slow", "--m=fast",
                                                 "-sverbose=true", NULL }, msg, sizeof msg),
            ZRT_ARGS_RUN);
  int32_t n = 0, m = -1;
  zrt_bool v = 0;
  CHECK(zrt_config_get(1, &n) && n == 6);
  CHECK(zrt_config_get(0, &m) && m == 2);
  CHECK(zrt_config_get(2, &v) && v == 1);
  /* values not given are not set */
  parse(&records, 1, (const char *[]){ "-sn=5", NULL }, msg, sizeof msg);
  CHECK(!zrt_config_get(0, &m));
  CHECK(!zrt_config_get(2, &v));
  CHECK(zrt_config_get(1, &n) && n == 5);
  CHECK(!zrt_config_get(7, &n));
}

/* --az-grid=AxB...: a grid per rank whose product must be P. */
static void test_grid_option(void) {
  char msg[1024];
  CHECK_INT(parse(&basics, 4, (const char *[]){ "--az-grid=4x1", "--az-grid=2x1x2", NULL }, msg,
                  sizeof msg), ZRT_ARGS_RUN);
  int64_t lo[3] = { 1, 1, 1 }, hi[3] = { 8, 8, 8 };
  zrt_distribute(2, lo, hi);
  zrt_distribute(3, lo, hi);
  int dims[3], coords[3];
  CHECK(zrt_grid_of(2, dims, coords) && dims[0] == 4 && dims[1] == 1);
  CHECK(zrt_grid_of(3, dims, coords) && dims[0] == 2 && dims[1] == 1 && dims[2] == 2);
  parse(&basics, 4, (const char *[]){ "--az-grid=3x2", NULL }, msg, sizeof msg);
  CHECK_STR(msg, "invalid value '3x2' for option '--az-grid' (the grid has 6 processes, but the "
                 "program runs on 4)");
  static const char *const bad[] = { "--az-grid=2y2", "--az-grid=", "--az-grid=0x4",
                                     "--az-grid=2x", "--az-grid=x2", "--az-grid=1x1x1x1x1x1x1" };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char want[128];
    snprintf(want, sizeof want, "invalid value '%s' for option '--az-grid' (expected process "
             "counts such as 2x2)", bad[i] + 10);
    expect_error(&basics, (const char *[]){ bad[i], NULL }, want);
  }
  expect_error(&basics, (const char *[]){ "--az-grid", NULL },
               "missing value for option '--az-grid'");
  zrt_args_reset();
}

/* The help text of section 10.3, exactly. */
static void test_help_text(void) {
  char *name = temp_name();
  FILE *f = fopen(name, "w");
  zrt_help_text(&records, f);
  zrt_help_text(&noconfig, f);
  fclose(f);
  char *text = slurp(name);
  char want[2048];
  snprintf(want, sizeof want, "%s%s", records_help, HELP_HEAD("empty") "  (none)\n");
  CHECK_STR(text, want);
  free(text);
  unlink(name);
  free(name);
}

/* ---- through zrt_init in a child ---- */

typedef struct init_case {
  const zrt_program *prog;
  const char *args[8];
} init_case;

/* Child: zrt_init with the case's arguments, then print the config values and exit 0. */
static void init_child(void *arg) {
  init_case *c = arg;
  int argc = 0;
  char *argv[10];
  argv[argc++] = (char *)"prog";
  for (int i = 0; c->args[i]; i++)
    argv[argc++] = (char *)c->args[i];
  argv[argc] = NULL;
  zrt_init(argc, argv, c->prog);
  for (int i = 0; i < c->prog->nconfigs; i++) {
    int32_t v = 0;
    if (zrt_config_get(i, &v))
      zrt_printf(ZRT_ZOUT, 1, "%s=%d\n", c->prog->configs[i].name, (int)v);
  }
  zrt_printf(ZRT_ZOUT, 1, "P=%d me=%d\n", (int)zrt_processors(), zrt_my_process());
  zrt_exit(0);
}

/* Run zrt_init on prog with args and check status, stdout and stderr. */
static void expect_run(const zrt_program *prog, const char **args, int status, const char *out,
                       const char *err) {
  init_case c = { prog, { NULL } };
  for (int i = 0; args[i]; i++)
    c.args[i] = args[i];
  child_result r = run_child(init_child, &c);
  CHECK_CHILD(r, status, out, err);
}

static void test_zrt_init(void) {
  expect_run(&basics, (const char *[]){ "-sn=abc", NULL }, 2, "",
             "basics: error: invalid value 'abc' for config var 'n' (expected an integer)\n");
  expect_run(&basics, (const char *[]){ "-sn=3000000000", NULL }, 2, "",
             "basics: error: invalid value '3000000000' for config var 'n' (out of range for "
             "integer)\n");
  expect_run(&basics, (const char *[]){ "-sfoo=3", NULL }, 2, "",
             "basics: error: unknown config var 'foo'\n");
  expect_run(&basics, (const char *[]){ "-sn", NULL }, 2, "",
             "basics: error: missing value for config var 'n'\n");
  expect_run(&basics, (const char *[]){ "-x", NULL }, 2, "",
             "basics: error: unknown option '-x'\n");
  expect_run(&records, (const char *[]){ "-sm=quick", NULL }, 2, "",
             "records: error: invalid value 'quick' for config var 'm' (expected one of slow, "
             "medium, fast)\n");
  expect_run(&records, (const char *[]){ "-sverbose=yes", NULL }, 2, "",
             "records: error: invalid value 'yes' for config var 'verbose' (expected true or "
             "false)\n");
  expect_run(&records, (const char *[]){ "-h", NULL }, 0, records_help, "");
  expect_run(&records, (const char *[]){ "-sm=bad", "--help", NULL }, 0, records_help, "");
  expect_run(&noconfig, (const char *[]){ "-h", NULL }, 0, HELP_HEAD("empty") "  (none)\n", "");
  expect_run(&records, (const char *[]){ "-sm=fast", "-sn=4", "-sverbose=true", "-p8", NULL }, 0,
             "m=2\nn=4\nverbose=1\nP=1 me=0\n", "");
  expect_run(&records, (const char *[]){ "--m=fast", "--n=4", "--verbose=true", "-q", NULL }, 0,
             "m=2\nn=4\nverbose=1\nP=1 me=0\n", "");
  expect_run(&records, (const char *[]){ NULL }, 0, "P=1 me=0\n", "");
}

int main(void) {
  test_messages();
  test_options();
  test_order();
  test_grid_option();
  test_help_text();
  test_zrt_init();
  return check_report("test_rtl_args");
}
