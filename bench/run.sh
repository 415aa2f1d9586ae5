#!/bin/sh
# run.sh - runs every benchmark script bench/*.sh except itself and the libraries the others
# source (bench/lib*.sh), then those of the benchmark folders (bench/mg/mg.sh), one after the other, with the caller's environment (AZC, BUILD, ...).
# Exits 1 if any of them failed.
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/run.sh
set -u

dir=$(dirname "$0")
status=0
for script in "$dir"/*.sh "$dir"/mg/mg.sh; do
  name=$(basename "$script")
  case $name in run.sh | lib*.sh) continue ;; esac
  echo "== $name"
  if ! sh "$script"; then
    echo "== $name FAILED"
    status=1
  fi
  echo
done
exit $status
