// gen.js records what cookie 0.7.2, cookie-signature and cookie-parser (the
// versions installed with Express 4.22.3) answer for the corpus below;
// the Go tests replay cookie.json.
//
//   node internal/cookie/testdata/gen.js [/work/ref]
//
// Strings are JavaScript strings; the Go side reads their UTF-8 encoding.
// The corpus is ASCII apart from a few cases that show non-ASCII bytes pass
// through unchanged.
'use strict'
const path = require('path')
const fs = require('fs')
process.env.TZ = 'UTC'

const ref = process.argv[2] || process.env.FW_REF || '/work/ref'
const mod = (name) => require(path.join(ref, 'node_modules', name))
const want = { cookie: '0.7.2', 'cookie-signature': '1.0.6', 'cookie-parser': '1.4.7' }
for (const name in want) {
  const v = mod(name + '/package.json').version
  if (v !== want[name]) throw new Error(name + ' ' + v + ', want ' + want[name])
}
const cookie = mod('cookie')
const signature = mod('cookie-signature')
const cookieParser = mod('cookie-parser')

function rng (seed) {
  return function () {
    seed |= 0; seed = seed + 0x6D2B79F5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}
const rand = rng(11)
const pick = (a) => a[Math.floor(rand() * a.length)]

// An object's own entries in insertion order (parse's key order, which for
// integer-like names is not header order; the Go side compares as sets).
const entries = (o) => Object.keys(o).map((k) => [k, o[k]])

// ---- parse -------------------------------------------------------------
const headers = [
  // README and cookie's test suite.
  'foo=bar; equation=E%3Dmc%5E2', 'foo=bar', 'foo=123', 'FOO    = bar;   baz  =   raz', 'foo="bar=123456789&name=Magic+Mouse"',
  'email=%20%22%2c%3b%2f', 'foo=%1;bar=bar', 'foo=bar;fizz  ;  buzz', '  fizz; foo=  bar', 'foo=%1;bar=bar;foo=boo',
  'foo=false;bar=bar;foo=true;foo=false', 'foo=;bar=', 'foo=\t"bar"\t;bar=\t""', 'foo=";bar="', 'foo="', 'foo=""', 'foo="""',
  'a=b;;c=d', ';;a=b', 'a', '=', 'a=', '=b', '==', 'a==b', 'a=b=c', ' a = b ', '\ta\t=\tb\t', 'a b=c d', 'a=b c;',
  'foo=bar; foo=baz', 'foo=%E2%98%83', 'foo=%e2%98%83', 'foo=%E2%98', 'foo=%ED%A0%80', 'foo=%C0%80', 'foo=%F4%90%80%80', 'foo=%',
  'foo=%zz', 'foo=100%', 'foo=%2F%3B', 'foo=%22bar%22', 'foo="%22bar%22"', 'foo=+', 'foo=a+b%20c', 'foo=%00', 'foo=\u00e9',
  'foo=caf\u00e9%C3%A9', '\u00e9=1', '__proto__=x', '__proto__=x; a=1', 'a=1; __proto__=x; __proto__=y; b=2', 'constructor=x',
  'hasOwnProperty=x; a=1', 'toString=1', '1=a; b=2; 0=c', 'a=1;b=2;c=3;d=4', 'a=1; a=2; b=1; b=2', 'foo=bar,baz=qux',
  'foo=bar;\tbaz=qux', 'foo=bar\r\n; baz=qux', 'foo=bar; baz', 'foo=bar; =baz', 'foo=bar;=;', 'sid=s%3Atobi.xJjV2iZ6EI7C8E5kzwbfA9PVLl1ZR07UTnuTgQQ4EnQ',
  'user=j%3A%7B%22name%22%3A%22tobi%22%7D', 'userName=<script>alert(1)</script>; Max-Age=2592000; a', 'x="a;b"', 'x="a; b=c"',
  'connect.sid=s%3AnOv0Vn0H.abc; lang=en-US', '$Version=1; Customer="WILE_E_COYOTE"; $Path="/acme"'
]
// Hostile shapes: very many pairs, repeated names, long values.
headers.push(Array.from({ length: 3000 }, (_, i) => 'k' + (i % 700) + '=' + i).join('; '))
headers.push(Array.from({ length: 2000 }, (_, i) => 'a=' + i).join(';'))
headers.push(';'.repeat(3000) + 'a=b')
headers.push('a=' + '%41'.repeat(2000))
headers.push('x' + '='.repeat(2000))
const atoms = ['a', 'b', 'foo', '=', '=', ';', ';', ' ', '\t', '"', '%', '%41', '%2', '%E2%98%83', 'j:', 's:', '.', ',', '__proto__', '1', '\u00e9']
for (let i = 0; i < 2500; i++) {
  let s = ''
  const n = 1 + Math.floor(rand() * 14)
  for (let k = 0; k < n; k++) s += pick(atoms)
  headers.push(s)
}
const parseRows = headers.map((h) => ({ header: h, cookies: entries(cookie.parse(h)) }))

// ---- serialize ---------------------------------------------------------
const serializeRows = []
function ser (name, value, opt) {
  const row = { name, value }
  if (opt) row.opt = opt
  let o
  if (opt) {
    o = Object.assign({}, opt)
    if ('expires' in o) o.expires = new Date(o.expires)
    if (o.encode === 'identity') o.encode = (v) => v
  }
  try {
    row.out = cookie.serialize(name, value, o)
  } catch (e) {
    row.err = e.message
  }
  serializeRows.push(row)
}
ser('foo', 'bar'); ser('foo', 'bar baz'); ser('foo', ''); ser('foo', '+ '); ser('foo', '\u263a'); ser('foo', 'a"b'); ser('foo', '"quoted"', { encode: 'identity' })
ser('foo', 'bar', { httpOnly: true }); ser('foo', 'bar', { secure: true }); ser('foo', 'bar', { partitioned: true })
ser('foo bar', 'baz'); ser('foo\n', 'bar'); ser('', 'bar'); ser('f=o', 'bar'); ser('foo;', 'bar'); ser('\u00e9', 'bar')
ser('foo', 'bar', { encode: 'identity' }); ser('foo', 'b;ar', { encode: 'identity' }); ser('foo', 'b ar', { encode: 'identity' })
ser('foo', '"bar', { encode: 'identity' }); ser('foo', '"', { encode: 'identity' }); ser('foo', '""', { encode: 'identity' })
ser('foo', '\u00e9', { encode: 'identity' }); ser('foo', 'a\\b', { encode: 'identity' }); ser('foo', 'a,b', { encode: 'identity' })
// The CVE-2024-47764 inputs (cookie 0.7.0): injection through name, path and domain.
ser('userName=<script>alert("XSS3")</script><!--', 'bar')
ser('userName', '<script>', { encode: 'identity' })
ser('foo', 'bar', { path: '/; Domain=evil.com' }); ser('foo', 'bar', { domain: 'example.com; Path=/' })
ser('foo', 'bar', { path: '/\nSet-Cookie: x=y' }); ser('foo', 'bar', { domain: 'example.com\r\n' })
ser('foo', 'bar', { path: '/<script>' }); ser('foo', 'bar', { path: '/a b' }); ser('foo', 'bar', { path: '/=:?#[]@!$&\'()*+,' })
for (const d of ['example.com', '.example.com', 'EXAMPLE.COM', 'sub.example.com', 'localhost', 'a', '1.2.3.4', '..example.com',
  'example.com.', 'ex_ample.com', '-example.com', 'example-.com', 'exa-mple.com', 'a'.repeat(63) + '.com', 'a'.repeat(64) + '.com',
  '.', 'example..com', 'exämple.com', '[::1]', 'example.com:80']) ser('foo', 'bar', { domain: d })
for (const p of ['/', '/admin', '', '/a;b', '/a\u0000', '/a\u007f', '/\u00e9', '~']) ser('foo', 'bar', { path: p })
for (const m of [0, 1, 1000, 1.5, -1.5, -0.5, -0, -1, 2592000, 1e20, 1e21, 1.5e300, -1e21, Infinity, -Infinity, NaN, 0.9999]) ser('foo', 'bar', { maxAge: m })
for (const e of [0, 1, 1000, -1, -500, 1704164645123, -62198755200000, -62135596800000, 253402300799999, 253402300800000,
  8.64e15, -8.64e15, 8.64e15 + 1, -8.64e15 - 1, -8639977881600000, 951782400000, 4107542400000]) ser('foo', 'bar', { expires: e })
for (const p of ['low', 'medium', 'high', 'LOW', 'High', 'foo', '']) ser('foo', 'bar', { priority: p })
for (const s of ['lax', 'strict', 'none', 'Lax', 'STRICT', 'None', true, 'true', 'foo', '', false]) ser('foo', 'bar', { sameSite: s })
ser('foo', 'bar', { maxAge: 10, domain: 'example.com', path: '/', expires: 1704164645000, httpOnly: true, secure: true, partitioned: true, priority: 'high', sameSite: 'lax' })
ser('bad name', 'bar', { maxAge: NaN })
ser('foo', 'bar', { maxAge: NaN, domain: 'bad domain' })
ser('foo', 'bar', { domain: 'bad domain', path: '/;' })
ser('foo', 'bar', { priority: 'x', sameSite: 'y' })
for (let i = 0; i < 400; i++) {
  const name = pick(['foo', 'a', 'x-y', 'b c', 'n;', 'Ab9!#$%&\'*+-.^_`|~', 'é'])
  const value = pick(['', 'bar', 'a b', '"x"', 'a;b', '\u263a', 'j:{"a":1}', 's:tobi.sig', '%'])
  const opt = {}
  if (rand() < 0.3) opt.maxAge = pick([0, 60, 1.9, -1, NaN])
  if (rand() < 0.3) opt.domain = pick(['example.com', '.a.b', 'bad domain', ''])
  if (rand() < 0.3) opt.path = pick(['/', '/x', '/;', ''])
  if (rand() < 0.3) opt.expires = pick([0, 1, 1704164645000])
  if (rand() < 0.3) opt.httpOnly = true
  if (rand() < 0.3) opt.secure = true
  if (rand() < 0.2) opt.partitioned = true
  if (rand() < 0.2) opt.priority = pick(['low', 'Medium', 'x'])
  if (rand() < 0.2) opt.sameSite = pick(['lax', 'None', true, 'x'])
  if (rand() < 0.2) opt.encode = 'identity'
  ser(name, value, rand() < 0.1 ? undefined : opt)
}

// ---- cookie-signature ----------------------------------------------------
const secrets = ['foo bar baz', 'secret', '', 'tobiiscool', '\u263a', 'a'.repeat(100)]
const values = ['tobi', '', 'j:{"name":"tobi"}', 'a.b.c', '.', 'hello world', '\u00e9t\u00e9', 'x'.repeat(300)]
const signRows = []
for (const s of secrets) for (const v of values) signRows.push({ value: v, secret: s, signed: signature.sign(v, s) })
const unsignRows = []
function uns (input, secret) { const r = signature.unsign(input, secret); unsignRows.push({ input, secret, value: r === false ? null : r }) }
for (const r of signRows) {
  uns(r.signed, r.secret); uns(r.signed, r.secret + 'x'); uns(r.signed + '=', r.secret); uns(r.signed.slice(0, -1), r.secret)
  uns(r.value + '.' + r.signed.slice(r.value.length + 1).toLowerCase(), r.secret); uns('x' + r.signed, r.secret)
}
for (const s of ['', '.', 'tobi', 'tobi.', '.sig', 'a.b', 'tobi.xJjV2iZ6EI7C8E5kzwbfA9PVLl1ZR07UTnuTgQQ4EnQ']) uns(s, 'foo bar baz')

// ---- cookie-parser ---------------------------------------------------------
const good = signature.sign('tobi', 'foo bar baz')
const goodJSON = signature.sign('j:{"foo":"bar"}', 'secret')
const cpHeaders = [
  'name=s%3A' + encodeURIComponent(good), 'name=s:' + good, 'name=s:' + good + 'x', 'name=s:tobi', 'name=s:', 'name=tobi',
  'obj=s%3A' + encodeURIComponent(goodJSON), 'obj=j%3A%7B%22foo%22%3A%22bar%22%7D', 'a=j:1; b=j:0; c=j:false; d=j:null; e=j:""; f=j:" "; g=j:[]; h=j:{}',
  'a=j:1e-400; b=j:-0; c=j:1e400; d=j:00; e=j:; f=j:tru; g=j:true; h=j: 1 ; i=j:"\\ud800"; k=j:{"a":1,"a":2}',
  'a=s:' + signature.sign('j:0', 'secret') + '; b=s:' + signature.sign('j:[1]', 'secret'),
  'a=s:' + signature.sign('x', 'other') + '; b=s:' + signature.sign('y', 'secret'),
  '', 'a', 'x=s:tobi.; y=s:.; z=s', '__proto__=s:' + good
]
const cpRows = []
for (const h of cpHeaders) {
  for (const sec of [undefined, 'secret', ['foo bar baz', 'secret'], ['other', 'foo bar baz']]) {
    const req = { headers: { cookie: h } }
    cookieParser(sec)(req, {}, () => {})
    // A parsed JSON value is recorded as the JSON text it came from.
    const raw = cookie.parse(h)
    // JSONCookies replaced a value exactly when it differs from its text.
    const toRows = (o, text) => Object.keys(o).map((k) => [k, o[k] === false ? { false: true }
      : o[k] === text(k) ? o[k] : { json: text(k).slice(2) }])
    cpRows.push({
      header: h,
      secrets: sec === undefined ? [] : [].concat(sec),
      cookies: toRows(req.cookies, (k) => raw[k]),
      signed: toRows(req.signedCookies, (k) => cookieParser.signedCookie(raw[k], sec))
    })
  }
}
const jsonRows = ['j:1', 'j:0', 'j:', 'j:{}', 'j:{"a":', 'x:1', 'j:"a"', 'j: [1, 2] ', 'j:\t1\n', 'j:01', 'j:-', 'j:1.5e3', 'j:.5', 'j:"\\x"', 'j:"\u0001"', 'J:1']
  .map((s) => ({ input: s, ok: cookieParser.JSONCookie(s) !== undefined }))

const out = { module: 'cookie@0.7.2 cookie-signature@1.0.6 cookie-parser@1.4.7', parse: parseRows, serialize: serializeRows, sign: signRows, unsign: unsignRows, cookieParser: cpRows, jsonCookie: jsonRows }
let text = '{\n'
text += Object.keys(out).map((k) => JSON.stringify(k) + ':' + (Array.isArray(out[k])
  ? '[\n' + out[k].map((r) => JSON.stringify(r)).join(',\n') + '\n]'
  : JSON.stringify(out[k]))).join(',\n')
fs.writeFileSync(path.join(__dirname, 'cookie.json'), text + '\n}\n')
for (const k of Object.keys(out)) if (Array.isArray(out[k])) console.log(k, out[k].length)
