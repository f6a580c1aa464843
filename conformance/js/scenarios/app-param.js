'use strict'
// Parameter callbacks: one app per test of Express's test/app.param.js.
// Counters live in res.locals (per request) instead of the tests'
// closures, since these apps serve many requests.
var newApp = require('../lib').newApp

function count (res) { res.locals.count = (res.locals.count || 0) + 1 }
function called (res) { res.locals.called = (res.locals.called || 0) + 1 }

module.exports = {
  'param-fn': function (express, ctx) {
    var app = newApp(express, ctx)
    app.param(function (name, regexp) {
      if (Object.prototype.toString.call(regexp) === '[object RegExp]') {
        return function (req, res, next, val) {
          var captures = regexp.exec(String(val))
          if (captures) {
            req.params[name] = captures[1]
            next()
          } else {
            next('route')
          }
        }
      }
    })
    app.param(':name', /^([a-zA-Z]+)$/)
    app.get('/user/:name', function (req, res) { res.send(req.params.name) })
    return app
  },
  'param-array': function (express, ctx) {
    var app = newApp(express, ctx)
    app.param(['id', 'uid'], function (req, res, next, id) {
      id = Number(id)
      if (isNaN(id)) return next('route')
      req.params.id = id
      next()
    })
    app.get('/post/:id', function (req, res) { res.send((typeof req.params.id) + ':' + req.params.id) })
    app.get('/user/:uid', function (req, res) { res.send((typeof req.params.id) + ':' + req.params.id) })
    return app
  },
  single: function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('id', function (req, res, next, id) {
      id = Number(id)
      if (isNaN(id)) return next('route')
      req.params.id = id
      next()
    })
    app.get('/user/:id', function (req, res) { res.send((typeof req.params.id) + ':' + req.params.id) })
    return app
  },
  once: function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('user', function (req, res, next, user) { called(res); req.user = user; next() })
    app.get('/foo/:user', function (req, res, next) { count(res); next() })
    app.get('/foo/:user', function (req, res, next) { count(res); next() })
    app.use(function (req, res) { res.end([res.locals.count, res.locals.called, req.user].join(' ')) })
    return app
  },
  differ: function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('user', function (req, res, next, user) {
      called(res)
      req.users = (req.users || []).concat(user)
      next()
    })
    app.get('/:user/bob', function (req, res, next) { count(res); next() })
    app.get('/foo/:user', function (req, res, next) { count(res); next() })
    app.use(function (req, res) { res.end([res.locals.count, res.locals.called, req.users.join(',')].join(' ')) })
    return app
  },
  alter: function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('user', function (req, res, next, user) { req.params.user = 'loki'; next() })
    app.get('/:user', function (req, res, next) { next('route') })
    app.get('/:user', function (req, res) { res.send(req.params.user) })
    return app
  },
  'no-handler': function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('thing', function (req, res, next, thing) { req.thing = thing; next() })
    app.param('user', function (req, res, next, user) { next(new Error('invalid invocation')) })
    app.post('/:user', function (req, res) { res.send(req.params.user) })
    app.get('/:thing', function (req, res) { res.send(req.thing) })
    return app
  },
  encoded: function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('name', function (req, res, next, name) { req.params.name = name; next() })
    app.get('/user/:name', function (req, res) { res.send('' + req.params.name) })
    return app
  },
  'thrown': function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('id', function (req, res, next, id) { throw new Error('err!') })
    app.get('/user/:id', function (req, res) { res.send('' + req.params.id) })
    return app
  },
  'thrown-secondary': function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('id', function (req, res, next, val) { process.nextTick(next) })
    app.param('id', function (req, res, next, id) { throw new Error('err!') })
    app.get('/user/:id', function (req, res) { res.send('' + req.params.id) })
    return app
  },
  defer: function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('id', function (req, res, next, id) { next('route') })
    app.get('/user/:id', function (req, res) { res.send('' + req.params.id) })
    app.get('/:name/123', function (req, res) { res.send('name') })
    return app
  },
  'defer-all': function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('id', function (req, res, next, val) {
      if (val === 'new') return next('route')
      return next()
    })
    app.all('/user/:id', function (req, res) { res.send('all.id') })
    app.get('/user/:id', function (req, res) { res.send('get.id') })
    app.get('/user/new', function (req, res) { res.send('get.new') })
    return app
  },
  'differ-error': function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('user', function (req, res, next, user) {
      called(res)
      if (user === 'foo') throw new Error('err!')
      req.user = user
      next()
    })
    app.get('/:user/bob', function (req, res, next) { count(res); next() })
    app.get('/foo/:user', function (req, res, next) { count(res); next() })
    app.use(function (err, req, res, next) {
      res.status(500)
      res.send([res.locals.count || 0, res.locals.called, err.message].join(' '))
    })
    return app
  },
  'differ-next': function (express, ctx) {
    var app = newApp(express, ctx)
    app.param('user', function (req, res, next, user) {
      called(res)
      if (user === 'foo') return next('route')
      req.user = user
      next()
    })
    app.get('/:user/bob', function (req, res, next) { count(res); next() })
    app.get('/foo/:user', function (req, res, next) { count(res); next() })
    app.use(function (req, res) { res.end([res.locals.count, res.locals.called, req.user].join(' ')) })
    return app
  },
  'router-param': function (express, ctx) {
    var app = newApp(express, ctx)
    var router = express.Router()
    router.param('id', function (req, res, next, id) { res.set('X-Router-Param', id); next() })
    router.get('/item/:id', function (req, res) { res.send('item ' + req.params.id) })
    app.param('id', function (req, res, next, id) { res.set('X-App-Param', id); next() })
    app.use('/r', router)
    app.get('/item/:id', function (req, res) { res.send('app item ' + req.params.id) })
    return app
  }
}
