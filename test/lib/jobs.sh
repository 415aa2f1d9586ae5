# jobs.sh - run independent pieces of a test side by side and print their outputs in order
# (sourced by test/run-tests.sh and test/unit/*.sh; POSIX sh). Most of a test's time is spent
# waiting for mpicc and mpirun, so TEST_JOBS (default 2, the cores of the CI machine) pieces run
# at once; what each prints is kept in a file and shown only when the pieces before it are done,
# so the output does not depend on the timing.

TEST_JOBS=${TEST_JOBS:-2}

# jobs_key ITEM: ITEM as a file name
jobs_key() {
  printf '%s\n' "$1" | tr '/ ' '__'
}

# jobs_start DIR FUNC ITEM...: start TEST_JOBS workers in the background that run `FUNC ITEM` for
# every ITEM, taking them in the order given, each in a subshell (it may exit); its standard
# output and error go to DIR/KEY.out and its exit status to DIR/KEY.st (KEY: jobs_key ITEM).
# DIR must exist; other files there must not end in .claim, .out, .st or .st_.
jobs_start() {
  _jdir=$1 _jfunc=$2
  shift 2
  _jw=0 JOBS_PIDS=
  while [ "$_jw" -lt "$TEST_JOBS" ]; do
    (
      for _ji in "$@"; do
        _jk=$(jobs_key "$_ji")
        mkdir "$_jdir/$_jk.claim" 2>/dev/null || continue
        # its own TMPDIR: Open MPI makes its session directories there, and two programs
        # starting at once in one directory can collide ("A call to mkdir was unable to create")
        (_jt=$(mktemp -d "${TMPDIR:-/tmp}/azc-job.XXXXXX") || exit 2
          TMPDIR=$_jt
          export TMPDIR
          "$_jfunc" "$_ji"
          _jst_=$?
          rm -rf "$_jt"
          exit $_jst_) >"$_jdir/$_jk.out" 2>&1
        echo $? >"$_jdir/$_jk.st_" && mv "$_jdir/$_jk.st_" "$_jdir/$_jk.st"
      done
    ) &
    JOBS_PIDS="$JOBS_PIDS $!"
    _jw=$((_jw + 1))
  done
}

# jobs_done DIR ITEM: wait until ITEM has run, print its output, return its exit status (1, and a
# line saying so, if the workers of the last jobs_start are gone without running it)
jobs_done() {
  _jk=$(jobs_key "$2")
  while [ ! -f "$1/$_jk.st" ]; do
    _jalive=
    for _jp in $JOBS_PIDS; do
      kill -0 "$_jp" 2>/dev/null && _jalive=yes
    done
    if [ -z "$_jalive" ] && [ ! -f "$1/$_jk.st" ]; then
      cat "$1/$_jk.out" 2>/dev/null
      echo "jobs.sh: $2 did not finish"
      return 1
    fi
    sleep 0.2
  done
  cat "$1/$_jk.out"
  return "$(cat "$1/$_jk.st")"
}

# jobs_each FUNC ITEM...: `FUNC ITEM` for every ITEM, TEST_JOBS at a time; prints their outputs in
# the order of the ITEMs; exit status 1 if any of them returned non-zero.
jobs_each() {
  _jfunc=$1
  shift
  _jd=$(mktemp -d "${TMPDIR:-/tmp}/azc-jobs.XXXXXX") || return 2
  jobs_start "$_jd" "$_jfunc" "$@"
  _jst=0
  for _jj in "$@"; do
    jobs_done "$_jd" "$_jj" || _jst=1
  done
  wait
  rm -rf "$_jd"
  return $_jst
}
