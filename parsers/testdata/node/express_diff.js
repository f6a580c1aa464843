// Sends a corpus of edge-case requests to Express 4.22.3's json, raw, text
// and urlencoded parsers (each in the app of Express's own tests: the
// parser, an error handler echoing "[type] message" or err[X-Error-Property],
// and res.json(req.body)) and records each response's status and body, for
// express_diff_test.go. Run with NODE_PATH=/work/ref/node_modules:
//   node parsers/testdata/node/express_diff.js > parsers/testdata/express_diff.json
'use strict'
const express = require('express')
const net = require('net')
const zlib = require('zlib')

function createApp (kind, options) {
  const app = express()
  app.use(express[kind](options))
  app.use(function (err, req, res, next) {
    res.status(err.status || 500)
    res.send(String(req.headers['x-error-property']
      ? err[req.headers['x-error-property']]
      : ('[' + err.type + '] ' + err.message)))
  })
  app.post('/', function (req, res) {
    if (Buffer.isBuffer(req.body)) res.json({ buf: req.body.toString('hex') })
    else res.json(req.body)
  })
  return app
}

const J = 'application/json'
const F = 'application/x-www-form-urlencoded'
const T = 'text/plain'
const O = 'application/octet-stream'
const u16le = s => Buffer.from(s, 'utf16le')
const u16be = s => { const b = Buffer.from(s, 'utf16le'); for (let i = 0; i + 1 < b.length; i += 2) { const t = b[i]; b[i] = b[i + 1]; b[i + 1] = t } return b }
const gz = s => zlib.gzipSync(Buffer.from(s))
const cases = []
function add (kind, options, headers, body, extra) {
  cases.push(Object.assign({ kind, options: options || {}, headers, body: Buffer.from(body == null ? '' : body), noBody: body == null }, extra || {}))
}

