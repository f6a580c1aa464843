// probe.js records what Express 3.21.2 answers for the routes below, as
// testdata for fast/legacy_probe_test.go, which builds the same app in Go
// with fast.NewLegacy3(). Express 3 reads the environment mode of its final
// handler from NODE_ENV when connect loads, so each mode is a run:
//
//   cd /work/ref/probes && npm install express3@npm:express@3.21.2
//   D=fast/testdata/legacy
//   NODE_PATH=/work/ref/node_modules NODE_ENV=development node $D/probe.js > $D/development.jsonl
//   NODE_PATH=/work/ref/node_modules NODE_ENV=production node $D/probe.js > $D/production.jsonl
//
// Each line is one request: status, reason, headers in order (Date and
// connection headers left out) and body (one character per byte); the
// first line is app.routes as JSON, with each regexp as its source text.
'use strict'
const express = require('express3')
const fs = require('fs')
const { routesJSON, recordAll } = require('./exchange')
const os = require('os')
const path = require('path')

// The file served by the sendfile routes, with a fixed mtime; the Go test
// writes the same file.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-probe-'))
fs.writeFileSync(path.join(dir, 'name.txt'), 'tobi')
fs.utimesSync(path.join(dir, 'name.txt'), new Date(1700000000000), new Date(1700000000000))
process.chdir(dir)
console.error = () => {}

function build () {
  const app = express()
  const r = (p, fn) => app.all(p, fn)

  // app.param(name, RegExp), the form of the 3.x documentation.
  app.param(function (name, fn) {
    if (fn instanceof RegExp) {
      return function (req, res, next, val) {
        let captures
        if ((captures = fn.exec(String(val)))) {
          req.params[name] = captures
          next()
        } else {
          next('route')
        }
      }
    }
  })
  app.param('uid', /^\d+$/)
  app.param('range', /^(\w+)\.\.(\w+)?$/)

  // app.use matches its path followed by '/' or '.'.
  app.use('/static', (req, res, next) => res.send('static url=' + req.url + ' original=' + req.originalUrl))

  app.get('/user/:uid', (req, res) => res.send('user ' + req.params.uid))
  app.get('/range/:range', (req, res) => res.send('from ' + req.params.range[1] + ' to ' + req.params.range[2]))
  app.get('/user/:uid', (req, res) => res.send('never'))

  r('/send/status-body', (req, res) => res.send(404, 'nope'))
  r('/send/status-number', (req, res) => res.send(201, 5))
  r('/send/status-object', (req, res) => res.send(201, { a: 1 }))
  r('/send/status-only', (req, res) => res.send(418))
  r('/send/string', (req, res) => res.send('hello'))
  r('/send/empty', (req, res) => res.send(''))
  r('/send/buffer', (req, res) => res.send(Buffer.from('hi')))
  r('/json/status', (req, res) => res.json(201, { a: [1, 2], b: 'x' }))
  r('/json/plain', (req, res) => res.json({ a: 1 }))
  r('/jsonp/status', (req, res) => res.jsonp(202, { a: 1 }))

  r('/charset/buffer', (req, res) => { res.charset = 'ISO-8859-1'; res.send(Buffer.from('hi')) })
  r('/charset/string', (req, res) => { res.charset = 'ISO-8859-1'; res.send('hi') })
  r('/charset/set', (req, res) => { res.charset = 'ISO-8859-1'; res.set('Content-Type', 'text/plain'); res.end('hi') })
  r('/charset/keep', (req, res) => { res.charset = 'ISO-8859-1'; res.set('Content-Type', 'text/plain; charset=utf-16'); res.end('hi') })
  r('/charset/json', (req, res) => { res.charset = 'ISO-8859-1'; res.json({ a: 1 }) })

  r('/req/accepted', (req, res) => res.json({
    accepted: req.accepted.map((a) => ({ value: a.value, quality: a.quality, type: a.type, subtype: a.subtype })),
    acceptedLanguages: req.acceptedLanguages,
    acceptedCharsets: req.acceptedCharsets,
    acceptsCharsetUTF8: req.acceptsCharset('utf-8'),
    acceptsCharsetLatin1: req.acceptsCharset('iso-8859-1'),
    acceptsLanguageEn: req.acceptsLanguage('en'),
    acceptsLanguageEnUS: req.acceptsLanguage('en-US'),
    host: req.host === undefined ? null : req.host
  }))

  r('/redirect/rel', (req, res) => res.redirect('admin'))
  r('/redirect/dot', (req, res) => res.redirect('./edit'))
  r('/redirect/dotdot', (req, res) => res.redirect('../list'))
  r('/redirect/abs', (req, res) => res.redirect('/login'))
  r('/redirect/url', (req, res) => res.redirect('http://example.com/a b'))
  r('/redirect/back', (req, res) => res.redirect('back'))
  r('/redirect/301', (req, res) => res.redirect(301, 'admin'))
  r('/redirect/xss', (req, res) => res.redirect('<la\'me>'))
  r('/location/rel', (req, res) => res.location('admin').end())

  r('/sendfile', (req, res) => res.sendfile('name.txt', { root: dir, maxAge: 60000 }))
  r('/sendfile/cwd', (req, res) => res.sendfile('name.txt'))
  r('/sendfile/missing', (req, res) => res.sendfile('nope.txt', { root: dir }))
  r('/sendfile/cb', (req, res) => res.sendfile('nope.txt', { root: dir }, (err) => res.send(200, 'cb ' + (err && err.status))))
  r('/download', (req, res) => res.download(path.join(dir, 'name.txt')))
  r('/download/name', (req, res) => res.download(path.join(dir, 'name.txt'), 'report.txt'))
  r('/download/cb', (req, res) => res.download(path.join(dir, 'nope.txt'), (err) => res.send('cb ' + (err && err.code))))

  r('/format', (req, res) => res.format({ text: () => res.send('t'), html: () => res.send('<p>h</p>'), json: () => res.send({ j: 1 }) }))
  r('/format/end', (req, res) => res.format({ json: () => res.end('j'), html: () => res.end('h') }))

  r('/error', (req, res, next) => next(new Error('boom')))
  r('/error/403', (req, res, next) => { const e = new Error('no <way>'); e.status = 403; next(e) })
  r('/error/status-set', (req, res, next) => { res.status(503); next(new Error('x')) })

  const blog = express()
  blog.get('/post', (req, res) => res.redirect('admin'))
  blog.get('/post/dot', (req, res) => res.redirect('./edit'))
  blog.get('/loc', (req, res) => res.location('admin').end())
  app.use('/blog', blog)
  return app
}

