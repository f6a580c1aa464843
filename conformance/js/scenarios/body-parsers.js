'use strict'
// The bundled body parsers (body-parser 1.20): express.json, urlencoded,
// text and raw with their options, after Express's test/express.json.js,
// express.urlencoded.js, express.text.js and express.raw.js. Every app is
// the tests' createApp: the parser, an error handler answering
// "[err.type] err.message" (or err[X-Error-Property]) with err.status,
// and POST / echoing req.body as JSON (raw: {"buf": hex}).
var newApp = require('../lib').newApp

function createApp (parser, options, twice) {
  return function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(express[parser](options))
    if (twice) app.use(express[parser](options))
    app.use(function (err, req, res, next) {
      res.status(err.status || 500)
      res.send(String(req.headers['x-error-property']
        ? err[req.headers['x-error-property']]
        : ('[' + err.type + '] ' + err.message)))
    })
    app.post('/', function (req, res) {
      if (Buffer.isBuffer(req.body)) {
        res.json({ buf: req.body.toString('hex') })
      } else {
        res.json(req.body)
      }
    })
    return app
  }
}

function acceptVnd (req) { return Boolean(req.headers['content-type'] && req.headers['content-type'].indexOf('vnd') !== -1) }
function acceptAll () { return true }

function verifyReject (prefix, status) {
  return function (req, res, buf) {
    if (buf[0] === prefix) {
      var err = new Error('no arrays')
      if (status) err.status = status
      throw err
    }
  }
}

var apps = {}
;['json', 'urlencoded', 'text', 'raw'].forEach(function (p) {
  var extra = p === 'urlencoded' ? { extended: true } : {}
  var opts = function (o) { return Object.assign({}, extra, o || {}) }
  apps[p] = createApp(p, opts())
  apps[p + '-dup'] = createApp(p, opts(), true)
  apps[p + '-limit-1kb'] = createApp(p, opts({ limit: '1kb' }))
  apps[p + '-limit-1024'] = createApp(p, opts({ limit: 1024 }))
  apps[p + '-limit-8kb'] = createApp(p, opts({ limit: '8kb' }))
  apps[p + '-inflate-false'] = createApp(p, opts({ inflate: false }))
  apps[p + '-type-fn'] = createApp(p, opts({ type: acceptVnd }))
  apps[p + '-type-all'] = createApp(p, opts({ type: acceptAll }))
  apps[p + '-verify'] = createApp(p, opts({ verify: verifyReject(p === 'json' ? 0x5b : 0x20) }))
  apps[p + '-verify-code'] = createApp(p, opts({ verify: verifyReject(p === 'json' ? 0x5b : 0x20, 400) }))
  apps[p + '-verify-pass'] = createApp(p, opts({ verify: function () {} }))
})
apps['json-strict-false'] = createApp('json', { strict: false })
apps['json-strict-true'] = createApp('json', { strict: true })
apps['json-type-vnd'] = createApp('json', { type: 'application/vnd.api+json' })
apps['json-type-list'] = createApp('json', { type: ['application/json', 'application/vnd.api+json'] })
apps['json-reviver'] = createApp('json', { reviver: function (k, v) { return k === 'x' ? 'revived' : v } })
apps['urlencoded-simple'] = createApp('urlencoded', { extended: false })
apps['urlencoded-type-vnd'] = createApp('urlencoded', { extended: true, type: 'application/vnd.x-www-form-urlencoded' })
apps['urlencoded-type-list'] = createApp('urlencoded', { extended: true, type: ['urlencoded', 'application/x-pairs'] })
apps['urlencoded-params-10'] = createApp('urlencoded', { extended: true, parameterLimit: 10 })
apps['urlencoded-simple-params-10'] = createApp('urlencoded', { extended: false, parameterLimit: 10 })
apps['urlencoded-params-float'] = createApp('urlencoded', { extended: true, parameterLimit: 10.1 })
apps['urlencoded-params-infinity'] = createApp('urlencoded', { extended: true, parameterLimit: Infinity })
apps['urlencoded-verify-type'] = createApp('urlencoded', {
  extended: true,
  verify: function (req, res, buf) {
    if (buf[0] === 0x20) {
      var err = new Error('no leading space')
      err.type = 'foo.bar'
      throw err
    }
  }
})
apps['text-default-charset'] = createApp('text', { defaultCharset: 'koi8-r' })
apps['text-type-html'] = createApp('text', { type: 'text/html' })
apps['text-type-list'] = createApp('text', { type: ['text/html', 'text/plain'] })
apps['raw-type-vnd'] = createApp('raw', { type: 'application/vnd+octets' })
apps['raw-type-list'] = createApp('raw', { type: ['application/octet-stream', 'application/vnd+octets'] })

module.exports = apps
