'use strict'
// res.location and res.redirect, after Express's test/res.location.js and
// test/res.redirect.js: encoding, "back", statuses and the negotiated body.
var newApp = require('../lib').newApp

module.exports = function (express, ctx) {
  var app = newApp(express, ctx)
  var loc = function (path, value) {
    app.get(path, function (req, res) { res.location(value).end() })
  }
  loc('/location/slash', 'http://google.com/')
  loc('/location/no-slash', 'http://google.com')
  loc('/location/encode', 'https://google.com?q=\u2603 §10')
  loc('/location/back', 'back')
  loc('/location/data', 'data:text/javascript,export default () => { }')
  loc('/location/true', true)
  loc('/location/object', {})
  loc('/location/array', [])
  loc('/location/empty', '')
  loc('/location/url', new URL('http://google.com/'))
  loc('/location/relative', '../up?x=1#frag')
  loc('/location/crlf', '/a\r\nX-Injected: 1')
  // The allow-list pattern of the "location header encoding" tests: the
  // target comes from the query string.
  app.get('/location/q', function (req, res) { res.location(req.query.q).end() })

  var redirect = function (path, fn) { app.get(path, fn) }
  redirect('/redirect/google', function (req, res) { res.redirect('http://google.com') })
  redirect('/redirect/encode', function (req, res) { res.redirect('https://google.com?q=\u2603 §10') })
  redirect('/redirect/encoded', function (req, res) { res.redirect('https://google.com?q=%A710') })
  redirect('/redirect/303', function (req, res) { res.redirect(303, 'http://google.com') })
  redirect('/redirect/url-303', function (req, res) { res.redirect('http://google.com', 303) })
  redirect('/redirect/301', function (req, res) { res.redirect(301, 'http://google.com') })
  redirect('/redirect/lame', function (req, res) { res.redirect('<la\'me>') })
  redirect('/redirect/xss', function (req, res) { res.redirect('javascript:eval(document.body.innerHTML=`<p>XSS</p>`);') })
  redirect('/redirect/hax', function (req, res) { res.redirect('http://example.com/?param=<script>alert("hax");</script>') })
  redirect('/redirect/back', function (req, res) { res.redirect('back') })
  redirect('/redirect/relative', function (req, res) { res.redirect('../login') })
  redirect('/redirect/307', function (req, res) { res.redirect(307, '/temp') })
  redirect('/redirect/308', function (req, res) { res.redirect(308, '/perm') })
  redirect('/redirect/unknown-status', function (req, res) { res.redirect(399, '/odd') })
  app.all('/redirect/any', function (req, res) { res.redirect('/elsewhere') })
  return app
}
