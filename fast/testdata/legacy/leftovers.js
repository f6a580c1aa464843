// leftovers.js records what Express 3.21.2 answers for the 3.x forms that
// probe.js does not cover: the body-first res.send(body, status),
// res.json(obj, status) and res.jsonp(obj, status); req.is(type); the
// automatic OPTIONS answer of app.router; req.route. The Go test
// (fast/legacy_leftovers_test.go) builds the same app with
// fast.NewLegacy3() and replays the requests:
//
//   cd /work/ref/probes && npm install express3@npm:express@3.21.2
//   D=fast/testdata/legacy
//   NODE_PATH=/work/ref/node_modules NODE_ENV=development node $D/leftovers.js > $D/leftovers.jsonl
//
// The lines are those of probe.js: the first is app.routes of the app as
// JSON, then one request a line (status, reason, headers in order without
// Date and connection headers, body one character per byte).
'use strict'
const express = require('express3')
const { routesJSON, recordAll } = require('./exchange')

console.error = () => {}
process.removeAllListeners('warning')

// route answers what Express 3 puts in req.route, as JSON, and its method
// in a header (for HEAD).
function route (req, res) {
  const r = req.route
  res.set('X-Route-Method', r.method)
  res.json({
    path: String(r.path),
    method: r.method,
    callbacks: r.callbacks.length,
    keys: r.keys,
    regexp: String(r.regexp),
    params: Object.keys(r.params).map((k) => [k, r.params[k] === undefined ? null : r.params[k]]),
    same: r.params === req.params
  })
}

function build () {
  const app = express()
  const r = (p, fn) => app.get(p, fn)

  // 1. body-first forms (and the status-first ones they are confused with)
  r('/send/body-status', (req, res) => res.send('nope', 404))
  r('/send/object-status', (req, res) => res.send({ a: 1 }, 201))
  r('/send/buffer-status', (req, res) => res.send(Buffer.from('hi'), 500))
  r('/send/null-status', (req, res) => res.send(null, 201))
  r('/send/bool-status', (req, res) => res.send(true, 201))
  r('/send/number-status', (req, res) => res.send(5, 201))
  r('/send/array-status', (req, res) => res.send([1, 'a'], 202))
  r('/send/empty-status', (req, res) => res.send('', 404))
  r('/send/status-304', (req, res) => res.send('x', 304))
  r('/json/obj-status', (req, res) => res.json({ a: 1 }, 201))
  r('/json/number-status', (req, res) => res.json(5, 201))
  r('/json/string-status', (req, res) => res.json('x', 404))
  r('/json/null-status', (req, res) => res.json(null, 500))
  r('/json/status-number', (req, res) => res.json(201, 5))
  r('/jsonp/obj-status', (req, res) => res.jsonp({ a: 1 }, 201))
  r('/jsonp/number-status', (req, res) => res.jsonp(5, 202))

  // 2. req.is
  const types = ['html', 'text/html', 'text/*', 'json', 'application/json', 'application/*', '*/json',
    '*/*', 'text', 'JSON', 'foo', 'bin', 'urlencoded', 'multipart/*', 'json-patch', 'json+json', 'html; charset=utf-8']
  r('/is', (req, res) => res.json(types.map((t) => [t, req.is(t)])))

  // 3. the automatic OPTIONS answer
  const one = express()
  one.get('/x', (req, res) => res.send('x'))
  one.post('/x', (req, res) => res.send('x'))
  one.put('/x/:id', (req, res) => res.send('x'))
  one.patch('/x/:id?', (req, res) => res.send('x'))
  one['m-search']('/x', (req, res) => res.send('x'))
  one.del('/x', (req, res) => res.send('x'))
  one.get('/nohead', (req, res) => res.send('x'))
  one.options('/custom', (req, res) => res.send('custom'))
  one.get('/custom', (req, res) => res.send('x'))
  one.options('/pass', (req, res, next) => next())
  one.get('/pass', (req, res) => res.send('x'))
  one.options('/only', (req, res, next) => next())
  one.post('/err', (req, res, next) => next(new Error('boom')))
  one.options('/err', (req, res, next) => next(new Error('boom')))
  app.use('/one', one)

  const two = express()
  two.all('/all', (req, res, next) => next())
  two.get('/get', (req, res) => res.send('x'))
  two.head('/head', (req, res) => res.send('x'))
  app.use('/two', two)

  const three = express()
  three.head('/h', (req, res) => res.send('x'))
  three.get('/g', (req, res) => res.send('x'))
  three.get('/g/:id', (req, res) => res.send('x'))
  app.use('/three', three)

  const strict = express()
  strict.set('strict routing', true)
  strict.set('case sensitive routing', true)
  strict.get('/s/', (req, res) => res.send('x'))
  strict.post('/S', (req, res) => res.send('x'))
  app.use('/strict', strict)

  // 4. req.route
  app.get('/route/:id/:op?', (req, res, next) => next(), route)
  app.all('/route-all', route)
  app.get(/^\/route-re\/(\d+)(?:\/(x))?$/, route)
  app.get('/route-star/*', route)
  app.get('/route-format.:format?', route)
  app.post('/route-two/:a', (req, res, next) => next())
  app.post('/route-two/:b', route)
  app.get('/route-enc/:name', route)
  app.get('/route-after', (req, res, next) => next())
  // after app.router: req.route is undefined once the router passed on
  app.use((req, res, next) => {
    if (req.path !== '/route-after') return next()
    res.send('after ' + (req.route === undefined ? 'undefined' : req.route.path))
  })
  return app
}

