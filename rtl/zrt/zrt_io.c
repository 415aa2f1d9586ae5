/* zrt_io.c - files and output (sections 7.9, 7.11): the table of file handles (the same small
 * integers on every process; the streams live on process 0), open/close/eof with W4, and
 * write/writeln output, done by process 0 only with R6 checked on every process. */
#include "zrt_internal.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static zrt_file_entry *files;
static int nfiles, capfiles;

/* Append an entry and return its handle. */
static zrt_file add_file(zrt_file_mode mode, FILE *fp) {
  if (nfiles == capfiles) {
    int cap = capfiles ? 2 * capfiles : 16;
    zrt_file_entry *f = realloc(files, (size_t)cap * sizeof *f);
    if (!f)
      zrt_error(0, "out of memory");
    files = f;
    capfiles = cap;
  }
  files[nfiles] = (zrt_file_entry){ mode, fp, NULL, NULL };
  return nfiles++;
}

/* Create the four predefined handles on first use. */
static void files_init(void) {
  if (nfiles > 0)
    return;
  bool zero = zrt_g.me == 0;
  add_file(ZRT_FM_NONE, NULL);                       /* znull */
  add_file(ZRT_FM_READ, zero ? stdin : NULL);        /* zin */
  add_file(ZRT_FM_WRITE, zero ? stdout : NULL);      /* zout */
  add_file(ZRT_FM_WRITE, zero ? stderr : NULL);      /* zerr */
}

zrt_file_entry *zrt_file_get(zrt_file f) {
  files_init();
  return f >= 0 && f < nfiles ? &files[f] : NULL;
}

