// gen.js records what the installed negotiator 0.6.3 and accepts 1.3.8
// answer, for the Go differential tests. Header strings stand for Latin-1
// byte strings (one character per byte), as Node sees them; null stands for
// a missing header. Run:
//
//	node internal/negotiate/testdata/gen.js [/work/ref/node_modules]
'use strict'
const path = require('path')
const fs = require('fs')
const ref = process.argv[2] || process.env.FW_REF_NODE_MODULES || '/work/ref/node_modules'
const need = (name, version) => {
  const v = require(path.join(ref, name, 'package.json')).version
  if (v !== version) throw new Error(name + ' is ' + v + ', want ' + version)
  return require(path.join(ref, name))
}
const Negotiator = need('negotiator', '0.6.3')
const accepts = need('accepts', '1.3.8')

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
function subsets (seed, pool, n, max) {
  const r = rng(seed)
  const list = []
  n = Math.round(n * SCALE)
  for (let i = 0; i < n; i++) {
    const k = 1 + Math.floor(r() * max)
    const s = []
    for (let j = 0; j < k; j++) s.push(pool[Math.floor(r() * pool.length)])
    list.push(s)
  }
  return list
}
// manyParams returns a/b;p0=0;p1=1;... with some values replaced.
function manyParams (n, values) {
  let s = 'a/b'
  for (let i = 0; i < n; i++) s += ';p' + i + (values[i] === '' ? '' : '=' + (values[i] === undefined ? i : values[i]))
  return s
}
const req = (name, h) => ({ headers: h === null ? {} : { [name]: h } })
const nil = (v) => (v === false || v === undefined ? null : v)

// The four kinds: header name, the accepts method, the negotiator method,
// curated headers, offer lists, random pieces.
const qs = ['', ';q=1', ';q=0', ';q=0.5', ';q=.5', ';q=0.8', ';q=1.0', ';q=0.001', ';q=-1', ';q=abc', ';q=', ';q',
  ';Q=0.5', ';q="0.5"', '; q=0.5', ';q =0.5', ';q= 0.5', ';q=Infinity', ';q=1e400', ';q=1e-400', ';q=0.5=1', ';q=5.',
  ';q=0x10', ';q=+0.5', ';q=NaN', ';q=\xa00.5', ';q=0.5;q=0.1', ';level=1;q=0.4']