const cases = []
const add = (target, headers, method) => cases.push({ method: method || 'GET', target, headers: headers || [] })
for (const t of ['/static', '/static/a.css', '/static.json', '/STATIC/x', '/staticx', '/static?x=1',
  '/user/42', '/user/abc', '/range/a..z', '/range/a..', '/range/a-z',
  '/send/status-body', '/send/status-number', '/send/status-object', '/send/status-only', '/send/string',
  '/send/empty', '/send/buffer', '/json/status', '/json/plain', '/jsonp/status', '/jsonp/status?callback=cb',
  '/charset/buffer', '/charset/string', '/charset/set', '/charset/keep', '/charset/json',
  '/redirect/rel', '/redirect/dot', '/redirect/dotdot', '/redirect/abs', '/redirect/url', '/redirect/back',
  '/redirect/301', '/redirect/xss', '/location/rel', '/blog/post', '/blog/post/dot', '/blog/loc',
  '/sendfile', '/sendfile/cwd', '/sendfile/missing', '/sendfile/cb', '/download', '/download/name', '/download/cb',
  '/error', '/error/403', '/error/status-set', '/nope', '/nope?a=<b>&c=d', '/n%20o%3Cpe']) {
  add(t)
}
add('/nope', [], 'HEAD')
add('/nope', [], 'POST')
add('/error', [], 'HEAD')
add('/send/string', [['If-None-Match', 'W/"5-XUFAKrxLKna5cZ2REBfFkg"']])
add('/redirect/back', [['Referer', '/from']])
add('/redirect/rel', [['Accept', 'text/html']])
add('/redirect/rel', [['Accept', 'application/json']])
add('/redirect/xss', [['Accept', 'text/html']])
add('/redirect/url', [['Accept', 'text/html']])
add('/blog/post', [['Accept', 'text/html']])
for (const hs of [
  [],
  [['Accept', 'text/html;q=0.5, application/json, */*;q=0.1, text/plain;level=1;q=0.5'], ['Accept-Language', 'en;q=0.8, en-US, fr;q=0'], ['Accept-Charset', 'iso-8859-1;q=0.2, utf-8']],
  [['Accept', 'text/*, application/json'], ['Accept-Language', 'en-US , fr ; q = 0.5'], ['Accept-Charset', 'utf-8;q=0']],
  [['Accept', 'image/png;q=0.5,image/*;q=0.5,,bogus'], ['Accept-Language', '*'], ['Accept-Charset', 'UTF-8']],
  [['Host', 'example.com:8080']],
  [['Host', '[::1]:3000']]
]) {
  add('/req/accepted', hs)
}

for (const a of ['*/*', 'text/*, application/json', 'application/json;q=0.5, text/html;q=0.5', 'text/html;level=1']) {
  add('/format', [['Accept', a]])
  add('/format/end', [['Accept', a]])
}
add('/format')

async function main () {
  const app = build()
  const routesApp = express()
  routesApp.get('/user/:id/:op?', () => {})
  routesApp.post('/files/*', () => {}, () => {})
  routesApp.get('/file.:format', () => {})
  routesApp.del('/item/:id(\\d+)', () => {})
  routesApp.all('/any', () => {})
  routesApp.get(/^\/re(x)$/, () => {})
  console.log(JSON.stringify({ routes: routesJSON(routesApp.routes), appRoutes: Object.keys(app.routes) }))
  const server = app.listen(0)
  await new Promise((resolve) => server.on('listening', resolve))
  const port = server.address().port
  await recordAll(port, cases)
  server.close()
  fs.rmSync(dir, { recursive: true })
}
main()
