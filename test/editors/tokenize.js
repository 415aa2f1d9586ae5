// tokenize.js - for test/unit/editor_textmate.sh: tokenizes ZPL files with editors/zpl.tmLanguage.json
// through vscode-textmate and vscode-oniguruma (the engine of VS Code), as an editor would, and checks
//   - the places of EXPECT ("LINE COL CATEGORY TOKEN" lines, test/lib/editor_expect.sh) in the first
//     file: the token there has the scope of CATEGORY (below), and no other place there is invalid;
//   - every other file: each line is covered by its tokens and no token is invalid.
// usage: node tokenize.js NODE_MODULES GRAMMAR EXPECT FILE...   (exit status 1 on any failure)
'use strict';
const fs = require('fs');
const path = require('path');

const [modules, grammarPath, expectPath, ...files] = process.argv.slice(2);
const vsctm = require(path.join(modules, 'vscode-textmate'));
const onig = require(path.join(modules, 'vscode-oniguruma'));

// The scope each category of test/editors/lexical.expect must have (the innermost one that is not
// a punctuation of its construct); "plain": none but source.zpl and meta.brackets.zpl.
const categories = {
  keyword: /^keyword\.(control|other)\.zpl$/, type: /^storage\.type\.zpl$/,
  comment: /^comment\.(line\.double-dash|block)\.zpl$/, string: /^string\.quoted\.double\.zpl$/,
  escape: /^constant\.character\.escape\.zpl$/, badescape: /^invalid\.illegal\.escape\.zpl$/,
  char: /^string\.quoted\.single\.zpl$/, number: /^constant\.numeric\.integer(\.hexadecimal)?\.zpl$/,
  float: /^constant\.numeric\.float\.zpl$/,
  operator: /^keyword\.operator(\.assignment|\.range)?\.zpl$/, reduce: /^keyword\.operator\.reduction\.zpl$/,
  scan: /^keyword\.operator\.scan\.zpl$/, shift: /^keyword\.operator\.shift\.zpl$/,
  flood: /^keyword\.operator\.flood\.zpl$/, bracket: /^punctuation\.section\.brackets\.(begin|end)\.zpl$/,
  ditto: /^keyword\.operator\.ditto\.zpl$/, builtin: /^support\.function\.zpl$/,
  constant: /^(constant\.language\.boolean|support\.constant)\.zpl$/, error: /^invalid\.illegal\.[a-z-]+\.zpl$/,
};
const plain = new Set(['source.zpl', 'meta.brackets.zpl']);

// The scope that says what the token is: the innermost, unless it is a punctuation of a string or
// comment (then the construct's).
function kind(scopes) {
  for (let i = scopes.length - 1; i >= 0; i--)
    if (!/^punctuation\.definition\./.test(scopes[i])) return scopes[i];
  return scopes[0];
}

async function main() {
  const wasm = fs.readFileSync(path.join(modules, 'vscode-oniguruma', 'release', 'onig.wasm'));
  await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new onig.OnigScanner(patterns),
      createOnigString: (s) => new onig.OnigString(s),
    }),
    loadGrammar: async (scope) =>
      scope === 'source.zpl' ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath) : null,
  });
  const grammar = await registry.loadGrammar('source.zpl');
  let failures = 0;
  const fail = (msg) => { console.log('editor_textmate.sh: ' + msg); failures++; };

  // tokens[line] = [{start, end, scopes}], columns from 0
  const tokenize = (file) => {
    const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
    let stack = vsctm.INITIAL;
    return lines.map((text, i) => {
      const r = grammar.tokenizeLine(text, stack);
      stack = r.ruleStack;
      let at = 0;
      for (const t of r.tokens) {
        if (t.startIndex !== at) fail(`${file}:${i + 1}: the tokens do not cover the line`);
        at = t.endIndex;
      }
      if (text.length && at < text.length) fail(`${file}:${i + 1}: the tokens end at column ${at + 1} of ${text.length}`);
      return r.tokens.map((t) => ({ start: t.startIndex, end: t.endIndex, scopes: t.scopes }));
    });
  };
  const invalid = (tokens) => {
    const out = [];
    tokens.forEach((line, i) => line.forEach((t) => {
      if (t.scopes.some((s) => s.startsWith('invalid.'))) out.push(`${i + 1}:${t.start + 1}`);
    }));
    return out;
  };

  const [first, ...rest] = files;
  const tokens = tokenize(first);
  const expected = new Set();
  for (const line of fs.readFileSync(expectPath, 'utf8').split('\n').filter((l) => l.trim())) {
    const [l, c, cat, tok] = line.split(' ');
    const t = (tokens[l - 1] || []).find((x) => x.start <= c - 1 && c - 1 < x.end);
    const got = t ? kind(t.scopes) : '(no token)';
    const ok = cat === 'plain' ? t && t.scopes.every((s) => plain.has(s))
      : categories[cat] ? categories[cat].test(got) : false;
    if (!ok) fail(`${path.basename(first)}:${l}:${c}: '${tok}' has the scopes ${t ? t.scopes.join(' ') : got}, expected ${cat}`);
    if (cat === 'error' || cat === 'badescape') expected.add(`${l}:${c}`);
  }
  for (const at of invalid(tokens))
    if (!expected.has(at)) fail(`${path.basename(first)}:${at}: invalid where lexical.expect has no error`);
  for (const file of rest) {
    const bad = invalid(tokenize(file));
    if (bad.length) fail(`${file}:${bad[0]}: invalid (${bad.length} places)`);
  }
  console.log(`editor_textmate.sh: ${files.length} files tokenized, ${failures} problems`);
  process.exit(failures ? 1 : 0);
}

main().catch((e) => { console.log('editor_textmate.sh: ' + (e && e.stack || e)); process.exit(1); });
