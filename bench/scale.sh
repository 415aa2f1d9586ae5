#!/bin/sh
# scale.sh - the programs on 1 to 1024 (4096) simulated processes under SimGrid SMPI (issue 25):
# weak scaling of jacobi, cg, the Ironman suite (cannon, simple, swm, tomcatv) and samples/mg.zpl
# next to the hand-written MPI references (bench/jacobi/jacobi_mpi.c, bench/cg/cg_mpi.c,
# bench/mg/mg_ref.c, built -O3 -march=native), strong scaling of cg and MG class A, every binding
# (AZ_COMM), flat and dissemination gathers against the reduction tree (AZ_GATHER), run-ahead
# (AZ_RUNAHEAD) against blocking reductions with noise on 1% of the hosts, and jacobi on the
# Ethernet cluster. The computation is modelled (docs/scaling.md): each program's loop nests cost
# a fixed F flops per element (AZ_SMPI_WORK=F, rtl/zrt/zrt_work.c and bench/smpi_work.h), F
# measured on one process (part flops), so the simulated times do not depend on this machine's
# caches or load; the communication alone (computation not simulated) is a part of its own.
# Writes the section between <!-- scale:begin --> and <!-- scale:end --> of docs/scaling.md, the
# plots docs/plots/scale_*.png (gnuplot) and keeps every result in docs/scale-results.txt (so that
# a rerun of some parts reports the others from there). Every time is simulated: a program's own
# "loop seconds" (MPI_Wtime, the simulated clock), on bench/platforms/modern.xml unless said
# otherwise.
#
#   sh bench/scale.sh                  the whole study (hours of one core; see MAX_NP)
#   BENCH_QUICK=1 sh bench/scale.sh    1 and 4 processes, small problems: checks the script in a
#                                      few minutes; writes under $BUILD/bench/scale, not docs/
# Environment: MAX_NP (default 1024; 4096 adds the largest size), SCALE_TIMEOUT (seconds allowed for
# one simulation, default 900: a series stops at the first size that takes longer), SCALE_CALIBRATE=1
# (measure smpi/host-speed again, bench/platforms/calibrate.sh; done anyway when
# bench/platforms/host-speed is missing), SCALE_MEASURED=1 (the computation as SMPI times it on
# this machine instead of the model: cold caches from a few processes on, see docs/scaling.md),
# SCALE_REPORT_ONLY=1 (no simulation: the section and plots again from the recorded results,
# complete or not), SCALE_ONLY="PART..." (only those parts: flops weak weakmg strong commonly bind
# gather ether noise; their old results are replaced, the others' kept, and the section is written
# from all of them; weakmg is MG's weak series alone; the modelled parts take the F that flops
# recorded), SCALE_DEPTHS (the run-ahead depths of part noise, default "0 8 32 48"; 0: blocking
# reductions), FLOPS_RUNS (part flops' runs of each program, default 21, 3 quick; F is the fastest),
# SCALE_PROGRAMS="PROGRAM..." (only those programs, e.g. "jacobi jacobi_mpi"; with
# SCALE_ONLY, only their results of those parts are replaced), e.g.
#   SCALE_ONLY="flops weakmg" sh bench/scale.sh     MG's F and weak series again
#   MAX_NP=4096 SCALE_ONLY=weak SCALE_PROGRAMS="jacobi jacobi_mpi" sh bench/scale.sh
set -u
. "$(dirname "$0")/lib.sh"
QUICK=${BENCH_QUICK:-}
[ "$QUICK" = 0 ] && QUICK=
root=$(pwd)
case $AZC in /*) ;; *) AZC=$root/$AZC ;; esac
if ! command -v smpicc >/dev/null 2>&1 || ! command -v smpirun >/dev/null 2>&1; then
  echo "scale.sh: SimGrid's SMPI (smpicc, smpirun) is not installed: make deps SMPI=1" >&2
  exit 1
fi
LIMIT=${SCALE_TIMEOUT:-900}
MAX_NP=${MAX_NP:-1024}
if [ -n "$QUICK" ]; then
  NPS="1 4" BIND_NPS=4 NOISE_NP=4 STRONG_NPS="1 4" WRITE=${BENCH_WRITE:-0}
  B=32 ITERS=5 CG_N=64 MG_CLASS_ARGS=
else
  NPS=$(for p in 1 4 16 64 256 1024 4096; do [ "$p" -le "$MAX_NP" ] && echo $p; done | tr '\n' ' ')
  BIND_NPS=$(for p in 4 16 64 256; do [ "$p" -le "$MAX_NP" ] && echo $p; done | tr '\n' ' ')
  NOISE_NP=1024 STRONG_NPS=$NPS WRITE=${BENCH_WRITE:-1}
  B=256 ITERS=20 CG_N=2048
fi
out=$BUILD/bench/scale
if [ "$WRITE" = 1 ]; then doc=docs/scaling.md plots=docs/plots; else doc=$out/scaling.md plots=$out/plots; fi
mkdir -p "$out" "$plots"
# the results: experiment program variant platform np seconds (experiment flops: F, not seconds)
if [ "$WRITE" = 1 ]; then res=docs/scale-results.txt; else res=$out/results.txt; fi
REPORT_ONLY=${SCALE_REPORT_ONLY:-}
[ "$REPORT_ONLY" = 0 ] && REPORT_ONLY=
ONLY=${SCALE_ONLY:-}
PARTS="flops weak weakmg strong commonly bind gather ether noise"
for p in $ONLY; do
  case " $PARTS " in *" $p "*) ;; *) echo "scale.sh: SCALE_ONLY: unknown part '$p' (parts: $PARTS)" >&2; exit 2 ;; esac
done
# part NAME: whether this run simulates that part
part() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) true ;; *) false ;; esac; }
# part_of EXPERIMENT PROGRAM: the part that records it
part_of() {
  case $1 in
    bindc) echo bind ;; noise_*) echo noise ;;
    weak) case $2 in mg*) echo weakmg ;; *) echo weak ;; esac ;;
    *) echo "$1" ;;
  esac
}
# runs PART PROGRAM EXPERIMENT VARIANT: whether this run records that result again (noise: only
# the depths of SCALE_DEPTHS)
runs() {
  part "$1" && program "$2" || return 1
  case $3 in noise_*) case " ${SCALE_DEPTHS:-0 8 32 48} " in *" ${4#ra} "*) true ;; *) false ;; esac ;; esac
}
# program NAME: whether this run simulates that program (SCALE_PROGRAMS)
PROGRAMS=${SCALE_PROGRAMS:-}
for p in $PROGRAMS; do
  case " jacobi jacobi_mpi cg cg_mpi cannon simple swm tomcatv mg mg_ref " in *" $p "*) ;;
    *) echo "scale.sh: SCALE_PROGRAMS: unknown program '$p' (jacobi jacobi_mpi cg cg_mpi cannon simple swm tomcatv mg mg_ref)" >&2; exit 2 ;;
  esac
done
program() { [ -z "$PROGRAMS" ] || case " $PROGRAMS " in *" $1 "*) true ;; *) false ;; esac; }
if [ -z "$REPORT_ONLY" ]; then
  if [ -z "$ONLY$PROGRAMS${SCALE_DEPTHS:-}" ]; then : > "$res"
  else # keep the results of the parts not run again
    touch "$res"
    while read -r e p v rest; do runs "$(part_of "$e" "$p")" "$p" "$e" "$v" || echo "$e $p $v $rest"; done < "$res" > "$res.kept"
    mv "$res.kept" "$res"
  fi
fi
status=0
load_before=$(cut -d" " -f1-3 /proc/loadavg)
complain() { echo "scale.sh: $*" >&2; status=1; }

[ -n "$REPORT_ONLY" ] || make --no-print-directory smpi-rtl > "$out/make.log" 2>&1 || { cat "$out/make.log"; exit 1; }
if [ -z "$REPORT_ONLY" ] && { [ "${SCALE_CALIBRATE:-0}" = 1 ] || [ ! -s bench/platforms/host-speed ]; }; then
  sh bench/platforms/calibrate.sh || exit 1
fi
HS=$(cat bench/platforms/host-speed)
awk 'BEGIN { for (i = 0; i < 4096; i++) print "node-" i }' > "$out/hosts"
head -n "$NOISE_NP" "$out/hosts" > "$out/hosts_noise"

# ---- building ----
# build NAME SOURCE: azc --mpi=smpi SOURCE, or an MPI reference (.c) with smpicc, into $out/NAME
build() {
  case $2 in
    *.zpl) "$AZC" --mpi=smpi --no-pdl "$2" -o "$out/$1" > "$out/$1.cc" 2>&1 ;;
    *.c) smpicc -O3 -march=native -Ibench "$2" -o "$out/$1" -lm > "$out/$1.cc" 2>&1 ;;
  esac
}
# have NAME SOURCE: build it if SOURCE exists; a message and false if it does not or fails
have() {
  [ -f "$2" ] || { echo "scale.sh: $2 is not there: skipped"; return 1; }
  build "$1" "$2" || { echo "scale.sh: $2 does not compile (see $out/$1.cc): skipped"; return 1; }
}
MG=; MG_REF=
if [ -n "$REPORT_ONLY" ]; then # what ran, from the results
  grep -q '^[a-z_]* mg ' "$res" && MG=1
  grep -q '^[a-z_]* mg_ref ' "$res" && MG_REF=1
else
  have jacobi bench/jacobi/jacobi.zpl && have jacobi_mpi bench/jacobi/jacobi_mpi.c || complain "jacobi does not build"
  have cg bench/cg/cg.zpl && have cg_mpi bench/cg/cg_mpi.c || complain "cg does not build"
  for s in cannon simple swm tomcatv; do have "$s" "samples/$s.zpl" || complain "$s does not build"; done
  have mg samples/mg.zpl && MG=1
  have mg_ref bench/mg/mg_ref.c && MG_REF=1
fi

# ---- running ----
# sim PLATFORM NP LOG EXE ARGS...: one simulation; prints its loop seconds ("Time in seconds" for MG;
# nothing if it failed). The MPI references run SMPI's collectives with Open MPI's choice of
# algorithms (smpi/coll-selector:ompi), as they would on a real cluster: SMPI's default selector
# takes flat algorithms (P^2 messages for MPI_Allgather), and SimGrid 3.32 then keeps every
# finished detached send in its simulated process's list of activities, so that a 1024-process
# jacobi_mpi took 509 s to simulate against 188 s with ompi (docs/scaling.md). azc's programs
# make their reductions and gathers of point-to-point messages; SMPI's collectives are outside
# their timed loops. mg_ref cannot take ompi's selector (SMPI 3.32 aborts it on one process:
# "Actor pid=-1 is gone??" in smpi_request.cpp) and gets recursive doubling for its
# MPI_Allgather and MPI_Allreduce instead, which is what Open MPI picks for their small messages:
# with the flat defaults its 512-process run did not finish in 15 minutes of simulation.
sim() {
  plat=$1 np=$2 log=$3
  shift 3
  case $1 in
    */*_mpi) coll=--cfg=smpi/coll-selector:ompi ;;
    */mg_ref) coll="--cfg=smpi/allgather:rdb --cfg=smpi/allreduce:rdb" ;;
    *) coll= ;;
  esac
  timeout "$LIMIT" smpirun -np "$np" -platform "$plat" -hostfile "${HOSTS:-$out/hosts}" --cfg=smpi/host-speed:"$HS" \
    --log=root.thresh:warning --log=xbt_cfg.thresh:warning --log=smpi_config.thresh:error $coll ${SIMCFG:-} "$@" > "$log" 2>&1
  st=$?
  [ $st -eq 0 ] || { echo "scale.sh: status $st: $* on $np simulated processes ($log)" >&2; return 1; }
  awk '/loop seconds|Time in seconds =/ { print $NF; exit }' "$log"
}
# series EXPERIMENT PROGRAM VARIANT PLATFORM "NPS" ARGSFN [NAME=VALUE...]: run PROGRAM at each
# process count (ARGSFN NP prints its arguments) with the environment NAME=VALUE..., into $res;
# stops at the first failure or timeout (a larger run would take longer still). The computation is
# modelled with PROGRAM's recorded F (AZ_SMPI_WORK=F, not simulated) unless the environment sets
# AZ_SMPI_WORK or SIMCFG itself or SCALE_MEASURED=1; a program without F is skipped.
series() {
  e=$1 prog=$2 var=$3 plat=$4 nps=$5 argsfn=$6
  shift 6
  program "$prog" || return 0
  case " $* " in
    *" AZ_SMPI_WORK="* | *" SIMCFG="*) ;;
    *) if [ "$MEASURED" != 1 ]; then
         f=$(flops_of "$prog")
         [ -n "$f" ] || { complain "no F of $prog recorded (part flops): $e $prog $var skipped"; return 0; }
         set -- "$@" AZ_SMPI_WORK="$f" "$nocomp"
       fi ;;
  esac
  for np in $nps; do
    log=$out/$e.$prog.$var.$np.log
    t=$(for kv in "$@"; do export "$kv"; done; sim "$plat" "$np" "$log" "$out/$prog" $($argsfn "$np"))
    [ -n "$t" ] || { complain "$e $prog $var np=$np failed or timed out"; break; }
    echo "$e $prog $var $(basename "$plat" .xml) $np $t" >> "$res"
    echo "  $e $prog $var np=$np: $t s"
  done
}

