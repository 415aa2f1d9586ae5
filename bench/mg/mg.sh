#!/bin/sh
# mg.sh - issue 22's multigrid benchmark: NAS MG classes W and A on 1, 2 and 4 processes, three
# programs side by side:
#   ref    bench/mg/mg_ref.c, the NAS MG reference in C + MPI (NPB's loops with their partial sums;
#          it stands in for NPB's MPI implementation), built `mpicc -O3 -march=native`;
#   plain  the same executable with `plain`: the same V-cycle with the 27-point stencils written
#          out straight, as samples/mg.zpl states them;
#   zpl    samples/mg.zpl built with `$AZC $AZC_FLAGS` (plain `azc`, as the issue checks it), when
#          the file exists and azc compiles it (else skipped with a message).
# Each configuration runs RUNS (BENCH_RUNS, 5) rounds, the programs alternating within a round;
# every run must print "VERIFICATION SUCCESSFUL". The time is the program's own "Time in seconds"
# (NPB's timed part, the slowest process), Mop/s is 58 nit n^3 / time (NPB's count) of the median
# time, and the peak memory is bench/runstat's maximum resident set over mpirun and its processes
# (the largest process; the same measure for every program). Medians of all three.
# The report goes between <!-- mg:begin --> and <!-- mg:end --> of $MG_DOC (default
# docs/performance.md; the heading and markers are appended when missing) and the plot to
# $(dirname $MG_DOC)/plots/mg.png (gnuplot, installed when missing and run as root).
# About 4 minutes for mg_ref and plain on the project's 2-core machine under load (class A dominates).
#
# Run from the repository root:  AZC=build/azc BUILD=build sh bench/mg/mg.sh
# Environment: BENCH_RUNS (5), BENCH_TIMEOUT (seconds per run, 120), AZC_FLAGS (none),
#   MG_CLASSES (W A), MG_NPS (1 2 4),
#   MG_ZPL_ARGS  samples/mg.zpl's command line for a class, %c standing for the class letter, %n
#                for the side and %i for the iterations (default: -sClass=%c, mg.zpl's config var),
#   QUICK=1 (or BENCH_QUICK=1): class S, one run each; checks that the script works and writes to
#                $BUILD/bench/mg/performance.md unless MG_DOC is set.
set -u
set -f
. "$(dirname "$0")/../lib.sh"
QUICK=${QUICK:-${BENCH_QUICK:-}}
[ "$QUICK" = 0 ] && QUICK=
AZC_FLAGS=${AZC_FLAGS:-}
ZPL_ARGS=${MG_ZPL_ARGS:--sClass=%c}
NPS=${MG_NPS:-1 2 4}
out=$BUILD/bench/mg
if [ -n "$QUICK" ]; then
  RUNS=1
  CLASSES=${MG_CLASSES:-S}
  DOC=${MG_DOC:-$out/performance.md}
else
  CLASSES=${MG_CLASSES:-W A}
  DOC=${MG_DOC:-docs/performance.md}
fi
PLOTS=$(dirname "$DOC")/plots
HEADING='## Multigrid: NAS MG (bench/mg/mg.sh, issue 22)'
mkdir -p "$out" "$PLOTS"
res=$out/results.txt # VARIANT CLASS NP SECONDS RSS-KB VERIFIED(yes/no) (medians of the verified runs)
: > "$res"
status=0
started=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# complain MESSAGE: report a failure; the script goes on and exits 1 at the end.
complain() {
  echo "mg.sh: $*" >&2
  status=1
}

# class_size CLASS: "SIDE ITERATIONS" of a NAS class.
class_size() {
  case $1 in
    S) echo "32 4" ;; W) echo "128 4" ;; A) echo "256 4" ;;
    *) echo "mg.sh: unknown class '$1' (S, W or A)" >&2; exit 2 ;;
  esac
}

# ---- building ----

runstat=$BUILD/bench/runstat
mkdir -p "$BUILD/bench"
"${CC:-cc}" -std=c11 -D_GNU_SOURCE -O2 -o "$runstat" bench/runstat.c || exit 1
mpicc -O3 -march=native -o "$out/mg_ref" bench/mg/mg_ref.c -lm || exit 1
VARIANTS="ref plain"
zpl_note=
if [ ! -f samples/mg.zpl ]; then
  zpl_note="samples/mg.zpl does not exist yet: not measured."
