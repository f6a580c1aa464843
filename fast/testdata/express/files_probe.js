// Records what Express 4.22.3 (serve-static 1.16.3, send 0.19.2) answers
// for file requests, as testdata for fast/files_diff_test.go. Regenerate
// from fast/testdata/express with:
//
//   NODE_PATH=/work/ref/node_modules node files_probe.js > files.jsonl
//
// The fixtures (../fixtures, plus the "snow ☃" directory) are copied into
// a temporary directory with every modification time pinned to MTIME, so
// that ETag and Last-Modified are reproducible. Each line is one request:
// status, reason, headers in order (Date and connection headers left out)
// and body; the app runs in production (no stacks in error pages).
'use strict'
const express = require('express')
const fs = require('fs')
const net = require('net')
const os = require('os')
const path = require('path')

const MTIME = 1704164645123 // 2024-01-02T03:04:05.123Z

function copyFixtures () {
  const src = path.join(__dirname, '..', 'fixtures')
  const dst = fs.mkdtempSync(path.join(os.tmpdir(), 'files-probe-'))
  const walk = (from, to) => {
    fs.mkdirSync(to, { recursive: true })
    for (const e of fs.readdirSync(from, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(from, e.name), path.join(to, e.name))
      else fs.writeFileSync(path.join(to, e.name), fs.readFileSync(path.join(from, e.name)))
    }
  }
  walk(src, dst)
  fs.mkdirSync(path.join(dst, 'snow ☃'))
  const big = Buffer.alloc(100000)
  for (let i = 0; i < big.length; i++) big[i] = 97 + (i * 7) % 26
  fs.writeFileSync(path.join(dst, 'big.txt'), big)
  const pin = (p) => {
    for (const e of fs.readdirSync(p, { withFileTypes: true })) {
      if (e.isDirectory()) pin(path.join(p, e.name))
      fs.utimesSync(path.join(p, e.name), MTIME / 1000, MTIME / 1000)
    }
  }
  pin(dst)
  fs.utimesSync(dst, MTIME / 1000, MTIME / 1000)
  return dst
}

// The routes; files_diff_test.go builds the same ones in Go.
function build (root) {
  const app = express()
  app.use('/s', express.static(root))
  app.use('/strict', express.static(root, { fallthrough: false }))
  app.use('/opts', express.static(root, { extensions: ['html', 'txt'], maxAge: '1d', immutable: true, dotfiles: 'allow' }))
  app.use('/plain', express.static(root, { etag: false, lastModified: false, acceptRanges: false, cacheControl: false, index: false, redirect: false, fallthrough: false }))
  app.use('/deny', express.static(root, { dotfiles: 'deny', fallthrough: false }))
  app.use('/hdrs', express.static(root, { setHeaders: (res, p) => res.setHeader('X-File', path.basename(p)) }))
  app.get('/sf/*', (req, res) => res.sendFile(req.params[0], { root }))
  app.get('/sfh/*', (req, res) => res.sendFile(req.params[0], { root, headers: { 'X-A': '1', 'Cache-Control': 'no-store' }, maxAge: 5000 }))
  app.get('/sfcb/*', (req, res) => res.sendFile(req.params[0], { root }, (err) => {
    if (err) res.status(299).send('cb ' + err.status + ' ' + (err.code || err.name))
  }))
  app.get('/dl/*', (req, res) => res.download(req.params[0], { root }))
  app.get('/dln/*', (req, res) => res.download(req.params[0], 'naïve résumé €.txt', { root }))
  app.get('/pre', (req, res, next) => { res.status(201); res.set('Content-Type', 'text/x-pre'); next() }, express.static(root))
  app.set('env', 'production')
  app.use((req, res) => res.status(404).send('fell through'))
  return app
}