# flops_of PROGRAM: its recorded F
flops_of() { awk -v p="$1" '$1 == "flops" && $2 == p { print $6; exit }' "$res"; }
MEASURED=${SCALE_MEASURED:-0}
nocomp=SIMCFG=--cfg=smpi/simulate-computation:no

# side ELEMS NP: the side of a square grid of ELEMS x ELEMS per process on NP processes
side() { awk -v b="$1" -v p="$2" 'BEGIN { printf "%d", b * sqrt(p) + 0.5 }'; }
# the command lines (weak scaling: the same block of B x B points per process)
args_jacobi() { echo "-sn=$(side $B "$1") -siters=$ITERS"; }
args_cg() { echo "-sn=$(side $B "$1") -siters=$ITERS"; }
args_cg_strong() { echo "-sn=$CG_N -siters=$ITERS"; }
args_cannon() { awk -v b="$B" -v p="$1" 'BEGIN { printf "-sn=%d -stiming=true", b * p ^ (1 / 3) + 0.5 }'; }
args_simple() { echo "-sn=$(side $((B / 2)) "$1") -ssteps=$ITERS -sreport=$ITERS -stiming=true"; }
args_swm() { n=$(side $B "$1"); echo "-sm=$n -sn=$n -siters=$ITERS -smprint=$ITERS -stiming=true"; }
args_tomcatv() { echo "-sn=$(side $B "$1") -siters=$ITERS -sreport=$ITERS -stiming=true"; }
# MG, weak: MG_BLOCK^3 points per process (64^3: 4 iterations of 64^3 on 1 process, 128^3 (class W's
# size) on 8, 256^3 (A's) on 64, 512^3 on 512; 1024 is not a cube, and 4096 (1024^3 points, some
# 30 GB for each program) does not fit this machine's memory). Strong scaling: class A (S in the
# quick mode).
MG_BLOCK=${MG_BLOCK:-64}
mg_side() { awk -v b="$MG_BLOCK" -v p="$1" 'BEGIN { printf "%d", b * p ^ (1 / 3) + 0.5 }'; }
args_mg() { echo "-spoints=$(mg_side "$1") -stiming=true"; }
args_mg_ref() { mg_side "$1"; }
# F's runs (part flops): MG_FLOPS_ITERS V-cycles (40: a timed part of some 0.1 s, where 4 take 10 ms
# and one hiccup of the machine moved a run's F by a third), the same for both programs
args_mg_flops() { echo "$(args_mg 1) -siterations=$MG_FLOPS_ITERS"; }
args_mg_ref_flops() { echo "$(args_mg_ref 1) $MG_FLOPS_ITERS"; }
args_mg_strong() { echo "-sClass=$MG_STRONG -stiming=true"; }
args_mg_ref_strong() { echo "$MG_STRONG"; }
MG_WEAK_NPS=$(for p in 1 8 64 512; do [ "$p" -le "$MAX_NP" ] && echo $p; done | tr '\n' ' ')
MG_STRONG=A MG_FLOPS_ITERS=40 FLOPS_RUNS=${FLOPS_RUNS:-$([ -n "$QUICK" ] && echo 3 || echo 21)}
if [ -n "$QUICK" ]; then MG_WEAK_NPS=1 MG_STRONG=S MG_BLOCK=16 MG_FLOPS_ITERS=4; fi
modern=$root/bench/platforms/modern.xml
ethernet=$root/bench/platforms/ethernet.xml

