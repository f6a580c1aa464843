// Records what Express 4.22.3 answers for the res.* routes below, as
// testdata for fast/response_probe_test.go, which builds the same routes in
// Go. Regenerate with:
//
//   NODE_PATH=/work/ref/node_modules node response_probe.js > response.jsonl
//
// The app runs in production, so that error pages carry no JavaScript
// stack. Each line is one request: status, reason, headers in order (Date
// and connection headers left out), body, and whether the server closed
// the connection.
'use strict'
const express = require('express')
const cookieParser = require('cookie-parser')
const net = require('net')

function build () {
  const app = express()
  app.set('env', 'production')
  const r = (path, fn) => app.all(path, fn)

  r('/send/null', (req, res) => res.send(null))
  r('/send/undefined', (req, res) => res.send())
  r('/send/true', (req, res) => res.send(true))
  r('/send/number', (req, res) => res.send(200, 1.5))
  r('/send/status', (req, res) => res.send(404))
  r('/send/unknown-status', (req, res) => res.send(599))
  r('/send/buffer-typed', (req, res) => res.type('html').send(Buffer.from('<b>x</b>')))
  r('/send/string-json', (req, res) => res.type('json').send('{"a":1}'))
  r('/send/twice', (req, res) => { res.send('a'); res.send('b') })
  r('/send/set-after', (req, res) => { res.end(); res.set('X-After', '1') })
  r('/send/status-99', (req, res) => res.status(99).send('x'))
  r('/send/empty', (req, res) => res.send(''))
  r('/send/205', (req, res) => res.status(205).send('foo'))
  r('/send/modified', (req, res) => res.set('Last-Modified', 'Tue, 02 Jan 2024 03:04:05 GMT').send('dated'))
  r('/send/unicode', (req, res) => res.send('caf\u00e9 \u2603'))
  r('/end/data', (req, res) => res.end('hello'))
  r('/end/none', (req, res) => res.end())
  r('/status/1000', (req, res) => res.status(1000).end())
  r('/status/404-then-throw', (req, res) => { res.status(404); res.set('X Y', 'a') })
  r('/sendstatus/:code', (req, res) => res.sendStatus(Number(req.params.code)))

  r('/set/bad-name', (req, res) => { res.set('X Y', 'a'); res.end() })
  r('/set/bad-value', (req, res) => { res.set('X', 'a\nb'); res.end() })
  r('/set/type-array', (req, res) => { res.set('Content-Type', ['text/html']); res.set('X-After', '1'); res.end() })
  r('/set/multi', (req, res) => { res.set('X-Multi', ['a', 'b']); res.end() })
  r('/set/text-type', (req, res) => res.set('Content-Type', 'text/x-foo').end())
  r('/set/js-type', (req, res) => res.set('Content-Type', 'application/javascript').end())
  r('/append/type', (req, res) => { res.set('Content-Type', 'text/plain'); res.append('Content-Type', 'text/html'); res.end() })
  r('/append/list', (req, res) => { res.append('X-L', 'a'); res.append('X-L', ['b', 'c']); res.end() })
  r('/type/:t', (req, res) => res.type(req.params.t).end())
  r('/attach/:name', (req, res) => res.attachment(req.params.name).send('x'))
  r('/attach', (req, res) => res.attachment().end())
  r('/vary/list', (req, res) => { res.vary('Accept, Accept-Encoding'); res.vary('accept'); res.end() })
  r('/vary/array', (req, res) => { res.vary(['Origin', 'Accept']); res.end() })
  r('/vary/star', (req, res) => { res.vary('Accept'); res.vary('*'); res.end() })
  r('/vary/bad', (req, res) => { res.vary('a b'); res.end() })
  r('/links', (req, res) => { res.set('Link', '<a>; rel="x"'); res.links({ next: '/n?a=1,2', last: '/l' }); res.end() })

  r('/location/back', (req, res) => res.location('back').end())
  r('/location/encode', (req, res) => res.location('https://x.com/\u00e4 b?c=<d>&e=%zz#f').end())
  r('/redirect/back', (req, res) => res.redirect('back'))
  r('/redirect/399', (req, res) => res.redirect(399, '/x'))
  r('/redirect/escape', (req, res) => res.redirect('/<a>&\'"'))
  r('/redirect/301', (req, res) => res.redirect(301, '/new'))

  r('/cookie/all', (req, res) => res.cookie('a', 'b c', { domain: 'example.com', path: '/p', secure: true, httpOnly: true, sameSite: 'lax', priority: 'high', partitioned: true, expires: new Date(Date.UTC(2030, 0, 1)) }).end())
  r('/cookie/samesite-true', (req, res) => res.cookie('a', 'b', { sameSite: true }).end())
  r('/cookie/samesite-none', (req, res) => res.cookie('a', 'b', { sameSite: 'None', secure: true }).end())
  r('/cookie/encode', (req, res) => res.cookie('a', 'b=c', { encode: String }).end())
  r('/cookie/json-array', (req, res) => res.cookie('a', [1, 'x', { y: null }]).end())
  r('/cookie/null', (req, res) => res.cookie('a', null).end())
  r('/cookie/number', (req, res) => res.cookie('n', 1.5).end())
  r('/cookie/unicode', (req, res) => res.cookie('u', '\u00e9\u2603 ;').end())
  r('/cookie/bad-name', (req, res) => res.cookie('a b', 'x').end())
  r('/cookie/bad-path', (req, res) => res.cookie('a', 'x', { path: '/a;b' }).end())
  r('/cookie/bad-domain', (req, res) => res.cookie('a', 'x', { domain: 'a b' }).end())
  r('/cookie/bad-samesite', (req, res) => res.cookie('a', 'x', { sameSite: 'foo' }).end())
  r('/cookie/bad-encode', (req, res) => res.cookie('a', 'x', { encode: () => 'a;b' }).end())
  r('/cookie/dup', (req, res) => { res.cookie('a', '1'); res.cookie('a', '2', { path: '/x' }); res.append('Set-Cookie', 'a=3'); res.end() })
  r('/cookie/clear', (req, res) => res.clearCookie('sid', { domain: 'example.com', path: '/admin', secure: true }).end())
  app.use('/signed', cookieParser('s3cret'))
  r('/signed/cookie', (req, res) => res.cookie('s', { a: 1 }, { signed: true, httpOnly: true }).end())

  r('/json/object', (req, res) => res.json({ id: 42, name: 'Tobi', email: 'tobi@example.com', admin: true, score: 9.5, tags: ['a', 'b'] }))
  r('/json/undefined', (req, res) => res.json(undefined))
  r('/json/typed', (req, res) => res.type('application/problem+json; charset=latin1').status(400).json({ title: 'bad' }))
  r('/json/date', (req, res) => res.json({ when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)) }))
  r('/json/strings', (req, res) => res.json(['\u2028\u2029<>&', '\u0000\u001f\u007f', 'é日本🎉']))
  r('/jsonp', (req, res) => res.jsonp({ a: '\u2028' }))
  r('/jsonp/undefined', (req, res) => res.jsonp(undefined))
  r('/jsonp/typed', (req, res) => res.type('text/plain').jsonp([1]))

  const settings = express()
  settings.set('json spaces', 2)
  settings.enable('json escape')
  settings.set('jsonp callback name', 'cb')
  settings.set('json replacer', ['b', 'list', 'x'])
  settings.all('/json', (req, res) => res.json({ a: 1, b: '<&>', list: [{ x: 1, y: 2 }, []] }))
  settings.all('/jsonp', (req, res) => res.jsonp({ b: '\u2028' }))
  app.use('/settings', settings)

  const accepts = (req, res) => res.format({
    text: () => res.send('t'),
    'application/json; q=0.5': () => res.send({ j: 1 }),
    html: () => res.send('<p>h</p>')
  })
  r('/format', accepts)
  r('/format/default', (req, res) => res.format({ json: () => res.send('j'), default: () => res.status(299).send('d') }))
  return app
}

