// Records what Express 4.22.3's final handler (finalhandler 1.3.2) answers,
// as testdata for fast/finalhandler_test.go. Regenerate with:
//
//   NODE_PATH=/work/ref/node_modules node finalhandler_probe.js > finalhandler.jsonl
//
// Each line is one request in one environment ("development" or
// "production"): status, reason, headers in order (Date and connection
// headers left out) and body. In development the JavaScript stack after the
// first line of err.stack is cut from the body and "stack" is true: Go
// errors have no JavaScript stack (see the divergences in fast/doc.go).
'use strict'
const express = require('express')
const net = require('net')

// The routes; finalhandler_test.go builds the same ones in Go.
function build () {
  const app = express()
  const err = (msg, props) => Object.assign(new Error(msg), props || {})
  app.get('/boom', (req, res, next) => next(err('boom')))
  app.get('/script', (req, res, next) => next(err('<script>alert(1)</script>')))
  app.get('/teapot', (req, res, next) => next(err('short and stout', { status: 418 })))
  app.get('/statuscode', (req, res, next) => next(err('gone', { statusCode: 410 })))
  app.get('/badstatus', (req, res, next) => next(err('bad', { status: 200 })))
  app.get('/resstatus', (req, res, next) => { res.status(403); next(err('forbidden')) })
  app.get('/resstatus-ok', (req, res, next) => { res.status(201); next(err('created?')) })
  app.get('/headers', (req, res, next) => next(err('auth', { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="x"' } })))
  app.get('/headers-nostatus', (req, res, next) => next(err('auth', { headers: { 'X-Ignored': '1' } })))
  app.get('/content', (req, res, next) => {
    res.set('Content-Encoding', 'gzip')
    res.set('Content-Language', 'en')
    res.set('Content-Range', 'bytes 0-1/2')
    res.set('X-Kept', 'yes')
    next(err('content'))
  })
  app.get('/unknown', (req, res, next) => next(err('weird', { status: 499 })))
  app.get('/multiline', (req, res, next) => next(err('a\nb  c')))
  app.get('/sent', (req, res, next) => { res.send('done'); next(err('late')) })
  app.get('/sent404', (req, res, next) => { res.send('done'); next() })
  // finalhandler logs errors outside the test environment; keep stderr quiet.
  app.set('env', process.env.NODE_ENV)
  return app
}

const requests = [
  ['GET', '/no/such'], ['GET', '/no/such%20path?x=1'], ['GET', '/%'], ['HEAD', '/nope'],
  ['POST', '/a/%3Cb%3E'], ['GET', '/caf%C3%A9/x%20y'], ['GET', 'http://example.com/abs/path?q'],
  ['OPTIONS', '/nope'], ['GET', '/boom'], ['GET', '/script'], ['GET', '/teapot'], ['GET', '/statuscode'],
  ['GET', '/badstatus'], ['GET', '/resstatus'], ['GET', '/resstatus-ok'], ['GET', '/headers'],
  ['GET', '/headers-nostatus'], ['GET', '/content'], ['GET', '/unknown'], ['GET', '/multiline'],
  ['HEAD', '/boom'], ['GET', '/sent'], ['GET', '/sent404']
]

function fetch (port, method, target) {
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1', () =>
      c.write(method + ' ' + target + ' HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n'))
    let d = ''
    c.on('data', (x) => { d += x.toString('latin1') })
    c.on('close', () => resolve(d))
  })
}

async function run (env) {
  process.env.NODE_ENV = env
  console.error = () => {} // finalhandler's error log
  const server = build().listen(0)
  await new Promise((resolve) => server.on('listening', resolve))
  for (const [method, target] of requests) {
    const raw = await fetch(server.address().port, method, target)
    const i = raw.indexOf('\r\n\r\n')
    const lines = raw.slice(0, i).split('\r\n')
    const m = /^HTTP\/1\.1 (\d+) ?(.*)$/.exec(lines[0])
    const headers = lines.slice(1)
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])
      .filter(([k]) => !/^(date|connection|keep-alive)$/i.test(k))
    let body = Buffer.from(raw.slice(i + 4), 'latin1').toString('utf8')
    const stack = /<br> &nbsp; &nbsp;at /.test(body)
    if (stack) body = body.replace(/<br> &nbsp; &nbsp;at [\s\S]*?<\/pre>/, '</pre>')
    console.log(JSON.stringify({ env, method, target, status: +m[1], reason: m[2], headers, body, stack }))
  }
  server.close()
}

run('development').then(() => run('production'))