if [ -n "$REPORT_ONLY" ]; then
  . "$(dirname "$0")/lib_scale_report.sh"
  scale_report
  echo "scale.sh: wrote $doc and $plots/scale_*.png from $res"
  exit $status
fi
# The modelled computation: every loop nest costs F flops per element of the process's part on its
# simulated host (AZ_SMPI_WORK=F; the computation is not timed: smpi/simulate-computation:no), so
# the simulated time no longer depends on this machine's caches or load. F is measured once per
# program on one process, whose caches keep its arrays (AZ_SMPI_WORK=count with the computation
# simulated: the F that charges the timed loop its own length; the fastest of FLOPS_RUNS runs, 21,
# the programs taking turns: this machine's speed moves a run's time by up to a third from one run
# to the next, and the least disturbed run is the one closest to what the computation costs; of 9
# runs, three measurements of MG's F in a row put mg / mg_ref at 0.96, 1.03 and 1.10), at the
# size of the weak series' first run, and recorded as "flops PROGRAM count modern 1 F". Count mode
# sees the interval between ResetTimer and CheckTimer, or a stopwatch's StartTimer..StopTimer; a
# program whose timed part it does not see reports 0 elements, and its F is its loop seconds (the
# fastest of the same runs) over those of one run at AZ_SMPI_WORK=1000 on one process without the
# computation (its timed elements x 1000 flops at the host's speed), times 1000.
# flops PROGRAM ARGSFN: measures and records F; nothing and a complaint if a run fails
# flops_run PROGRAM ARGSFN I: the Ith of its runs under AZ_SMPI_WORK=count (its loop seconds and
# flops per element appended to $out/flops.PROGRAM.runs)
flops_run() {
  log=$out/flops.$1.$3.log
  secs=$(AZ_SMPI_WORK=count sim "$modern" 1 "$log" "$out/$1" $($2 1)) &&
    echo "$secs $(sed -n 's/^AZ_SMPI_WORK: .*: \([0-9.e+-]*\) flops per element$/\1/p' "$log")" >> "$out/flops.$1.runs"
}
# flops_record PROGRAM ARGSFN: its F, the fastest of its runs, recorded
flops_record() {
  f=$(awk '{ print $2 }' "$out/flops.$1.runs" | sort -g | head -1)
  if [ "$(wc -l < "$out/flops.$1.runs")" = "$FLOPS_RUNS" ] && ! awk -v f="${f:-0}" 'BEGIN { exit !(f > 0) }'; then
    secs=$(awk '{ print $1 }' "$out/flops.$1.runs" | sort -g | head -1)
    unit=$(AZ_SMPI_WORK=1000 SIMCFG=--cfg=smpi/simulate-computation:no sim "$modern" 1 "$out/flops.$1.unit.log" "$out/$1" $($2 1))
    f=$(awk -v s="$secs" -v u="${unit:-0}" 'BEGIN { if (u > 0) printf "%.6g", 1000 * s / u }')
  fi
  awk -v f="${f:-0}" 'BEGIN { exit !(f > 0) }' || { complain "flops $1: no F measured ($out/flops.$1.*)"; return 1; }
  # the runs it is the fastest of, and MG's V-cycles a run, for the report
  cycles=$(case $2 in args_mg*_flops) echo " $MG_FLOPS_ITERS" ;; esac)
  echo "flops $1 count modern 1 $f $(wc -l < "$out/flops.$1.runs")$cycles" >> "$res"
  echo "  flops $1: $f flops per element"
}
# flops PROGRAM... : the F of each program (NAME:ARGSFN), the programs taking turns run by run, so
# that a slower spell of the machine weighs on a program and its reference alike, in the opposite
# order every other round: the run after another is not like the first (mg against mg_ref, 15
# rounds each way under SMPI: the median per-round ratio 1.054 with mg first, 1.016 with mg_ref
# first)
flops() {
  progs='' backwards=''
  for pa in "$@"; do
    program "${pa%%:*}" && progs="$progs $pa" && backwards="$pa $backwards" && : > "$out/flops.${pa%%:*}.runs"
  done
  i=1
  while [ "$i" -le "$FLOPS_RUNS" ]; do
    order=$progs
    [ $((i % 2)) = 0 ] && order=$backwards
    for pa in $order; do flops_run "${pa%%:*}" "${pa#*:}" "$i"; done
    i=$((i + 1))
  done
  for pa in $progs; do flops_record "${pa%%:*}" "${pa#*:}"; done
}
if part flops; then
  echo "scale.sh: F of every program (AZ_SMPI_WORK=count, one process, the fastest of $FLOPS_RUNS runs, a program and its reference taking turns)"
  flops jacobi:args_jacobi jacobi_mpi:args_jacobi
  flops cg:args_cg cg_mpi:args_cg
  flops cannon:args_cannon simple:args_simple swm:args_swm tomcatv:args_tomcatv
  flops $([ -n "$MG" ] && echo mg:args_mg_flops) $([ -n "$MG_REF" ] && echo mg_ref:args_mg_ref_flops)