const H = (...kv) => kv
const requests = [
  ['GET', '/s/todo.txt'], ['HEAD', '/s/todo.txt'], ['GET', '/s/nums.txt', H('Range', 'bytes=2-5')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=-3')], ['GET', '/s/nums.txt', H('Range', 'bytes=3-')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=2-50')], ['GET', '/s/nums.txt', H('Range', 'bytes=9-50')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=0-1,3-4')], ['GET', '/s/nums.txt', H('Range', 'bytes=0-1,1-4')],
  ['GET', '/s/nums.txt', H('Range', 'asdf')], ['GET', '/s/nums.txt', H('Range', 'items=0-1')],
  ['GET', '/s/nums.txt', H('Range', ' bytes=1-2')], ['HEAD', '/s/nums.txt', H('Range', 'bytes=1-2')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=1-2', 'If-Range', 'W/"9-18cc820d903"')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=1-2', 'If-Range', '"nope"')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=1-2', 'If-Range', 'Tue, 02 Jan 2024 03:04:05 GMT')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=1-2', 'If-Range', 'Mon, 01 Jan 2024 00:00:00 GMT')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=20-30', 'If-Range', '"nope"')],
  ['GET', '/s/empty.txt'], ['GET', '/s/empty.txt', H('Range', 'bytes=0-0')],
  ['GET', '/s/todo.txt', H('If-None-Match', 'W/"b-18cc820d903"')],
  ['GET', '/s/todo.txt', H('If-None-Match', '"b-18cc820d903"')],
  ['GET', '/s/todo.txt', H('If-None-Match', 'W/"x", W/"b-18cc820d903"')],
  ['GET', '/s/todo.txt', H('If-None-Match', '*')],
  ['GET', '/s/todo.txt', H('If-None-Match', 'W/"b-18cc820d903"', 'Cache-Control', 'no-cache')],
  ['GET', '/s/todo.txt', H('If-Modified-Since', 'Tue, 02 Jan 2024 03:04:05 GMT')],
  ['GET', '/s/todo.txt', H('If-Modified-Since', 'Tue, 02 Jan 2024 03:04:04 GMT')],
  ['GET', '/s/todo.txt', H('If-Match', '"foo"')], ['GET', '/s/todo.txt', H('If-Match', '*')],
  ['GET', '/s/todo.txt', H('If-Match', 'W/"b-18cc820d903"')], ['GET', '/s/todo.txt', H('If-Match', '"b-18cc820d903"')],
  ['GET', '/s/todo.txt', H('If-Unmodified-Since', 'Tue, 02 Jan 2024 03:04:05 GMT')],
  ['GET', '/s/todo.txt', H('If-Unmodified-Since', 'Mon, 01 Jan 2024 00:00:00 GMT')],
  ['GET', '/s/todo.txt', H('If-Unmodified-Since', 'garbage')],
  ['POST', '/s/todo.txt'], ['OPTIONS', '/strict/todo.txt'], ['DELETE', '/strict/todo.txt'],
  ['GET', '/s/users'], ['GET', '/s/users?a=1&b=%20'], ['GET', '/s/users/'], ['GET', '/s//users'],
  ['GET', '/s/snow%20%E2%98%83'], ['GET', '/s'], ['GET', '/s?x=1'], ['GET', '/s/'], ['HEAD', '/s/users'],
  ['GET', '/s/pets/'], ['GET', '/s/missing'], ['GET', '/s/.name'], ['GET', '/s/%'], ['GET', '/s/%00'],
  ['GET', '/s/users/../todo.txt'], ['GET', '/s/users/../../todo.txt'], ['GET', '/s/%25%20of%20dogs.txt'],
  ['GET', '/strict/missing'], ['GET', '/strict/.name'], ['GET', '/strict/%'], ['GET', '/strict/a%00'],
  ['GET', '/strict/users/../../x'], ['GET', '/strict/pets/'], ['GET', '/strict/pets'], ['GET', '/strict/todo.txt/'],
  ['GET', '/strict/todo.txt/x'], ['GET', '/strict/nums.txt', H('Range', 'bytes=9-')],
  ['GET', '/strict/nums.txt', H('If-Match', '"x"')],
  ['GET', '/opts/todo'], ['GET', '/opts/user'], ['GET', '/opts/bob'], ['GET', '/opts/.name'], ['GET', '/opts/blog/'],
  ['GET', '/plain/todo.txt'], ['GET', '/plain/nums.txt', H('Range', 'bytes=1-2')], ['GET', '/plain/users/'],
  ['GET', '/plain/users'], ['GET', '/plain/todo.txt', H('If-Match', '"x"')],
  ['GET', '/deny/.name'], ['GET', '/deny/todo.txt'],
  ['GET', '/hdrs/todo.txt'], ['GET', '/hdrs/users/'], ['GET', '/hdrs/missing'],
  ['GET', '/s/big.txt'], ['GET', '/s/big.txt', H('Range', 'bytes=99990-')], ['HEAD', '/s/big.txt'],
  ['GET', '/s/big.txt', H('If-None-Match', 'W/"186a0-18cc820d903"')],
  ['GET', '/sf/name.txt'], ['GET', '/sf/missing.txt'], ['GET', '/sf/blog'], ['GET', '/sf/blog/'],
  ['GET', '/sf/.name'], ['GET', '/sf/users/tobi.txt', H('Range', 'bytes=1-')], ['HEAD', '/sf/name.txt'],
  ['GET', '/sfh/user.html'], ['GET', '/sfh/missing'],
  ['GET', '/sfcb/name.txt'], ['GET', '/sfcb/missing'], ['GET', '/sfcb/blog'], ['GET', '/sfcb/.name'],
  ['GET', '/sfcb/nums.txt', H('Range', 'bytes=30-')],
  ['GET', '/dl/user.html'], ['GET', '/dl/missing'], ['GET', '/dln/name.txt'],
  ['GET', '/pre'], ['GET', '/pre', H('If-None-Match', 'W/"b-18cc820d903"')],
  ['GET', 'http://example.com/s/users?x=1'], ['GET', 'http://Example.COM/s/todo.txt'], ['GET', '/s/users#frag'],
  ['GET', '/s/users?q=1#frag'], ['GET', '/s/todo.txt', H('If-None-Match', 'W/"x"', 'If-None-Match', 'W/"b-18cc820d903"')],
  ['GET', '/s/nums.txt', H('Range', 'bytes=0-1', 'Range', 'bytes=3-4')], ['GET', '/s/users%2Ftobi.txt'],
  ['GET', '/s/%2e%2e/todo.txt'], ['GET', '/strict/..%5ctodo.txt'], ['GET', '/strict/a%5c..%5ctodo.txt'],
  ['GET', '/sf/%2e%2e/x'], ['GET', '/sf/a%5c..%5cname.txt'], ['GET', '/s/big.txt', H('Range', 'bytes=0-99999')],
  ['GET', '/s/big.txt', H('Range', 'bytes=50000-50009')], ['GET', '/strict/users/tobi.txt/'],
  ['GET', '/s/todo.txt', H('If-Modified-Since', 'Tue, 02 Jan 2024 03:04:05 GMT', 'If-None-Match', 'W/"x"')],
  ['GET', '/s/todo.txt', H('If-Match', '"x"', 'If-None-Match', 'W/"b-18cc820d903"')]
]

