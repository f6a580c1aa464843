'use strict'
// Cookies: res.cookie and res.clearCookie after Express's
// test/res.cookie.js and test/res.clearCookie.js, and cookie-parser's
// req.cookies / req.signedCookies (test/req.signedCookies.js).
var newApp = require('../lib').newApp
var cookieParser = require('cookie-parser')

module.exports = {
  '': function (express, ctx) {
    var app = newApp(express, ctx)
    var r = function (path, fn) { app.get(path, function (req, res) { fn(req, res); res.end() }) }
    r('/object', function (req, res) { res.cookie('user', { name: 'tobi' }) })
    r('/string', function (req, res) { res.cookie('name', 'tobi') })
    r('/multiple', function (req, res) {
      res.cookie('name', 'tobi')
      res.cookie('age', 1)
      res.cookie('gender', '?')
    })
    r('/params', function (req, res) { res.cookie('name', 'tobi', { httpOnly: true, secure: true }) })
    r('/expires-invalid', function (req, res) { res.cookie('name', 'tobi', { expires: new Date(NaN) }) })
    r('/expires', function (req, res) { res.cookie('name', 'tobi', { expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)) }) })
    r('/expires-zero', function (req, res) { res.cookie('name', 'tobi', { expires: new Date(0) }) })
    r('/partitioned', function (req, res) { res.cookie('name', 'tobi', { partitioned: true }) })
    r('/max-age', function (req, res) { res.cookie('name', 'tobi', { maxAge: 1000 }) })
    r('/max-age-large', function (req, res) { res.cookie('name', 'tobi', { maxAge: 86400000 * 30 + 999 }) })
    r('/max-age-zero', function (req, res) { res.cookie('name', 'tobi', { maxAge: 0 }) })
    r('/max-age-negative', function (req, res) { res.cookie('name', 'tobi', { maxAge: -5000 }) })
    r('/max-age-null', function (req, res) { res.cookie('name', 'tobi', { maxAge: null }) })
    r('/max-age-undefined', function (req, res) { res.cookie('name', 'tobi', { maxAge: undefined }) })
    r('/max-age-invalid', function (req, res) { res.cookie('name', 'tobi', { maxAge: 'foobar' }) })
    r('/priority-low', function (req, res) { res.cookie('name', 'tobi', { priority: 'low' }) })
    r('/priority-medium', function (req, res) { res.cookie('name', 'tobi', { priority: 'medium' }) })
    r('/priority-high', function (req, res) { res.cookie('name', 'tobi', { priority: 'high' }) })
    r('/priority-invalid', function (req, res) { res.cookie('name', 'tobi', { priority: 'foobar' }) })
    r('/all-options', function (req, res) {
      res.cookie('name', 'tobi', { domain: 'example.com', path: '/admin', httpOnly: true, secure: true, sameSite: 'strict', priority: 'high', partitioned: true, maxAge: 60000 })
    })
    r('/same-site-true', function (req, res) { res.cookie('name', 'tobi', { sameSite: true }) })
    r('/same-site-lax', function (req, res) { res.cookie('name', 'tobi', { sameSite: 'lax' }) })
    r('/same-site-none', function (req, res) { res.cookie('name', 'tobi', { sameSite: 'none', secure: true }) })
    r('/same-site-invalid', function (req, res) { res.cookie('name', 'tobi', { sameSite: 'bogus' }) })
    r('/encode', function (req, res) { res.cookie('name', 'a b;c=d,é') })
    r('/encode-fn', function (req, res) { res.cookie('name', 'a b', { encode: String }) })
    r('/invalid-name', function (req, res) { res.cookie('na me', 'tobi') })
    r('/invalid-domain', function (req, res) { res.cookie('name', 'tobi', { domain: 'ex;ample.com' }) })
    r('/invalid-path', function (req, res) { res.cookie('name', 'tobi', { path: '/a;b' }) })
    r('/clear', function (req, res) { res.clearCookie('sid') })
    r('/clear-path', function (req, res) { res.clearCookie('sid', { path: '/admin' }) })
    r('/clear-expires', function (req, res) { res.clearCookie('sid', { expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)) }) })
    r('/clear-both', function (req, res) { res.clearCookie('sid', { expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)), maxAge: 10000 }) })
    r('/cookie-then-clear', function (req, res) { res.cookie('a', '1'); res.clearCookie('b') })
    return app
  },
  signed: function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(cookieParser('foo bar baz'))
    app.get('/object', function (req, res) { res.cookie('user', { name: 'tobi' }, { signed: true }).end() })
    app.get('/string', function (req, res) { res.cookie('name', 'tobi', { signed: true }).end() })
    app.get('/read', function (req, res) { res.send({ cookies: req.cookies, signed: req.signedCookies }) })
    return app
  },
  'no-secret': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(cookieParser())
    app.get('/', function (req, res) { res.cookie('name', 'tobi', { signed: true }).end() })
    app.get('/read', function (req, res) { res.send({ cookies: req.cookies, signed: req.signedCookies }) })
    return app
  },
  'signed-json': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(cookieParser('secret'))
    app.get('/set', function (req, res) { res.cookie('obj', { foo: 'bar' }, { signed: true }); res.end() })
    app.get('/', function (req, res) { res.send(req.signedCookies) })
    return app
  }
}