elif ! "$AZC" $AZC_FLAGS samples/mg.zpl -o "$out/mg_zpl" > "$out/azc.log" 2>&1; then
  zpl_note="samples/mg.zpl does not compile with \`azc${AZC_FLAGS:+ $AZC_FLAGS}\` ($(head -1 "$out/azc.log")): not measured."
else
  VARIANTS="ref plain zpl"
fi
[ -n "$zpl_note" ] && echo "mg.sh: $zpl_note"

# command_of VARIANT CLASS: the program and its arguments.
command_of() {
  case $1 in
    ref) echo "$out/mg_ref $2" ;;
    plain) echo "$out/mg_ref $2 plain" ;;
    zpl)
      set -- "$2" $(class_size "$2")
      echo "$out/mg_zpl $(echo "$ZPL_ARGS" | sed "s/%c/$1/g; s/%n/$2/g; s/%i/$3/g")" ;;
  esac
}

# ---- running ----

# run_once VARIANT CLASS NP: one mpirun under runstat; appends "SECONDS RSS-KB" to
# $out/VARIANT.runs when it verified, else complains.
run_once() {
  v=$1 c=$2 np=$3
  f=$out/$v.out
  # shellcheck disable=SC2046
  set -- $("$runstat" -t "$LIMIT" sh -c 'f=$1; shift; exec "$@" > "$f" 2>&1' sh "$f" mpirun -np "$np" $(command_of "$v" "$c"))
  secs=$(sed -n 's/^ *Time in seconds *= *\([0-9.eE+-]*\).*/\1/p' "$f" | head -1)
  if [ "${3:-1}" = 0 ] && grep -q 'VERIFICATION SUCCESSFUL' "$f" && [ -n "$secs" ]; then
    echo "$secs $2" >> "$out/$v.runs"
  else
    complain "$v class $c np=$np failed (exit status ${3:-?}): $(grep -v '^ *$' "$f" | tail -2 | tr '\n' ' ')"
  fi
}

# run_variant VARIANT: run_once of the class and np being measured (for alternate).
run_variant() { run_once "$1" "$c" "$np"; }

echo "mg.sh: medians of $RUNS runs; classes $CLASSES; np = $NPS; programs $VARIANTS"
printf '%-5s %3s %-6s %10s %10s %9s\n' class np prog "time s" "Mop/s" "peak MB"
for c in $CLASSES; do
  set -- $(class_size "$c")
  n=$1 nit=$2
  for np in $NPS; do
    for v in $VARIANTS; do : > "$out/$v.runs"; done
    # shellcheck disable=SC2086
    alternate run_variant $VARIANTS
    for v in $VARIANTS; do
      t=$(cut -d' ' -f1 "$out/$v.runs" | median)
      m=$(cut -d' ' -f2 "$out/$v.runs" | median)
      ok=yes
      [ "$(wc -l < "$out/$v.runs")" = "$RUNS" ] || ok=no
      echo "$v $c $np ${t:--} ${m:--} $ok" >> "$res"
      awk -v c="$c" -v np="$np" -v v="$v" -v t="${t:--}" -v m="${m:--}" -v n="$n" -v nit="$nit" 'BEGIN {
        printf "%-5s %3d %-6s %10s %10s %9s\n", c, np, v, t, (t == "-" || t + 0 == 0) ? "-" : sprintf("%.1f", 58 * nit * n^3 / t / 1e6),
          m == "-" ? "-" : sprintf("%.1f", m / 1024) }'
    done
  done
done

# ---- the report ----