fi
if part weak; then
  echo "scale.sh: weak scaling (B = $B x $B points per process, $ITERS iterations), np = $NPS"
  for p in jacobi jacobi_mpi cg cg_mpi cannon simple swm tomcatv; do
    series weak "$p" default "$modern" "$NPS" "args_${p%_mpi}"
  done
fi
if part weakmg; then
  echo "scale.sh: MG, weak scaling ($MG_BLOCK^3 points per process), np = $MG_WEAK_NPS"
  [ -n "$MG" ] && series weak mg default "$modern" "$MG_WEAK_NPS" args_mg
  [ -n "$MG_REF" ] && series weak mg_ref default "$modern" "$MG_WEAK_NPS" args_mg_ref
fi
if part strong; then
  echo "scale.sh: strong scaling"
  series strong cg default "$modern" "$STRONG_NPS" args_cg_strong
  series strong cg_mpi default "$modern" "$STRONG_NPS" args_cg_strong
  [ -n "$MG" ] && series strong mg classA "$modern" "$STRONG_NPS" args_mg_strong
  [ -n "$MG_REF" ] && series strong mg_ref classA "$modern" "$STRONG_NPS" args_mg_ref_strong
fi
# Communication alone: the computation is not simulated (smpi/simulate-computation:no) nor
# modelled, so these runs show what the communication costs and nothing else.
if part commonly; then
  echo "scale.sh: communication alone (jacobi and MG, weak)"
  series commonly jacobi default "$modern" "$NPS" args_jacobi $nocomp
  series commonly jacobi_mpi default "$modern" "$NPS" args_jacobi $nocomp
  [ -n "$MG" ] && series commonly mg default "$modern" "$MG_WEAK_NPS" args_mg $nocomp
  [ -n "$MG_REF" ] && series commonly mg_ref default "$modern" "$MG_WEAK_NPS" args_mg_ref $nocomp
