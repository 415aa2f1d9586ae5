#!/bin/sh
# editor_textmate.sh - the TextMate grammar editors/zpl.tmLanguage.json (VS Code, Sublime Text,
# GitHub's highlighter), with VS Code's own engine (the npm packages vscode-textmate and
# vscode-oniguruma, which make deps installs into build/npm; no network here): every token class of
# test/editors/lexical.zpl gets the scope test/editors/lexical.expect says, nothing else there is
# invalid, and every sample and program of test/check/ is tokenized with every line covered and no
# invalid token (test/editors/tokenize.js). Skipped, with a message, where node or the packages are
# missing: exit status 77, which test/run-tests.sh counts as skipped.
. test/lib/editor_expect.sh
NPM_MODULES=${NPM_MODULES:-$(pwd)/build/npm/node_modules}
if ! command -v node >/dev/null 2>&1; then
  echo "editor_textmate.sh: skipped: node is not installed (make deps installs nodejs)"
  exit 77
fi
if [ ! -f "$NPM_MODULES/vscode-textmate/package.json" ] || [ ! -f "$NPM_MODULES/vscode-oniguruma/release/onig.wasm" ]; then
  echo "editor_textmate.sh: skipped: vscode-textmate and vscode-oniguruma are not in $NPM_MODULES (make deps installs them)"
  exit 77
fi
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
expect_positions test/editors/lexical.expect test/editors/lexical.zpl "$t/expect" || exit 1
node test/editors/tokenize.js "$NPM_MODULES" editors/zpl.tmLanguage.json "$t/expect" test/editors/lexical.zpl \
  samples/*.zpl test/check/*.zpl
