// gen.js records what the installed mime 1.6.0 and mime-types 2.1.35 answer,
// for the Go differential tests. Run from anywhere:
//
//	node internal/mime/testdata/gen.js [/work/ref/node_modules]
'use strict'
const path = require('path')
const fs = require('fs')
const ref = process.argv[2] || process.env.FW_REF_NODE_MODULES || '/work/ref/node_modules'
const need = (name, version) => {
  const v = require(path.join(ref, name, 'package.json')).version
  if (v !== version) throw new Error(name + ' is ' + v + ', want ' + version)
  return require(path.join(ref, name))
}
const mime = need('mime', '1.6.0')
const mt = need('mime-types', '2.1.35')
const db = need('mime-db', '1.52.0')
// out writes v with one table entry or test case per line.
const out = (name, v) => {
  const parts = Object.keys(v).map((k) => {
    const x = v[k]
    const body = Array.isArray(x)
      ? x.map((e) => JSON.stringify(e))
      : Object.keys(x).map((e) => JSON.stringify(e) + ':' + JSON.stringify(x[e]))
    const [open, close] = Array.isArray(x) ? ['[', ']'] : ['{', '}']
    return JSON.stringify(k) + ':' + open + '\n' + body.join(',\n') + '\n' + close
  })
  fs.writeFileSync(path.join(__dirname, name), '{' + parts.join(',\n') + '}\n')
}
const nil = (v) => (v === false || v === undefined ? null : v)

// A small deterministic PRNG (mulberry32), so the corpus is reproducible.
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

const pathPieces = ['', '.', '/', '\\', '..', 'x', 'a', 'html', 'HTML', 'Html', 'json', '.json', 'js',
  'ml', 'co', 'tar', 'gz', 'txt', 'png', 'mp4', 'k', '\u212A', '\u212Aml', '\u0130co', 'ico', '\n', '\r',
  '\u2028', '\u2029', ' ', '\t', 'é', '日本語', '😀', '\u00a0', 'C:', 'dir/', '/index', 'ez', 'mjs',
  'wasm', 'xhtml', 'svg', 'woff2', 'markdown', 'md', 'rtf', 'x-unknown', 'application/json', 'text/html',
  '%2e', '?', '#', '.tar.gz', 'exe', 'deb', 'woff', 'webmanifest', 'm4a', '3gp', 'mp3', 'xml', 'rss']
const paths = [
  // README examples (mime 1.x, mime-types)
  '/path/to/file.txt', 'file.txt', '.TXT', 'htm', 'json', '.md', 'file.html', 'folder/file.js',
  'folder/.htaccess', 'cats', 'markdown', 'file.json',
  // Express tests: res.type, res.attachment, res.download, res.format keys
  'foo.js', 'rawr', '.html', 'html', 'png', '/path/to/image.png', '/locales/日本語.txt', 'txt', 'text',
  'user.html', 'document', 'name.txt', '.name', 'test/fixtures/user.html', 'image.png',
  // nasty
  '', '.', '..', '/', '\\', 'a.', 'a..', '.a.', '...', 'x/', 'a.html/', 'a.html//', '/a.html/.',
  'a\\b.html', 'C:\\dir\\file.PNG', 'a\nb.html', 'a.html\n', 'a.x\nb.html', 'b.HTML\u2028.txt',
  'x.\u212Aml', 'x.\u0130co', 'FILE.JSON', 'ArChIvE.TaR.Gz', 'a'.repeat(200) + '.html',
  '.' + 'a'.repeat(100), 'x.' + 'html'.repeat(30), 'file.woff2', 'file.mjs', 'file.wasm', 'x.rtf',
  'x.xhtml', 'x.mp4', 'x.m4a', 'x.3gp', 'x.wav', 'x.exe', 'x.deb', 'x.dmg', 'x.iso', 'x.mp3', 'x.xml',
  'x.ico', 'x.md', 'x.ts', 'x.sh', 'x.pl', 'x.php', 'x.asp', 'x.bmp', 'x.jsonld', 'x.webmanifest'
].concat(random(1, pathPieces, 3000, 6))

