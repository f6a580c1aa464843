'use strict'
// Content negotiation: res.format after Express's test/res.format.js (the
// same battery against each app), and req.accepts* after
// test/req.accepts*.js.
var newApp = require('../lib').newApp

function typesHandler (err, req, res, next) {
  if (!err.types) throw err
  res.status(err.status).send('Supports: ' + err.types.join(', '))
}

module.exports = {
  canonical: function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      res.format({
        'text/plain': function () { res.send('hey') },
        'text/html': function () { res.send('<p>hey</p>') },
        'application/json': function (a, b, c) {
          if (a !== req || b !== res || c !== next) throw new Error('bad arguments')
          res.send({ message: 'hey' })
        }
      })
    })
    app.use(typesHandler)
    return app
  },
  extnames: function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      res.format({
        text: function () { res.send('hey') },
        html: function () { res.send('<p>hey</p>') },
        json: function () { res.send({ message: 'hey' }) }
      })
    })
    app.use(typesHandler)
    return app
  },
  parameters: function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      res.format({
        'text/plain; charset=utf-8': function () { res.send('hey') },
        'text/html; foo=bar; bar=baz': function () { res.send('<p>hey</p>') },
        'application/json; q=0.5': function () { res.send({ message: 'hey' }) }
      })
    })
    app.use(typesHandler)
    return app
  },
  'default': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      res.format({
        text: function () { res.send('hey') },
        default: function (a, b, c) {
          if (a !== req || b !== res || c !== next) throw new Error('bad arguments')
          res.send('default')
        }
      })
    })
    return app
  },
  'default-only': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      res.format({ default: function () { res.send('hey') } })
    })
    return app
  },
  'default-invokes': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      res.format({
        json: function () { res.send('json') },
        default: function () {
          res.header('x-default', '1')
          this.json()
        }
      })
    })
    return app
  },
  'in-route': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/', function (req, res) {
      res.format({
        text: function () { res.send('hey') },
        html: function () { res.send('<p>hey</p>') },
        json: function () { res.send({ message: 'hey' }) }
      })
    })
    app.use(typesHandler)
    return app
  },
  'in-router': function (express, ctx) {
    var app = newApp(express, ctx)
    var router = express.Router()
    router.get('/', function (req, res) {
      res.format({
        text: function () { res.send('hey') },
        html: function () { res.send('<p>hey</p>') },
        json: function () { res.send({ message: 'hey' }) }
      })
    })
    router.use(typesHandler)
    app.use(router)
    return app
  },
  'no-handler': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      res.format({ html: function () { res.send('<p>hey</p>') } })
    })
    return app
  },
  accepts: function (express, ctx) {
    var app = newApp(express, ctx)
    var yn = function (v) { return v ? 'yes' : 'no' }
    app.get('/json', function (req, res) { res.end(yn(req.accepts('json'))) })
    app.get('/list', function (req, res) { res.end(req.accepts('json', 'html')) })
    app.get('/array', function (req, res) { res.end(req.accepts(['json', 'html'])) })
    app.get('/array-mime', function (req, res) { res.end(req.accepts(['text/html', 'application/json']) || 'nope') })
    app.get('/canonical', function (req, res) { res.end(req.accepts(['application/json', 'text/html'])) })
    app.get('/all', function (req, res) { res.send(req.accepts()) })
    app.get('/charset', function (req, res) { res.end(yn(req.acceptsCharsets('utf-8'))) })
    app.get('/charset-old', function (req, res) { res.end(yn(req.acceptsCharset('utf-8'))) })
    app.get('/encodings', function (req, res) {
      res.send({ gzip: req.acceptsEncodings('gzip'), deflate: req.acceptsEncodings('deflate'), bogus: req.acceptsEncodings('bogus') })
    })
    app.get('/encodings-old', function (req, res) {
      res.send({ gzip: req.acceptsEncoding('gzip'), deflate: req.acceptsEncoding('deflate'), bogus: req.acceptsEncoding('bogus') })
    })
    app.get('/languages', function (req, res) {
      res.send({ 'en-us': req.acceptsLanguages('en-us'), en: req.acceptsLanguages('en'), es: req.acceptsLanguages('es'), jp: req.acceptsLanguages('jp') })
    })
    app.get('/languages-old', function (req, res) {
      res.send({ 'en-us': req.acceptsLanguage('en-us'), en: req.acceptsLanguage('en'), es: req.acceptsLanguage('es'), jp: req.acceptsLanguage('jp') })
    })
    app.get('/languages-all', function (req, res) { res.send(req.acceptsLanguages()) })
    app.get('/encodings-all', function (req, res) { res.send(req.acceptsEncodings()) })
    return app
  }
}
