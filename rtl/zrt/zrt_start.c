/* zrt_start.c - start and end of a run: MPI start-up (with or without a launcher), the command
 * line of section 10.1 (-s/--, -p, -q, -h/--help, --az-grid, --az-pdl), the help text of section 10.3,
 * the C1-C4 errors, normal exit, and the process-count queries. */
#include "zrt_internal.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

zrt_state zrt_g = { .prog = NULL, .nprocs = 1, .me = 0, .quiet = false, .mpi = false };

/* The program name for "NAME: ..." messages. */
const char *zrt_prog_name(void) {
  return zrt_g.prog && zrt_g.prog->name ? zrt_g.prog->name : "program";
}

/* The source file name for "SOURCE:LINE: ..." messages. */
const char *zrt_source_name(void) {
  return zrt_g.prog && zrt_g.prog->source ? zrt_g.prog->source : "program";
}

/* True if some MPI launcher started this process (so it is not an MPI singleton). */
static bool launched(void) {
  static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                      "PMI_SIZE", "MPI_LOCALNRANKS" };
  for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
    if (getenv(vars[i]))
      return true;
  return false;
}

/* MPI_Init, and the process count and rank. A singleton (no launcher) is told not to start
 * Open MPI's helper daemon: the program never spawns processes, and start-up is faster. */
static void start_mpi(int *argc, char ***argv) {
  int inited = 0;
  MPI_Initialized(&inited);
  if (!inited) {
    if (!launched())
      setenv("OMPI_MCA_ess_singleton_isolated", "1", 0);
    MPI_Init(argc, argv);
  }
  zrt_g.mpi = true;
  MPI_Comm_size(MPI_COMM_WORLD, &zrt_g.nprocs);
  MPI_Comm_rank(MPI_COMM_WORLD, &zrt_g.me);
}

/* End the run before the program started: flush, finalize MPI and exit with status. */
static _Noreturn void finish_early(int status) {
  fflush(stdout);
  fflush(stderr);
  if (zrt_g.mpi)
    MPI_Finalize();
  exit(status);
}

void zrt_init(int argc, char **argv, const zrt_program *prog) {
  zrt_g.prog = prog;
  start_mpi(&argc, &argv);
  char *msg = NULL;
  zrt_args_result r = zrt_parse_args(argc, argv, prog, zrt_g.nprocs, &msg);
  if (r == ZRT_ARGS_HELP) {
    if (zrt_g.me == 0)
      zrt_help_text(prog, stdout);
    finish_early(0);
  }
  if (r == ZRT_ARGS_ERROR) {
    if (zrt_g.me == 0)
      fprintf(stderr, "%s: error: %s\n", zrt_prog_name(), msg);
    free(msg);
    finish_early(2);
  }
  const char *bad = zrt_noise_start(getenv("AZ_NOISE"), zrt_g.me, zrt_g.nprocs);
  if (!bad)
    bad = zrt_work_setup();
  if (!bad)
    bad = zrt_coll_setup();
  if (!bad)
    bad = zrt_array_setup();
  if (bad) {
    if (zrt_g.me == 0)
      fprintf(stderr, "%s: error: %s\n", zrt_prog_name(), bad);
    finish_early(2);
  }
  zrt_error_setup();
  zrt_watchdog_setup();
  zrt_pattern_check_setup();
  zrt_stats_setup();
  zrt_comm_setup();
}

/* AZ_STATS=1 with AZ_NOISE: the detours each process took (collective; process 0 prints). */
static void noise_stats_print(FILE *out) {
  const char *v = getenv("AZ_NOISE");
  if (!v || !*v)
    return;
  int P = zrt_g.nprocs;
  long mine = zrt_noise_detours(), *all = calloc((size_t)P, sizeof *all);
  if (!all)
    zrt_error(0, "out of memory");
  if (P > 1 && zrt_g.mpi) {
    MPI_Request rq;
    MPI_Igather(&mine, 1, MPI_LONG, all, 1, MPI_LONG, 0, MPI_COMM_WORLD, &rq);
    zrt_wait(&rq);
  } else
    all[0] = mine;
  if (zrt_g.me == 0) {
    fprintf(out, "AZ_NOISE: %s: detours of %ld us per process:", v, zrt_noise_duration_us());
    for (int p = 0; p < P; p++)
      fprintf(out, " %d:%ld", p, all[p]);
    fputc('\n', out);
  }
  free(all);
}

void zrt_exit(int status) {
  zrt_noise_stop();
  zrt_flush_all();
  const char *stats = getenv("AZ_STATS");
  if (status == 0 && stats && strcmp(stats, "0") != 0) {
    zrt_xfer_stats_print(stderr);
    zrt_pattern_stats_print(stderr);
    zrt_comm_stats_print(stderr);
    zrt_array_stats_print(stderr);
    zrt_nest_stats_print(stderr);
    noise_stats_print(stderr);
  }
  if (status == 0)
    zrt_work_report(stderr);
  if (status == 0)
    zrt_pattern_write();
  zrt_files_close_all();
  fflush(stdout);
  fflush(stderr);
  if (zrt_g.mpi) {
    int fin = 0;
    MPI_Finalized(&fin);
    if (!fin) {
      if (zrt_g.nprocs > 1) { /* the last wait of the run, under the watchdog (MPI_Finalize has none) */
        MPI_Request rq;
        MPI_Ibarrier(MPI_COMM_WORLD, &rq);
        zrt_wait(&rq);
      }
      zrt_comm_teardown();
      zrt_watchdog_teardown();
      zrt_error_teardown();
      MPI_Finalize();
    }
  }
  exit(status);
}

