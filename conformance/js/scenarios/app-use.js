'use strict'
// Mounting: one app per test of Express's test/app.use.js and
// test/req.baseUrl.js, plus an "echo" app reporting url, originalUrl,
// baseUrl, path and params through nested routers and sub-apps.
var lib = require('../lib')
var newApp = lib.newApp

function hit (name) {
  return function (req, res, next) { res.setHeader('x-' + name, 'hit'); next() }
}
function endHit (name) {
  return function (req, res) { res.setHeader('x-' + name, 'hit'); res.end() }
}
function saw (req, res) { res.send('saw ' + req.method + ' ' + req.url) }
function sawThrough (req, res) {
  res.send('saw ' + req.method + ' ' + req.url + ' through ' + req.originalUrl)
}
function echo (label) {
  return function (req, res) { res.send(label + ' ' + lib.state(req)) }
}

module.exports = {
  'mount-app': function (express, ctx) {
    var app = newApp(express, ctx)
    var blog = newApp(express, ctx)
    blog.get('/blog', function (req, res) { res.end('blog') })
    app.use(blog)
    return app
  },
  'mount-points': function (express, ctx) {
    var app = newApp(express, ctx)
    var blog = newApp(express, ctx)
    var forum = newApp(express, ctx)
    blog.get('/', function (req, res) { res.end('blog') })
    forum.get('/', function (req, res) { res.end('forum') })
    app.use('/blog', blog)
    app.use('/forum', forum)
    return app
  },
  dynamic: function (express, ctx) {
    var app = newApp(express, ctx)
    var blog = newApp(express, ctx)
    blog.get('/', function (req, res) { res.end('success') })
    app.use('/post/:article', blog)
    return app
  },
  anywhere: function (express, ctx) {
    var app = newApp(express, ctx)
    var blog = newApp(express, ctx)
    var other = newApp(express, ctx)
    blog.get('/', function (req, res) { res.end('success') })
    app.use('/post/:article', hit('fn-1'), other, hit('fn-2'), blog)
    return app
  },
  'mw-multi': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(hit('fn-1'), hit('fn-2'), endHit('fn-3'))
    return app
  },
  'mw-all': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(saw)
    return app
  },
  'mw-array': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use([hit('fn-1'), hit('fn-2'), endHit('fn-3')])
    return app
  },
  'mw-arrays': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use([hit('fn-1'), hit('fn-2')], [endHit('fn-3')])
    return app
  },
  'mw-nested': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use([[hit('fn-1')], hit('fn-2')], [endHit('fn-3')])
    return app
  },
  'path-strip': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/foo', saw)
    return app
  },
  'path-multi': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/foo', hit('fn-1'), hit('fn-2'), endHit('fn-3'))
    return app
  },
  'path-trailing': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/foo/', saw)
    return app
  },
  'path-array': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/foo', [hit('fn-1'), hit('fn-2'), endHit('fn-3')])
    return app
  },
  'path-arrays': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/foo', [hit('fn-1'), hit('fn-2')], [endHit('fn-3')])
    return app
  },
  'path-nested': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/foo', [hit('fn-1'), [hit('fn-2')]], [endHit('fn-3')])
    return app
  },
  'paths-array': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(['/foo/', '/bar'], sawThrough)
    return app
  },
  'paths-array-mw': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(['/foo/', '/bar'], [[hit('fn-1')], hit('fn-2')], [function (req, res) {
      res.setHeader('x-fn-3', 'hit')
      sawThrough(req, res)
    }])
    return app
  },
  'path-regexp': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(/^\/[a-z]oo/, sawThrough)
    return app
  },
  'path-empty': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('', sawThrough)
    return app
  },
  'baseurl-top': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/:a', function (req, res) { res.end(req.baseUrl) })
    return app
  },
  'baseurl-lower': function (express, ctx) {
    var app = newApp(express, ctx)
    var sub = express.Router()
    sub.get('/:b', function (req, res) { res.end(req.baseUrl) })
    app.use('/:a', sub)
    return app
  },
  'baseurl-full': function (express, ctx) {
    var app = newApp(express, ctx)
    var sub1 = express.Router()
    var sub2 = express.Router()
    var sub3 = express.Router()
    sub3.get('/:d', function (req, res) { res.end(req.baseUrl) })
    sub2.use('/:c', sub3)
    sub1.use('/:b', sub2)
    app.use('/:a', sub1)
    return app
  },
  'baseurl-travel': function (express, ctx) {
    var app = newApp(express, ctx)
    var sub1 = express.Router()
    var sub2 = express.Router()
    var sub3 = express.Router()
    function push (label) {
      return function (req, res, next) { res.locals.urls.push(label + '@' + req.baseUrl); next() }
    }
    sub3.get('/:d', push('0'))
    sub2.use('/:c', sub3)
    sub1.use('/', push('1'))
    sub1.use('/bar', sub2)
    sub1.use('/bar', push('2'))
    app.use(function (req, res, next) { res.locals.urls = []; next() })
    app.use(push('3'))
    app.use('/:a', sub1)
    app.use(function (req, res, next) {
      res.locals.urls.push('4@' + req.baseUrl)
      res.end(res.locals.urls.join(','))
    })
    return app
  },
  // echo: what handlers see at each mount depth.
  echo: function (express, ctx) {
    var app = newApp(express, ctx)
    var router = express.Router()
    var nested = express.Router()
    var sub = newApp(express, ctx)
    var subsub = newApp(express, ctx)
    nested.get('/leaf/:id', echo('nested-route'))
    nested.use(echo('nested-use'))
    router.use('/nested/:n', nested)
    router.get('/route/:id', echo('router-route'))
    router.use(echo('router-use'))
    subsub.get('/x', echo('subsub-route'))
    sub.use('/deeper', subsub)
    sub.get('/', echo('sub-root'))
    sub.use(function (req, res, next) {
      res.set('X-Sub-App', req.app === sub ? 'sub' : 'other')
      next()
    })
    sub.use(echo('sub-use'))
    app.use('/router', router)
    app.use('/sub', sub)
    app.use('/Case', echo('case-mount'))
    app.use('/a/b', echo('two-segments'))
    app.use('/caf%C3%A9', echo('encoded-mount'))
    app.get('/', echo('root'))
    return app
  }
}
