'use strict'
// express.static (serve-static 1.16 / send 0.19), after Express's
// test/express.static.js, on Express's own test fixtures
// (fixtures/express) and a few more (fixtures/extra); every mtime is
// pinned by the runner.
var path = require('path')
var newApp = require('../lib').newApp

function createApp (dir, options, before) {
  return function (express, ctx) {
    var app = newApp(express, ctx)
    if (before) app.use(before)
    app.use(express.static(path.join(ctx.fixtures, dir || 'express'), options))
    app.use(function (req, res, next) { res.status(404).send('fell through: ' + req.method + ' ' + req.url) })
    return app
  }
}

module.exports = {
  basic: createApp(),
  'accept-ranges-false': createApp('express', { acceptRanges: false }),
  'cache-control-false': createApp('express', { cacheControl: false }),
  'cache-control-false-max-age': createApp('express', { cacheControl: false, maxAge: 1000 }),
  'extensions-html': createApp('express', { extensions: 'html' }),
  'extensions-false': createApp('express', { extensions: false }),
  'extensions-list': createApp('express', { extensions: ['htm', 'html', 'txt'] }),
  'fallthrough-true-redirect-false': createApp('express', { fallthrough: true, redirect: false }),
  'fallthrough-false': createApp('express', { fallthrough: false }),
  'fallthrough-false-redirect-false': createApp('express', { fallthrough: false, redirect: false }),
  'dotfiles-allow': createApp('express', { dotfiles: 'allow' }),
  'dotfiles-deny': createApp('extra', { dotfiles: 'deny' }),
  'dotfiles-ignore': createApp('extra'),
  immutable: createApp('express', { immutable: true, maxAge: '1h' }),
  'immutable-no-max-age': createApp('express', { immutable: true }),
  'last-modified-false': createApp('express', { lastModified: false }),
  'etag-false': createApp('express', { etag: false }),
  'max-age-string': createApp('express', { maxAge: '30d' }),
  'max-age-infinity': createApp('express', { maxAge: Infinity }),
  'max-age-number': createApp('express', { maxAge: 1234567 }),
  'index-false': createApp('extra', { index: false }),
  'index-custom': createApp('extra', { index: ['missing.html', 'hello.txt'] }),
  extra: createApp('extra'),
  redirect: function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) {
      req.originalUrl = req.url = req.originalUrl.replace(/\/snow(\/|$)/, '/snow \u2603$1')
      next()
    })
    app.use(express.static(path.join(ctx.fixtures, 'express')))
    return app
  },
  'redirect-false': createApp('express', { redirect: false }),
  'set-headers': createApp('express', {
    setHeaders: function (res, p, stat) { res.setHeader('x-custom', 'set:' + path.basename(p) + ':' + stat.size) }
  }),
  'index-at-mount': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/users', express.static(path.join(ctx.fixtures, 'express', 'users')))
    return app
  },
  mounted: function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/static', express.static(path.join(ctx.fixtures, 'express')))
    return app
  },
  'root-file': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use('/todo.txt', express.static(path.join(ctx.fixtures, 'express', 'todo.txt')))
    return app
  },
  'non-2xx': function (express, ctx) {
    var app = newApp(express, ctx)
    app.use(function (req, res, next) { res.status(501); next() })
    app.use(express.static(path.join(ctx.fixtures, 'express')))
    return app
  }
}
