// record.js records connect 2.30.2's bodyParser() (body-parser 1.13 json
// and urlencoded, multipart with multiparty 3.3.2), the bodyParser() of
// Express 3.21, in Express 4.22.3 for bodyparser_diff_test.go. Run from
// the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/bodyparser/testdata/record.js
//
// The app answers with req.body and req.files, each file shown by the
// fields of project() (its content read back from its path), then
// deletes the uploads.
'use strict'
const fs = require('fs')
const os = require('os')
const path = require('path')
const express = require('express')
const connect = require('connect')
const { record } = require('../../internal/testserver/testdata/harness')

process.noDeprecation = true
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'))

function project (v) {
  if (v && typeof v === 'object' && typeof v.path === 'string' && 'originalFilename' in v) {
    const content = fs.readFileSync(v.path).toString('base64')
    const out = {
      fieldName: v.fieldName, originalFilename: v.originalFilename, name: v.name, type: v.type, size: v.size,
      headers: v.headers, content, inUploadDir: path.dirname(v.path) === uploadDir, hash: v.hash
    }
    fs.unlinkSync(v.path)
    return out
  }
  if (Array.isArray(v)) return v.map(project)
  if (v && typeof v === 'object') {
    const o = {}
    for (const k of Object.keys(v)) o[k] = project(v[k])
    return o
  }
  return v
}

const apps = {}
for (const [name, opts] of Object.entries({
  default: { uploadDir },
  limits: { uploadDir, limit: '1kb', maxFields: 3, maxFieldsSize: 20, maxFilesSize: 10 },
  hash: { uploadDir, hash: 'sha1' }
})) {
  const a = express()
  a.use(connect.bodyParser(opts))
  a.all('*', (req, res) => {
    res.json({ body: req.body, files: req.files === undefined ? 'undefined' : project(req.files) })
  })
  apps[name] = a
}

const B = 'XyZzY'
const mp = (body, ct) => 'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: ' + (ct || 'multipart/form-data; boundary=' + B) +
  '\r\nContent-Length: AUTO\r\n\r\n' + body
const field = (name, value, extra) => '--' + B + '\r\nContent-Disposition: form-data; name="' + name + '"\r\n' + (extra || '') + '\r\n' + value + '\r\n'
const file = (name, filename, content, type, extra) => '--' + B + '\r\nContent-Disposition: form-data; name="' + name + '"; filename="' + filename + '"\r\n' +
  (type ? 'Content-Type: ' + type + '\r\n' : '') + (extra || '') + '\r\n' + content + '\r\n'
const end = '--' + B + '--\r\n'
const post = (ct, body) => 'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: ' + ct + '\r\nContent-Length: AUTO\r\n\r\n' + body

