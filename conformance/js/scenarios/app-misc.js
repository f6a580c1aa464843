'use strict'
// Routes by method, HEAD and OPTIONS, app.route, error routing and small
// request/response properties: one app per test of Express's
// test/app.all.js, app.del.js, app.head.js, app.options.js, app.route.js,
// app.routes.error.js, req.route.js, req.path.js, req.get.js,
// res.locals.js, middleware.basic.js, regression.js and app.js.
var newApp = require('../lib').newApp

function noop () {}

module.exports = {
  'no-routes': function (express, ctx) { return newApp(express, ctx) },
  all: function (express, ctx) {
    var app = newApp(express, ctx)
    app.all('/tobi', function (req, res) { res.end(req.method) })
    return app
  },
  'all-once': function (express, ctx) {
    var app = newApp(express, ctx)
    app.all('/*', function (req, res, next) {
      res.locals.n = (res.locals.n || 0) + 1
      res.set('X-Calls', String(res.locals.n))
      next()
    })
    return app
  },
  del: function (express, ctx) {
    var app = newApp(express, ctx)
    app.delete('/tobi', function (req, res) { res.end('deleted tobi!') })
    return app
  },
  head: function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/tobi', function (req, res) { res.send('tobi') })
    app.head('/override', function (req, res) { res.header('x-method', 'head'); res.end() })
    app.get('/override', function (req, res) { res.header('x-method', 'get'); res.send('tobi') })
    return app
  },
  'options-default': function (express, ctx) {
    var app = newApp(express, ctx)
    app.delete('/', noop)
    app.get('/users', noop)
    app.put('/users', noop)
    app.get('/users', noop)
    return app
  },
  'options-all': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/', noop)
    app.get('/users', noop)
    app.put('/users', noop)
    app.all('/users', function (req, res, next) { res.setHeader('x-hit', '1'); next() })
    return app
  },
  'options-forward': function (express, ctx) {
    var app = newApp(express, ctx)
    var router = new express.Router()
    router.get('/users', noop)
    app.use(router)
    app.get('/other', noop)
    return app
  },
  'options-error': function (express, ctx) {
    var app = newApp(express, ctx)
    var router = express.Router()
    router.get('/users', noop)
    app.use(function (req, res, next) { res.writeHead(200); next() })
    app.use(router)
    app.use(function (err, req, res, next) { res.end('true') })
    return app
  },
  'options-override': function (express, ctx) {
    var app = newApp(express, ctx)
    app.options('/users', function (req, res) { res.set('Allow', 'GET'); res.send('GET') })
    app.get('/users', noop)
    app.put('/users', noop)
    return app
  },
  'options-methods': function (express, ctx) {
    var app = newApp(express, ctx)
    app.post('/many', noop)
    app.patch('/many', noop)
    app.delete('/many', noop)
    app.get('/many', noop)
    app.all('/any', function (req, res, next) { next() })
    app.head('/headonly', noop)
    var router = express.Router()
    router.post('/mixed', noop)
    app.use(router)
    app.get('/mixed', noop)
    return app
  },
  route: function (express, ctx) {
    var app = newApp(express, ctx)
    app.route('/foo')
      .get(function (req, res) { res.send('get') })
      .post(function (req, res) { res.send('post') })
    app.route('/bar')
      .all(function (req, res, next) { res.set('X-All', '1'); next() })
      .get(function (req, res) { res.send('get') })
      .post(function (req, res) { res.send('post') })
    app.route('/:foo').get(function (req, res) { res.send(req.params.foo) })
    return app
  },
  'route-empty': function (express, ctx) {
    var app = newApp(express, ctx)
    app.route('/:foo')
    return app
  },
  'error-no-handler': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) { next(new Error('boom!')) })
    app.get('/bar', function (req, res) { res.send('hello, world!') })
    return app
  },
  'error-route-callbacks': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/', function (req, res, next) {
      res.locals.seen = []
      next(new Error('fabricated error'))
    }, function (req, res, next) {
      res.locals.seen.push('a'); next()
    }, function (err, req, res, next) {
      res.locals.seen.push('b:' + err.message); next(err)
    }, function (err, req, res, next) {
      res.locals.seen.push('c:' + err.message); next()
    }, function (err, req, res, next) {
      res.locals.seen.push('d'); next()
    }, function (req, res) {
      res.set('X-Seen', res.locals.seen.join(','))
      res.sendStatus(204)
    })
    return app
  },
  'req-route': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/user/:id/:op?', function (req, res, next) { res.header('path-1', req.route.path); next() })
    app.get('/user/:id/edit', function (req, res) { res.header('path-2', req.route.path); res.end() })
    return app
  },
  'req-path': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res) { res.end(req.path) })
    return app
  },
  'req-get': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/ct', function (req, res) { res.end(String(req.get('Content-Type')) + ' ' + String(req.get('Something-Else'))) })
    app.use('/referer', function (req, res) { res.end(req.get('Referer')) })
    app.use('/referrer', function (req, res) { res.end(req.get('Referrer')) })
    app.use('/dup', function (req, res) { res.end(String(req.get('X-Dup'))) })
    return app
  },
  'res-locals': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/empty', function (req, res) { res.json(res.locals) })
    var blog = newApp(express, ctx)
    blog.use(function (req, res, next) { res.locals.foo = 'bar'; next() })
    app.use('/mounted', blog)
    app.use('/mounted', function (req, res) { res.json(res.locals) })
    return app
  },
  'middleware-basic': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) { res.locals.calls = ['one']; next() })
    app.use(function (req, res, next) { res.locals.calls.push('two'); next() })
    app.use(function (req, res) {
      var buf = ''
      res.setHeader('Content-Type', 'application/json')
      res.setHeader('X-Calls', res.locals.calls.join(','))
      req.setEncoding('utf8')
      req.on('data', function (chunk) { buf += chunk })
      req.on('end', function () { res.end(buf) })
    })
    return app
  },
  'throw-after-end': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/', function (req, res) {
      res.end('yay')
      throw new Error('boom')
    })
    return app
  }
}
