// Records what Express 4.22.3's request getters return, as testdata for
// fast/request_diff_test.go. Regenerate with:
//
//   NODE_PATH=/work/ref/node_modules node getters_probe.js > getters.jsonl
//
// Each line is one request: the app settings, the client address, the raw
// request bytes (sent as they are to Express and to fast) and "result", the
// JSON.stringify of every getter's value (see report() below; the Go test
// builds the same object). The server listens on all interfaces, so a
// client on 127.0.0.1 is "::ffff:127.0.0.1" and one on ::1 is "::1".
// Express's undefined is written as "" for hostname, ip and get(), the Go
// mapping documented in fast/doc.go.
'use strict'
const express = require('express')
const cookieParser = require('cookie-parser')
const net = require('net')

const str = (v) => (v === undefined ? '' : v)
const first = (v) => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : false)
const rng = (r) => (r === undefined ? null : typeof r === 'number' ? r : { type: r.type, ranges: Array.from(r) })
const queryKeys = ['a', 'q', 'user', 'user[name]', 'ids', 'b', 'x', '%zz', 'toString', '__proto__', 'a b', '', 'é']

function report (req, res) {
  res.set('ETag', '"abc"')
  res.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT')
  const qv = {}
  for (const k of queryKeys) qv[k] = first(req.query[k])
  const out = {
    hostname: str(req.hostname),
    ip: str(req.ip),
    ips: req.ips,
    protocol: req.protocol,
    secure: req.secure,
    subdomains: req.subdomains,
    xhr: req.xhr,
    path: req.path,
    query: req.query,
    qv: qv,
    accepts: [req.accepts('html'), req.accepts('json', 'html'), req.accepts('application/json', 'text/html'), req.accepts('text/*', 'image/png'), req.accepts('png'), req.accepts('json, html')],
    acceptsAll: req.accepts(),
    charsets: [req.acceptsCharsets('utf-8'), req.acceptsCharsets('iso-8859-1', 'utf-8')],
    charsetsAll: req.acceptsCharsets(),
    encodings: [req.acceptsEncodings('gzip'), req.acceptsEncodings('br', 'gzip', 'identity'), req.acceptsEncodings('identity')],
    encodingsAll: req.acceptsEncodings(),
    languages: [req.acceptsLanguages('en'), req.acceptsLanguages('fr', 'en-US'), req.acceptsLanguages('es')],
    languagesAll: req.acceptsLanguages(),
    is: [req.is('json'), req.is('text/*'), req.is('urlencoded'), req.is('multipart'), req.is('+json'), req.is('application/json', 'text/html'), req.is()],
    range: [rng(req.range(1000)), rng(req.range(1000, { combine: true })), rng(req.range(0))],
    fresh: req.fresh,
    get: {
      accept: str(req.get('accept')),
      xff: str(req.get('X-Forwarded-For')),
      referer: str(req.get('referer')),
      referrer: str(req.get('Referrer')),
      ct: str(req.get('content-type')),
      cookie: str(req.get('cookie')),
      dup: str(req.get('x-dup')),
      ua: str(req.get('User-Agent')),
      cl: str(req.get('content-length')),
      te: str(req.get('transfer-encoding'))
    },
    cookies: req.cookies,
    signedCookies: req.signedCookies
  }
  res.end(JSON.stringify(out))
}

// The cases.
const cases = []
function add (settings, raw, from) {
  cases.push({ settings: settings, from: from || '::ffff:127.0.0.1', raw: raw })
}
function request (target, headers, opts) {
  opts = opts || {}
  let raw = (opts.method || 'GET') + ' ' + target + ' HTTP/1.1\r\n'
  let hasHost = false
  for (const [k, v] of headers) {
    if (k.toLowerCase() === 'host') hasHost = true
    raw += k + ': ' + v + '\r\n'
  }
  if (!hasHost) raw = raw.replace('\r\n', '\r\nHost: 127.0.0.1\r\n')
  if (opts.body !== undefined) raw += 'Content-Length: ' + Buffer.byteLength(opts.body) + '\r\n'
  if (opts.chunked !== undefined) raw += 'Transfer-Encoding: chunked\r\n'
  raw += 'Connection: close\r\n\r\n'
  if (opts.body !== undefined) raw += opts.body
  if (opts.chunked !== undefined) raw += opts.chunked.length.toString(16) + '\r\n' + opts.chunked + '\r\n0\r\n\r\n'
  return raw
}

// Proxy headers under every "trust proxy" form.
const trusts = [false, true, 0, 1, 2, 'loopback', '10.0.0.1', 'loopback, 10.0.0.0/8', ['::1', '127.0.0.1'],
  'uniquelocal,linklocal', '::ffff:127.0.0.1', '::ffff:0:0/96', '127.0.0.1/255.0.0.0', '127.0.0.1/8, fc00::/7']
