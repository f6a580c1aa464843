'use strict'
// res.send and the small response setters: Express's test/res.send.js,
// res.status.js, res.sendStatus.js, res.set.js, res.get.js, res.append.js,
// res.vary.js, res.type.js, res.links.js and res.attachment.js. The tests
// that share the default settings are routes of the main app; the "etag"
// setting variants are apps of their own.
var newApp = require('../lib').newApp
var methods = require('methods')

function sendAll (body) {
  return function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res) { res.send(body) })
    return app
  }
}

module.exports = {
  '': function (express, ctx) {
    var app = newApp(express, ctx)
    var r = function (path, fn) { app.get(path, fn) }
    // .send()
    r('/send/none', function (req, res) { res.send() })
    r('/send/null', function (req, res) { res.send(null) })
    r('/send/undefined', function (req, res) { res.send(undefined) })
    r('/send/code', function (req, res) { res.send(201) })
    r('/send/code-body', function (req, res) { res.send(201, 'Created :)') })
    r('/send/body-code', function (req, res) { res.send('Bad!', 400) })
    r('/send/code-number', function (req, res) { res.send(200, 0.123) })
    r('/send/string', function (req, res) { res.send('<p>hey</p>') })
    r('/send/string-long', function (req, res) { res.send(Array(1000).join('-')) })
    r('/send/string-type', function (req, res) { res.set('Content-Type', 'text/plain').send('hey') })
    r('/send/string-charset', function (req, res) { res.set('Content-Type', 'text/plain; charset=iso-8859-1').send('hey') })
    r('/send/buffer-charset', function (req, res) { res.set('Content-Type', 'text/plain; charset=iso-8859-1').send(Buffer.from('hi')) })
    r('/send/buffer', function (req, res) { res.send(Buffer.from('hello')) })
    r('/send/buffer-long', function (req, res) { res.send(Buffer.alloc(999, '-')) })
    r('/send/buffer-type', function (req, res) { res.set('Content-Type', 'text/plain').send(Buffer.from('hey')) })
    r('/send/buffer-etag', function (req, res) { res.type('text/plain').set('ETag', '"foo"').send(Buffer.from('hey')) })
    r('/send/object', function (req, res) { res.send({ name: 'tobi' }) })
    r('/send/object-callback', function (req, res) { res.send({ foo: 'bar' }) })
    r('/send/yay', function (req, res) { res.send('yay') })
    r('/send/204', function (req, res) { res.status(204).set('Transfer-Encoding', 'chunked').send('foo') })
    r('/send/205', function (req, res) { res.status(205).set('Transfer-Encoding', 'chunked').send('foo') })
    r('/send/304', function (req, res) { res.status(304).set('Transfer-Encoding', 'chunked').send('foo') })
    r('/send/etag-short', function (req, res) { res.set('ETag', '"asdf"'); res.send('hey') })
    r('/send/etag-long', function (req, res) { res.set('ETag', '"asdf"'); res.send(Array(1000).join('-')) })
    r('/send/etag-500', function (req, res) { res.status(500); res.set('ETag', '"asdf"'); res.send('hey') })
    r('/send/chain', function (req, res) { res.set('X-Chain', String(res.send('hey') === res)) })
    r('/send/unicode', function (req, res) { res.send('caf\u00e9 \u2603 \ud83d\ude00') })
    r('/send/true', function (req, res) { res.send(true) })
    r('/send/array', function (req, res) { res.send(['a', 1, null]) })
    r('/send/status-then-string', function (req, res) { res.status(404).send('nope') })
    r('/send/modified', function (req, res) { res.set('Last-Modified', 'Tue, 02 Jan 2024 03:04:05 GMT'); res.send('dated') })
    // .status(code)
    r('/status/undefined', function (req, res) { res.status(undefined).end() })
    r('/status/null', function (req, res) { res.status(null).end() })
    r('/status/201', function (req, res) { res.status(201).end() })
    r('/status/302', function (req, res) { res.status(302).end() })
    r('/status/403', function (req, res) { res.status(403).end() })
    r('/status/501', function (req, res) { res.status(501).end() })
    r('/status/string-410', function (req, res) { res.status('410').end() })
    r('/status/410.1', function (req, res) { res.status(410.1).end() })
    r('/status/1000', function (req, res) { res.status(1000).end() })
    r('/status/99', function (req, res) { res.status(99).end() })
    r('/status/-401', function (req, res) { res.status(-401).end() })
    r('/status/418-send', function (req, res) { res.status(418).send('teapot') })
    r('/status/599-send', function (req, res) { res.status(599).send('edge') })
    // .sendStatus(code)
    r('/send-status/201', function (req, res) { res.sendStatus(201) })
    r('/send-status/599', function (req, res) { res.sendStatus(599) })
    r('/send-status/404', function (req, res) { res.sendStatus(404) })
    r('/send-status/204', function (req, res) { res.sendStatus(204) })
    r('/send-status/418', function (req, res) { res.sendStatus(418) })
    // .set
    r('/set/type', function (req, res) { res.set('Content-Type', 'text/x-foo; charset=utf-8').end() })
    r('/set/number', function (req, res) { res.set('X-Number', 123); res.end(typeof res.get('X-Number')) })
    r('/set/cookies', function (req, res) {
      res.set('Set-Cookie', ['type=ninja', 'language=javascript'])
      res.send(res.get('Set-Cookie'))
    })
    r('/set/numbers', function (req, res) { res.set('X-Numbers', [123, 456]); res.end(JSON.stringify(res.get('X-Numbers'))) })
    r('/set/charset-kept', function (req, res) { res.set('Content-Type', 'text/html; charset=lol'); res.end() })
    r('/set/type-array', function (req, res) { res.set('Content-Type', ['text/html']); res.end() })
    r('/set/object', function (req, res) { res.set({ 'X-Foo': 'bar', 'X-Bar': 'baz' }).end() })
    r('/set/object-number', function (req, res) { res.set({ 'X-Number': 123 }); res.end(typeof res.get('X-Number')) })
    r('/set/type-plain', function (req, res) { res.set('Content-Type', 'text/plain').end() })
    r('/set/type-json', function (req, res) { res.set('Content-Type', 'application/json').end() })
    r('/set/type-unknown', function (req, res) { res.set('Content-Type', 'application/x-unknown-thing').end() })
    r('/set/header-alias', function (req, res) { res.header('X-Alias', 'yes').end() })
    // .get
    r('/get/type', function (req, res) { res.setHeader('Content-Type', 'text/x-foo'); res.send(res.get('Content-Type')) })
    r('/get/absent', function (req, res) { res.send(String(res.get('X-Nothing'))) })
    // .append
    app.get('/append/multiple', function (req, res, next) { res.append('Set-Cookie', 'foo=bar'); next() },
      function (req, res) { res.append('Set-Cookie', 'fizz=buzz'); res.end() })
    r('/append/array', function (req, res) { res.append('Set-Cookie', ['foo=bar', 'fizz=buzz']); res.end() })
    app.get('/append/reset', function (req, res, next) {
      res.append('Set-Cookie', 'foo=bar')
      res.append('Set-Cookie', 'fizz=buzz')
      next()
    }, function (req, res) { res.set('Set-Cookie', 'pet=tobi'); res.end() })
    app.get('/append/set-first', function (req, res, next) { res.set('Set-Cookie', 'foo=bar'); next() },
      function (req, res) { res.append('Set-Cookie', 'fizz=buzz'); res.end() })
    app.get('/append/cookie', function (req, res, next) { res.cookie('foo', 'bar'); next() },
      function (req, res) { res.append('Set-Cookie', 'fizz=buzz'); res.end() })
    r('/append/link', function (req, res) { res.append('Link', '<a>'); res.append('Link', '<b>'); res.end() })
    // .vary
    r('/vary/none', function (req, res) { res.vary(); res.end() })
    r('/vary/empty', function (req, res) { res.vary([]); res.end() })
    r('/vary/array', function (req, res) { res.vary(['Accept', 'Accept-Language', 'Accept-Encoding']); res.end() })
    r('/vary/string', function (req, res) { res.vary('Accept'); res.end() })
    r('/vary/repeat', function (req, res) {
      res.vary('Accept')
      res.vary('Accept-Encoding')
      res.vary('Accept-Encoding')
      res.vary('Accept-Encoding')
      res.vary('Accept')
      res.end()
    })
    r('/vary/star', function (req, res) { res.vary('Accept'); res.vary('*'); res.end() })
    // .type
    r('/type/filename', function (req, res) { res.type('foo.js').end('var name = "tj";') })
    r('/type/unknown', function (req, res) { res.type('rawr').end('var name = "tj";') })
    r('/type/mime', function (req, res) { res.type('application/vnd.amazon.ebook').end('var name = "tj";') })
    r('/type/ext', function (req, res) { res.type('json').send('{}') })
    r('/type/dot-ext', function (req, res) { res.type('.html').send('<b>') })
    r('/type/content-type-alias', function (req, res) { res.contentType('png').end() })
    // .links
    r('/links/one', function (req, res) {
      res.links({ next: 'http://api.example.com/users?page=2', last: 'http://api.example.com/users?page=5' })
      res.end()
    })
    r('/links/two', function (req, res) {
      res.links({ next: 'http://api.example.com/users?page=2', last: 'http://api.example.com/users?page=5' })
      res.links({ prev: 'http://api.example.com/users?page=1' })
      res.end()
    })
    // .attachment
    r('/attachment/none', function (req, res) { res.attachment().send('foo') })
    r('/attachment/png', function (req, res) { res.attachment('/path/to/image.png'); res.send('foo') })
    r('/attachment/png-buffer', function (req, res) { res.attachment('/path/to/image.png'); res.send(Buffer.alloc(4, '.')) })
    r('/attachment/utf8', function (req, res) { res.attachment('/locales/日本語.txt'); res.send('japanese') })
    r('/attachment/quote', function (req, res) { res.attachment('a "b".txt'); res.send('q') })
    r('/attachment/latin1', function (req, res) { res.attachment('caf\u00e9.html'); res.send('l') })
    return app
  },
  'etag-enabled': function (express, ctx) {
    var app = newApp(express, ctx)
    app.enable('etag')
    app.get('/', function (req, res) { res.send('kajdslfkasdf') })
    app.get('/empty', function (req, res) { res.send('') })
    app.get('/long', function (req, res) { res.send(Array(1000).join('-')) })
    app.get('/manual', function (req, res) { res.set('etag', '"asdf"'); res.send(200) })
    app.get('/none', function (req, res) { res.send() })
    return app
  },
  'etag-methods': function (express, ctx) {
    var app = newApp(express, ctx)
    methods.forEach(function (method) {
      if (method === 'connect' || method === 'query') return
      app[method]('/', function (req, res) { res.send('kajdslfkasdf') })
    })
    return app
  },
  'etag-disabled': function (express, ctx) {
    var app = newApp(express, ctx)
    app.disable('etag')
    app.get('/', function (req, res) { res.send(Array(1000).join('-')) })
    app.get('/manual', function (req, res) { res.set('etag', '"asdf"'); res.send(200) })
    return app
  },
  'etag-strong': function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('etag', 'strong')
    app.use(function (req, res) { res.send('hello, world!') })
    return app
  },
  'etag-weak': function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('etag', 'weak')
    app.use(function (req, res) { res.send('hello, world!') })
    return app
  },
  'etag-fn': function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('etag', function (body, encoding) {
      var chunk = !Buffer.isBuffer(body) ? Buffer.from(body, encoding) : body
      return chunk.toString() === 'hello, world!' ? '"custom"' : '"unexpected"'
    })
    app.use(function (req, res) { res.send('hello, world!') })
    return app
  },
  'etag-fn-falsy': function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('etag', function (body, encoding) { return undefined })
    app.use(function (req, res) { res.send('hello, world!') })
    return app
  },
  'send-all': sendAll('yay')
}
