# lib_scale_report.sh - bench/scale.sh's report, sourced by it: scale_report writes the section
# between <!-- scale:begin --> and <!-- scale:end --> of $doc (docs/scaling.md) and the plots
# $plots/scale_*.png from $res (lines: experiment program variant platform np seconds). Every number
# in the section comes from this run.

# t EXPERIMENT PROGRAM VARIANT NP: the seconds of that run, or nothing
t() { awk -v e="$1" -v p="$2" -v v="$3" -v n="$4" '$1 == e && $2 == p && $3 == v && $5 == n { print $6; exit }' "$res"; }
# ms SECONDS: milliseconds with 4 significant digits, or "-"
ms() { if [ -n "$1" ]; then awk -v s="$1" 'BEGIN { printf "%.4g", s * 1000 }'; else echo "-"; fi; }
# ratio A B: A / B with 2 decimals; "-" if one is missing, "n/a" if B is 0 (nothing to compare)
ratio() {
  if [ -z "$1" ] || [ -z "$2" ]; then echo "-"; else awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "n/a"; else printf "%.2f", a / b }'; fi
}
# header: "| FIRST | np1 | np2 ... |" and its rule, for the process counts $1
header() {
  printf '| %s |' "$1"; for np in $2; do printf ' %s |' "$np"; done; printf '\n|---|'
  for np in $2; do printf -- '--:|'; done; printf '\n'
}

# reference PROGRAM: its hand-written MPI reference
reference() { if [ "$1" = mg ]; then echo mg_ref; else echo "${1}_mpi"; fi; }

# weak_rows EXPERIMENT "PROGRAMS" "NPS" TITLE: per program, loop ms and efficiency T(1)/T(np); the
# references' ratio rows; nothing (and false) when no program ran on one process
weak_rows() {
  for p in $2; do [ -n "$(t "$1" "$p" default 1)" ] && break; p=; done
  [ -n "$p" ] || return 1
  header "$4" "$3"
  for p in $2; do
    [ -n "$(t "$1" "$p" default 1)" ] || continue
    t1=$(t "$1" "$p" default 1)
    printf '| %s ms |' "$p"; for np in $3; do printf ' %s |' "$(ms "$(t "$1" "$p" default "$np")")"; done; printf '\n'
    printf '| %s efficiency |' "$p"; for np in $3; do printf ' %s |' "$(ratio "$t1" "$(t "$1" "$p" default "$np")")"; done; printf '\n'
  done
  for p in $2; do
    case $p in *_mpi | *_ref) continue ;; esac
    r=$(reference "$p")
    [ -n "$(t "$1" "$p" default 1)" ] && [ -n "$(t "$1" "$r" default 1)" ] || continue
    printf '| %s azc / MPI |' "$p"; for np in $3; do printf ' %s |' "$(ratio "$(t "$1" "$p" default "$np")" "$(t "$1" "$r" default "$np")")"; done; printf '\n'
  done
}

# jacobi_pair EXPERIMENT: jacobi and its MPI reference, ms per np, and their ratio
jacobi_pair() {
  header "program" "$NPS"
  for p in jacobi jacobi_mpi; do
    printf '| %s |' "$p"; for np in $NPS; do printf ' %s |' "$(ms "$(t "$1" "$p" default "$np")")"; done; printf '\n'
  done
  printf '| azc / MPI |'; for np in $NPS; do printf ' %s |' "$(ratio "$(t "$1" jacobi default "$np")" "$(t "$1" jacobi_mpi default "$np")")"; done; printf '\n'
}

# variant_rows EXPERIMENT PROGRAM "VARIANTS" "NPS": ms per variant and np, and which is fastest
variant_rows() {
  header "$2 ($1)" "$4"
  for v in $3; do
    printf '| %s |' "$v"; for np in $4; do printf ' %s |' "$(ms "$(t "$1" "$2" "$v" "$np")")"; done; printf '\n'
  done
}

# best EXPERIMENT PROGRAM "VARIANTS" NP: the fastest variant and its time
best() {
  for v in $3; do x=$(t "$1" "$2" "$v" "$4"); [ -n "$x" ] && echo "$x $v"; done | sort -g | head -1
}

