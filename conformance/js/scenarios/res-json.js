'use strict'
// res.json and res.jsonp with the json settings, after Express's
// test/res.json.js and test/res.jsonp.js, plus settings inheritance by a
// mounted sub-app.
var newApp = require('../lib').newApp

function routes (app, method) {
  var r = function (path, fn) { app.get(path, fn) }
  r('/object', function (req, res) { res[method]({ foo: 'bar' }) })
  r('/count', function (req, res) { res[method]({ count: 1 }) })
  r('/vendor', function (req, res) { res.type('application/vnd.example+json'); res[method]({ hello: 'world' }) })
  r('/null', function (req, res) { res[method](null) })
  r('/number', function (req, res) { res[method](300) })
  r('/string', function (req, res) { res[method]('str') })
  r('/array', function (req, res) { res[method](['foo', 'bar', 'baz']) })
  r('/tobi', function (req, res) { res[method]({ name: 'tobi' }) })
  r('/undefined', function (req, res) { res[method](undefined) })
  r('/status-object', function (req, res) { res[method](201, { id: 1 }) })
  r('/object-status', function (req, res) { res[method]({ id: 1 }, 201) })
  r('/number-number', function (req, res) { res[method](200, 201) })
  r('/empty', function (req, res) { res[method]({}) })
  r('/separators', function (req, res) { res[method]({ str: '\u2028 \u2029 woot' }) })
  r('/html', function (req, res) { res[method]({ '&': '<script>' }) })
  r('/nested', function (req, res) {
    res[method]({ a: [1, 2.5, -0, 1e21, 1e-7, true, false, null], b: { c: 'd', e: [] }, f: 'tab\there "q" \\ \u0001 \u00e9 \ud83d\ude00' })
  })
  r('/status-first', function (req, res) { res.status(404)[method]({ error: 'missing' }) })
  r('/preset-charset', function (req, res) { res.set('Content-Type', 'application/json; charset=iso-8859-1'); res[method]({ a: 1 }) })
  r('/head', function (req, res) { res[method]({ head: true }) })
}

module.exports = {
  json: function (express, ctx) {
    var app = newApp(express, ctx)
    routes(app, 'json')
    return app
  },
  jsonp: function (express, ctx) {
    var app = newApp(express, ctx)
    routes(app, 'jsonp')
    return app
  },
  escape: function (express, ctx) {
    var app = newApp(express, ctx)
    app.enable('json escape')
    app.get('/json', function (req, res) { res.json({ '&': '<script>' }) })
    app.get('/json-undefined', function (req, res) { res.json(undefined) })
    app.get('/jsonp', function (req, res) { res.jsonp({ '&': '\u2028<script>\u2029' }) })
    app.get('/jsonp-undefined', function (req, res) { res.jsonp(undefined) })
    return app
  },
  replacer: function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('json replacer', function (key, val) { return key[0] === '_' ? undefined : val })
    app.get('/json', function (req, res) { res.json({ name: 'tobi', _id: 12345 }) })
    app.get('/jsonp', function (req, res) { res.jsonp({ name: 'tobi', _id: 12345 }) })
    return app
  },
  spaces: function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('json spaces', 2)
    app.get('/json', function (req, res) { res.json({ name: 'tobi', age: 2 }) })
    app.get('/jsonp', function (req, res) { res.jsonp({ name: 'tobi', age: 2 }) })
    app.get('/nested', function (req, res) { res.json({ a: [1, { b: [] }], c: {} }) })
    var sub = newApp(express, ctx)
    sub.get('/json', function (req, res) { res.json({ inherited: [1, 2] }) })
    app.use('/sub', sub)
    return app
  },
  'callback-name': function (express, ctx) {
    var app = newApp(express, ctx)
    app.set('jsonp callback name', 'clb')
    app.get('/', function (req, res) { res.jsonp({ count: 1 }) })
    return app
  }
}