function fetch (port, method, target, headers) {
  return new Promise((resolve) => {
    let h = ''
    for (let i = 0; i < headers.length; i += 2) h += headers[i] + ': ' + headers[i + 1] + '\r\n'
    const c = net.connect(port, '127.0.0.1', () =>
      c.write(method + ' ' + target + ' HTTP/1.1\r\nHost: example.com\r\n' + h + 'Connection: close\r\n\r\n'))
    const chunks = []
    c.on('data', (x) => chunks.push(x))
    c.on('close', () => resolve(Buffer.concat(chunks)))
  })
}

async function run () {
  process.env.NODE_ENV = 'production'
  console.error = () => {} // finalhandler's error log
  const root = copyFixtures()
  const server = build(root).listen(0)
  await new Promise((resolve) => server.on('listening', resolve))
  for (const [method, target, headers = []] of requests) {
    const raw = await fetch(server.address().port, method, target, headers)
    const i = raw.indexOf('\r\n\r\n')
    const lines = raw.slice(0, i).toString('latin1').split('\r\n')
    const m = /^HTTP\/1\.1 (\d+) ?(.*)$/.exec(lines[0])
    const hs = lines.slice(1)
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])
      .filter(([k]) => !/^(date|connection|keep-alive)$/i.test(k))
    const body = raw.slice(i + 4).toString('latin1')
    console.log(JSON.stringify({ method, target, headers, status: +m[1], reason: m[2], response: hs, body }))
  }
  server.close()
  fs.rmSync(root, { recursive: true })
}

run()