# The awk functions of the tables: sec(x) (seconds, 4 significant digits), mops(t, c), mb(kb).
AWKF='function sec(x) { if (x == "" || x == "-") return "n/a"; x += 0
        return sprintf(x >= 100 ? "%.1f" : x >= 10 ? "%.2f" : x >= 1 ? "%.3f" : x >= 0.1 ? "%.4f" : x >= 0.01 ? "%.5f" : "%.6f", x) }
      function side(c) { return c == "S" ? 32 : c == "W" ? 128 : 256 }
      function mops(t, c) { return (t == "-" || t + 0 == 0) ? "n/a" : sprintf("%.0f", 58 * 4 * side(c)^3 / t / 1e6) }
      function mb(k) { return k == "-" ? "n/a" : sprintf("%.0f", k / 1024) }
      function ratio(a, b) { return (a == "-" || b == "-" || b + 0 == 0) ? "n/a" : sprintf("%.2f", a / b) }'

# results_table: one row per class and np, the three programs side by side.
results_table() {
  echo "| class | np | mg_ref s | Mop/s | MB | plain s | Mop/s | MB | mg.zpl s | Mop/s | MB | zpl / ref time | zpl / plain time | zpl / ref memory |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
  awk "$AWKF"'
    { k = $2 SUBSEP $3; if (!(k in seen)) { seen[k] = 1; order[++nk] = k }; t[k, $1] = $4; m[k, $1] = $5 }
    END {
      for (i = 1; i <= nk; i++) {
        k = order[i]; split(k, f, SUBSEP); line = "| " f[1] " | " f[2]
        for (j = 1; j <= 3; j++) {
          v = j == 1 ? "ref" : j == 2 ? "plain" : "zpl"
          x = ((k, v) in t) ? t[k, v] : "-"; y = ((k, v) in m) ? m[k, v] : "-"
          line = line " | " sec(x) " | " mops(x, f[1]) " | " mb(y)
        }
        z = ((k, "zpl") in t) ? t[k, "zpl"] : "-"; zm = ((k, "zpl") in m) ? m[k, "zpl"] : "-"
        print line " | " ratio(z, t[k, "ref"]) " | " ratio(z, t[k, "plain"]) " | " ratio(zm, m[k, "ref"]) " |"
      }
    }' "$res"
}

# npb_table: mg_ref against the NPB 3.4 MPI Fortran figures measured on this machine (quoted).
npb_table() {
  echo "| class | np | NPB 3.4 MPI s (quoted) | mg_ref s | mg_ref / NPB |"
  echo "|---|--:|--:|--:|--:|"
  printf 'S 1 0.0011\nS 2 0.0008\nW 1 0.18\nW 2 0.34\nA 1 1.76\nA 2 2.02\n' | awk "$AWKF"'
    NR == FNR { t[$1, $2] = $3; next }
    ($1, $2) in t { printf "| %s | %d | %s | %s | %s |\n", $1, $2, sec($3), sec(t[$1, $2]), ratio(t[$1, $2], $3) }' \
    "$out/ref_only.txt" -
}

# make_plot: $PLOTS/mg.png (Mop/s and peak memory per class and np, one bar per program); prints
# its name when made.
make_plot() {
  rm -f "$PLOTS/mg.png"
  if ! command -v gnuplot > /dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnuplot-nox > /dev/null 2>&1
  fi
  command -v gnuplot > /dev/null 2>&1 || { echo "mg.sh: gnuplot is missing, no plot" >&2; return 0; }
  awk "$AWKF"'{ k = $2 " np=" $3; if (!(k in seen)) { seen[k] = 1; order[++nk] = k; cls[k] = $2 }; t[k, $1] = $4; m[k, $1] = $5 }
    END { for (i = 1; i <= nk; i++) { k = order[i]; line = "\"" k "\""
            for (j = 1; j <= 3; j++) { v = j == 1 ? "ref" : j == 2 ? "plain" : "zpl"; x = mops(((k, v) in t) ? t[k, v] : "-", cls[k]); line = line " " (x == "n/a" ? "-" : x) }
            for (j = 1; j <= 3; j++) { v = j == 1 ? "ref" : j == 2 ? "plain" : "zpl"; x = ((k, v) in m) ? m[k, v] : "-"; line = line " " (x == "-" ? "-" : x / 1024) }
            print line } }' "$res" > "$out/plot.dat"
  gnuplot > "$out/gnuplot.err" 2>&1 <<EOF || { complain "gnuplot failed: $(head -3 "$out/gnuplot.err")"; return 0; }
set terminal pngcairo size 1000,450 font "sans,10" noenhanced
set output "$PLOTS/mg.png"
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "#333333"
set boxwidth 0.9
set grid ytics lc rgb "#cccccc"
set key top left
set yrange [0:*]
set linetype 1 lc rgb "#4c72b0"
set linetype 2 lc rgb "#dd8452"
set linetype 3 lc rgb "#55a868"
set multiplot layout 1,2 title "NAS MG: mg_ref (NPB's loops), plain (straight 27-point), samples/mg.zpl (azc); median of $RUNS${QUICK:+ - QUICK RUN, not the measurement}"
set title "speed (NPB's timed part)"
set ylabel "Mop/s (58 nit n^3 / time)"
plot "$out/plot.dat" using 2:xtic(1) title "mg_ref", "" using 3 title "plain", "" using 4 title "mg.zpl"
set title "peak resident memory (largest process)"
set ylabel "MB"
set logscale y
set yrange [*:*]
plot "$out/plot.dat" using 5:xtic(1) title "mg_ref", "" using 6 title "plain", "" using 7 title "mg.zpl"
unset multiplot
EOF
  echo mg.png
}

