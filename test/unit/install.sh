#!/bin/sh
# install.sh - make install and make uninstall (issue 24). Installed into a temporary prefix, the
# files are all there, and none names the build tree; from another folder, with the installed files
# alone: the installed azc builds samples/jacobi.zpl, which runs on 3 processes and prints its
# expected output, and azpdl checks its pattern file; the same C built by hand with
# `pkg-config azc-rt` (the flags before the source, as in `mpicc $(pkg-config ...) prog.c`) runs;
# a Split-C program in C (test/libsplit/halo.c) built with `pkg-config libsplit` (the flags before
# and after the source) and with the static libsplit.a runs on 3 processes. With DESTDIR the tree
# goes under DESTDIR, and once moved elsewhere azc and the .pc files follow it. make uninstall
# leaves no file behind.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
ROOT=$(pwd)
BUILD=${BUILD:-build}
san=0
[ "$(basename "$BUILD")" = build-san ] && san=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
say() { echo "install.sh: $*"; fail=1; }

# imake ARGS: make ARGS in the source tree, for the build this test belongs to (SAN=1 or not)
imake() {
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -C "$ROOT" SAN=$san "$@" >"$t/make.log" 2>&1 ||
    { say "make $* failed:"; tail -5 "$t/make.log"; return 1; }
}
# run WHAT CMD...: CMD must succeed
run() {
  what=$1
  shift
  "$@" >"$t/run.out" 2>&1 || { say "$what failed:"; head -10 "$t/run.out"; return 1; }
}

p=$t/prefix
imake install PREFIX="$p" || exit 1
for f in bin/azc bin/azpdl lib/azc/libzrt.a include/azc/zrt.h include/azc/zrt_ops.h include/azc/zrt_region.h \
         include/libsplit.h lib/libsplit.a lib/libsplit.so lib/libsplit.so.0 lib/pkgconfig/libsplit.pc \
         lib/pkgconfig/azc-rt.pc share/man/man1/azc.1 share/man/man1/azpdl.1 share/vim/vimfiles/syntax/zpl.vim \
         share/vim/vimfiles/ftdetect/zpl.vim share/vim/vimfiles/ftplugin/zpl.vim share/azc/editors/zpl.tmLanguage.json; do
  [ -e "$p/$f" ] || say "make install did not install $f"
done
[ -x "$p/bin/azc" ] && [ -x "$p/bin/azpdl" ] || say "azc and azpdl are not executable"
grep -rlF "$ROOT" "$p/include" "$p/lib/pkgconfig" "$p/share" >"$t/names" && say "installed files name the build tree: $(cat "$t/names")"
find "$p" -name '*_internal.h' | grep -q . && say "internal headers are installed"

# from another folder, with the installed files alone
w=$t/work
mkdir -p "$w"
cp samples/jacobi.zpl test/golden/jacobi.out test/libsplit/halo.c test/libsplit/check.h "$w/"
cd "$w" || exit 1
"$p/bin/azc" --cflags --libs >"$t/flags"
grep -qF -- "-I$p/bin/../include/azc " "$t/flags" && grep -qF -- "$p/bin/../lib/azc/libzrt.a" "$t/flags" ||
  say "the installed azc --cflags --libs do not point into the prefix: $(cat "$t/flags")"
grep -qF "$ROOT" "$t/flags" && say "the installed azc --cflags --libs name the build tree: $(cat "$t/flags")"
if run "the installed azc on jacobi.zpl" "$p/bin/azc" jacobi.zpl -o jacobi; then
  timeout 120 mpirun -np 3 ./jacobi >out 2>"$t/err" && cmp -s out jacobi.out ||
    { say "jacobi built by the installed azc, on 3 processes: wrong output"; head -5 "$t/err"; diff jacobi.out out | head -5; }
  run "the installed azpdl check jacobi.pdl" "$p/bin/azpdl" check jacobi.pdl
fi
export PKG_CONFIG_PATH="$p/lib/pkgconfig"
if run "azc -o jacobi.c" "$p/bin/azc" jacobi.zpl -o jacobi.c &&
   run "mpicc \$(pkg-config --cflags --libs azc-rt) jacobi.c" mpicc $(pkg-config --cflags --libs azc-rt) jacobi.c -o jacobi2; then
  timeout 120 ./jacobi2 >out2 2>"$t/err" && cmp -s out2 jacobi.out || { say "jacobi built with pkg-config azc-rt: wrong output"; head -5 "$t/err"; }
fi
run "mpicc \$(pkg-config --cflags --libs libsplit) halo.c" mpicc $(pkg-config --cflags --libs libsplit) halo.c -o halo &&
  run "halo (pkg-config libsplit, the shared library) on 3 processes" timeout 120 mpirun -np 3 ./halo
ldd ./halo 2>/dev/null | grep -q "libsplit.so.0 => $p/" || say "halo does not use the installed libsplit.so: $(ldd ./halo | grep split)"
run "mpicc halo.c \$(pkg-config --cflags --libs libsplit)" mpicc halo.c -o halo2 $(pkg-config --cflags --libs libsplit) &&
  run "halo2 on 2 processes" timeout 120 mpirun -np 2 ./halo2
run "mpicc halo.c libsplit.a" mpicc -I"$p/include" halo.c "$p/lib/libsplit.a" -o halo3 $(pkg-config --variable=sanflags libsplit 2>/dev/null) &&
  run "halo3 (libsplit.a) on 3 processes" timeout 120 mpirun -np 3 ./halo3
cd "$ROOT" || exit 1

# DESTDIR, then the tree moved elsewhere
imake install DESTDIR="$t/stage" PREFIX=/opt/azc || exit 1
[ -x "$t/stage/opt/azc/bin/azc" ] && [ -f "$t/stage/opt/azc/lib/pkgconfig/libsplit.pc" ] || say "make install DESTDIR= PREFIX= put nothing under DESTDIR/PREFIX"
mv "$t/stage/opt/azc" "$t/moved"
"$t/moved/bin/azc" --cflags | grep -qF -- "-I$t/moved/bin/../include/azc" || say "a moved azc does not find its runtime: $("$t/moved/bin/azc" --cflags)"
cd "$w" || exit 1
run "the moved azc on jacobi.zpl" "$t/moved/bin/azc" jacobi.zpl -o jacobi3 && [ -x jacobi3 ] || say "the moved azc built nothing"
PKG_CONFIG_PATH="$t/moved/lib/pkgconfig" pkg-config --cflags libsplit | grep -qF -- "-I$t/moved/" ||
  say "a moved libsplit.pc does not follow: $(PKG_CONFIG_PATH="$t/moved/lib/pkgconfig" pkg-config --cflags libsplit)"
cd "$ROOT" || exit 1

# uninstall: no file left
imake uninstall PREFIX="$p"
find "$p" ! -type d >"$t/left"
[ -s "$t/left" ] && { say "make uninstall left files behind:"; cat "$t/left"; }
exit $fail
