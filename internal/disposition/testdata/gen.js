// gen.js records what the installed content-disposition 0.5.4 answers, for
// the Go differential tests. Format outputs and parse inputs are header
// strings, standing for Latin-1 byte strings (one character per byte);
// filenames and parsed values are ordinary text. Run:
//
//	node internal/disposition/testdata/gen.js [/work/ref/node_modules]
'use strict'
const path = require('path')
const fs = require('fs')
const ref = process.argv[2] || process.env.FW_REF_NODE_MODULES || '/work/ref/node_modules'
const need = (name, version) => {
  const v = require(path.join(ref, name, 'package.json')).version
  if (v !== version) throw new Error(name + ' is ' + v + ', want ' + version)
  return require(path.join(ref, name))
}
const contentDisposition = need('content-disposition', '0.5.4')

const out = (name, v) => {
  const parts = Object.keys(v).map((k) => JSON.stringify(k) + ':[\n' + v[k].map((e) => JSON.stringify(e)).join(',\n') + '\n]')
  fs.writeFileSync(path.join(__dirname, name), '{' + parts.join(',\n') + '}\n')
}
// FW_GEN_SEED and FW_GEN_SCALE give other and larger random corpora for a
// deeper run (the committed data uses neither):
//   FW_GEN_SEED=7 FW_GEN_SCALE=20 node gen.js && go test; git checkout testdata
const SEED = Number(process.env.FW_GEN_SEED || 0)
const SCALE = Number(process.env.FW_GEN_SCALE || 1)
function rng (seed) {
  seed = (seed + SEED * 7919) | 0
  return function () {
    seed |= 0; seed = seed + 0x6D2B79F5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}
function random (seed, pieces, n, maxParts) {
  const r = rng(seed)
  const list = []
  n = Math.round(n * SCALE)
  for (let i = 0; i < n; i++) {
    let s = ''
    const k = 1 + Math.floor(r() * maxParts)
    for (let j = 0; j < k; j++) s += pieces[Math.floor(r() * pieces.length)]
    list.push(s)
  }
  return list
}
const attempt = (fn) => {
  try {
    return { ok: fn() }
  } catch (e) {
    if (!(e instanceof TypeError)) throw e
    return { err: e.message }
  } finally {
    // content-disposition tests fallbacks with a global regular expression
    // whose lastIndex survives a throw; a replace with it resets it.
    contentDisposition('reset')
  }
}

const names = [
  // README and tests
  'EURO rates.txt', '€ rates.txt', 'plans.pdf', 'the+plans.pdf', 'foo.html', '/path/to/image.png', '/locales/日本語.txt',
  'user.html', 'document', '.name', 'name.txt', 'test/fixtures/user.html', 'fake/../name.txt', 'image.png',
  'plans.pdf', '"plans".pdf', 'the "plans".pdf', '«plans».pdf', 'the%20plans.pdf', '%E2%82%AC rates.pdf', 'the%plans.pdf',
  // nasty
  '', '/', '//', 'a/', 'a//', '/a/b/', 'dir/', 'a\\b.txt', 'C:\\dir\\f.txt', 'back\\slash', 'quote"d', "apos'trophe",
  'sp ace', 'semi;colon', 'eq=ual', 'star*', 'paren(s)', 'tab\tx', 'new\nline', 'cr\rx', 'nul\x00', 'del\x7f', 'c1\x85',
  '\x9f', '\xa0nbsp', 'caf\xe9.txt', '\xff', 'Ω.txt', '€', '😀.png', '日本', 'ascii.txt', '%', '%2', '%zz', '%41', '%4g',
  'a'.repeat(300) + '.txt', '~!@#$&+=,.^_`|{}[]', '100%.txt', 'x%E9y', '\u2028', '\ufeff', 'e\u0301'
]
const pieces = ['a', 'B', '.', '/', ' ', '"', '\\', '%', '2', 'E', 'f', 'z', '\xe9', '€', '😀', '日', '\x00', '\x7f',
  '\x85', '\xa0', ';', '=', "'", '(', '*', '\t', '\n', 'txt', '%20', '%E2%82%AC', '~', '!']
names.push(...random(21, pieces, 1500, 6))

const format = []
for (const name of names) {
  const res = attempt(() => contentDisposition(name))
  format.push(res.err ? { name, err: res.err } : { name, out: res.ok })
}
const optionCases = [
  { type: 'inline' }, { type: 'INLINE' }, { type: 'attachment' }, { type: 'in line' }, { type: 'x;y' }, { type: 'x"' },
  { fallback: false }, { fallback: true }, { fallback: 'plans.pdf' }, { fallback: '€ rates.txt' }, { fallback: 'a/b/fb.txt' },
  { fallback: '' }, { fallback: 'caf\xe9' }, { fallback: 'x\x85' }, { fallback: '/' }, { type: 'Inline', fallback: false },
  { type: 'bad type', fallback: '日本' }
]
const withOptions = []
for (const opts of optionCases) {
  for (const name of names.slice(0, 80)) {
    const res = attempt(() => contentDisposition(name, opts))
    const rec = { name, type: opts.type, fallback: opts.fallback }
    if (res.err) rec.err = res.err
    else rec.out = res.ok
    withOptions.push(rec)
  }
  const res = attempt(() => contentDisposition(undefined, opts))
  withOptions.push(res.err ? { type: opts.type, fallback: opts.fallback, err: res.err } : { type: opts.type, fallback: opts.fallback, out: res.ok })
}
withOptions.push({ out: contentDisposition() })

const headers = [
  // README and tests
  'attachment; filename="EURO rates.txt"; filename*=UTF-8\'\'%e2%82%ac%20rates.txt', 'attachment', 'inline', 'form-data',
  'attachment; filename="plans.pdf"', 'attachment; filename=plans.pdf', 'attachment; filename="the \\"plans\\".pdf"',
  'attachment; filename="\xe9"', 'attachment; filename*=ISO-8859-1\'\'%A3%20rates.pdf', 'attachment; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
  'attachment; filename*=UTF-8\'en\'%E2%82%AC%20rates.pdf', 'attachment; filename*=UTF-16\'\'%E2', 'attachment; filename*="UTF-8\'\'x"',
  'attachment; filename=x; filename=y', 'attachment; filename=x; FILENAME=y', 'attachment; filename*=UTF-8\'\'x; filename=y',
  'attachment; filename=y; filename*=UTF-8\'\'x', 'ATTACHMENT; FILENAME=x', 'attachment ; filename=x', 'attachment;filename=x',
  'attachment;\tfilename\t=\tx\t', 'attachment; filename=', 'attachment; filename="', 'attachment; =x', 'attachment; filename=x y',
  'attachment;', 'attachment; ', 'attachment;;', '; filename=x', '"attachment"', 'attach ment', 'attachment x',
  'attachment; filename*=UTF-8\'\'%E2%82', 'attachment; filename*=UTF-8\'\'%FF', 'attachment; filename*=UTF-8\'\'%C0%80',
  'attachment; filename*=UTF-8\'\'%ED%A0%80', 'attachment; filename*=UTF-8\'\'%F4%90%80%80', 'attachment; filename*=UTF-8\'\'%E0%80%80x',
  'attachment; filename*=UTF-8\'\'%F0%9F%98%80', 'attachment; filename*=UTF-8\'\'%F0%9F%98', 'attachment; filename*=iso-8859-1\'\'%00%1F%7F%80%9F%A0',
  'attachment; filename*=UTF-8\'en-USA\'x', 'attachment; filename*=UTF-8\'en-usa-bbb-ccc\'x', 'attachment; filename*=UTF-8\'en-usa-bbb-ccc-ddd\'x',
  'attachment; filename*=UTF-8\'abcdefgh\'x', 'attachment; filename*=UTF-8\'abcdefghi\'x', 'attachment; filename*=UTF-8\'e\'x',
  'attachment; filename*=UTF-8\'en-US\'x', 'attachment; filename*=UTF-8\'\'', 'attachment; filename*=UTF-8\'\'%', 'attachment; filename*=UTF-8\'\'%zz',
  'attachment; filename*=\'\'x', 'attachment; filename*=UTF-8\'x', 'attachment; filename*=UTF%8\'\'x', 'attachment; a*b*=x',
  'attachment; *=UTF-8\'\'x', 'attachment; a**=UTF-8\'\'x', 'attachment; __proto__=x', 'attachment; __proto__*=UTF-8\'\'x',
  'attachment; constructor=x', 'attachment; toString=x; hasOwnProperty=y', 'attachment; filename="a\\\xe9"', 'attachment; filename="\x7f"',
  'attachment; filename="\\\x7f"', 'attachment; filename="a\tb"', 'attachment; filename=\xe9', '\xe9', 'attachment; filename="x"y'
]
const hpieces = ['attachment', 'inline', ';', ' ', '\t', '=', '"', '\\', 'filename', 'FileName', 'filename*', "UTF-8''",
  "iso-8859-1''", "utf-8'en'", '%E2%82%AC', '%41', '%', 'x', '.txt', '\xe9', '*', "'", 'a b']
headers.push(...random(22, hpieces, 3000, 8))
{
  const r = rng(23)
  const tails = random(24, hpieces.slice(2), 2000, 7)
  for (const t of tails) headers.push('attachment; ' + (r() < 0.5 ? 'filename' : 'filename*') + '=' + t)
}
const parse = headers.map((h) => {
  const res = attempt(() => contentDisposition.parse(h))
  return res.err ? { in: h, err: res.err } : { in: h, type: res.ok.type, params: res.ok.parameters }
})

out('disposition.json', { format, withOptions, parse })
