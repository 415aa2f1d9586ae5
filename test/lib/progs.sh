# progs.sh - the programs with an expected output in test/golden/ and their executables, for
# golden.sh, distributed.sh, runahead.sh, the ghost-cell tests and the stress program (sourced;
# POSIX sh). Each program is compiled once per set of azc options, into $BUILD/test-progs/, and the
# executable is shared by the scripts and kept for the next run; option sets under which azc
# generates the same C share one executable. It is reused only when everything it was built from
# is unchanged: the directory of a build is named after the checksums of the azc binary, the
# runtime library it links, the runtime headers, every file next to the program with its name,
# and the options (and the executable's after its C); run-tests.sh removes the builds of other azc
# binaries and runtimes.
#
# Environment: AZC (the compiler), BUILD (the build directory).

# golden_prog OUT: set base, prog, src and args for the expected output test/golden/OUT (NAME.out,
# or NAME.VARIANT.out run with the arguments in NAME.VARIANT.args); src is test/check/NAME.zpl or
# samples/NAME.zpl, empty when neither exists.
golden_prog() {
  base=$(basename "$1" .out)
  prog=${base%%.*}
  src=test/check/$prog.zpl
  [ -f "$src" ] || src=samples/$prog.zpl
  [ -f "$src" ] || src=
  args=
  if [ "$base" != "$prog" ] && [ -f "test/golden/$base.args" ]; then
    args=$(cat "test/golden/$base.args")
  fi
}

