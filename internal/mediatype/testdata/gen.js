// gen.js records what the installed content-type 1.0.5, media-typer 0.3.0,
// type-is 1.6.18 and Express's utils.setCharset answer, for the Go
// differential tests. Strings stand for Latin-1 byte strings (one character
// per byte), as Node sees header values. Run:
//
//	node internal/mediatype/testdata/gen.js [/work/ref/node_modules]
'use strict'
const path = require('path')
const fs = require('fs')
const ref = process.argv[2] || process.env.FW_REF_NODE_MODULES || '/work/ref/node_modules'
const need = (name, version) => {
  const v = require(path.join(ref, name, 'package.json')).version
  if (v !== version) throw new Error(name + ' is ' + v + ', want ' + version)
  return require(path.join(ref, name))
}
const contentType = need('content-type', '1.0.5')
need('media-typer', '0.3.0')
const typeis = need('type-is', '1.6.18')
need('express', '4.22.3')
const setCharset = require(path.join(ref, 'express', 'lib', 'utils')).setCharset

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
  }
}

const long = 'a'.repeat(126)
const values = [
  // content-type README and tests
  'image/svg+xml; charset=utf-8', 'text/html', 'text/html; charset=utf-8', 'text/html; charset="utf-8"',
  'text/html; charset = "UTF-8"', 'text/html; charset="UTF-\\8"', 'text/html; param="charset=\\"utf-8\\"; foo=bar"; bar=foo',
  'text/html; charset="\\u00e9"', 'text/html; Charset=UTF-8', 'TEXT/HTML', ' text/html ', 'text/html ;charset=utf-8',
  'text/html; charset=utf-8; foo=bar', 'text/html; charset=utf-8; charset=latin1',
  'application/json', 'application/json; charset=UTF-8', 'application/vnd.api+json', 'application/ld+json',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW',
  'text/plain; charset=iso-8859-1', 'application/octet-stream', 'image/jpeg', 'text/*', '*/*',
  // nasty
  '', ' ', ';', 'text', 'text/', '/html', 'text/html/x', 'text/html;', 'text/html; ', 'text/html;;',
  'text/html; charset', 'text/html; charset=', 'text/html; charset="', 'text/html; charset="a', 'text/html; =a',
  'text/html; charset=utf-8 foo', 'text/html; charset=utf-8;', 'text/html ; charset=utf-8 ; foo=bar ',
  'text/html;\tcharset=utf-8', 'text/html; charset=\tutf-8', '\ttext/html\t', '\xa0text/html\xa0', '\x0btext/html',
  'text/html; a="\x0b"', 'text/html; a="\\\x0b"', 'text/html; a="\t"', 'text/html; a="\\\t"', 'text/html; a="\x7f"',
  'text/html; a="\xe9t\xe9"', 'text/html; a="\\\xe9"', 'text/html; a=\xe9', 'text/html; a="\\"', 'text/html; a="\\\\"',
  'text/html; a=""', 'text/html; a="b"c', 'text/html; a=b"c"', 'te xt/html', 'text/ht ml', 'text/html\n',
  'text/html; a=b\n', '\ntext/html', 'Text/Html+Json', 'text/html+', 'text/html++json', 'text/a+b+c', 'text/+json',
  'text/.json', 'a.b/c', 'a/b.c', 'a/b+c.d', 'a+b/c', '*/json', 'text/\xe9', long + '/' + long, long + 'a/' + long + 'a',
  long + 'aa/x', 'x/' + long + 'aa', 'x/' + long + 'a+json', 'application/json; charset="utf\\-8"',
  'application/json;charset=utf-8', 'application/json ; charset=utf-8', 'application/json;  charset  =  utf-8  ',
  'application/JSON; CHARSET="UTF-8"', 'application/json; __proto__=x', 'application/json; constructor=x',
  'text/html; 1=a; 0=b', 'text/html; b=1; a=2; B=3', 'text/html; a=b; a="c"',
  'text/html; z=1; 4294967295=a; 4294967294=b; 01=c; 10=d; 2=e; 2=f'
]
const ctPieces = ['text', 'TEXT', 'Text', '/', 'html', 'json', 'application', '+', 'xml', ';', ' ', ' ', '\t', '=',
  '"', '\\', 'charset', 'CHARSET', 'utf-8', 'UTF-8', 'q', '0.5', 'a', 'b"c', '\x0b', '\xa0', '\x7f', '\x00', '\xe9',
  '\n', ',', '*', 'vnd.api+json', 'x-www-form-urlencoded', 'multipart', 'form-data', 'boundary', '-', '.', '!', '#',
  'ld+json', '++', '=utf-8', '; charset=', '"x"', '\\"', 'text/html', 'application/json', '; a=b']