# default_check EXPERIMENT PROGRAM "VARIANTS" "NPS" DEFAULTFN: one line per np, the default
# (DEFAULTFN NP) against the fastest: "met" when within 5%
default_check() {
  for np in $4; do
    b=$(best "$1" "$2" "$3" "$np")
    [ -n "$b" ] && awk -v x="${b%% *}" 'BEGIN { exit !(x > 0) }' || continue  # one process: nothing to compare
    d=$($5 "$np")
    td=$(t "$1" "$2" "$d" "$np")
    verdict=$(awk -v d="${td:-0}" -v b="${b%% *}" 'BEGIN { if (d == 0) print "not measured"; else if (d <= 1.05 * b) print "met"; else printf "missed (%.0f%% slower)", (d / b - 1) * 100 }')
    echo "- np $np: default $d, fastest ${b#* } ($(ms "${b%% *}") ms): $verdict"
  done
}
default_gather() { if [ "$1" -le 4 ]; then echo flat; else echo tree; fi; }  # jacobi's max<< is exact
default_binding() { echo msg; }
default_runahead() { echo ra32; }

# plot_data EXPERIMENT PROGRAMS/VARIANTS FILE KIND: np and one column per program (KIND weak: the
# efficiency T1/Tnp of variant default; KIND variant: ms of each variant of program $5)
plot_data() {
  { printf 'np'; for x in $2; do printf ' %s' "$x"; done; printf '\n'
    for np in $(echo $NPS $MG_WEAK_NPS | tr ' ' '\n' | sort -nu); do
      printf '%s' "$np"
      for x in $2; do
        if [ "$4" = weak ]; then v=$(ratio "$(t "$1" "$x" default 1)" "$(t "$1" "$x" default "$np")")
        else v=$(ms "$(t "$1" "$5" "$x" "$np")"); fi
        printf ' %s' "$v"
      done
      printf '\n'
    done; } > "$3"
}

scale_plots() {
  command -v gnuplot > /dev/null 2>&1 || { echo "(gnuplot is missing: no plots; make bench-deps installs it)"; return; }
  weak_progs=$(for p in jacobi jacobi_mpi mg mg_ref cg cg_mpi cannon simple swm tomcatv; do [ -n "$(t weak "$p" default 1)" ] && echo "$p"; done | tr '\n' ' ')
  plot_data weak "$weak_progs" "$out/weak.dat" weak
  plot_data bindc "msg put store tailored" "$out/bind.dat" variant jacobi  # communication alone
  plot_data gather "flat dissemination tree" "$out/gather.dat" variant jacobi
  gnuplot -e "dat='$out'; outdir='$plots'" bench/scale.gp > "$out/gnuplot.log" 2>&1 ||
    { echo "(gnuplot failed: $out/gnuplot.log)"; return; }
  echo "![weak scaling](plots/scale_weak.png)"
  echo
  echo "![bindings and gathers](plots/scale_comm.png)"
}