const cases = []
const add = (name, request, app) => cases.push({ name, app: app || 'default', request })
add('fields', mp(field('a', '1') + field('b', 'two words') + end))
add('repeated field', mp(field('a', '1') + field('a', '2') + field('a', '3') + end))
add('nested fields', mp(field('user[name]', 'tobi') + field('user[email]', 't@x') + field('list[]', 'x') + field('list[]', 'y') + end))
add('deep field', mp(field('a[b][c][d][e][f][g]', 'deep') + end))
add('file', mp(file('upload', 'hello.txt', 'hello world', 'text/plain') + end))
add('file without type', mp(file('upload', 'data.bin', 'bytes') + end))
add('two files one field', mp(file('docs', 'a.txt', 'A', 'text/plain') + file('docs', 'b.txt', 'BB', 'text/plain') + end))
add('nested file', mp(file('docs[readme]', 'README.md', '# hi', 'text/markdown') + field('docs[title]', 'T') + end))
add('fields and files', mp(field('title', 'x') + file('f', 'x.json', '{"a":1}', 'application/json') + field('title', 'y') + end))
add('windows path filename', mp(file('f', 'C:\\dir\\file.txt', 'w', 'text/plain') + end))
add('filename star', mp('--' + B + '\r\nContent-Disposition: form-data; name="f"; filename*=utf-8\'\'%E6%97%A5%20x.txt\r\n\r\nu\r\n' + end))
add('filename escapes', mp(file('f', 'a%22b&#0065;.txt', 'e', 'text/plain') + end))
add('empty filename', mp(file('f', '', '', 'application/octet-stream') + end))
add('empty file', mp(file('f', 'empty.txt', '', 'text/plain') + end))
add('binary file', mp(file('f', 'b.bin', '\x00\x01\xff\r\n--XyZ\r\n', 'application/octet-stream') + end))
add('crlf in value', mp(field('t', 'line1\r\nline2\r\n\r\n') + end))
add('base64 part', mp(file('f', 'b64.txt', 'aGVsbG8gYmFzZTY0', 'text/plain', 'Content-Transfer-Encoding: base64\r\n') + end))
add('7bit field', mp(field('a', 'seven', 'Content-Transfer-Encoding: 7BIT\r\n') + end))
add('unknown transfer-encoding', mp(field('a', 'q', 'Content-Transfer-Encoding: quoted-printable\r\n') + end))
add('extra part headers', mp(file('f', 'h.txt', 'h', 'text/plain', 'X-Custom: yes\r\nContent-ID: <1>\r\n') + end))
add('missing boundary', mp(field('a', '1') + end, 'multipart/form-data'))
add('quoted boundary', mp(field('a', '1') + end, 'multipart/form-data; charset=utf-8; boundary="' + B + '"'))
add('boundary case', mp(field('a', '1') + end, 'multipart/form-data; BOUNDARY=' + B))
add('multipart mixed', mp(field('a', '1') + end, 'multipart/mixed; boundary=' + B))
add('multipart related', mp(field('a', '1') + end, 'multipart/related; boundary=' + B))
add('truncated boundary', mp('------FormBoundar'))
add('truncated in part', mp(field('a', '1') + '--' + B + '\r\nContent-Disposition: form-data; name="f"; filename="t.txt"\r\n\r\npartial'))
add('no close delimiter', mp(field('a', '1') + '--' + B))
add('no final dashes', mp(field('a', '1') + '--' + B + '\r\n'))
add('empty field name', mp(field('', 'anon') + end))
add('no name', mp('--' + B + '\r\nContent-Disposition: form-data\r\n\r\nnoname\r\n' + end))
add('no headers part', mp('--' + B + '\r\n\r\nbare\r\n' + end))
add('preamble and epilogue', mp('preamble text\r\n' + field('a', '1') + end + 'epilogue'))
add('empty form', mp('--' + B + '--\r\n'))
add('empty body', mp(''))
add('bad header char', mp('--' + B + '\r\nContent Disposition: form-data; name="a"\r\n\r\n1\r\n' + end))
add('empty header name', mp('--' + B + '\r\n: x\r\n\r\n1\r\n' + end))
add('header without space', mp('--' + B + '\r\nContent-Disposition:form-data; name="a"\r\n\r\n1\r\n' + end))
add('invalid utf8 value', mp(field('a', 'caf\xe9 \xe2\x82 ok \xe2\x82\xac') + end))
add('utf8 name', mp(field('\xc3\xa9t\xc3\xa9', '\xe6\x97\xa5') + end))
add('proto field', mp(field('__proto__[x]', '1') + field('constructor', 'c') + end))
add('false lead in data', mp(field('a', 'x\r\n--XyZ y\r\n--XyZzYz') + end))
add('many repeated fields', mp(Array.from({ length: 25 }, (_, i) => field('r', String(i))).join('') + end))
add('indexed fields', mp(field('a[1]', 'one') + field('a[0]', 'zero') + field('b[25]', 'far') + end))
add('many files one field', mp(Array.from({ length: 22 }, (_, i) => file('f', i + '.txt', String(i), 'text/plain')).join('') + end))
add('file then bad part', mp(file('f', 'ok.txt', 'kept?', 'text/plain') + '--' + B + '\r\nBad Header: x\r\n\r\nz\r\n' + end))
add('second disposition', mp('--' + B + '\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Disposition: form-data; name="g"\r\n\r\nv\r\n' + end))
add('json', post('application/json', '{"a":{"b":[1,2]},"c":"d"}'))
add('json vendor type', post('application/vnd.api+json', '{"v":true}'))
add('json invalid', post('application/json', '{"a":'))
add('json not object', post('application/json', '"str"'))
add('urlencoded', post('application/x-www-form-urlencoded', 'a=1&b[c]=2&d[]=3&d[]=4'))
add('urlencoded deep', post('application/x-www-form-urlencoded', 'a[b][c][d][e][f][g]=1'))
add('urlencoded array limit', post('application/x-www-form-urlencoded', 'a[21]=x&b[20]=y&c[19]=z'))
add('text plain', post('text/plain', 'hello'))
add('get', 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
add('post without body', 'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n')
add('limits ok', mp(field('a', 'short') + file('f', 'x.txt', 'tiny', 'text/plain') + end), 'limits')
add('limits max fields', mp(field('a', '1') + field('b', '2') + field('c', '3') + field('d', '4') + end), 'limits')
add('limits max fields size', mp(field('a', '0123456789') + field('b', '01234567890') + end), 'limits')
add('limits max files size', mp(file('f', 'a.txt', '0123456', 'text/plain') + file('g', 'b.txt', '01234', 'text/plain') + end), 'limits')
add('limits content-length', mp(field('a', 'x'.repeat(1100)) + end), 'limits')
add('limits json', post('application/json', '{"a":"' + 'x'.repeat(1100) + '"}'), 'limits')
add('hash', mp(file('f', 'h.txt', 'hash me', 'text/plain') + end), 'hash')
add('hash empty', mp(file('f', 'e.txt', '', 'text/plain') + end), 'hash')
record(apps, cases, path.join(__dirname, 'golden.json')).then(() => fs.rmSync(uploadDir, { recursive: true, force: true }))
