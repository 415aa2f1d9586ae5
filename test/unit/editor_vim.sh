#!/bin/sh
# editor_vim.sh - the Vim files (editors/vim): a .zpl or .z file gets the filetype zpl (ftdetect),
# and in a headless Vim (vim -es, synID()) the syntax file highlights every token class of
# test/editors/lexical.zpl as test/editors/lexical.expect says and nothing else there as an error;
# every sample and every program of test/check/ has no error highlighted. Skipped, with a message,
# where no Vim with syntax highlighting is installed (make deps installs one): exit status 77, which
# test/run-tests.sh counts as skipped.
. test/lib/editor_expect.sh
if ! command -v vim >/dev/null 2>&1 || ! vim --version 2>/dev/null | grep -q '+syntax'; then
  echo "editor_vim.sh: skipped: no vim with +syntax (make deps installs it)"
  exit 77
fi
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
say() { echo "editor_vim.sh: $*"; fail=1; }

# vim_look FILE POSITIONS OUT: filetype, the groups at POSITIONS ("LINE COL") and the errors of FILE
vim_look() {
  HOME=$t vim -u NONE -i NONE -N -es -c 'set rtp^=editors/vim' -c 'filetype on' -c 'syntax on' \
    -c "let g:zpl_positions = '$2' | let g:zpl_out = '$3'" -c 'edit '"$1" \
    -c 'source test/editors/synids.vim' -c 'qa!' </dev/null >/dev/null 2>&1
  [ -s "$3" ] || { say "vim wrote nothing for $1"; return 1; }
}

# vim's group for each category of lexical.expect ("plain": none, or the brackets' region)
group_of() {
  case $1 in
    keyword) echo zplKeyword ;; type) echo zplType ;; comment) echo zplComment ;;
    string) echo zplString ;; escape) echo zplEscape ;; badescape) echo zplBadEscape ;;
    char) echo zplCharacter ;; number) echo zplNumber ;; float) echo zplFloat ;;
    operator) echo zplOperator ;; reduce) echo zplReduce ;; scan) echo zplScan ;;
    shift) echo zplShift ;; flood) echo zplFlood ;; bracket) echo zplRegionBracket ;;
    ditto) echo zplDitto ;; builtin) echo zplBuiltin ;; constant) echo zplConstant ;;
    error) echo zplError ;; plain) echo "" ;;
    *) echo "?$1" ;;
  esac
}

expect_positions test/editors/lexical.expect test/editors/lexical.zpl "$t/expect" || fail=1
cut -d' ' -f1,2 "$t/expect" >"$t/pos"
cp test/editors/lexical.zpl "$t/lexical.z"
if vim_look "$t/lexical.z" "$t/pos" "$t/out"; then
  [ "$(head -1 "$t/out")" = "filetype zpl" ] || say "a .z file does not get the filetype zpl: $(head -1 "$t/out")"
  sed -n '2,$p' "$t/out" | grep -v '^error ' >"$t/groups"
  paste -d' ' "$t/expect" "$t/groups" | while read -r line col cat tok got; do
    want=$(group_of "$cat")
    [ "$got" = "$want" ] || { [ "$cat" = plain ] && [ "$got" = zplBrackets ]; } ||
      echo "editor_vim.sh: lexical.zpl:$line:$col: '$tok' is highlighted as '${got:-nothing}', expected $want ($cat)"
  done >"$t/wrong"
  [ -s "$t/wrong" ] && { cat "$t/wrong"; fail=1; }
  # the errors are exactly the places the expectations call errors
  awk '$3 == "error" || $3 == "badescape" { for (i = 0; i < length($4); i++) print $1, $2 + i }' "$t/expect" | sort >"$t/want_err"
  sed -n 's/^error \([0-9]*\) \([0-9]*\) .*/\1 \2/p' "$t/out" | sort >"$t/got_err"
  cmp -s "$t/want_err" "$t/got_err" || { say "errors highlighted elsewhere in lexical.zpl (line col):"; diff "$t/want_err" "$t/got_err" | head; }
fi

# every sample and check program: no error highlighted
: >"$t/none"
for f in samples/*.zpl test/check/*.zpl; do
  vim_look "$f" "$t/none" "$t/out" || continue
  [ "$(head -1 "$t/out")" = "filetype zpl" ] || say "$f does not get the filetype zpl"
  grep '^error ' "$t/out" | head -3 | while read -r _ l c g; do echo "editor_vim.sh: $f:$l:$c: highlighted as $g"; done >"$t/wrong"
  [ -s "$t/wrong" ] && { cat "$t/wrong"; fail=1; }
done
exit $fail