scale_section() {
  now=$(date -u '+%Y-%m-%d %H:%M UTC')
  echo "Generated by \`bench/scale.sh\`$([ -n "$QUICK" ] && echo " (BENCH_QUICK=1: small problems, a check of the script)"); do not edit by hand."
  echo
  if [ -n "${REPORT_ONLY:-}" ]; then
    echo "Made $now (SCALE_REPORT_ONLY=1) from the results of the runs recorded in $res, which need not"
    echo "be one complete run (\"-\": not run); on $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) cores), SimGrid $(smpirun -version 2>/dev/null | head -1 | sed 's/.*version //'),"
    echo "smpi/host-speed $HS (bench/platforms/calibrate.sh)."
  elif [ -n "${ONLY:-}" ]; then
    echo "Parts$(for p in $ONLY; do printf ' %s' "$p"; done) run $now (SCALE_ONLY), the other parts' results from the earlier runs recorded in"
    echo "$res (\"-\": not run); on $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) cores), SimGrid $(smpirun -version 2>/dev/null | head -1 | sed 's/.*version //'),"
    echo "smpi/host-speed $HS (bench/platforms/calibrate.sh), load average before $load_before, after $(cut -d' ' -f1-3 /proc/loadavg)."
  else
    echo "Run $now on $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) cores), SimGrid $(smpirun -version 2>/dev/null | head -1 | sed 's/.*version //'),"
    echo "smpi/host-speed $HS (bench/platforms/calibrate.sh), load average before $load_before, after $(cut -d' ' -f1-3 /proc/loadavg)."
  fi
  echo "Simulated seconds of each program's own loop timer (\"loop seconds\"; NPB's \"Time in seconds\" for"
  echo "MG), one run each: with the computation modelled a simulation repeats exactly. Weak scaling: $B x $B"
  echo "points per process (cannon: n = $B x np^(1/3); MG: $MG_BLOCK^3), $ITERS iterations (MG: 4), on"
  echo "bench/platforms/modern.xml. The references are built \`smpicc -O3 -march=native\`, azc's programs as"
  echo "\`azc --mpi=smpi\` builds them (its defaults)."
  echo
  echo "### Goals"
  echo
  goals
  echo
  work_section
  echo "### Weak scaling (modelled computation)"
  echo
  weak_rows weak "jacobi jacobi_mpi cg cg_mpi cannon simple swm tomcatv" "$NPS" "program (weak)"
  echo
  [ -n "$MG$MG_REF" ] && { weak_rows weak "mg mg_ref" "$MG_WEAK_NPS" "program (weak)"; echo; }
  echo "Efficiency is T(1) / T(np). MG: $MG_BLOCK^3 points per process (samples/mg.zpl -spoints, mg_ref N:"
  echo "4 iterations, NPB's class U); $([ -n "$MG" ] && echo "samples/mg.zpl ran" || echo "samples/mg.zpl is not there or does not compile: skipped"),"
  echo "$([ -n "$MG_REF" ] && echo "bench/mg/mg_ref.c ran" || echo "bench/mg/mg_ref.c is not there or does not compile: skipped")."
  echo
  echo "### Strong scaling (modelled computation; cg: n = $CG_N, $ITERS iterations; MG: class $MG_STRONG)"
  echo
  header "program (strong)" "$STRONG_NPS"
  for p in cg cg_mpi mg mg_ref; do
    v=default; case $p in mg*) v=classA ;; esac
    [ -n "$(t strong "$p" "$v" 1)" ] || continue
    printf '| %s ms |' "$p"; for np in $STRONG_NPS; do printf ' %s |' "$(ms "$(t strong "$p" "$v" "$np")")"; done; printf '\n'
    printf '| %s speed-up |' "$p"; for np in $STRONG_NPS; do printf ' %s |' "$(ratio "$(t strong "$p" "$v" 1)" "$(t strong "$p" "$v" "$np")")"; done; printf '\n'
  done
  echo
  echo "### Communication alone (jacobi and MG, weak, computation not simulated, ms)"
  echo
  echo "The same runs with \`--cfg=smpi/simulate-computation:no\`: what the communication of each"
  echo "iteration costs, independent of this machine and its load."
  echo
  jacobi_pair commonly
  echo
  [ -n "$MG$MG_REF" ] && { header "program" "$MG_WEAK_NPS"; for p in mg mg_ref; do
    printf '| %s |' "$p"; for np in $MG_WEAK_NPS; do printf ' %s |' "$(ms "$(t commonly "$p" default "$np")")"; done; printf '\n'
  done; echo; }
  echo "### Bindings (jacobi, weak, ms)"
  echo
  echo "With the modelled computation:"
  echo
  variant_rows bind jacobi "msg put store tailored" "$BIND_NPS"
  echo
  echo "Communication alone:"
  echo
  variant_rows bindc jacobi "msg put store tailored" "$BIND_NPS"
  echo
  echo "The default under SMPI is msg (libsplit's bindings run on active messages there). With the"
  echo "modelled computation:"
  echo
  default_check bind jacobi "msg put store tailored" "$BIND_NPS" default_binding
  echo
  echo "Communication alone:"
  echo
  default_check bindc jacobi "msg put store tailored" "$BIND_NPS" default_binding
  echo
  echo "### Flat and dissemination gathers against the reduction tree (jacobi, weak, AZ_RUNAHEAD=0, communication alone, ms)"
  echo
  echo "Flat gathers send P^2 messages: they are simulated up to 256 processes. jacobi's max<< is exact,"
  echo "so by default it goes through the reduction tree beyond 4 processes (docs/collectives.md)."
  echo
  variant_rows gather jacobi "flat dissemination tree" "$NPS"
  echo
  default_check gather jacobi "flat dissemination tree" "$NPS" default_gather
  echo
  echo "### The Ethernet cluster (bench/platforms/ethernet.xml: 10 Gb/s, 20 us; jacobi, weak, modelled computation, ms)"
  echo
  jacobi_pair ether
  echo
  echo "### Noise on 1% of $NOISE_NP hosts (jacobi, weak, $((ITERS * 4)) iterations, modelled computation; its max<< runs ahead)"
  echo
  echo "Each noisy host loses 20% of its time in 100 us detours (SimGrid speed profiles); the loss is"
  echo "noisy / quiet - 1."
  echo
  echo "| reductions | quiet ms | noisy ms | loss |"
  echo "|---|--:|--:|--:|"
  for ra in 0 8 32 48; do
    q=$(t noise_quiet jacobi "ra$ra" "$NOISE_NP"); n=$(t noise_noisy jacobi "ra$ra" "$NOISE_NP")
    case $ra in 0) what="blocking (AZ_RUNAHEAD=0)" ;; 32) what="run-ahead (AZ_RUNAHEAD=32, the default)" ;; *) what="run-ahead (AZ_RUNAHEAD=$ra)" ;; esac
    echo "| $what | $(ms "$q") | $(ms "$n") | $(if [ -n "$q" ] && [ -n "$n" ]; then awk -v q="$q" -v n="$n" 'BEGIN { printf "%.3f", n / q - 1 }'; else echo -; fi) |"
  done
  lb=$(awk -v q="$(t noise_quiet jacobi ra0 "$NOISE_NP")" -v n="$(t noise_noisy jacobi ra0 "$NOISE_NP")" 'BEGIN { if (q > 0 && n > 0) print n / q - 1 }')
  lr=$(awk -v q="$(t noise_quiet jacobi ra32 "$NOISE_NP")" -v n="$(t noise_noisy jacobi ra32 "$NOISE_NP")" 'BEGIN { if (q > 0 && n > 0) print n / q - 1 }')
  echo
  echo "Run-ahead loss / blocking loss: $(if [ -n "$lb" ] && [ -n "$lr" ]; then awk -v b="$lb" -v r="$lr" 'BEGIN { if (b <= 0) print "blocking lost nothing"; else printf "%.2f (goal: at most 0.5)", r / b }'; else echo "not measured"; fi)."
  echo
  echo "The run-ahead depth, with noise:"
  echo
  default_check noise_noisy jacobi "ra0 ra8 ra32 ra48" "$NOISE_NP" default_runahead
  echo
  scale_plots
}