int32_t zrt_processors(void) { return zrt_g.nprocs; }

int zrt_my_process(void) { return zrt_g.me; }

/* ---- the help text ---- */

void zrt_help_text(const zrt_program *prog, FILE *out) {
  fprintf(out, "usage: %s [options]\n", prog->name);
  fputs("  -s<var>=<value>   set a config variable (also --<var>=<value>)\n"
        "  -p<n>             ignored; the MPI launcher sets the number of processes\n"
        "  -q                suppress run-time warnings\n"
        "  -h, --help        print this message and exit\n"
        "config variables:\n", out);
  if (prog->nconfigs == 0)
    fputs("  (none)\n", out);
  for (int i = 0; i < prog->nconfigs; i++) {
    const zrt_config *c = &prog->configs[i];
    fprintf(out, "  %s : %s = %s\n", c->name, c->type_text, c->init_text);
  }
  fflush(out);
}

/* ---- argument checking ---- */

/* Index of the config called name (n bytes), or -1. */
static int find_config(const zrt_program *prog, const char *name, size_t n) {
  for (int i = 0; i < prog->nconfigs; i++) {
    const char *c = prog->configs[i].name;
    if (strlen(c) == n && memcmp(c, name, n) == 0)
      return i;
  }
  return -1;
}

/* -sNAME=VALUE or --NAME=VALUE, with text = "NAME=VALUE" and arg the whole argument. */
static bool config_option(const zrt_program *prog, const char *text, const char *arg,
                          char **msg) {
  const char *eq = strchr(text, '=');
  size_t n = eq ? (size_t)(eq - text) : strlen(text);
  if (n == 0) {
    *msg = zrt_aprintf("unknown option '%s'", arg);
    return false;
  }
  int i = find_config(prog, text, n);
  if (i < 0) {
    *msg = zrt_aprintf("unknown config var '%.*s'", (int)n, text);
    return false;
  }
  if (!eq) {
    *msg = zrt_aprintf("missing value for config var '%s'", prog->configs[i].name);
    return false;
  }
  zrt_cfg_value v;
  if (!zrt_config_parse(&prog->configs[i], eq + 1, &v, msg))
    return false;
  zrt_config_set(i, prog->configs[i].kind, &v);
  return true;
}

/* --az-grid=AxB...: the process grid for arrays of rank (number of factors). */
static bool grid_option(const char *arg, int nprocs, char **msg) {
  const char *eq = strchr(arg, '=');
  if (!eq) {
    *msg = zrt_aprintf("missing value for option '--az-grid'");
    return false;
  }
  int dims[ZRT_MAX_RANK], r;
  if (!zrt_parse_grid(eq + 1, dims, &r)) {
    *msg = zrt_aprintf("invalid value '%s' for option '--az-grid' (expected process counts "
                       "such as 2x2)", eq + 1);
    return false;
  }
  long long product = 1;
  for (int k = 0; k < r; k++)
    product *= dims[k];
  if (product != nprocs) {
    *msg = zrt_aprintf("invalid value '%s' for option '--az-grid' (the grid has %lld "
                       "processes, but the program runs on %d)", eq + 1, product, nprocs);
    return false;
  }
  zrt_grid_request(r, dims);
  return true;
}

/* -pN with N one or more digits. */
static bool is_p_option(const char *arg) {
  if (arg[0] != '-' || arg[1] != 'p' || arg[2] == '\0')
    return false;
  for (const char *p = arg + 2; *p; p++)
    if (!isdigit((unsigned char)*p))
      return false;
  return true;
}

/* Check one argument other than -h/--help. */
static bool check_arg(const char *arg, const zrt_program *prog, int nprocs, char **msg) {
  if (strncmp(arg, "--az-grid", 9) == 0 && (arg[9] == '\0' || arg[9] == '='))
    return grid_option(arg, nprocs, msg);
  if (strncmp(arg, "--az-pdl", 8) == 0 && (arg[8] == '\0' || arg[8] == '=')) {
    if (arg[8] != '=' || arg[9] == '\0') {
      *msg = zrt_aprintf("missing file name for option '--az-pdl' (--az-pdl=FILE)");
      return false;
    }
    zrt_pattern_setup(arg + 9);
    return true;
  }
  if (strncmp(arg, "-s", 2) == 0 && arg[2] != '\0')
    return config_option(prog, arg + 2, arg, msg);
  if (strncmp(arg, "--", 2) == 0 && arg[2] != '\0' && strncmp(arg, "--az-", 5) != 0)
    return config_option(prog, arg + 2, arg, msg);
  if (strcmp(arg, "-q") == 0) {
    zrt_g.quiet = true;
    return true;
  }
  if (is_p_option(arg))
    return true;
  *msg = zrt_aprintf("unknown option '%s'", arg);
  return false;
}

zrt_args_result zrt_parse_args(int argc, char **argv, const zrt_program *prog, int nprocs,
                               char **msg) {
  *msg = NULL;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
      return ZRT_ARGS_HELP;
  for (int i = 1; i < argc; i++)
    if (!check_arg(argv[i], prog, nprocs, msg))
      return ZRT_ARGS_ERROR;
  return ZRT_ARGS_RUN;
}

void zrt_args_reset(void) {
  zrt_config_reset();
  zrt_grid_reset();
  zrt_g.quiet = false;
}