values.push(...random(11, ctPieces, 4000, 8))
// mutations of well-formed values
{
  const r = rng(12)
  const pick = (l) => l[Math.floor(r() * l.length)]
  const base = ['text/html', 'application/json', 'application/vnd.api+json', 'image/svg+xml', 'multipart/form-data',
    'application/x-www-form-urlencoded', 'text/plain']
  const params = ['', '; charset=utf-8', ';charset="utf-8"', '; charset = "UTF-8" ', '; boundary=abc', '; a="b\\"c"',
    '; q=1', ';a=1;b=2', '; x=""', '; y="\xe9"', ' ; z=1']
  for (let i = 0; i < 1500; i++) {
    let s = pick(base)
    if (r() < 0.5) s = s.split('').map((c) => (r() < 0.3 ? c.toUpperCase() : c)).join('')
    if (r() < 0.3) s = pick([' ', '\t', '\xa0', '']) + s + pick([' ', '\t', ''])
    s += pick(params)
    if (r() < 0.5) s += pick(params)
    list(s)
  }
  function list (s) { values.push(s) }
}

// valid types followed by random parameter text
{
  const paramPieces = [';', ' ', '\t', '=', '"', '\\', 'charset', 'a', 'B', 'utf-8', '\x0b', '\xa0', '\x7f', '\xe9',
    '\x00', '\n', ',', '*', '-', '.', 'x"y', '\\"', '""', '=""', ';a=1', '; b="2"', '\u00ff', '\x80', '@', '(', ')']
  const tails = random(15, paramPieces, 2500, 9)
  const r = rng(16)
  for (const tail of tails) values.push(['text/html', 'application/json', 'a/b+c'][Math.floor(r() * 3)] + (r() < 0.7 ? ';' : '') + tail)
}

const parse = values.map((v) => {
  const res = attempt(() => contentType.parse(v))
  if (res.err) return { in: v, err: res.err }
  return { in: v, type: res.ok.type, params: Object.keys(res.ok.parameters).map((k) => [k, res.ok.parameters[k]]) }
})

const formats = [
  { type: 'text/html' }, { type: 'image/svg+xml', parameters: { charset: 'utf-8' } },
  { type: 'text/html', parameters: { charset: 'utf-8', foo: 'bar' } }, { type: 'text/html', parameters: { b: '1', a: '2' } },
  { type: 'TEXT/HTML' }, { type: 'text' }, { type: 'text/' }, { type: '' }, { type: 'text/html ' }, { type: 'text /html' },
  { type: 'text/html', parameters: { 'foo bar': 'x' } }, { type: 'text/html', parameters: { '': 'x' } },
  { type: 'text/html', parameters: { a: '' } }, { type: 'text/html', parameters: { a: 'b c' } },
  { type: 'text/html', parameters: { a: 'b"c' } }, { type: 'text/html', parameters: { a: 'b\\c' } },
  { type: 'text/html', parameters: { a: 'b\tc' } }, { type: 'text/html', parameters: { a: 'b\x0bc' } },
  { type: 'text/html', parameters: { a: '\xe9' } }, { type: 'text/html', parameters: { a: '\x7f' } },
  { type: 'text/html', parameters: { a: '\n' } }, { type: 'text/html', parameters: { a: 'x', 'b c': '\n' } },
  { type: 'text/html', parameters: { 'b c': 'x', a: '\n' } }, { type: 'text/html', parameters: { charset: 'utf-8', Charset: 'x' } },
  { type: 'a/b', parameters: { z: '1', y: '=', x: ';', w: ',' } }, { type: 'a/b', parameters: { B: '1', a: '2', _: '3' } }
].map((o) => {
  const res = attempt(() => contentType.format(o))
  const params = o.parameters ? Object.keys(o.parameters).map((k) => [k, o.parameters[k]]) : []
  return res.err ? { type: o.type, params, err: res.err } : { type: o.type, params, out: res.ok }
})

