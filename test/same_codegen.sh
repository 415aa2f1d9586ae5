#!/bin/sh
# same_codegen.sh - for refactoring the compiler: does another azc write the same C and pattern
# files? Not part of make test (it needs a second compiler); run it from the repo root as
#
#   sh test/same_codegen.sh OLD_AZC NEW_AZC [OPTION_SET...]
#
# e.g. with OLD_AZC built from the commit before the change (git archive COMMIT | tar -x -C DIR;
# make -C DIR build/azc). Every samples/*.zpl, test/check/*.zpl, test/run/*/*.zpl,
# test/stress/*.zpl and bench/**/*.zpl is compiled to C (-o NAME.c, which also writes NAME.pdl)
# by both compilers under each option set (default: none, -fno-fuse, -fno-comm-opt, -fno-overlap,
# -fno-copy-elim, -O0; "all" for all four -fno- at once), in the program's own directory like a
# user would, into a temporary directory. The C files, the pattern files, the exit status and the
# standard error of the two must be the same; each difference is printed (the first lines of the
# diff), and the last line is "N same, M differ".
OLD=$1 NEW=$2
[ -x "$OLD" ] && [ -x "$NEW" ] || { echo "usage: sh test/same_codegen.sh OLD_AZC NEW_AZC [OPTION_SET...]" >&2; exit 2; }
shift 2
abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
OLD=$(abs "$OLD") NEW=$(abs "$NEW")
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
[ $# -gt 0 ] || set -- default -fno-fuse -fno-comm-opt -fno-overlap -fno-copy-elim -O0 all
same=0 differ=0
# compile AZC SRC OPTS OUTDIR: the C, pattern file, status and standard error of SRC in OUTDIR
compile() {
  mkdir -p "$4"
  name=$(basename "$2" .zpl)
  # shellcheck disable=SC2086
  (cd "$(dirname "$2")" && "$1" $3 "$name.zpl" -o "$4/$name.c" >"$4/stdout" 2>"$4/stderr"; echo $? >"$4/status")
  sed -i "s|$4|OUT|g" "$4/stderr"
}
for set in "$@"; do
  case $set in
    default) opts= ;;
    all) opts="-fno-fuse -fno-comm-opt -fno-overlap -fno-copy-elim" ;;
    *) opts=$set ;;
  esac
  for src in samples/*.zpl test/check/*.zpl test/run/*/*.zpl test/stress/*.zpl $(find bench -name '*.zpl' | sort); do
    [ -f "$src" ] || continue
    src=$(abs "$src")
    compile "$OLD" "$src" "$opts" "$t/old"
    compile "$NEW" "$src" "$opts" "$t/new"
    if diff -r "$t/old" "$t/new" >"$t/diff" 2>&1; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "DIFFERS: ${src#"$(pwd)"/} ($set)"
      head -30 "$t/diff"
    fi
    rm -rf "$t/old" "$t/new"
  done
done
echo "$same same, $differ differ"
[ "$differ" -eq 0 ]