const kinds = {
  type: {
    header: 'accept',
    curated: [
      // negotiator README, accepts README, Express tests
      'text/html, application/*;q=0.2, image/jpeg;q=0.8', 'application/json', 'text/html', 'foo/bar, bar/baz',
      '*/html; q=.5, application/json', '*/html', 'text/html; q=.5, application/json, */*; q=.1',
      'text/html; q=.5, application/*, */*; q=.1', 'text/html; q=.5, text/plain', '*/*', 'foo/bar',
      // browsers and tools
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'application/json, text/plain, */*',
      'image/avif,image/webp,*/*', 'text/css,*/*;q=0.1', '*/*;q=0.8',
      // nasty
      null, '', ' ', ',', ',,', '*', '*/', '/*', 'text', 'text/html;', 'text/html;level=1', 'text/html;level=2;q=0.4',
      'text/html;LEVEL=1', 'text/html;level="1"', 'text/html;level=*', 'text/html;level', 'text/html;level=',
      'text/html;a=1;a=2', 'text/html;a=1;q=0.5;b=2', 'text/html;q=0.5;a=1', 'text/*;q=0.3, text/html;q=0.7, text/html;level=1, text/html;level=2;q=0.4, */*;q=0.5',
      'text/html;foo="bar,baz", application/json', 'text/html;foo="bar;q=0", application/json', 'text/html;foo="bar, */*',
      'text/html;foo="a\\"b";q=0.5', '"text/html", application/json', 'TEXT/HTML', 'Text/*', '*/JSON',
      'text/html , application/json', '\ttext/html\t;\tq=0.5', '\xa0text/html\xa0', 'text/html\n', 'text/html;q=0.5\n',
      'text/html;a=\nb', 'text/html x', 'text/html/x', 'text//html', 'application/*;q=0, application/json',
      'application/json;q=0, application/*', 'application/json, application/json;q=0', 'application/json;q=0, application/json',
      'text/html;q=foo, text/html', 'text/html, text/html;q=foo', '*/*;q=Infinity, text/html;q=1e400', 'text/\xe9, TEXT/\xc9',
      'text/html;charset=utf-8', 'text/html;Charset="UTF-8"', 'text/html;charset=*', 'text/html;;', 'text/html;=', 'text/html;=x',
      'a/b;c=d;c=e', 'a/b;c=e;c=d', 'x/y;__proto__=1', 'x/y;constructor=1', 'x/y;1=a;0=b',
      // many parameters (the Go side switches to maps above 16)
      manyParams(20, {}), manyParams(20, { 7: '*' }), manyParams(20, { 19: 'X' }), manyParams(20, { 3: '"3"', 5: '' }),
      manyParams(20, { 2: 'dup' }) + ';P2=2', manyParams(17, {}) + ';q=0.5;p99=1', manyParams(40, { 39: 'Y' }) + ', a/*;q=0.5'
    ],
    offers: [['json'], ['html'], ['json', 'html'], ['html', 'json'], ['text/html', 'application/json'],
      ['application/json', 'text/html'], ['text/plain', 'text/html', 'application/json'], ['text', 'html', 'json'],
      ['text/html;level=1'], ['text/html;level=2', 'text/html;level=1'], ['text/html;charset=utf-8', 'text/html'],
      ['png', 'jpeg', 'gif', 'webp'], ['bogus', 'json'], ['bogus'], ['html', 'text/html'], ['text/html', 'html'],
      ['json', 'application/json'], ['*/*'], ['text/*'], ['text/html '], [' text/html'], ['text/html x'],
      ['TEXT/HTML'], ['text/html;LEVEL="1"'], ['text/html;q=0.1', 'application/json'], ['x/y;a=b'], ['x/y'], [''],
      ['xhtml', 'xml', 'html'], ['text/html;level=*'], ['a/b;c=e'], ['a/b;c=d'], ['text/\xe9'], ['js', 'css'],
      ['application/javascript', 'text/javascript'], ['md', 'txt'], ['text/html;charset="utf-8"'],
      ['a/b;p3=3'], [manyParams(20, {})], [manyParams(20, { 19: 'x' })], [manyParams(40, { 39: 'y' })], [manyParams(20, { 5: '' }) + ';p5']],
    pieces: ['text', 'TEXT', '/', 'html', 'json', 'application', '*', '*/*', ',', ', ', ';', ' ', '\t', '=', '"', 'q', 'Q',
      '0', '1', '.', '5', '0.5', 'level', 'charset', 'utf-8', 'xml', '+', 'image', 'png', 'a', 'b', '\xa0', '\xe9'].concat(qs),
    offerPool: ['json', 'html', 'text', 'text/html', 'application/json', 'text/plain', 'image/png', 'png', '*/*',
      'text/*', 'text/html;level=1', 'application/xml', 'xml', 'bogus', 'a/b', 'application/*', 'TEXT/HTML', 'js']
  },
  charset: {
    header: 'accept-charset',
    curated: ['utf-8, iso-8859-1;q=0.8, utf-7;q=0.2', 'foo, bar, utf-8', 'foo, bar', null, '', ' ', ',', '*', '*;q=0',
      'utf-8;q=0, *', '*, utf-8;q=0', 'UTF-8', 'utf-8 ;q=0.5', 'utf-8; q=0.5', 'utf-8;Q=0.5', 'utf-8;q=0.5;q=0.1',
      'utf-8;a=1;q=0.5', 'utf-8;q', 'utf-8;q=', 'utf-8;q=1=2', 'utf-8 iso', 'utf-8\n', 'utf-8;q=0.5\n', '\xe9, \xc9',
      'iso-8859-1;q=0.5, utf-8;q=0.5', 'utf-8;q=abc, utf-8', 'utf-8, utf-8;q=abc', '*;q=0.1, utf-8;q=0.1',
      'utf-8;q=1e400, *;q=Infinity', ';q=1', 'a;b;c', '"utf-8", utf-8'],
    offers: [['utf-8'], ['UTF-8'], ['utf-8', 'iso-8859-1'], ['iso-8859-1', 'utf-8'], ['utf-8', 'iso-8859-1', 'iso-8859-5'],
      ['foo'], ['*'], [' utf-8'], ['\xe9'], ['utf-7', 'utf-8'], ['a', 'b', 'c'], ['']],
    pieces: ['utf-8', 'UTF-8', 'iso-8859-1', '*', ',', ', ', ';', ' ', '=', 'q', 'Q', '0', '1', '.', '5', 'a', '\t', '"'].concat(qs),
    offerPool: ['utf-8', 'iso-8859-1', 'UTF-8', 'utf-7', '*', 'a', 'latin1']
  },
  encoding: {
    header: 'accept-encoding',
    curated: ['gzip, compress;q=0.2, identity;q=0.5', ' gzip, deflate', 'gzip, deflate, br', 'gzip, deflate, br, zstd', null,
      '', ' ', ',', '*', '*;q=0', 'identity;q=0', 'identity;q=0, *', '*, identity;q=0', 'gzip;q=0', 'gzip;q=0.5',
      'gzip;q=0.5, deflate;q=0.2', 'gzip;q=-1', 'gzip;q=abc', 'IDENTITY', 'Identity;q=0.1', 'gzip;q=1.0, identity; q=0.5, *;q=0',
      'gzip;q=0.2, br;q=0.2', 'br;q=1.0, gzip;q=0.8, *;q=0.1', 'gzip ;q=0.5', 'gzip; q=0.5', 'gzip;Q=0.5', 'x;q=0, y;q=0.3',
      'gzip;q=0, deflate;q=-0', 'gzip;q=1e400, deflate;q=Infinity', 'gzip\n', ';', 'a;b=c;q=0.7'],
    offers: [['gzip'], ['deflate'], ['bogus'], ['identity'], ['identity', 'gzip'], ['gzip', 'identity'], ['gzip', 'deflate', 'br'],
      ['br', 'gzip'], ['IDENTITY'], ['*'], ['Gzip'], ['']],
    pieces: ['gzip', 'deflate', 'br', 'identity', '*', ',', ', ', ';', ' ', '=', 'q', '0', '1', '.', '5', 'x'].concat(qs),
    offerPool: ['gzip', 'deflate', 'br', 'identity', 'compress', '*', 'zstd']
  },
  language: {
    header: 'accept-language',
    curated: ['en;q=0.8, es, pt', 'en;q=.5, en-us', null, '', ' ', ',', '*', '*;q=0', 'en', 'en-US', 'en-us', 'EN-US',
      'en-US,en;q=0.9', 'en-US,en;q=0.9,fr;q=0.8', 'fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'en; q=0.5, fr',
      'en;q=0.5;q=0.1', 'en;Q=0.5', 'en;q', 'en;q=', 'en-', '-US', 'en--US', 'en-US-x-private', 'zh-Hant-TW', 'en US',
      'en-US ;q=0.5', 'en-US\n', 'en;q=0.5\n', 'en-*', 'en-US;q=0, en', 'en, en-US;q=0', 'x-pig-latin', 'i-klingon',
      'en;q=0.5, en;q=0.8', 'en-gb;q=0.8, en;q=0.7', 'da, en-gb;q=0.8, en;q=0.7', '\xe9n, \xc9N', 'en;a=b;q=0.2'],
    offers: [['en'], ['en-us'], ['en-US'], ['es'], ['jp'], ['en', 'es', 'fr'], ['fr', 'en'], ['en-gb', 'en'],
      ['en', 'en-gb'], ['de', 'fr-CH', 'fr'], ['zh-Hant-TW'], ['zh'], ['*'], ['en-'], [' en'], ['en ;q=0.1'], ['EN'],
      ['x-pig-latin'], ['\xe9n'], ['']],
    pieces: ['en', 'EN', '-', 'US', 'us', 'gb', 'fr', 'de', 'zh', 'Hant', '*', ',', ', ', ';', ' ', '=', 'q', '0', '1', '.', '5', '\t'].concat(qs),
    offerPool: ['en', 'en-us', 'en-US', 'fr', 'de', 'en-gb', 'zh-Hant', 'zh', '*', 'es']
  }
}