const typePieces = ['', ' ', '\t', '\u00a0', '\u3000', ';', ',', '=', 'text', 'TEXT', 'Text', '/', 'html',
  'plain', 'application', 'json', 'javascript', 'JavaScript', 'x-', 'vnd.', 'ms-', 'excel', 'charset',
  'utf-8', '\u212Aml', 'k', 'image', 'png', 'svg+xml', '+json', 'event-stream', 'css', 'octet-stream',
  'xml', 'csv', '*', 'é', '\n', 'ecmascript', 'x-www-form-urlencoded', 'multipart', 'form-data']
const types = [
  'text/html', 'text/plain', 'application/json', 'application/javascript', 'TEXT/HTML', 'text/html; charset=utf-8',
  ' text/html ; x', 'text/HTML;charset=x', 'application/octet-stream', 'application/vnd.amazon.ebook',
  'image/png', 'image/svg+xml', 'text/x-markdown', 'text/markdown', 'application/x-www-form-urlencoded',
  'multipart/form-data', 'application/jsonp', 'application/json-patch+json', 'application/javascripts',
  'text', 'text/', 'Text/Plain', '', ' ', ';', 'text/event-stream', 'application/ecmascript',
  'application/xml', 'text/xml', 'text/csv', 'image/x-icon', 'application/vnd.google-earth.\u212Aml+xml',
  'audio/mpeg', 'video/mp4', 'application/wasm', 'font/woff2', 'application/manifest+json',
  'html', 'json', 'png', 'foo.js', 'x.md', 'text/html; Charset=x', 'text/plain; charset=iso-8859-1',
  'application/dns', 'application/x-javascript', 'text/javascript', 'application/xhtml+xml'
].concat(random(2, typePieces, 3000, 7))

// mutate returns variants of real keys: random case, white space, parameters,
// directories and line breaks around them.
function mutate (seed, keys, n, around) {
  const r = rng(seed)
  const pick = (list) => list[Math.floor(r() * list.length)]
  const list = []
  n = Math.round(n * SCALE)
  for (let i = 0; i < n; i++) {
    let s = pick(keys)
    if (r() < 0.5) s = s.split('').map((c) => (r() < 0.3 ? c.toUpperCase() : c)).join('')
    if (r() < 0.4) s = pick(around) + s
    if (r() < 0.4) s = s + pick(around)
    list.push(s)
  }
  return list
}
const allExts = Object.keys(mt.types).concat(Object.keys(mime.types))
paths.push(...mutate(3, allExts, 1500, ['', '.', 'x.', '/a/b.', 'a/', '.x.', 'C:\\f.', '\n', '/', '.\u212A', 'é.', ' ']))
const allTypes = Object.keys(db).concat(Object.keys(mime.extensions))
types.push(...mutate(4, allTypes, 1500, ['', ' ', '\t', '\u00a0', '\u2028', ';', '; charset=utf-8', ' ;x', ',', 'x', '\u212A']))

out('send.json', {
  types: mime.types,
  extensions: Object.fromEntries(Object.entries(mime.extensions).filter(([, v]) => v !== undefined)),
  paths: paths.map((p) => ({ in: p, lookup: mime.lookup(p), fallback: mime.lookup(p, 'fall/back') })),
  mimeTypes: types.map((t) => ({ in: t, extension: nil(mime.extension(t)), charset: nil(mime.charsets.lookup(t)) }))
})

out('types.json', {
  types: mt.types,
  extensions: Object.fromEntries(Object.entries(mt.extensions).map(([k, v]) => [k, v[0]])),
  charsets: Object.fromEntries(Object.keys(db).map((k) => [k, nil(mt.charset(k))])),
  paths: paths.map((p) => ({ in: p, lookup: nil(mt.lookup(p)), contentType: nil(mt.contentType(p)) })),
  mimeTypes: types.map((t) => ({ in: t, extension: nil(mt.extension(t)), charset: nil(mt.charset(t)), contentType: nil(mt.contentType(t)) }))
})