# section: the generated section on standard output.
section() {
  cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -1)
  echo "_Generated by \`bench/mg/mg.sh\`; do not edit by hand._"
  echo
  if [ -n "$QUICK" ]; then
    echo "**Quick run (\`QUICK=1\`), not the measurement:** class S, one run each. It only shows"
    echo "that the script and the report work."
    echo
  fi
  echo "Machine: ${cpu:-unknown}, $(grep -c '^processor' /proc/cpuinfo) cores, Linux $(uname -r), gcc $(gcc -dumpfullversion 2>/dev/null),"
  echo "Open MPI $(mpirun --version 2>/dev/null | sed -n 's/.*(Open MPI) *//p' | head -1). Run $(date -u -d "@$started" '+%Y-%m-%d %H:%M') to $(date -u '+%H:%M UTC');"
  echo "load average (1, 5, 15 min) $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after."
  echo "Medians of $RUNS runs, the programs alternating within each round; time: the program's own"
  echo "\"Time in seconds\" (NPB's timed part: resid, nit iterations of mg3P and resid, the norm; the"
  echo "slowest process); Mop/s: 58 nit n^3 / time, NPB's count, for every program; MB: the peak"
  echo "resident set of the largest process (bench/runstat over mpirun). mg_ref and plain are"
  echo "bench/mg/mg_ref.c (\`mpicc -O3 -march=native\`; bench/mg/README), mg.zpl is"
  echo "\`azc${AZC_FLAGS:+ $AZC_FLAGS} samples/mg.zpl\`. Every run verified"
  [ "$status" = 0 ] && echo "(\"VERIFICATION SUCCESSFUL\")." || echo "except where the script reported otherwise (its exit status is 1)."
  [ -n "$zpl_note" ] && { echo; echo "$zpl_note"; }
  echo
  grep -qx mg.png "$out/plots.txt" && { echo "![NAS MG: Mop/s and peak memory per class and np](plots/mg.png)"; echo; }
  results_table
  echo
  awk '$1 == "ref" { print $2, $3, $4 }' "$res" > "$out/ref_only.txt"
  if grep -q '^[SWA] [12] ' "$out/ref_only.txt"; then
    echo "mg_ref against NPB 3.4's MPI implementation (Fortran, gfortran -O3, Open MPI 4.1.4), measured"
    echo "on this machine for issue 22 (best of 8 on a loaded machine; quoted, not measured by this script):"
    echo
    npb_table
    echo
  fi
}

make_plot > "$out/plots.txt"
section > "$out/section.md"
if ! grep -qx '<!-- mg:begin -->' "$DOC" 2>/dev/null || ! grep -qx '<!-- mg:end -->' "$DOC"; then
  { [ -s "$DOC" ] && echo; echo "$HEADING"; echo; echo "<!-- mg:begin -->"; echo "<!-- mg:end -->"; } >> "$DOC"
fi
replace_section "$DOC" mg "$out/section.md"
echo "mg.sh: the section is in $DOC, the plot in $PLOTS ($(wc -l < "$out/plots.txt") made); $(( $(date +%s) - started )) s in all"
exit $status
