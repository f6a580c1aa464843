'use strict'
// req.query under each "query parser" setting, req.range, req.is,
// req.param, req.fresh and req.stale, after Express's test/req.query.js,
// req.range.js, req.is.js, req.param.js, req.fresh.js and req.stale.js.
var newApp = require('../lib').newApp

function queryApp (setting) {
  return function (express, ctx) {
    var app = newApp(express, ctx)
    if (setting !== undefined) app.set('query parser', setting)
    app.use(function (req, res) { res.send(req.query) })
    return app
  }
}

module.exports = {
  'query-default': queryApp(),
  'query-extended': queryApp('extended'),
  'query-simple': queryApp('simple'),
  'query-fn': queryApp(function (str) { return { length: (str || '').length } }),
  'query-false': queryApp(false),
  'query-true': queryApp(true),
  '': function (express, ctx) {
    var app = newApp(express, ctx)
    app.get('/range/120', function (req, res) { res.json(req.range(120)) })
    app.get('/range/75', function (req, res) { res.json(req.range(75)) })
    app.get('/range/type', function (req, res) { res.json(req.range(120).type) })
    app.get('/range/undefined', function (req, res) { res.send(String(req.range(120))) })
    app.get('/range/combine', function (req, res) { res.json(req.range(120, { combine: true })) })
    app.get('/range/result', function (req, res) {
      var r = req.range(100)
      res.send(typeof r === 'number' ? 'number ' + r : JSON.stringify(r))
    })
    var is = function (path, type) {
      app.post(path, function (req, res) { res.json(req.is(type)) })
    }
    is('/is/json', 'application/json')
    is('/is/jpeg', 'image/jpeg')
    is('/is/ext', 'json')
    is('/is/star-json', '*/json')
    is('/is/star-html', '*/html')
    is('/is/app-star', 'application/*')
    is('/is/text-star', 'text/*')
    is('/is/urlencoded', 'urlencoded')
    is('/is/multipart', 'multipart')
    app.post('/is/list', function (req, res) { res.json(req.is(['html', 'json', 'text/*'])) })
    app.get('/param/default', function (req, res) { res.end(req.param('name', 'tj')) })
    app.get('/param/query', function (req, res) { res.end(req.param('name')) })
    app.post('/param/body', express.json(), function (req, res) { res.end(req.param('name')) })
    app.get('/param/user/:name', function (req, res) { res.end(req.param('filter') + req.param('name')) })
    app.get('/fresh/match', function (req, res) { res.set('ETag', '"12345"'); res.send(req.fresh) })
    app.get('/fresh/modified', function (req, res) { res.set('ETag', '"123"'); res.send(req.fresh) })
    app.get('/fresh/none', function (req, res) { res.send(req.fresh) })
    app.get('/fresh/last-modified', function (req, res) {
      res.set('Last-Modified', 'Tue, 02 Jan 2024 03:04:05 GMT')
      res.send(req.fresh)
    })
    app.post('/fresh/match', function (req, res) { res.set('ETag', '"12345"'); res.send(req.fresh) })
    app.get('/stale/match', function (req, res) { res.set('ETag', '"12345"'); res.send(req.stale) })
    app.get('/stale/modified', function (req, res) { res.set('ETag', '"123"'); res.send(req.stale) })
    app.get('/stale/none', function (req, res) { res.send(req.stale) })
    return app
  }
}