# last_of "LIST": its last word
last_of() { echo $1 | awk '{ print $NF }'; }

# loss EXPERIMENT_PREFIX VARIANT NP: seconds noisy - quiet of that run (nothing if one is missing)
loss() {
  awk -v q="$(t "${1}_quiet" jacobi "$2" "$3")" -v n="$(t "${1}_noisy" jacobi "$2" "$3")" 'BEGIN { if (q != "" && n != "") printf "%.9f", n - q }'
}

# goals: issue 25's goals judged on this run's numbers (modern cluster, modelled computation)
goals() {
  for p in jacobi mg; do
    if [ "$p" = mg ] && [ -z "$MG" ]; then echo "- mg: skipped (samples/mg.zpl is not there or does not compile)"; continue; fi
    nps=$NPS; [ "$p" = mg ] && nps=$MG_WEAK_NPS
    # the goal's size, 1024, or the largest below it (MG: 512; 1024 is not a cube)
    want=$(for np in $nps; do [ "$np" -le 1024 ] && echo "$np"; done | tail -1)
    have=$(for np in $nps; do [ -n "$(t weak "$p" default "$np")" ] && echo "$np"; done | tail -1)
    t1=$(t weak "$p" default 1)
    beyond=
    if [ -n "$have" ] && [ "$have" -gt "$want" ]; then
      beyond="; $(ratio "$t1" "$(t weak "$p" default "$have")") at $have"
      [ -n "$(t weak "$p" default "$want")" ] && have=$want
    fi
    if [ -z "$t1" ] || [ -z "$have" ]; then echo "- $p weak scaling: not measured"
    elif [ "$have" != "$want" ]; then
      echo "- $p weak scaling: efficiency $(ratio "$t1" "$(t weak "$p" default "$have")") at $have processes, the largest that ran; not measured at $want: not judged"
    else awk -v p="$p" -v n="$want" -v a="$t1" -v b="$(t weak "$p" default "$want")" -v x="$beyond" 'BEGIN { e = a / b; printf "- %s weak scaling: efficiency %.2f at %d processes (goal: at least 0.80): %s%s\n", p, e, n, (e >= 0.8 ? "met" : "missed"), x }'; fi
    r=$(reference "$p")
    both=$(for np in $nps; do [ -n "$(t weak "$p" default "$np")" ] && [ -n "$(t weak "$r" default "$np")" ] && printf ' %s' "$np"; done)
    worse=$(for np in $both; do awk -v n="$np" -v a="$(t weak "$p" default "$np")" -v b="$(t weak "$r" default "$np")" 'BEGIN { if (a > b) printf " %d (%.2f)", n, a / b }'; done)
    if [ -z "$both" ]; then echo "- $p against $r: not measured"
    elif [ -n "$worse" ]; then echo "- $p at least as fast as $r at every size (measured at$both processes): missed at$worse"
    else echo "- $p at least as fast as $r at every size (measured at$both processes): met"; fi
  done
  lb=$(loss noise ra0 "$NOISE_NP") lr=$(loss noise ra32 "$NOISE_NP")
  if [ -z "$lb" ] || [ -z "$lr" ]; then echo "- run-ahead under noise on 1% of $NOISE_NP hosts: not measured"
  else awk -v n="$NOISE_NP" -v b="$lb" -v r="$lr" 'BEGIN {
      printf "- run-ahead under noise on 1%% of %d hosts: blocking reductions lose %.4g ms, run-ahead (the default) %.4g ms: ", n, b * 1000, r * 1000
      if (b <= 0) print "blocking lost nothing, not judged"; else printf "%.2f of it (goal: at most 0.5): %s\n", r / b, (r <= 0.5 * b ? "met" : "missed") }'; fi
  echo "- the defaults within 5% of the best: binding, gathers and run-ahead depth below (\"met\" per size)"
}

