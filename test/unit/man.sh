#!/bin/sh
# man.sh - the manual pages docs/man/azc.1 and docs/man/azpdl.1: groff -ww -man renders each without
# a warning; each names the version of its tool; azc.1 names every option azc --help lists, the
# options of compiled programs (zrt_help_text's and the --az- ones of rtl/), and every environment
# variable the runtime, libsplit or azc reads (getenv in rtl/ and backend/); azpdl.1 names every
# command and option azpdl --help lists.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
BUILD=${BUILD:-build}
AZPDL=${AZPDL:-$BUILD/azpdl}
fail=0
say() { echo "man.sh: $*"; fail=1; }
command -v groff >/dev/null 2>&1 || { say "groff is not installed (make deps installs groff-base)"; exit 1; }

# render PAGE OUT: the page as plain text, one paragraph a line (no filling, no hyphenation)
render() {
  groff -man -Tascii -rLL=1000n -rHY=0 "$1" 2>/dev/null | sed 's/.\x08//g' >"$2"
}

for page in docs/man/azc.1 docs/man/azpdl.1; do
  groff -ww -man -Tutf8 "$page" >"$t/out" 2>"$t/err" || say "groff fails on $page"
  [ -s "$t/err" ] && { say "groff -ww warns about $page:"; cat "$t/err"; }
  [ -s "$t/out" ] || say "groff renders nothing for $page"
done
render docs/man/azc.1 "$t/azc.txt"
render docs/man/azpdl.1 "$t/azpdl.txt"

# has TEXT FILE WHAT: the rendered page FILE contains TEXT
has() {
  grep -qF -- "$1" "$2" || say "$(basename "$2" .txt).1 does not name $3 '$1'"
}

version=$("$AZC" --version | sed 's/^azc //')
grep -q "^\\.TH AZC 1 .*\"azc $version\"" docs/man/azc.1 || say "azc.1 is not for azc $version"
grep -q "^\\.TH AZPDL 1 .*\"azc $version\"" docs/man/azpdl.1 || say "azpdl.1 is not for azc $version"

# azc --help: the options at the start of each entry ("  -o FILE", "  -O0, -O1, -O2, -O3 ...");
# the text of an option is up to its placeholder (--pdl=FILE: --pdl=, -sNAME=VALUE: -s)
"$AZC" --help | sed -n 's/^  \(-.*\)/\1/p' | tr ',' ' ' | awk '{ for (i = 1; i <= NF && $i ~ /^-/; i++) print $i }' |
  sed -e 's/^\(-[a-z]\)[A-Z][A-Z]*=.*/\1/' -e 's/=[A-Z].*/=/' | sort -u >"$t/options"
[ "$(wc -l <"$t/options")" -ge 20 ] || say "too few options read from azc --help: $(tr '\n' ' ' <"$t/options")"
while read -r opt; do has "$opt" "$t/azc.txt" option; done <"$t/options"

# compiled programs: the usage of zrt_help_text and the --az- options
sed -n 's/^ *"  \(-[^ ,<]*\).*/\1/p' rtl/zrt_start.c | sort -u >"$t/prog_options"
grep -oh '"--az-[a-z][a-z]*' rtl/*.c | tr -d '"' | sort -u >>"$t/prog_options"
[ "$(wc -l <"$t/prog_options")" -ge 5 ] || say "too few program options read from rtl/: $(tr '\n' ' ' <"$t/prog_options")"
while read -r opt; do has "$opt" "$t/azc.txt" "program option"; done <"$t/prog_options"

# every environment variable read by name
grep -oh 'getenv("[A-Z_][A-Z0-9_]*")' rtl/*.c backend/*.c | sed 's/getenv("\(.*\)")/\1/' | sort -u >"$t/env"
[ "$(wc -l <"$t/env")" -ge 10 ] || say "too few environment variables found: $(tr '\n' ' ' <"$t/env")"
while read -r var; do has "$var" "$t/azc.txt" "environment variable"; done <"$t/env"
for section in NAME SYNOPSIS DESCRIPTION OPTIONS ENVIRONMENT "EXIT STATUS" FILES EXAMPLES "SEE ALSO"; do
  grep -qx "$section" "$t/azc.txt" || say "azc.1 has no section $section"
done

# azpdl --help: the commands and options
"$AZPDL" --help | sed -n 's/^\(usage:\)\{0,1\} *azpdl \(.*\)/\2/p' | sed 's/  .*//' | tr '|' '\n' | awk '{ print $1 }' |
  sort -u >"$t/commands"
[ "$(wc -l <"$t/commands")" -ge 4 ] || say "too few commands read from azpdl --help: $(tr '\n' ' ' <"$t/commands")"
while read -r cmd; do has "$cmd" "$t/azpdl.txt" command; done <"$t/commands"
for section in NAME SYNOPSIS DESCRIPTION COMMANDS "EXIT STATUS" EXAMPLES "SEE ALSO"; do
  grep -qx "$section" "$t/azpdl.txt" || say "azpdl.1 has no section $section"
done
exit $fail