void zrt_bcast(void *buf, size_t n) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi)
    return;
  if (zrt_collectives_block()) {
    MPI_Bcast(buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
    return;
  }
  MPI_Request rq;
  MPI_Ibcast(buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
}

static int stdout_errno; /* why a flush of the standard output first failed, for the message */

void zrt_flush_all(void) {
  errno = 0;
  if (fflush(stdout) != 0 && !stdout_errno)
    stdout_errno = errno;
  fflush(NULL);
}

/* What a write error names: "the standard output", "file 'NAME'". */
static const char *what(const zrt_file_entry *e) {
  static char buf[320];
  if (!e->name)
    return e->fp == stderr ? "the standard error" : "the standard output";
  snprintf(buf, sizeof buf, "file '%s'", e->name);
  return buf;
}

/* A write to e failed (process 0): a run-time error with its own message (issue 23: a full disk
 * or /dev/full was silent, and the program exited 0). */
static void write_failed(const zrt_file_entry *e, int line, int err) {
  zrt_error(line, "cannot write %s: %s", what(e), err ? strerror(err) : "write error");
}

/* Close the stream of an entry (process 0) and mark it closed; false (errno set) if what was
 * written to it could not all be written. */
static bool close_entry(zrt_file_entry *e) {
  bool ok = true;
  if (e->fp) {
    errno = 0;
    ok = !ferror(e->fp);
    ok = fclose(e->fp) == 0 && ok;
  }
  zrt_reader_free(e->rd);
  e->fp = NULL;
  e->rd = NULL;
  e->mode = ZRT_FM_CLOSED;
  return ok;
}

void zrt_files_close_all(void) {
  for (int f = ZRT_ZERR + 1; f < nfiles; f++)
    if (files[f].mode != ZRT_FM_CLOSED) {
      bool writing = files[f].mode == ZRT_FM_WRITE;
      zrt_file_entry e = files[f];
      if (!close_entry(&files[f]) && writing)
        write_failed(&e, 0, errno);
    }
  errno = 0;
  if (zrt_g.me == 0 && (fflush(stdout) != 0 || ferror(stdout)))
    write_failed(&(zrt_file_entry){ZRT_FM_WRITE, stdout, NULL, NULL}, 0, stdout_errno ? stdout_errno : errno);
  fflush(stderr);
}

/* ---- open, close, eof ---- */

/* The mode of an open() mode string, or ZRT_FM_NONE if it is not "r", "w" or "a". */
static zrt_file_mode open_mode(const char *m) {
  if (strcmp(m, "r") == 0)
    return ZRT_FM_READ;
  if (strcmp(m, "w") == 0 || strcmp(m, "a") == 0)
    return ZRT_FM_WRITE;
  return ZRT_FM_NONE;
}

zrt_file zrt_open(const zrt_string *name, const zrt_string *mode) {
  files_init();
  if (name->s[0] == '\0')
    return ZRT_ZNULL;
  zrt_file_mode m = open_mode(mode->s);
  FILE *fp = NULL;
  int ok = 0;
  if (m != ZRT_FM_NONE && zrt_g.me == 0) {
    fp = fopen(name->s, mode->s);
    struct stat st;
    if (fp && fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) { /* W4, not "end of file" later */
      fclose(fp);
      fp = NULL;
    }
    ok = fp != NULL;
  }
  zrt_bcast(&ok, sizeof ok);
  if (!ok) {
    zrt_warning("cannot open file '%s'", name->s);
    return ZRT_ZNULL;
  }
  zrt_file h = add_file(m, fp);
  files[h].name = strdup(name->s);
  return h;
}

int32_t zrt_close(zrt_file f) {
  zrt_file_entry *e = zrt_file_get(f);
  if (f > ZRT_ZERR && e && e->mode != ZRT_FM_CLOSED) {
    bool writing = e->mode == ZRT_FM_WRITE;
    if (!close_entry(e) && writing)
      write_failed(e, 0, errno);
  }
  return 0;
}

/* The entry of f if it is open for reading; otherwise R6. */
static zrt_file_entry *readable(zrt_file f, int line) {
  zrt_file_entry *e = zrt_file_get(f);
  if (!e || e->mode != ZRT_FM_READ)
    zrt_error(line, "read: file is not open for reading");
  return e;
}

zrt_bool zrt_eof(zrt_file f, int line) {
  zrt_file_entry *e = readable(f, line);
  zrt_bool at = 0;
  if (zrt_g.me == 0)
    at = zrt_reader_at_eof(&e->rd, e->fp);
  zrt_bcast(&at, sizeof at);
  return at;
}

/* ---- output ---- */

/* The stream to write f's output to: NULL for znull and on processes other than 0; R6 if f
 * is not open for writing. Under AZ_SMPI_WORK the computation before it is charged first, so that
 * the output's time on the simulated clock follows it. */
static FILE *writable(zrt_file f, int line) {
  zrt_work_flush(); /* AZ_SMPI_WORK: the work before the output is charged first */
  zrt_file_entry *e = zrt_file_get(f);
  if (f == ZRT_ZNULL)
    return NULL;
  if (!e || e->mode != ZRT_FM_WRITE)
    zrt_error(line, "write: file is not open for writing");
  if (zrt_g.me != 0)
    return NULL;
  if (f == ZRT_ZERR)
    fflush(stdout);
  return e->fp;
}

void zrt_printf(zrt_file f, int line, const char *fmt, ...) {
  FILE *fp = writable(f, line);
  if (!fp)
    return;
  va_list ap;
  va_start(ap, fmt);
  errno = 0;
  if (vfprintf(fp, fmt, ap) < 0 || ferror(fp))
    write_failed(zrt_file_get(f), line, errno);
  va_end(ap);
}

void zrt_write(zrt_file f, int line, const char *text, size_t n) {
  FILE *fp = writable(f, line);
  errno = 0;
  if (fp && n > 0 && (fwrite(text, 1, n, fp) != n || ferror(fp)))
    write_failed(zrt_file_get(f), line, errno);
}

void zrt_write_bool(zrt_file f, int line, zrt_bool b) {
  zrt_write(f, line, b ? "true" : "false", b ? 4 : 5);
}