# work_section: what the modelled computation is, and each program's F
work_section() {
  echo "### The modelled computation (AZ_SMPI_WORK: a fixed cost per element)"
  echo
  echo "The model: every loop nest of every process costs F flops per element of that process's part,"
  echo "executed on its simulated host (5 Gflop/s; a noisy host's speed profile applies) at the next MPI"
  echo "call, and SMPI times no computation on this machine (\`--cfg=smpi/simulate-computation:no\`). F is"
  echo "one process's measured cost per element (AZ_SMPI_WORK=count with the computation simulated: the"
  echo "timed loop's length on this machine over the elements its loop nests computed, one process, whose"
  echo "arrays stay in the caches; the fastest of the runs the table gives, a program and its reference"
  echo "taking turns run by run: this machine's speed moves a run by up to a third, and the least disturbed"
  echo "run is the closest to what the computation costs), at the size of the weak series' first run (MG:"
  echo "the V-cycles a run the table gives instead of the series' 4, for a timed part of some 0.1 s). So the"
  echo "same F for every nest of a program (a copy costs as much per element as a 27-point stencil), no"
  echo "cache or memory effects (the cost of an element does not change with the block, the level or the"
  echo "process count), and T(1) is what one process measured; the MPI overheads of the platform"
  echo "(latencies, bandwidths, per-message overheads, the collectives' algorithms) are simulated, so the"
  echo "efficiency at np is the cost of the communication and of its waits. Each program counts its own"
  echo "elements (azc: its loop nests after fusion, ZRT_WORK; the references: their calls of"
  echo "bench/smpi_work.h) and its F charges its own one-process time, so azc / MPI at np = 1 is the ratio"
  echo "this machine measured."
  echo
  echo "| program | F (flops per element) | runs | V-cycles a run |"
  echo "|---|--:|--:|--:|"
  for p in jacobi jacobi_mpi mg mg_ref cg cg_mpi cannon simple swm tomcatv; do
    # the flops line: F, then its runs ("-": not recorded) and MG's V-cycles
    awk -v p="$p" '$1 == "flops" && $2 == p && $3 == "count" && $5 == 1 {
      runs = NF >= 7 ? $7 : "-"; cycles = NF >= 8 ? $8 : (NF >= 7 || p !~ /^mg/ ? "" : "-")
      printf "| %s | %s | %s | %s |\n", p, $6, runs, cycles; exit }' "$res"
  done
  echo
}

scale_report() {
  [ -f "$doc" ] || cp docs/scaling.md "$doc" 2>/dev/null || printf '<!-- scale:begin -->\n<!-- scale:end -->\n' > "$doc"
  scale_section > "$out/section.md"
  replace_section "$doc" scale "$out/section.md"
}
