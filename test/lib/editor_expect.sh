# editor_expect.sh - for the editor tests (sourced; POSIX sh): the places test/editors/lexical.expect
# names in test/editors/lexical.zpl.
#
# expect_positions EXPECT ZPL OUT: write "LINE COL CATEGORY TOKEN" to OUT for each expectation
# "LINE TOKEN[#N] CATEGORY" of EXPECT (COL: the byte column, from 1, of the Nth occurrence of TOKEN
# on line LINE of ZPL); returns 1 (with a message) if a token is not there.
expect_positions() {
  awk -v zpl="$2" '
    BEGIN { n = 0; while ((getline line < zpl) > 0) text[++n] = line }
    /^#/ || NF == 0 { next }
    {
      tok = $2; nth = 1
      if (match(tok, /#[0-9]+$/)) { nth = substr(tok, RSTART + 1) + 0; tok = substr(tok, 1, RSTART - 1) }
      s = text[$1]; col = 0
      for (k = 0; k < nth; k++) {
        i = index(substr(s, col + 1), tok)
        if (i == 0) { printf "lexical.expect: line %d has no occurrence %d of %s\n", $1, nth, tok > "/dev/stderr"; bad = 1; next }
        col += i
      }
      print $1, col, $3, tok
    }
    END { exit bad }' "$1" >"$3"
}