// JSON: strict-mode and JSON.parse messages through body-parser
for (const b of ['"abc"', '123', 'true', 'null', '  "x"', '\t\n -1', 'NaN', 'undefined', 'xyz', '#',
  '"' + 'x'.repeat(30) + '"', ' '.repeat(15) + 'true' + ' '.repeat(20), '😀😀😀😀😀😀😀😀😀😀😀😀', '  😀',
  'tru' + 'e'.repeat(30), '{"a":1', '[1,2', '{"a":}', '{"a" 1}', '\ufeff{"a":1}', '\ufefftrue', '\ufeff', '{"a":"\\ud800"}',
  '{"__proto__":{"x":1},"b":2}', '{"2":"a","1":"b","x":"c"}', '[1e400, -0, 0.1, 1e21, 1e-7]', '{"a":"\u2028<>&"}']) {
  add('json', {}, { 'Content-Type': J }, b)
  add('json', { strict: false }, { 'Content-Type': J }, b)
}
add('json', {}, { 'Content-Type': J, 'X-Error-Property': 'body' }, '\ufefftrue')
add('json', {}, { 'Content-Type': J, 'X-Error-Property': 'body' }, '{"a":')
add('json', {}, { 'Content-Type': J + '; charset=utf-16', 'X-Error-Property': 'body' }, Buffer.concat([Buffer.from([0xff, 0xfe]), u16le('{"a":')]))
// JSON charsets
for (const [cs, body] of [
  ['utf-16le', u16le('{"a":"论"}')], ['UTF-16BE', u16be('{"a":"论"}')], ['utf-16', u16be('{"a":"论"}')],
  ['utf-16', u16le('{"a":"论"}')], ['utf-16', Buffer.concat([Buffer.from([0xfe, 0xff]), u16be('{"a":1}')])],
  ['utf-16le', Buffer.concat([u16le('{"a":"'), Buffer.from([0x3d, 0xd8]), u16le('"}')])],
  ['utf-16le', Buffer.concat([u16le('{"a":1}'), Buffer.from([0x20])])],
  ['utf8', '{"a":1}'], ['UTF-8', '{"a":1}'], ['utf-32', '{"a":1}'], ['utf-7', '{"a":1}'], ['latin1', '{"a":1}'],
  ['"utf-8"', '{"a":1}'], ['utf-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe8, 0xae, 0x22, 0x7d])],
  ['utf-8', Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])], ['cesu-8', '{}'], ['utf-bogus', '{}']]) {
  add('json', {}, { 'Content-Type': J + '; charset=' + cs }, body)
}
for (const ct of ['application/json; charset', 'application/json;', 'Application/JSON', 'application/json ; charset=utf-8',
  'application/jsonp', 'application/json; charset="utf-8"', 'application/json; charset=utf-8; charset=koi8-r',
  'application/json, text/plain', '', 'application/vnd.api+json']) {
  add('json', {}, ct ? { 'Content-Type': ct } : {}, '{"a":1}')
}
add('json', { type: ['json', '+json'] }, { 'Content-Type': 'application/vnd.api+json' }, '{"a":1}')
add('json', { type: '*/*' }, { 'Content-Type': 'text/plain' }, '{"a":1}')
add('json', { type: 'application/*' }, { 'Content-Type': 'application/x-foo; charset=utf-8' }, '{"a":1}')
// encodings and limits
for (const ce of [' gzip', 'x-gzip', 'gzip, identity', 'IDENTITY', 'Deflate', 'br', 'identity, gzip', 'gzip ']) {
  add('json', {}, { 'Content-Type': J, 'Content-Encoding': ce }, ce.toLowerCase().includes('gzip') ? gz('{"a":1}') : '{"a":1}')
}
add('json', {}, { 'Content-Type': J, 'Content-Encoding': 'gzip' }, Buffer.concat([gz('{"a":'), gz('1}')]))
add('json', {}, { 'Content-Type': J, 'Content-Encoding': 'gzip' }, Buffer.concat([gz('{"a":1}'), Buffer.alloc(4)]))
add('json', {}, { 'Content-Type': J, 'Content-Encoding': 'gzip' }, Buffer.concat([gz('{"a":1}'), Buffer.from('junk')]))
add('json', {}, { 'Content-Type': J, 'Content-Encoding': 'gzip', 'Content-Length': '0' }, null)
add('json', {}, { 'Content-Type': J, 'Content-Encoding': 'deflate' }, zlib.deflateRawSync(Buffer.from('{"a":1}')))
add('json', { limit: '0' }, { 'Content-Type': J, 'Content-Length': '0' }, null)
add('json', { limit: '0' }, { 'Content-Type': J }, '{}')
add('json', { limit: '7' }, { 'Content-Type': J }, '{"a":1}')
add('json', { limit: '6' }, { 'Content-Type': J }, '{"a":1}')
add('json', { limit: '-1' }, { 'Content-Type': J, 'Content-Length': '0' }, null)
add('json', { limit: '6' }, { 'Content-Type': J, 'Content-Encoding': 'gzip' }, gz('{"a":1}'))
add('json', { limit: '7' }, { 'Content-Type': J, 'Content-Encoding': 'gzip' }, gz('{"a":1}'))
add('json', { inflate: false }, { 'Content-Type': J, 'Content-Encoding': 'nulls' }, '{}')
add('json', { inflate: false }, { 'Content-Type': J, 'Content-Encoding': 'identity' }, '{}')
add('json', {}, { 'Content-Type': J + '; charset=koi8-r', 'Content-Encoding': 'nulls' }, '{}')
add('json', { limit: '1' }, { 'Content-Type': J + '; charset=utf-bogus' }, '{}')
add('json', { limit: '1' }, { 'Content-Type': J, 'Content-Encoding': 'nulls' }, '{}')

// text
for (const [cs, body] of [['koi8-r', Buffer.from([0xce, 0xc5, 0xd4])], ['latin1', Buffer.from([0xe9, 0x80])],
  ['windows-1252', Buffer.from([0x80, 0x9f, 0xe9])], ['hex', 'hi'], ['base64', 'hi!'], ['binary', Buffer.from([0xff])],
  ['utf-16', u16le('hello')], ['ucs-2', u16le('x')], ['cesu-8', Buffer.from([0xed, 0xa0, 0xbd, 0xed, 0xb2, 0xa9, 0xe8])],
  ['utf8', Buffer.from([0xff, 0x41])], ['shift_jis', 'abc'], ['utf-7', 'a+AGE-'], ['ISO_8859-1:1987', Buffer.from([0xe9])],
  ['us-ascii', Buffer.from([0x41, 0xc1])], ['x-bogus', 'x']]) {
  add('text', {}, { 'Content-Type': T + '; charset=' + cs }, body)
}
add('text', { defaultCharset: 'latin1' }, { 'Content-Type': T }, Buffer.from([0xe9]))
add('text', { defaultCharset: 'x-bogus' }, { 'Content-Type': T }, 'x')
add('text', {}, { 'Content-Type': T }, Buffer.from([0xef, 0xbb, 0xbf, 0x41]))
add('text', {}, { 'Content-Type': T }, '\u0000\u001f"\\\u2028')
add('text', { type: 'text/*' }, { 'Content-Type': 'text/html; charset=utf-8' }, '<p>')
add('text', { type: 'html' }, { 'Content-Type': 'text/html' }, '<p>')