const proxied = [
  [],
  [['X-Forwarded-For', 'client, p1, p2']],
  [['X-Forwarded-For', '203.0.113.5, 10.1.2.3'], ['X-Forwarded-Host', 'api.example.com:8443, other'], ['X-Forwarded-Proto', 'https, http']],
  [['X-Forwarded-For', ' 2001:db8::1 ,  ::ffff:10.0.0.1'], ['X-Forwarded-Host', '[::1]:80'], ['X-Forwarded-Proto', ' https ']],
  [['X-Forwarded-For', '1.1.1.1'], ['X-Forwarded-For', '2.2.2.2, 10.0.0.3'], ['X-Forwarded-Host', 'a.example.com'], ['X-Forwarded-Host', 'b.example.com'], ['X-Forwarded-Proto', ''], ['X-Forwarded-Proto', 'https']],
  [['X-Forwarded-For', ''], ['X-Forwarded-Host', ''], ['X-Forwarded-Proto', '']],
  [['X-Forwarded-For', 'fe80::1, 169.254.1.1, fd00::1, 192.168.1.1'], ['X-Forwarded-Host', 'tobi.ferrets.example.com']],
  [['X-Forwarded-For', '10.0.0.1,,10.0.0.2 , ,unknown'], ['X-Forwarded-Proto', 'HTTPS']]
]
for (const trust of trusts) {
  for (const h of proxied) {
    for (const from of ['::ffff:127.0.0.1', '::1']) {
      add({ 'trust proxy': trust }, request('/', h), from)
    }
  }
}

// Host names and the subdomain offset.
const hosts = ['tobi.ferrets.example.com', 'example.com:3000', '[::1]:3000', '127.0.0.1', ':3000', 'a.b.c.d.e',
  'EXAMPLE.COM', 'xn--n3h.example.com', '[fe80::1]', '1.2.3.4.5', 'ferrets.example.com.']
// Not "Host: ::1": fasthttp answers 400 to it before any handler runs.
for (const host of hosts) {
  for (const offset of [2, 0, 3, -1]) {
    add({ 'subdomain offset': offset }, request('/', [['Host', host]]))
  }
}

// Content negotiation.
const accept = [null, '', '*/*', 'text/html', 'application/json;q=0.5, text/html', 'text/*;q=0.8, application/json;q=0.8',
  'image/webp,*/*;q=0.8', 'application/json;q=0', 'TEXT/HTML', 'text/html;level=1', 'application/*+json', 'image/*, text/plain;q=0.1',
  '*/html; q=.5, application/json', 'text/html;q=abc, application/json;q=0.1']
const languages = [null, '', 'en', 'en-US,en;q=0.9,fr;q=0.8', 'fr-CA, fr;q=0.5', '*', 'es;q=0', 'en;q=.5, en-us', 'EN-us', 'fr; q=0.5, en;q=0.2']
const encodings = [null, '', 'gzip', 'gzip, deflate, br', 'identity;q=0', '*', 'br;q=1.0, gzip;q=0.8, *;q=0.1', ' gzip, deflate', '*;q=0', 'GZIP']
const charsets = [null, '', 'utf-8', 'iso-8859-1, utf-8;q=0.5', '*;q=0', 'UTF-8', 'utf-8;q=0, *']
const n = Math.max(accept.length, languages.length, encodings.length, charsets.length)
for (let i = 0; i < n; i++) {
  const h = []
  const pick = (list, name) => { const v = list[i % list.length]; if (v !== null) h.push([name, v]) }
  pick(accept, 'Accept')
  pick(languages, 'Accept-Language')
  pick(encodings, 'Accept-Encoding')
  pick(charsets, 'Accept-Charset')
  add({}, request('/', h))
}
add({}, request('/', [['Accept', 'text/plain'], ['Accept', 'application/json;q=0.9']]))
add({}, request('/', [['Accept-Language', 'fr'], ['Accept-Language', 'en;q=0.9']]))