const charsets = ['utf-8', 'UTF-8', 'iso-8859-1', 'a b', '', 'x"y']
const setCharsets = []
for (const v of values.slice(0, 400)) {
  for (const c of ['utf-8', charsets[setCharsets.length % charsets.length]]) {
    const res = attempt(() => setCharset(v, c))
    setCharsets.push(res.err ? { in: v, charset: c, err: res.err } : { in: v, charset: c, out: res.ok })
  }
}
for (const [v, c] of [['text/html', 'utf-8'], ['text/plain', 'utf-8'], ['application/json', 'utf-8'],
  ['text/html; charset=utf-8', 'utf-8'], ['text/html; charset=iso-8859-1', 'utf-8'], ['application/vnd.api+json', 'utf-8'],
  ['text/plain; Charset=UTF-8', 'utf-8'], ['text/x; b=2; a=1', 'utf-8'], ['text/html', ''], ['', 'utf-8'],
  ['text/html', 'a b'], ['bogus', 'utf-8'], ['text/javascript', 'utf-8']]) {
  const res = attempt(() => setCharset(v, c))
  setCharsets.push(res.err ? { in: v, charset: c, err: res.err } : { in: v, charset: c, out: res.ok })
}

const types = ['json', 'html', 'text', 'text/html', 'text/*', '*/html', '*/*', 'application/*', 'application/json',
  '*/json', '+json', '*/*+json', 'application/*+json', '+xml', 'urlencoded', 'multipart', 'multipart/*',
  'multipart/form-data', 'application/x-www-form-urlencoded', 'TEXT/HTML', 'Text', 'JSON', '.json', 'png',
  'image/*', 'svg', 'xml', 'jpg', '', '*', '/', 'text/', 'text/html/x', '*+json', '*/*+', '+', '*/+json',
  'application/vnd.api+json', 'vnd.api+json', 'foo', 'bin', 'form-data', '*/form-data', 'a/b/c', 'json+']
const isCases = []
const record = (v, ts) => {
  const res = typeis.is(v, ts)
  isCases.push({ in: v, types: ts, out: res === false ? null : res })
}
for (const v of values.slice(0, 120)) {
  record(v, [])
  for (const t of types) record(v, [t])
}
{
  const r = rng(13)
  for (const v of values.slice(120)) {
    const n = Math.floor(r() * 4)
    const ts = []
    for (let i = 0; i < n; i++) ts.push(types[Math.floor(r() * types.length)])
    record(v, ts)
  }
}

const normalize = types.concat(random(14, ['json', '/', '*', '+', '.', 'x', 'urlencoded', 'multipart', 'html', 'TEXT', 'Json'], 300, 4))
  .map((t) => { const n = typeis.normalize(t); return { in: t, out: n === false ? null : n } })
const matches = []
{
  const ex = types.map(typeis.normalize).filter((x) => x !== false).concat(['*/*+json', '*+json', '*/*+', 'a/*+b', '*/+json', 'text/html+json'])
  const act = ['text/html', 'application/json', 'application/vnd.api+json', 'image/svg+xml', 'a/b/c', 'text', '*/*',
    'application/x-www-form-urlencoded', 'multipart/form-data', 'x/+json', 'x/json', 'x/a+json+json']
  for (const e of ex) for (const a of act) matches.push({ expected: e, actual: a, out: typeis.match(e, a) })
}

const lengths = ['0', '1', '', ' ', ' 12 ', '\t3\t', '\xa05', '1e3', '1e', '.5', '5.', '.', '0x1f', '0X1F', '0x', '0o17',
  '0b101', '0b2', '-0x1', '+1', '-1', 'Infinity', '-Infinity', '+Infinity', 'infinity', 'NaN', 'abc', '1_000', '12abc',
  '1.2.3', '1e+5', '1e-5', '1E5', '+.5', '-.', '00', '0.0e0', '\n4\r', '\x0b\x0c6', '1 2', '0x1g', '9'.repeat(400)]
const hasBody = []
for (const te of [undefined, '', 'chunked']) {
  for (const cl of [undefined].concat(lengths)) {
    const headers = {}
    if (te !== undefined) headers['transfer-encoding'] = te
    if (cl !== undefined) headers['content-length'] = cl
    hasBody.push({ te: te === undefined ? null : te, cl: cl === undefined ? null : cl, out: typeis.hasBody({ headers }) })
  }
}

out('contenttype.json', { parse, format: formats, setCharset: setCharsets })
out('typeis.json', { is: isCases, normalize, match: matches, hasBody })