fi
if part bind; then
  echo "scale.sh: bindings (jacobi, weak; with computation, and communication alone)"
  for b in msg put store tailored; do
    series bind jacobi "$b" "$modern" "$BIND_NPS" args_jacobi AZ_COMM=$b
    series bindc jacobi "$b" "$modern" "$BIND_NPS" args_jacobi AZ_COMM=$b $nocomp
  done
fi
if part gather; then
  echo "scale.sh: gathers and the reduction tree (jacobi, weak, blocking reductions, communication alone)"
  series gather jacobi flat "$modern" "$(for p in $NPS; do [ "$p" -le 256 ] && echo $p; done)" args_jacobi AZ_GATHER=flat AZ_RUNAHEAD=0 $nocomp
  series gather jacobi dissemination "$modern" "$NPS" args_jacobi AZ_GATHER=dissemination AZ_RUNAHEAD=0 $nocomp
  series gather jacobi tree "$modern" "$NPS" args_jacobi AZ_GATHER=tree AZ_RUNAHEAD=0 $nocomp
fi
if part ether; then
  echo "scale.sh: the Ethernet cluster (jacobi, weak)"
  series ether jacobi default "$ethernet" "$NPS" args_jacobi
  series ether jacobi_mpi default "$ethernet" "$NPS" args_jacobi