// Per kind: the offer lists, then one record per header: the list form,
// and for the chosen offer lists (by index) accepts' answer and
// negotiator's sorted answer (null where negotiator is not asked: media
// type lists holding extension names).
const data = {}
for (const kind of Object.keys(kinds)) {
  const k = kinds[kind]
  const headers = k.curated.concat(random(100 + kind.length, k.pieces, 1500, 8))
  {
    const r = rng(200 + kind.length)
    const real = k.curated.filter((h) => h)
    for (let i = 0; i < 800; i++) {
      const h = real[Math.floor(r() * real.length)]
      const at = Math.floor(r() * (h.length + 1))
      headers.push(h.slice(0, at) + k.pieces[Math.floor(r() * k.pieces.length)] + h.slice(at))
    }
  }
  const offerLists = k.offers.concat(subsets(300 + kind.length, k.offerPool, 60, 4))
  const method = { type: 'types', charset: 'charsets', encoding: 'encodings', language: 'languages' }[kind]
  const negMethod = { type: 'mediaTypes', charset: 'charsets', encoding: 'encodings', language: 'languages' }[kind]
  const r = rng(400 + kind.length)
  const records = headers.map((h, n) => {
    const a = accepts(req(k.header, h))
    const neg = new Negotiator(req(k.header, h))
    const chosen = n < k.curated.length
      ? k.offers.map((_, i) => i)
      : [0, 1, 2].map(() => Math.floor(r() * offerLists.length))
    return {
      header: h,
      list: a[method](),
      offers: chosen,
      best: chosen.map((i) => nil(a[method](offerLists[i]))),
      preferred: chosen.map((i) => (kind !== 'type' || offerLists[i].every((o) => o.indexOf('/') !== -1)
        ? neg[negMethod](offerLists[i])
        : null))
    }
  })
  data[kind + 'Offers'] = offerLists
  data[kind] = records
}
out('negotiate.json', data)
