'use strict'
// Settings and their inheritance by mounted sub-apps (Express's app.set
// rules: settings without a default are inherited, "trust proxy" is
// inherited too, the others keep the sub-app's default): x-powered-by,
// etag, case sensitive and strict routing, env, json spaces, jsonp
// callback name, subdomain offset and query parser.
var newApp = require('../lib').newApp

module.exports = {
  '': function (express, ctx) {
    var app = newApp(express, ctx)
    app.disable('x-powered-by')
    app.set('etag', 'strong')
    app.enable('case sensitive routing')
    app.enable('strict routing')
    app.set('json spaces', 1)
    app.set('jsonp callback name', 'cb')
    app.set('subdomain offset', 1)
    app.set('query parser', 'simple')
    app.set('trust proxy', true)

    // A sub-app created and configured before mounting: its router
    // exists before it inherits anything.
    var early = newApp(express, ctx)
    early.get('/Route', function (req, res) { res.send('early Route') })
    early.get('/slash/', function (req, res) { res.send('early slash/') })
    early.get('/etag', function (req, res) { res.send('early etag') })
    early.get('/json', function (req, res) { res.jsonp({ a: [1] }) })
    early.get('/props', function (req, res) { res.send(JSON.stringify({ ip: req.ip, subdomains: req.subdomains, query: req.query })) })
    early.get('/err', function (req, res, next) { next(new Error('early boom')) })
    app.use('/early', early)

    // A sub-app mounted first, routes added after: its router is created
    // with the inherited routing settings.
    var late = newApp(express, ctx)
    app.use('/late', late)
    late.get('/Route', function (req, res) { res.send('late Route') })
    late.get('/slash/', function (req, res) { res.send('late slash/') })
    late.get('/etag', function (req, res) { res.send('late etag') })

    // A sub-app overriding what it inherits.
    var own = newApp(express, ctx)
    own.disable('etag')
    own.set('json spaces', 0)
    own.set('trust proxy', false)
    own.get('/etag', function (req, res) { res.send('own etag') })
    own.get('/json', function (req, res) { res.json({ a: [1] }) })
    own.get('/props', function (req, res) { res.send(JSON.stringify({ ip: req.ip, subdomains: req.subdomains })) })
    app.use('/own', own)

    app.get('/Route', function (req, res) { res.send('parent Route') })
    app.get('/slash/', function (req, res) { res.send('parent slash/') })
    app.get('/etag', function (req, res) { res.send('parent etag') })
    app.get('/json', function (req, res) { res.jsonp({ a: [1] }) })
    app.get('/props', function (req, res) { res.send(JSON.stringify({ ip: req.ip, subdomains: req.subdomains, query: req.query })) })
    return app
  },
  'powered-by': function (express, ctx) {
    var app = newApp(express, ctx)
    var sub = newApp(express, ctx)
    sub.disable('x-powered-by')
    sub.get('/', function (req, res) { res.send('sub') })
    app.use('/sub', sub)
    app.get('/', function (req, res) { res.send('parent') })
    app.get('/set-own', function (req, res) { res.set('X-Powered-By', 'custom'); res.send('custom') })
    return app
  },
  'env-sub': function (express, ctx) {
    var app = newApp(express, ctx)
    var sub = express()
    sub.set('env', ctx.env === 'production' ? 'development' : 'production')
    sub.get('/err', function (req, res, next) { next(new Error('sub boom')) })
    sub.get('/404', function (req, res, next) { next() })
    app.use('/sub', sub)
    return app
  }
}
