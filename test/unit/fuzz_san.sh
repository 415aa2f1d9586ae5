#!/bin/sh
# fuzz_san.sh - the fuzz targets through the sanitized build (issue 23): test_fuzz (hostile
# programs into azc) and test_fuzz_pdl (hostile pattern files into azpdl), built with ASan and
# UBSan in build-san, where any sanitizer report aborts the child and counts as a failure, as do
# signals, time-outs and exit statuses other than 0 and 1. 10,000 inputs each, none started after
# FUZZ_SAN_SECONDS (default 240) of each run.
#
# Under `make SAN=1 test` the unit tests test_fuzz and test_fuzz_pdl are these sanitized binaries
# already, so this script has nothing more to do. Under a plain `make test` it runs them when the
# SAN build is present (make SAN=1 builds it); when it is not, it says so, and the plain
# test_fuzz and test_fuzz_pdl (run as unit tests) are the fuzzing of that run: crashes, hangs and
# bad statuses, without sanitizer reports.
SAN=build-san
SECONDS_EACH=${FUZZ_SAN_SECONDS:-240}
case ${BUILD:-build} in
  *build-san) echo "fuzz_san.sh: the unit tests test_fuzz and test_fuzz_pdl are the sanitized fuzzers of this run"; exit 0 ;;
esac
if [ ! -x "$SAN/test/test_fuzz" ] || [ ! -x "$SAN/test/test_fuzz_pdl" ] || [ ! -x "$SAN/azpdl" ]; then
  echo "fuzz_san.sh: no SAN build ($SAN/test/test_fuzz, $SAN/test/test_fuzz_pdl, $SAN/azpdl; make SAN=1 builds them):"
  echo "fuzz_san.sh: this run fuzzes the plain build only (test_fuzz, test_fuzz_pdl), without sanitizer reports"
  exit 0
fi
# A SAN build older than the sources would fuzz old code: say so and skip rather than mislead.
newer=$(find frontend ir passes backend rtl -newer "$SAN/test/test_fuzz" -name '*.[ch]' 2>/dev/null | head -n 1)
if [ -n "$newer" ]; then
  echo "fuzz_san.sh: $SAN is older than $newer (make SAN=1 to rebuild it): not fuzzing old code"
  exit 0
fi
fail=0
AZC_FUZZ_SECONDS=$SECONDS_EACH "$SAN/test/test_fuzz" || fail=1
AZPDL_FUZZ_SECONDS=$SECONDS_EACH AZPDL="$SAN/azpdl" BUILD=$SAN "$SAN/test/test_fuzz_pdl" || fail=1
exit $fail
