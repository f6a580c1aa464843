'use strict'
// Views: res.render and app.render with Express's view lookup (extension,
// "view engine", index.<engine>, "views" as one directory or several,
// absolute names), locals (app.locals < res.locals < render locals),
// render callbacks, lookup and engine errors, and the "view engine"
// setting inherited by a sub-app; after Express's
// test/res.render.js and test/app.render.js. Both sides register the same
// tiny engine for .tmpl (as Express's test/support/tmpl.js): $a.b is
// replaced with that local, looked up property by property.
var path = require('path')
var fs = require('fs')
var newApp = require('../lib').newApp

function tmpl (file, options, callback) {
  fs.readFile(file, 'utf8', function (err, str) {
    if (err) return callback(err)
    try {
      str = str.replace(/\$([0-9a-zA-Z.]+)/g, function (_, ref) {
        var v = options
        ref.split('.').forEach(function (k) { v = v[k] })
        return v
      })
    } catch (e) {
      e.name = 'RenderError'
      return callback(e)
    }
    callback(null, str)
  })
}

function routes (app) {
  app.get('/user', function (req, res) { res.render('user.tmpl') })
  app.get('/empty-options', function (req, res) { res.render('user.tmpl', {}) })
  app.get('/no-ext', function (req, res) { res.render('user') })
  app.get('/email', function (req, res) { res.render('email.tmpl') })
  app.get('/name', function (req, res) { res.render('name.tmpl', { name: 'loki' }) })
  app.get('/override', function (req, res) { res.render('user.tmpl', { user: { name: 'jane' } }) })
  app.get('/res-locals', function (req, res) {
    res.locals.user = { name: 'from res.locals' }
    res.render('user.tmpl')
  })
  app.get('/res-locals-override', function (req, res) {
    res.locals.user = { name: 'from res.locals' }
    res.render('user.tmpl', { user: { name: 'from render' } })
  })
  app.get('/index', function (req, res) { res.render('blog/post') })
  app.get('/absolute', function (req, res) { res.render(path.join(app.get('views'), 'user.tmpl')) })
  app.get('/cb', function (req, res) {
    res.render('user.tmpl', function (err, str) {
      if (err) return res.status(500).send('error: ' + err.message)
      res.send('got: ' + str)
    })
  })
  app.get('/opts-cb', function (req, res) {
    res.render('name.tmpl', { name: 'tobi' }, function (err, str) {
      if (err) return res.status(500).send('error: ' + err.message)
      res.send('got: ' + str)
    })
  })
  app.get('/missing', function (req, res) { res.render('nope.tmpl') })
  app.get('/missing-cb', function (req, res) {
    res.render('nope.tmpl', function (err) { res.status(500).send('callback: ' + (err ? 'error' : 'none')) })
  })
  app.get('/render-error', function (req, res) { res.render('user.tmpl', { user: undefined }) })
  app.get('/app-render', function (req, res) {
    app.render('user.tmpl', { user: { name: 'app.render' } }, function (err, str) {
      if (err) return res.status(500).send('error: ' + err.message)
      res.type('txt').send(str)
    })
  })
  app.get('/app-render-missing', function (req, res) {
    app.render('nope.tmpl', function (err) {
      res.status(500).send('app.render: ' + (err ? 'error' : 'none'))
    })
  })
}

module.exports = {
  // "views" and the engine, no "view engine".
  main: function (express, ctx) {
    var app = newApp(express, ctx)
    app.engine('tmpl', tmpl)
    app.set('views', path.join(ctx.fixtures, 'express'))
    app.locals.user = { name: 'tobi' }
    routes(app)
    return app
  },
  // "view engine" set: names without an extension get .tmpl.
  'view-engine': function (express, ctx) {
    var app = newApp(express, ctx)
    app.engine('.tmpl', tmpl)
    app.set('view engine', 'tmpl')
    app.set('views', path.join(ctx.fixtures, 'express'))
    app.locals.user = { name: 'tobi' }
    routes(app)
    return app
  },
  // "views" as an array: the first directory holding the view wins.
  'views-array': function (express, ctx) {
    var app = newApp(express, ctx)
    app.engine('tmpl', tmpl)
    app.set('view engine', 'tmpl')
    app.set('views', [path.join(ctx.fixtures, 'express', 'local_layout'), path.join(ctx.fixtures, 'express')])
    app.locals.user = { name: 'tobi' }
    app.get('/user', function (req, res) { res.render('user') })
    app.get('/name', function (req, res) { res.render('name', { name: 'later path' }) })
    app.get('/missing', function (req, res) { res.render('nope') })
    return app
  },
  // A sub-app inherits "view engine"; not "views", which every app sets
  // at creation (to ./views), nor the engines or locals, which are per
  // app.
  'sub-app': function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('view engine', 'tmpl')
    app.locals.user = { name: 'parent local' }
    var sub = newApp(express, ctx)
    sub.engine('tmpl', tmpl)
    sub.set('views', path.join(ctx.fixtures, 'express', 'default_layout'))
    sub.locals.user = { name: 'sub local' }
    sub.get('/user', function (req, res) { res.render('user') })
    sub.get('/name', function (req, res) { res.render('name', { name: 'sub' }) })
    app.use('/sub', sub)
    return app
  },
  // No "view engine" and a name without an extension.
  'no-engine': function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('views', path.join(ctx.fixtures, 'express'))
    app.get('/user', function (req, res) { res.render('user') })
    return app
  }
}