// Content types and bodies.
const types = ['application/json', 'application/json; charset=utf-8', 'text/html', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x', 'application/vnd.api+json', 'INVALID', 'text/plain;charset=utf-8', 'Application/JSON', '']
for (const ct of types) {
  const h = ct === '' ? [] : [['Content-Type', ct]]
  add({}, request('/', h, { method: 'POST', body: '{}' }))
  add({}, request('/', h, { method: 'POST' }))
}
add({}, request('/', [['Content-Type', 'application/json']], { method: 'POST', body: '' }))
add({}, request('/', [['Content-Type', 'application/json']], { method: 'POST', chunked: '{"a":1}' }))
add({}, request('/', [['Content-Type', 'text/plain'], ['Transfer-Encoding', 'identity']], { method: 'POST' }))

// Ranges.
for (const r of ['bytes=0-50,51-100', 'bytes=0-', 'bytes=-100', 'bytes=900-2000', 'bytes=1000-', 'bytes=abc', 'items=0-5',
  'bytes=0-10,5-20,30-40', 'bytes = 0-1', 'bytes=', '', 'bytes=-0', 'bytes=5-1', 'bytes=0-0,-1']) {
  add({}, request('/', [['Range', r]]))
}
add({}, request('/', [['Range', 'bytes=0-1'], ['Range', 'bytes=5-6']]))

// Query strings under every "query parser".
const targets = ['/?a=1&a=2', '/?user[name]=tj', '/?a%5Bb%5D=c', '/?a+b=c+d', '/?%zz=1&b=%E2%82%AC%zz', '/?q=hello%20world',
  '/?__proto__=1&toString=2', '/?=1&a', '/p?x=1#frag', '/?ids[]=1&ids[]=2', '/?a=%E2%82%AC&q=%F0%9F%98%80',
  '/?ids=' + Array.from({ length: 25 }, (_, i) => String(i)).join('&ids='), '/?q=a&q[]=b', '/?a=1&&b=2&', '/?%C3%A9=e&x=%', '/x?y#z?q=1',
  '/?a=b=c&q=%2B%20+', '/?user.name=tj&q', '/?q=1;b=2', 'http://abs.example.com/p?q=abs&a=1', 'http://abs.example.com?q=noslash']
for (const qp of ['extended', 'simple', false, true]) {
  for (const t of targets) add({ 'query parser': qp }, request(t, []))
}

// Cookies.
const signature = require('cookie-signature')
const signed = (v, s) => 's:' + signature.sign(v, s)
for (const c of [
  'foo=bar; bar=baz',
  'foo=' + encodeURIComponent(signed('foobar', 'secret')) + '; plain=1',
  'foo=' + signed('foobar', 'old') + '; bad=' + signed('x', 'nope'),
  'obj=j%3A%7B%22a%22%3A1%7D; arr=j:[1,2]; f=j:false; s=j:"str"; bad=j:{',
  'sobj=' + encodeURIComponent(signed('j:{"foo":"bar"}', 'secret')),
  '"q"="quoted"; a=%41%20b; a=dup; 2=two; __proto__=x; e=%E0%A4%A',
  ' spaced = value ; novalue; =empty; x=y=z']) {
  add({}, request('/', [['Cookie', c]]))
}
add({}, request('/', [['Cookie', 'a=1'], ['Cookie', 'b=2; a=3']]))
add({ 'trust proxy': true }, request('http://abs.example.com/x', [['Host', 'h.example.com']]))
add({ 'trust proxy': true }, request('http://abs.example.com/x', [['Host', 'h.example.com'], ['X-Forwarded-Host', 'f.example.com']]))

// Freshness.
for (const h of [
  [['If-None-Match', '"abc"']], [['If-None-Match', 'W/"abc"']], [['If-None-Match', '"x", "abc"']], [['If-None-Match', '*']],
  [['If-None-Match', '"x"']], [['If-Modified-Since', 'Wed, 21 Oct 2015 07:28:00 GMT']], [['If-Modified-Since', 'Wed, 21 Oct 2015 07:27:59 GMT']],
  [['If-None-Match', '"abc"'], ['Cache-Control', 'no-cache']], [['If-None-Match', '"x"'], ['If-None-Match', '"abc"']],
  [['If-Modified-Since', 'garbage']]]) {
  add({}, request('/', h))
  add({}, request('/', h, { method: 'POST', body: 'x' }))
}

// Headers read with req.get, and req.xhr.
for (const h of [
  [['Referer', 'http://a/'], ['Referrer', 'http://b/']], [['Referer', 'http://a/']], [['Referrer', '']], [['Referer', 'r1'], ['Referer', 'r2']],
  [['X-Dup', 'a'], ['x-dup', 'b'], ['X-DUP', '']], [['X-Dup', '']], [['X-Requested-With', 'XMLHttpRequest']], [['X-Requested-With', 'xmlhttprequest, x']],
  [['X-Requested-With', 'XMLHTTPREQUEST']], [['Content-Type', 'text/plain'], ['Content-Type', 'text/html']],
  [['User-Agent', 'first'], ['User-Agent', 'second']], [['content-type', '  text/plain  ']]]) {
  add({}, request('/', h))
}

// Run them.
async function main () {
  for (const c of cases) {
    const app = express()
    for (const k of Object.keys(c.settings)) app.set(k, c.settings[k])
    app.use(cookieParser(['secret', 'old']))
    app.use(report)
    const server = app.listen(0, '::')
    await new Promise((resolve) => server.once('listening', resolve))
    const port = server.address().port
    const body = await new Promise((resolve, reject) => {
      const sock = net.connect({ port: port, host: c.from === '::1' ? '::1' : '127.0.0.1' })
      const chunks = []
      sock.on('data', (d) => chunks.push(d))
      sock.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
      sock.on('error', reject)
      sock.write(Buffer.from(c.raw, 'latin1'))
    })
    server.close()
    const head = body.slice(0, body.indexOf('\r\n\r\n'))
    const status = Number(head.split(' ')[1])
    const result = Buffer.from(body.slice(body.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8')
    process.stdout.write(JSON.stringify({ settings: c.settings, from: c.from, raw: c.raw, status: status, result: result }) + '\n')
  }
}
main()
