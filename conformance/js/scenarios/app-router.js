'use strict'
// Routing syntax and flow: one app per test of Express's test/app.router.js
// (path-to-regexp 0.1 syntax, params, case and strict routing, next()
// variants, url rewriting, ordering).
var newApp = require('../lib').newApp

function sortedParams (req) {
  var keys = Object.keys(req.params).sort()
  return keys.map(function (k) { return [k, req.params[k]] })
}

function endParam (name) {
  return function (req, res) { res.end(req.params[name]) }
}

module.exports = {
  'restore-params': function (express, ctx) {
    var app = newApp(express, ctx)
    var router = new express.Router()
    router.use(function (req, res, next) {
      res.setHeader('x-router', String(req.params.id))
      next()
    })
    app.get('/user/:id', function (req, res, next) {
      res.setHeader('x-user-id', String(req.params.id))
      next()
    }, router, function (req, res) {
      res.send(req.params.id)
    })
    return app
  },

  methods: function (express, ctx) {
    var app = newApp(express, ctx)
    require('methods').forEach(function (method) {
      if (method === 'connect') return
      app[method]('/foo', function (req, res) { res.send(method) })
    })
    return app
  },

  'method-altered': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      if (req.method !== 'POST') return next()
      req.method = 'DELETE'
      res.setHeader('X-Method-Altered', '1')
      next()
    })
    app.delete('/', function (req, res) { res.end('deleted everything') })
    return app
  },

  'decode-params': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/:name', function (req, res) { res.send(req.params.name) })
    return app
  },

  'use-able': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) { res.locals.calls = ['before']; next() })
    app.get('/', function (req, res, next) { res.locals.calls.push('GET /'); next() })
    app.use(function (req, res, next) {
      res.locals.calls.push('after')
      res.json(res.locals.calls)
    })
    return app
  },

  regexp: function (express, ctx) {
    var app = newApp(express, ctx)
    app.get(/^\/user\/[0-9]+$/, function (req, res) { res.end('user') })
    app.get(/^\/post\/([0-9]+)\/(view|edit)?$/, function (req, res) {
      res.end(req.params[1] + 'ing post ' + req.params[0])
    })
    app.get(new RegExp('^/named/(?<userId>[0-9]+)/(view|edit)?$'), function (req, res) {
      res.end(req.params[0] + 'ing user ' + req.params.userId)
    })
    return app
  },

  'regexp-prefix': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) { res.locals.p = []; next() })
    app.use(/\/api.*/, function (req, res, next) { res.locals.p.push('a'); next() })
    app.use(/api/, function (req, res, next) { res.locals.p.push('b'); next() })
    app.use(/\/test/, function (req, res, next) { res.locals.p.push('c'); next() })
    app.use(function (req, res) { res.end(res.locals.p.join(',')) })
    return app
  },

  'case-default': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/user', function (req, res) { res.end('tj') })
    return app
  },

  'case-sensitive': function (express, ctx) {
    var app = newApp(express, ctx)
    app.enable('case sensitive routing')
    app.get('/uSer', function (req, res) { res.end('tj') })
    return app
  },

  params: function (express, ctx) {
    var app = newApp(express, ctx)
    var overwrite = new express.Router()
    overwrite.get('/:action', function (req, res) { res.send(req.params) })
    app.use('/user/:user', overwrite)

    var merge = new express.Router({ mergeParams: true })
    merge.get('/:action', function (req, res) { res.send(sortedParams(req)) })
    app.use('/merge/:user', merge)

    var fromRouter = new express.Router({ mergeParams: true })
    fromRouter.get('/:thing', function (req, res) { res.send(sortedParams(req)) })
    app.use('/thing/:thing', fromRouter)

    var numeric = new express.Router({ mergeParams: true })
    numeric.get('/*.*', function (req, res) { res.send(sortedParams(req)) })
    app.use('/numeric/id:(\\d+)', numeric)

    var more = new express.Router({ mergeParams: true })
    more.get('/*', function (req, res) { res.send(sortedParams(req)) })
    app.use('/more/id:(\\d+)/name:(\\w+)', more)

    var same = new express.Router({ mergeParams: true })
    same.get('/name:(\\w+)', function (req, res) { res.send(sortedParams(req)) })
    app.use('/same/id:(\\d+)', same)

    var restore = new express.Router({ mergeParams: true })
    restore.get('/user:(\\w+)/*', function (req, res, next) { next() })
    app.use('/restore/id:(\\d+)', function (req, res, next) {
      restore(req, res, function (err) {
        if (err) return next(err)
        res.send(sortedParams(req))
      })
    })
    return app
  },

  'trailing-default': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/user', function (req, res) { res.end('tj') })
    return app
  },

  strict: function (express, ctx) {
    var app = newApp(express, ctx)
    app.enable('strict routing')
    app.use(function (req, res, next) { res.setHeader('x-middleware', 'true'); next() })
    app.get('/user/', function (req, res) { res.end('tj') })
    app.get('/noslash', function (req, res) { res.end('tj') })
    return app
  },

  'strict-mounted': function (express, ctx) {
    var app = newApp(express, ctx)
    app.enable('strict routing')
    app.use('/user/', function (req, res, next) { res.setHeader('x-middleware', 'true'); next() })
    app.get('/user/test/', function (req, res) { res.end('tj') })
    app.use('/slash/', function (req, res) { res.end('tj') })
    app.use('/noslash', function (req, res) { res.end('tj') })
    return app
  },

  'escaped-regexp': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/user/\\d+', function (req, res) { res.end('woot') })
    return app
  },

  'literal-dot': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/api/users/:from..:to', function (req, res) {
      res.end('users from ' + req.params.from + ' to ' + req.params.to)
    })
    return app
  },

  'star-all': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('*', endParam(0))
    return app
  },

  star: function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/user/*.json', endParam(0))
    app.get('/api/*.*', function (req, res) {
      res.end(req.params[0] + ' as ' + req.params[1])
    })
    app.get('/cross*', function (req, res) { res.send(req.params[0]) })
    app.get('/named/:resource(*)', endParam('resource'))
    app.get('/greedy/:user*', endParam('user'))
    app.get('/file/*', endParam(0))
    app.get('/*/keep/:id', function (req, res) { res.send(req.params) })
    return app
  },

  'star-array': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get(['/user/:id', '/foo/*', '/:bar'], function (req, res) { res.send(req.params.bar) })
    return app
  },

  name: function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/user/:user', endParam('user'))
    app.get('/two/:user/:op', function (req, res) {
      res.end(req.params.op + 'ing ' + req.params.user)
    })
    app.get('/partial(s)?/:user/:op', function (req, res) {
      res.end(req.params.op + 'ing ' + req.params.user + (req.params[0] ? ' (old)' : ''))
    })
    app.get('/paren/:user\\(:op\\)', function (req, res) {
      res.end(req.params.op + 'ing ' + req.params.user)
    })
    app.get(['/poke/:user/poke', '/poke/:user/pokes'], function (req, res) {
      res.end('poking ' + req.params.user)
    })
    app.get('/opt/:user/:op?', function (req, res) {
      res.end((req.params.op || 'view') + 'ing ' + req.params.user)
    })
    return app
  },

  format: function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/req/:name.:format', function (req, res) {
      res.end(req.params.name + ' as ' + req.params.format)
    })
    app.get('/opt/:name.:format?', function (req, res) {
      res.end(req.params.name + ' as ' + (req.params.format || 'html'))
    })
    return app
  },

  next: function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) { res.locals.calls = []; next() })
    app.get('/foo/:bar?', function (req, res, next) { res.locals.calls.push('/foo/:bar?'); next() })
    app.get('/bar', function () { throw new Error('must not run') })
    app.get('/foo', function (req, res, next) { res.locals.calls.push('/foo'); next() })
    app.get('/foo', function (req, res) { res.locals.calls.push('/foo 2'); res.json(res.locals.calls) })
    return app
  },

  'next-route': function (express, ctx) {
    var app = newApp(express, ctx)
    function fn (req, res, next) { res.set('X-Hit', '1'); next('route') }
    app.get('/foo', fn, function (req, res) { res.end('failure') })
    app.get('/foo', function (req, res) { res.end('success') })
    return app
  },

  'next-router': function (express, ctx) {
    var app = newApp(express, ctx)
    var router = express.Router()
    function fn (req, res, next) { res.set('X-Hit', '1'); next('router') }
    router.get('/foo', fn, function (req, res) { res.end('failure') })
    router.get('/foo', function (req, res) { res.end('failure') })
    app.use(router)
    app.get('/foo', function (req, res) { res.end('success') })
    return app
  },

  'next-err': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) { res.locals.calls = []; next() })
    app.get('/foo/:bar?', function (req, res, next) { res.locals.calls.push('/foo/:bar?'); next() })
    app.get('/bar', function () { throw new Error('must not run') })
    app.get('/foo', function (req, res, next) { res.locals.calls.push('/foo'); next(new Error('fail')) })
    app.get('/foo', function () { throw new Error('must not run') })
    app.use(function (err, req, res, next) {
      res.json({ calls: res.locals.calls, error: err.message })
    })
    return app
  },

  'next-err-same-route': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/foo', function (req, res, next) {
      next(new Error('boom!'))
    }, function (req, res, next) {
      res.send('foo here')
    }, function (err, req, res, next) {
      res.send('route go ' + err.message)
    })
    app.use(function (err, req, res, next) { res.end('error!') })
    return app
  },

  rewrite: function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/account/edit', function (req, res, next) {
      req.url = '/user/' + 12 + '/edit'
      next()
    })
    app.get('/user/:id/edit', function (req, res) { res.send('editing user ' + req.params.id) })
    return app
  },

  order: function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) { res.locals.path = []; next() })
    app.get('*', function (req, res, next) { res.locals.path.push(0); next() })
    app.get('/user/:id', function (req, res, next) { res.locals.path.push(1); next() })
    app.use(function (req, res, next) { res.locals.path.push(2); next() })
    app.all('/user/:id', function (req, res, next) { res.locals.path.push(3); next() })
    app.get('*', function (req, res, next) { res.locals.path.push(4); next() })
    app.use(function (req, res, next) {
      res.locals.path.push(5)
      res.end(res.locals.path.join(','))
    })
    return app
  }
}
