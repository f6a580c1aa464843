'use strict'
// Request properties under every form of the "trust proxy" setting:
// hostname, host, ip, ips, protocol, secure, subdomains and xhr, after
// Express's test/req.hostname.js, req.host.js, req.ip.js, req.ips.js,
// req.protocol.js, req.secure.js, req.subdomains.js and req.xhr.js. Each
// app answers /props with a JSON text of them all, and /p/NAME with one
// property as the tests print it.
var newApp = require('../lib').newApp

function props (req) {
  return JSON.stringify({
    hostname: req.hostname === undefined ? '(undefined)' : req.hostname,
    host: req.host === undefined ? '(undefined)' : req.host,
    ip: req.ip,
    ips: req.ips,
    protocol: req.protocol,
    secure: req.secure,
    subdomains: req.subdomains,
    xhr: req.xhr
  })
}

function build (setting, offset) {
  return function (express, ctx) {
    var app = newApp(express, ctx)
    if (setting !== undefined) app.set('trust proxy', setting)
    if (offset !== undefined) app.set('subdomain offset', offset)
    app.get('/props', function (req, res) { res.send(props(req)) })
    app.get('/nohost', function (req, res) {
      req.headers.host = null
      res.send(props(req))
    })
    app.get('/p/hostname', function (req, res) { res.end(String(req.hostname)) })
    app.get('/p/host', function (req, res) { res.end(String(req.host)) })
    app.get('/p/ip', function (req, res) { res.send(req.ip) })
    app.get('/p/ips', function (req, res) { res.send(req.ips) })
    app.get('/p/protocol', function (req, res) { res.end(req.protocol) })
    app.get('/p/secure', function (req, res) { res.send(req.secure ? 'yes' : 'no') })
    app.get('/p/subdomains', function (req, res) { res.send(req.subdomains) })
    app.get('/p/xhr', function (req, res) { res.send(req.xhr) })
    return app
  }
}

module.exports = {
  default: build(),
  'false': build(false),
  'true': build(true),
  'hop-1': build(1),
  'hop-2': build(2),
  list: build('10.0.0.1, 10.0.0.2, 127.0.0.1, ::1'),
  untrusted: build('10.0.0.1'),
  loopback: build('loopback'),
  subnet: build('127.0.0.0/8'),
  array: build(['loopback', '10.0.0.0/8']),
  uniquelocal: build('uniquelocal'),
  fn: build(function (ip, i) { return i < 1 }),
  'offset-0': build(undefined, 0),
  'offset-3': build(undefined, 3),
  'sub-app': function (express, ctx) {
    var app = newApp(express, ctx)
    var sub = newApp(express, ctx)
    app.set('trust proxy', 2)
    sub.get('/', function (req, res) { res.send(req.ip) })
    sub.get('/props', function (req, res) { res.send(props(req)) })
    app.use('/sub', sub)
    return app
  },
  'sub-app-override': function (express, ctx) {
    var app = newApp(express, ctx)
    var sub = newApp(express, ctx)
    app.set('trust proxy', true)
    sub.set('trust proxy', false)
    sub.get('/props', function (req, res) { res.send(props(req)) })
    app.use('/sub', sub)
    app.get('/props', function (req, res) { res.send(props(req)) })
    return app
  }
}