fi

# Noise: a flat cluster of NOISE_NP hosts like modern.xml's leaves (100 Gb/s, 0.5 us per link, 0.3 us a message),
# where 1% of the hosts (at least one) lose 20% of their time in detours: 100 us at 0.1% of the
# speed every 500 us, each host in one of four phases (SimGrid speed profiles; AZ_NOISE's
# all:500:100 of bench/noise.sh, on 1% of the hosts).
noise_platform() { # NP NOISY(0|1) FILE
  awk -v np="$1" -v noisy="$2" -v dir="$out" 'BEGIN {
    print "<?xml version=\x27" "1.0\x27?>"
    print "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">"
    print "<platform version=\"4.1\">"
    print "  <config><prop id=\"smpi/bw-factor\" value=\"0:1\"/><prop id=\"smpi/lat-factor\" value=\"0:1\"/>"
    print "    <prop id=\"smpi/test\" value=\"0\"/><prop id=\"smpi/iprobe\" value=\"0\"/>"
    print "    <prop id=\"smpi/os\" value=\"0:3e-7:0\"/><prop id=\"smpi/ois\" value=\"0:3e-7:0\"/><prop id=\"smpi/or\" value=\"0:3e-7:0\"/></config>"
    print "  <zone id=\"world\" routing=\"Cluster\">"
    every = int(np / (np * 0.01 < 1 ? 1 : np * 0.01))
    for (i = 0; i < np; i++) {
      prof = ""
      if (noisy && i % every == every - 1) { # a profile file per host: SimGrid refuses one file for two
        f = "noise" i ".prof"
        prof = " speed_file=\"" f "\""
        s = (int(i / every) % 4) * 0.0001 # the noisy hosts in turn in four phases of one pattern
        if (s > 0) printf "0 1.0\n" > (dir "/" f)
        printf "%g 0.001\n%g 1.0\nLOOPAFTER %g\n", s, s + 0.0001, 0.0004 - s > (dir "/" f)
        close(dir "/" f)
      }
      printf "    <host id=\"node-%d\" speed=\"5Gf\"%s/>\n", i, prof
      printf "    <link id=\"l%d\" bandwidth=\"100Gbps\" latency=\"0.5us\"/>\n", i
      printf "    <host_link id=\"node-%d\" up=\"l%d\" down=\"l%d\"/>\n", i, i, i
    }
    print "    <backbone id=\"bb\" bandwidth=\"1000Tbps\" latency=\"0us\"/>"
    print "  </zone>"
    print "</platform>"
  }' > "$3"
}
noise_platform "$NOISE_NP" 0 "$out/quiet.xml"
noise_platform "$NOISE_NP" 1 "$out/noisy.xml"
args_noise() { echo "-sn=$(side $B "$1") -siters=$((ITERS * 4))"; }
if part noise; then
  echo "scale.sh: run-ahead (AZ_RUNAHEAD 8, 32: the default, 48) against blocking reductions, noise on 1% of $NOISE_NP hosts (jacobi, weak)"
  for ra in ${SCALE_DEPTHS:-0 8 32 48}; do
    for q in quiet noisy; do series "noise_$q" jacobi "ra$ra" "$out/$q.xml" "$NOISE_NP" args_noise AZ_RUNAHEAD=$ra HOSTS="$out/hosts_noise"; done
  done
fi

. "$(dirname "$0")/lib_scale_report.sh"
scale_report
echo "scale.sh: wrote $doc and $plots/scale_*.png"
exit $status
