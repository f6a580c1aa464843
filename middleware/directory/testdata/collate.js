// collate.js records how serve-index's fileSort orders file names
// (lower-cased, then localeCompare in Node's default locale) and how
// files.sort() orders them, for collate_test.go. Run from the repository
// root:
//
//	node middleware/directory/testdata/collate.js
'use strict'
const fs = require('fs')
const path = require('path')
const names = ['a', 'A', 'b', 'B.md', 'b.md', '_x', '-x', ',x', ';x', ':x', '!x', '?x', '.x', "'x", '"x', '(x', ')x', '[x', ']x', '{x',
  '}x', '@x', '*x', '/x', '\\x', '&x', '#x', '%x', '`x', '^x', '+x', '<x', '=x', '>x', '|x', '~x', '$x', '0', '1', '10', '2', '9',
  'é', 'e', 'E', 'ë', 'f', 'ß', 'ss', 'st', 'æ', 'ae', 'af', 'ø', 'o', 'p', 'ł', 'l', 'm', 'İstanbul', 'istanbul', 'ı', 'i',
  'ж', 'Ж', 'я', 'α', 'Ω', '日本', '中文', 'あ', 'ア', '한국', '😀', '😀a', 'a😀', '\u00a0x', ' x', 'x y', 'x-y', 'x_y', 'x.y',
  'résumé', 'resume', 'Resume', 'RÉSUMÉ', 'café', 'cafe', 'ﬁ', 'fi', 'Ⅻ', 'xii', '①', '1', '½', '²', 'µ', 'μ', 'Å', 'å', 'aa',
  '\uff21', 'ａ', 'z', 'Z', 'ž', 'zz', '\u200bx', 'x\u0301', 'ý', 'ÿ', 'y', '', 'a\u0000b', 'tab\tx', 'new\nline', 'ΟΔΟΣ', 'οδοσ', 'οδος', 'ΣΑ', 'Σ', 'AΣ.', 'ǅ', 'ǆ', 'Ǆ']
const lower = names.map((n) => ({ name: n, key: n.toLocaleLowerCase() }))
const byCollation = lower.slice().sort((a, b) => a.key.localeCompare(b.key)).map((e) => e.name)
const byUnits = names.slice().sort()
fs.writeFileSync(path.join(__dirname, 'collate.json'), JSON.stringify({ names, byCollation, byUnits }, null, 2) + '\n')
