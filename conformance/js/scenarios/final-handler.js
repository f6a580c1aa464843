'use strict'
// The default handler (finalhandler 1.3): 404s, error statuses, messages,
// headers, development vs production pages.
var newApp = require('../lib').newApp

module.exports = function (express, ctx) {
  var app = newApp(express, ctx)

  app.get('/ok', function (req, res) { res.send('ok') })
  app.get('/throw', function (req, res) { throw new Error('boom') })
  app.get('/next-error', function (req, res, next) { next(new Error('boom')) })
  app.get('/status/:code', function (req, res, next) {
    var err = new Error('status error')
    err.status = Number(req.params.code)
    next(err)
  })
  app.get('/res-status/:code', function (req, res, next) {
    res.status(Number(req.params.code))
    next(new Error('after res.status'))
  })
  app.get('/html-message', function (req, res, next) {
    next(new Error('<script>alert("x")</script> & \'q\''))
  })
  app.get('/multiline', function (req, res, next) {
    next(new Error('line one\nline  two'))
  })
  app.get('/error-headers', function (req, res, next) {
    var err = new Error('with headers')
    err.status = 401
    err.headers = { 'WWW-Authenticate': 'Basic realm="x"', 'X-Extra': 'yes' }
    next(err)
  })
  app.get('/error-headers-500', function (req, res, next) {
    var err = new Error('headers without a status')
    err.headers = { 'X-Extra': 'yes' }
    next(err)
  })
  app.get('/set-before', function (req, res, next) {
    res.set('X-Before', 'kept')
    res.set('Content-Language', 'en')
    next(new Error('after a header'))
  })
  app.get('/named', function (req, res, next) {
    var err = new TypeError('wrong type')
    next(err)
  })
  app.get('/recovered', function (req, res, next) { next(new Error('handled')) })
  app.use('/recovered', function (err, req, res, next) { next() })
  app.get('/handled', function (req, res, next) { next(new Error('handled')) })
  app.use('/handled', function (err, req, res, next) {
    res.status(500).send('handled: ' + err.message)
  })
  app.get('/rethrow', function (req, res, next) { next(new Error('first')) })
  app.use('/rethrow', function (err, req, res, next) { next(new Error('second: ' + err.message)) })
  app.get('/handler-throws', function (req, res, next) { next(new Error('first')) })
  app.use('/handler-throws', function (err, req, res, next) { throw new Error('thrown in error handler') })
  app.get('/no-match-after', function (req, res, next) { next() })

  return app
}