const cases = []
const add = (target, headers, method) => cases.push({ method: method || 'GET', target, headers: headers || [] })
for (const t of ['/send/body-status', '/send/object-status', '/send/buffer-status', '/send/null-status',
  '/send/bool-status', '/send/number-status', '/send/array-status', '/send/empty-status', '/send/status-304',
  '/json/obj-status', '/json/number-status', '/json/string-status', '/json/null-status', '/json/status-number',
  '/jsonp/obj-status', '/jsonp/obj-status?callback=cb', '/jsonp/number-status', '/jsonp/number-status?callback=cb']) {
  add(t)
}
add('/send/body-status', [], 'HEAD')
for (const ct of [null, '', 'text/html; charset=utf-8', 'text/html', 'application/json', 'Application/JSON',
  'application/json-patch+json', 'application/octet-stream', 'text/html ;charset=x', 'application/vnd.api+json',
  'multipart/form-data; boundary=x', 'text/plain', 'text/html, application/json', 'json', '*/*',
  'application/x-www-form-urlencoded']) {
  add('/is', ct === null ? [] : [['Content-Type', ct]])
}
for (const t of ['/one/x', '/one/x/1', '/one/X', '/one/x/', '/one/x?a=1', '/one/nohead', '/one/custom', '/one/pass',
  '/one/only', '/one/err', '/one/none', '/two/all', '/two/get', '/two/head', '/three/h', '/three/g', '/three/g/1',
  '/strict/s/', '/strict/s', '/strict/S', '/strict/s%2F']) {
  add(t, [], 'OPTIONS')
}
for (const t of ['/route/1', '/route/1/edit', '/route/a%20b/c', '/route-re/7', '/route-re/7/x', '/route-star/a/b',
  '/route-format', '/route-format.json', '/route-enc/%E2%9C%93', '/route-after']) {
  add(t)
}
add('/route/1', [], 'HEAD')
add('/route-all', [], 'POST')
add('/route-all', [], 'HEAD')
add('/route-all', [], 'DELETE')
add('/route-two/9', [], 'POST')

async function main () {
  const app = build()
  const routes = routesJSON(app.routes)
  for (const verb of Object.keys(routes)) {
    if (!['get', 'post'].includes(verb)) delete routes[verb]
  }
  console.log(JSON.stringify({ routes }))
  const server = app.listen(0)
  await new Promise((resolve) => server.on('listening', resolve))
  const port = server.address().port
  await recordAll(port, cases)
  server.close()
}
main()
