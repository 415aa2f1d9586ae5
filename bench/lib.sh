# lib.sh - what the benchmark scripts share, sourced at their top (`. "$(dirname "$0")/lib.sh"`):
# the defaults of AZC (the compiler), BUILD (the build directory), RUNS (BENCH_RUNS, how many
# times each measurement is repeated) and LIMIT (BENCH_TIMEOUT, seconds allowed for one run), the
# Open MPI settings a run as root on an oversubscribed machine needs, median() and alternate().
AZC=${AZC:-build/azc}
BUILD=${BUILD:-build}
RUNS=${BENCH_RUNS:-5}
LIMIT=${BENCH_TIMEOUT:-120}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

# The median of the numbers on standard input (nothing when there are none).
median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print ""; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# alternate RUN_ONE VARIANT...: RUNS rounds, each calling RUN_ONE VARIANT for every variant in
# turn, so that a change of the machine's load hits every variant alike. RUN_ONE (a function of the
# caller) makes one run and appends what it measured to the files the caller takes medians of.
alternate() {
  alt_run_one=$1
  shift
  alt_round=0
  while [ "$alt_round" -lt "$RUNS" ]; do
    for alt_variant in "$@"; do "$alt_run_one" "$alt_variant"; done
    alt_round=$((alt_round + 1))
  done
}

# pair_row LABEL A_TIMES B_TIMES A_OUT B_OUT: one table row for two versions measured side by side:
# LABEL, the median of each times file, the ratio A / B, and "yes" if the two outputs agree apart
# from their "loop seconds" lines (else "no", and the status is 1).
pair_row() {
  ta=$(median < "$2")
  tb=$(median < "$3")
  same=no
  [ "$(grep -v 'loop seconds' "$4")" = "$(grep -v 'loop seconds' "$5")" ] && same=yes
  printf '%s %10.4f %10.4f %8.2f %s\n' "$1" "$ta" "$tb" "$(echo "$ta $tb" | awk '{ print $1 / $2 }')" "$same"
  [ "$same" = yes ]
}

# replace_section FILE NAME SECTION: FILE's lines between "<!-- NAME:begin -->" and
# "<!-- NAME:end -->" replaced by the text of file SECTION (the markers stay).
replace_section() {
  awk -v sec="$3" -v begin="<!-- $2:begin -->" -v end="<!-- $2:end -->" '
    $0 == begin { print; while ((getline l < sec) > 0) print l; skip = 1; next }
    $0 == end { skip = 0 }
    !skip { print }' "$1" > "$1.new" && mv "$1.new" "$1"
}
