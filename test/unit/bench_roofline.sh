#!/bin/sh
# bench_roofline.sh - bench/roofline.sh (issue 9's roofline study, `make bench`) still works: its
# quick mode (QUICK=1: tiny sizes, one run each) into a scratch copy of docs/performance.md must
# exit 0, leave the text outside its markers as it was, and write a well-formed section: both
# markers once and in order, the quick-run notice, the STREAM rows of both sizes, a roofline row
# for every stencil at both sizes with a time and a fraction of its limit, the four rows of goal
# (a) with the same err and sum, goal (b) at np = 1 and 2 with the PRK's check ok, and, if gnuplot
# is installed, the plot it links. About 10 s.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fail=0
say() { echo "bench_roofline.sh: $*"; fail=1; }

doc=$t/docs/performance.md
mkdir -p "$t/docs"
# the real doc without its roofline section (so the script must add the heading and markers)
awk '/^<!-- roofline:begin -->$/ { skip = 1 } !skip { print } /^<!-- roofline:end -->$/ { skip = 0 }' docs/performance.md |
  grep -v '^## Roofline (make bench, bench/roofline.sh, issue 9)$' > "$doc"
cp "$doc" "$t/before.md"
QUICK=1 ROOFLINE_DOC="$doc" AZC="$AZC" BUILD="$t/build" sh bench/roofline.sh > "$t/log" 2>&1 ||
  { say "roofline.sh failed:"; tail -20 "$t/log"; }

[ "$(grep -c '^<!-- roofline:begin -->$' "$doc")" = 1 ] && [ "$(grep -c '^<!-- roofline:end -->$' "$doc")" = 1 ] &&
  [ "$(tail -1 "$doc")" = "<!-- roofline:end -->" ] ||
  say "the markers are not once each with the end last"
grep -qx '## Roofline (make bench, bench/roofline.sh, issue 9)' "$doc" || say "no heading"
awk '/^<!-- roofline:begin -->$/ { exit } { print }' "$doc" | sed '$d' | sed '$d' | sed '$d' > "$t/outside.md"
sed '$d' "$t/before.md" > "$t/before_trim.md"
cmp -s "$t/outside.md" "$t/before.md" || cmp -s "$t/outside.md" "$t/before_trim.md" ||
  say "the text before the section changed"
sec=$t/section.md
awk '/^<!-- roofline:begin -->$/ { on = 1 } on { print }' "$doc" > "$sec"

grep -q 'Quick run (`QUICK=1`), not the measurement' "$sec" || say "no quick-run notice"
for k in copy scale add triad; do
  for s in DRAM L3; do grep -q "^| $s: 3 x [0-9]* MB | $k | [0-9.]* | [0-9.]* |$" "$sec" || say "no STREAM row $s $k"; done
done
for name in jacobi five_point nine_point star; do
  for s in L3 DRAM; do
    grep -q "^| $name | $s | [0-9]* | [0-9]* | [0-9]* | 24, 48 | \(swap\|copy\) | \(yes\|no\) | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9]*% |$" "$sec" ||
      say "no complete roofline row for $name at $s"
  done
done
for v in azc copy swap simd; do
  grep -q "^| [^|]*\(jacobi.zpl\|variant=$v\)[^|]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | yes |$" "$sec" ||
    say "goal (a): no row for $v with the same err and sum"
done
grep -q '^azc / copy = [0-9.]* (goal <= 0.40: \(met\|not met\)); azc / simd = [0-9.]*\.$' "$sec" || say "goal (a): no ratios"
for np in 1 2; do
  grep -q "^| $np | L3 | [0-9]* | [0-9]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | ok |$" "$sec" ||
    say "goal (b): no row at np = $np with the PRK's check ok"
done
grep -q '^- at np = 2, n = [0-9]*: azc / PRK = [0-9.]* (goal >= 1: \(met\|not met\))' "$sec" || say "goal (b): no ratio"
grep -q 'n/a' "$sec" && say "a number is missing (n/a)"

if command -v gnuplot > /dev/null 2>&1; then
  grep -q '](plots/roofline.png)' "$sec" || say "the section does not link roofline.png"
  [ -s "$t/docs/plots/roofline.png" ] || say "no plot roofline.png"
fi
exit $fail