const cases = []
const add = (target, headers, method) => cases.push({ method: method || 'GET', target, headers: headers || [] })
for (const t of ['/send/null', '/send/undefined', '/send/true', '/send/number', '/send/status', '/send/unknown-status',
  '/send/buffer-typed', '/send/string-json', '/send/twice', '/send/set-after', '/send/status-99', '/send/empty',
  '/send/205', '/send/modified', '/send/unicode', '/end/data', '/end/none', '/status/1000', '/status/404-then-throw',
  '/sendstatus/418', '/sendstatus/599', '/sendstatus/304', '/sendstatus/204', '/set/bad-name', '/set/bad-value',
  '/set/type-array', '/set/multi', '/set/text-type', '/set/js-type', '/append/type', '/append/list',
  '/type/json', '/type/.html', '/type/png', '/type/rawr', '/type/text%2Fx-foo', '/type/foo.tar.gz', '/type/JSON',
  '/type/', '/attach/foo', '/attach/.bashrc', '/attach/r%C3%A9sum%C3%A9.pdf', '/attach/a%22b.txt', '/attach/%E6%97%A5.txt',
  '/attach/dir%2Ffile.json', '/attach/100%25.txt', '/attach', '/vary/list', '/vary/array', '/vary/star', '/vary/bad',
  '/links', '/location/back', '/location/encode', '/redirect/back', '/redirect/399', '/redirect/escape',
  '/cookie/all', '/cookie/samesite-true', '/cookie/samesite-none', '/cookie/encode', '/cookie/json-array',
  '/cookie/null', '/cookie/number', '/cookie/unicode', '/cookie/bad-name', '/cookie/bad-path', '/cookie/bad-domain',
  '/cookie/bad-samesite', '/cookie/bad-encode', '/cookie/dup', '/cookie/clear', '/signed/cookie',
  '/json/object', '/json/undefined', '/json/typed', '/json/date', '/json/strings', '/jsonp', '/jsonp?callback=a.b[0]$_',
  '/jsonp?callback=', '/jsonp?callback=;;', '/jsonp?callback[]=x&callback[]=y', '/jsonp?callback[a]=x', '/jsonp/undefined?callback=f',
  '/jsonp/typed', '/jsonp/typed?callback=f', '/settings/json', '/settings/jsonp?cb=f', '/settings/jsonp?callback=f',
  '/format', '/format/default']) {
  add(t)
}
for (const t of ['/send/null', '/send/undefined', '/send/empty', '/send/205', '/end/data', '/end/none', '/json/undefined',
  '/redirect/301', '/sendstatus/418']) {
  add(t, [], 'HEAD')
}
add('/send/modified', [['If-Modified-Since', 'Tue, 02 Jan 2024 03:04:05 GMT']])
add('/send/modified', [['If-Modified-Since', 'Tue, 02 Jan 2024 03:04:05 GMT']], 'HEAD')
add('/send/empty', [['If-None-Match', 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"']])
add('/send/empty', [['If-None-Match', 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"'], ['Cache-Control', 'no-cache']])
add('/send/empty', [['If-None-Match', 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"']], 'POST')
add('/location/back', [['Referer', '/from?a=ä b']])
add('/redirect/back', [['Referrer', 'http://evil.example/\u00e9'], ['Accept', 'text/html']])
add('/redirect/back', [['Accept', 'text/html']], 'HEAD')
for (const a of ['*/*', 'text/html', 'application/json', 'text/html;q=0.5, text/plain;q=0.5', 'image/png']) {
  add('/redirect/escape', [['Accept', a]])
  add('/redirect/399', [['Accept', a]])
  add('/format', [['Accept', a]])
  add('/format/default', [['Accept', a]])
}
add('/format', [['Accept', 'text/html'], ['Accept', 'application/json']])

function request (port, c) {
  return new Promise((resolve) => {
    let raw = c.method + ' ' + c.target + ' HTTP/1.1\r\nHost: example.com\r\n'
    for (const [k, v] of c.headers) raw += k + ': ' + v + '\r\n'
    raw += 'Connection: close\r\n\r\n'
    const sock = net.connect(port, '127.0.0.1', () => sock.write(Buffer.from(raw, 'latin1')))
    const chunks = []
    sock.on('data', (d) => chunks.push(d))
    sock.on('error', () => {})
    sock.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
  })
}

async function main () {
  const server = build().listen(0)
  await new Promise((resolve) => server.on('listening', resolve))
  const port = server.address().port
  for (const c of cases) {
    const raw = await request(port, c)
    const end = raw.indexOf('\r\n\r\n')
    const lines = raw.slice(0, end).split('\r\n')
    const m = /^HTTP\/1\.1 (\d+) ?(.*)$/.exec(lines[0])
    const headers = []
    let keepAlive = false
    for (const l of lines.slice(1)) {
      const i = l.indexOf(':')
      const k = l.slice(0, i)
      const v = l.slice(i + 1).trim()
      if (/^(date|connection|keep-alive)$/i.test(k)) {
        if (/^connection$/i.test(k) && v === 'keep-alive') keepAlive = true
        continue
      }
      headers.push([k, v])
    }
    console.log(JSON.stringify({ method: c.method, target: c.target, reqHeaders: c.headers, status: Number(m[1]), reason: m[2], headers, body: raw.slice(end + 4), keepAlive }))
  }
  server.close()
}
main()