// raw
add('raw', {}, { 'Content-Type': O }, Buffer.from([0, 1, 2, 255]))
add('raw', {}, { 'Content-Type': O + '; charset=x-bogus' }, 'x')
add('raw', { type: 'application/*' }, { 'Content-Type': 'application/pdf' }, '%PDF')
add('raw', {}, { 'Content-Type': O, 'Content-Encoding': 'deflate' }, zlib.deflateSync(Buffer.from('abc')))

// urlencoded
for (const b of ['a=1&b=2', 'a[b][c]=1', 'a[]=1&a[]=2', 'a=1&a=2', 'a[150]=x', 'a' + '[a]'.repeat(32) + '=x',
  'a' + '[a]'.repeat(33) + '=x', 'a[' + '[a]'.repeat(40) + '=x', Array.from({ length: 150 }, (_, i) => 'a[]=' + i).join('&'),
  Array.from({ length: 101 }, (_, i) => 'a[' + i + ']=' + i).join('&'), 'a[120]=x&' + Array.from({ length: 130 }, (_, i) => 'k' + i + '=1').join('&'),
  '__proto__[x]=1&a=2', '%E2%98%83=%zz', 'a=%F0%9F', '&&&', '=x', 'a', 'a+b=c+d', '\u00e9=\u00fc']) {
  add('urlencoded', {}, { 'Content-Type': F }, b)
  add('urlencoded', { extended: false }, { 'Content-Type': F }, b)
}
add('urlencoded', { depth: 0 }, { 'Content-Type': F }, 'a[b]=1&c[]=2')
add('urlencoded', { depth: 2 }, { 'Content-Type': F }, 'a[b][c]=1')
add('urlencoded', { depth: 2 }, { 'Content-Type': F }, 'a[b][c][d]=1')
add('urlencoded', { parameterLimit: 3 }, { 'Content-Type': F }, 'a=1&b=2&c=3')
add('urlencoded', { parameterLimit: 3 }, { 'Content-Type': F }, 'a=1&b=2&c=3&')
add('urlencoded', { parameterLimit: 3, extended: false }, { 'Content-Type': F }, 'a=1&b=2&c=3&')
add('urlencoded', {}, { 'Content-Type': F + '; charset=UTF-8' }, 'a=1')
add('urlencoded', {}, { 'Content-Type': F + '; charset=utf8' }, 'a=1')
add('urlencoded', {}, { 'Content-Type': F, 'X-Error-Property': 'body' }, 'a' + '[a]'.repeat(33) + '=x')
add('urlencoded', {}, { 'Content-Type': F }, Buffer.from([0x61, 0x3d, 0xff, 0xfe]))
add('urlencoded', {}, { 'Content-Type': F }, Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x3d, 0x31]))

// Serve and record.
const main = express()
const apps = new Map()
for (const c of cases) {
  const key = c.kind + JSON.stringify(c.options)
  if (!apps.has(key)) {
    const i = apps.size
    apps.set(key, i)
    main.use('/' + i, createApp(c.kind, c.options))
  }
  c.path = '/' + apps.get(key)
}

function send (port, c) {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1')
    let head = 'POST ' + c.path + ' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n'
    for (const [k, v] of Object.entries(c.headers)) head += k + ': ' + v + '\r\n'
    if (!c.noBody && !('Content-Length' in c.headers)) head += 'Content-Length: ' + c.body.length + '\r\n'
    head += '\r\n'
    const chunks = []
    sock.on('data', d => chunks.push(d))
    sock.on('error', reject)
    sock.on('end', () => {
      const res = Buffer.concat(chunks)
      const sep = res.indexOf('\r\n\r\n')
      const status = Number(res.slice(9, 12).toString())
      resolve({ status, body: res.slice(sep + 4).toString('base64') })
    })
    sock.write(Buffer.concat([Buffer.from(head, 'latin1'), c.body]))
  })
}

const server = main.listen(0, '127.0.0.1', async () => {
  const port = server.address().port
  const out = []
  for (const c of cases) {
    const r = await send(port, c)
    out.push({ kind: c.kind, options: c.options, headers: c.headers, body: c.body.toString('base64'), noBody: c.noBody, status: r.status, response: r.body })
  }
  server.close()
  process.stdout.write(JSON.stringify(out).replace(/\},\{"kind"/g, '},\n{"kind"') + '\n')
})