# progs_dir: the directory of the current azc and runtime's builds (PROGS_ROOT/checksum)
progs_dir() {
  PROGS_ROOT=$(cd "$BUILD" && pwd)/test-progs
  _plib=$("$AZC" --libs | sed 's/ .*//')
  _pinc=$("$AZC" --cflags | sed -n 's/.*-I\([^ ]*\).*/\1/p')
  _psum=$({ cat "$AZC" "$_plib" "$_pinc"/*.h; echo "$AZC_MPICC_TESTS"; } | cksum | tr ' ' -)
  PROGS_DIR=$PROGS_ROOT/$_psum
}

# The C compiler the programs are built with: warnings are errors. A build with azc options (the
# optimizations off, -fno-comm-opt, ...) checks what azc generates, so it leaves out the AVX2 clones
# of its loops (ZRT_NO_CLONES): they double the time gcc takes (samples/mg.zpl: 24 s against 13)
# and are the C compiler's, the same for every azc option; the default build keeps them.
AZC_MPICC_TESTS="mpicc -Wall -Wextra -Werror"

# progs_build SRC [OPTIONS]: set EXE to SRC compiled by azc with OPTIONS (the C with warnings as
# errors; the pattern file next to it), building it unless it is built already; prints the first
# lines of what azc printed and returns 1 when it does not compile. Jobs building the same
# program at the same time build it once: the first takes a lock, the others wait for it.
progs_build() {
  [ -n "${PROGS_DIR:-}" ] || progs_dir
  _psrc=$1 _popts=${2:-}
  _pname=$(basename "$_psrc" .zpl)
  _pfiles=$(cat "$_psrc" "${_psrc%.zpl}".* | cksum | tr ' ' -)
  _pd=$PROGS_DIR/$_pname/$(printf '%s' "${_popts:-default}" | tr ' ' '_')-$_pfiles
  EXE=$_pd/$_pname
  [ -x "$EXE" ] && return 0
  mkdir -p "$PROGS_DIR/$_pname" || return 1
  _pwait=0
  while ! mkdir "$_pd.lock" 2>/dev/null; do
    [ -x "$EXE" ] && return 0
    # Another job builds it; take over the lock if that job is gone.
    _ppid=$(cat "$_pd.lock/pid" 2>/dev/null)
    _pwait=$((_pwait + 1))
    if { [ -n "$_ppid" ] && ! kill -0 "$_ppid" 2>/dev/null; } || { [ -z "$_ppid" ] && [ $_pwait -gt 100 ]; }; then
      rm -rf "$_pd.lock"
    fi
    sleep 0.2
  done
  [ -x "$EXE" ] && { rm -rf "$_pd.lock"; return 0; }
  _ppid=$(exec sh -c 'echo $PPID')
  echo "$_ppid" >"$_pd.lock/pid"
  _ptmp=$_pd.tmp.$_ppid
  rm -rf "$_ptmp"
  mkdir -p "$_ptmp" "$_pd"
  _pst=0
  # shellcheck disable=SC2086
  if ! "$AZC" $_popts "$_psrc" -o "$_ptmp/$_pname.c" >"$_ptmp/log" 2>&1; then
    head -20 "$_ptmp/log"
    rm -rf "$_ptmp" "$_pd.lock"
    return 1
  fi
  [ ! -f "$_ptmp/$_pname.pdl" ] || mv "$_ptmp/$_pname.pdl" "$_pd/"
  # The same C built at the same level of the C compiler is the same program: most programs have
  # nothing to fuse, no copy to elide, ..., so most option sets share one executable. An executable
  # lives in a directory named after its C and level, c... with the AVX2 clones, p... without; a
  # build with azc options takes either.
  _plevel=-O2
  for _po in $_popts; do
    case $_po in -O[0-3]) _plevel=$_po ;; esac
  done
  _pc=$(cksum <"$_ptmp/$_pname.c" | tr ' ' -)$_plevel
  _pshared=
  for _pk in "c$_pc" ${_popts:+"p$_pc"}; do
    [ -x "$PROGS_DIR/$_pname/$_pk/$_pname" ] && { _pshared=$PROGS_DIR/$_pname/$_pk/$_pname; break; }
  done
  if [ -z "$_pshared" ]; then
    _pcc=$AZC_MPICC_TESTS _pk=c$_pc
    [ -n "$_popts" ] && _pcc="$_pcc -DZRT_NO_CLONES" _pk=p$_pc
    # shellcheck disable=SC2086
    if AZC_MPICC=$_pcc "$AZC" $_popts "$_psrc" -o "$_ptmp/$_pname" >"$_ptmp/log" 2>&1; then
      mkdir -p "$PROGS_DIR/$_pname/$_pk"
      _pshared=$PROGS_DIR/$_pname/$_pk/$_pname
      mv "$_ptmp/$_pname" "$_pshared.$_ppid" && mv -f "$_pshared.$_ppid" "$_pshared"
    else
      head -20 "$_ptmp/log"
      _pst=1
    fi
  fi
  if [ $_pst = 0 ]; then
    ln -s "$_pshared" "$_ptmp/exe" && mv "$_ptmp/exe" "$EXE" || _pst=1
  fi
  rm -rf "$_ptmp" "$_pd.lock"
  return $_pst
}

# progs_exe SRC OPTIONS DEST: DEST (a symbolic link) is SRC compiled by azc with OPTIONS (progs_build's
# executable, shared with the other scripts) and DEST.pdl its pattern file; prints what azc printed
# and returns 1 when it does not compile. With --keep-c DEST.c is SRC's C too (azc -o DEST.c).
progs_exe() {
  _pkeep=no _popts=
  for _po in $2; do
    if [ "$_po" = --keep-c ]; then _pkeep=yes; else _popts="$_popts${_popts:+ }$_po"; fi
  done
  if [ $_pkeep = yes ]; then
    # shellcheck disable=SC2086
    "$AZC" $_popts "$1" -o "$3.c" || return 1
  fi
  progs_build "$1" "$_popts" || return 1
  ln -sf "$EXE" "$3"
  [ ! -f "$EXE.pdl" ] || ln -sf "$EXE.pdl" "$3.pdl"
}

# runs_setup: for a script that runs generated programs under mpirun: a temporary directory $t,
# removed at exit; leak reports off for the programs (MPI's own allocations at exit are not ours);
# Open MPI allowed to run as root and on more processes than cores; fail=0.
runs_setup() {
  t=$(mktemp -d)
  trap 'rm -rf "$t"' EXIT
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
  fail=0
}

# runs_match WANT NAME BINDINGS NPS EXE...: run every EXE under every binding of BINDINGS (AZ_COMM)
# on every process count of NPS and compare what it prints with the file WANT; prints what went
# wrong (NAME first) and returns 1 when a run fails or prints something else. The runs' output
# goes to EXE.run.out and EXE.run.err.
runs_match() {
  _rwant=$1 _rname=$2 _rbindings=$3 _rnps=$4
  shift 4
  _rst=0
  for _rb in $_rbindings; do
    for _rnp in $_rnps; do
      for _rexe in "$@"; do
        AZ_COMM=$_rb timeout 120 mpirun -x AZ_COMM -np "$_rnp" "$_rexe" >"$_rexe.run.out" 2>"$_rexe.run.err"
        _rrc=$?
        if [ $_rrc -ne 0 ] || ! cmp -s "$_rexe.run.out" "$_rwant"; then
          echo "$_rname ($(basename "$_rexe")) on $_rnp processes with AZ_COMM=$_rb: exit status $_rrc, output differs:"
          diff "$_rwant" "$_rexe.run.out" | head -10
          head -5 "$_rexe.run.err"
          _rst=1
        fi
      done
    done
  done
  return $_rst
}

# runs_match_usual WANT NAME EXE: runs_match of EXE under msg and auto on 1 to 4 processes and under
# store and tailored on 3 (QUICK=1: msg and auto on 1 and 3)
runs_match_usual() {
  if [ "${QUICK:-0}" = 1 ]; then
    runs_match "$1" "$2" "msg auto" "1 3" "$3"
    return
  fi
  _ust=0
  runs_match "$1" "$2" "msg auto" "1 2 3 4" "$3" || _ust=1
  runs_match "$1" "$2" "store tailored" 3 "$3" || _ust=1
  return $_ust
}

# stats_line EXE NP WHAT: what AZ_STATS=1 prints after "AZ_STATS: WHAT: " for EXE on NP processes
stats_line() { AZ_STATS=1 timeout 120 mpirun -np "$2" "$1" 2>&1 >/dev/null | sed -n "s/^AZ_STATS: $3: //p"; }

# stats_scaled NAME EXE WHAT A B FORMAT: on 1 and 3 processes, AZ_STATS's WHAT line of EXE must be
# FORMAT (printf, two numbers) with A and B times the process count
stats_scaled() {
  _sst=0
  for _snp in 1 3; do
    _sgot=$(stats_line "$2" $_snp "$3")
    # shellcheck disable=SC2059
    _swant=$(printf "$6" $(($4 * _snp)) $(($5 * _snp)))
    [ "$_sgot" = "$_swant" ] || { echo "$1 on $_snp processes: $3 '$_sgot', expected '$_swant'"; _sst=1; }
  done
  return $_sst
}
