'use strict'
// res.sendFile and res.download, after Express's test/res.sendFile.js and
// test/res.download.js (the deprecated res.sendfile is left out: Express 5
// removed it), on the pinned fixtures. Callbacks report through headers
// bodies: "cb:" + the error's status and code.
var path = require('path')
var newApp = require('../lib').newApp

module.exports = function (express, ctx) {
  var app = newApp(express, ctx)
  var fx = path.join(ctx.fixtures, 'express')
  var file = function (name) { return path.join(fx, name) }
  var send = function (route, name, options) {
    app.get(route, function (req, res) { res.sendFile(name, options) })
  }
  var withCb = function (route, name, options) {
    app.all(route, function (req, res, next) {
      res.sendFile(name, options, function (err) {
        if (err) {
          if (res.headersSent) return
          return res.status(err.status || 500).send('cb:' + (err.status || '') + ':' + (err.code || err.name))
        }
        // Success: the file is sent already; nothing more to do.
      })
    })
  }
  // .sendFile(path)
  app.get('/missing-path', function (req, res) { res.sendFile() })
  app.get('/non-string', function (req, res) { res.sendFile(42) })
  send('/relative', 'test/fixtures/name.txt')
  send('/file', file('name.txt'))
  send('/special', file('% of dogs.txt'))
  send('/directory', fx)
  send('/not-found', file('does-not-exist'))
  send('/dotfile', file('.name'))
  app.get('/manual-type', function (req, res) { res.contentType('application/x-bogus'); res.sendFile(file('name.txt')) })
  send('/nums', file('nums.txt'))
  send('/empty', file('empty.txt'))
  send('/html', file('todo.html'))
  send('/snow-dir', file('snow ☃'))
  // .sendFile(path, fn)
  withCb('/cb/file', file('name.txt'))
  withCb('/cb/missing', file('does-not-exist'))
  withCb('/cb/dotfile', file('.name'), { dotfiles: 'deny' })
  withCb('/cb/dir', fx)
  // .sendFile(path, options)
  send('/opt/max-age', file('name.txt'), { maxAge: 60000 })
  send('/opt/accept-ranges-false', file('nums.txt'), { acceptRanges: false })
  send('/opt/cache-control-false', file('name.txt'), { cacheControl: false })
  send('/opt/dotfiles-allow', file('.name'), { dotfiles: 'allow' })
  send('/opt/dotfiles-deny', file('.name'), { dotfiles: 'deny' })
  send('/opt/dotfiles-ignore', file('.name'), { dotfiles: 'ignore' })
  send('/opt/headers', file('name.txt'), { headers: { 'X-Foo': 'Bar', 'X-Bar': 'Foo' } })
  send('/opt/headers-dup', file('name.txt'), { headers: { 'X-Foo': 'Bar', 'x-foo': 'bar' } })
  send('/opt/headers-type', file('name.txt'), { headers: { 'Content-Type': 'text/x-custom' } })
  send('/opt/headers-404', file('does-not-exist'), { headers: { 'X-Foo': 'Bar' } })
  send('/opt/immutable', file('name.txt'), { immutable: true })
  send('/opt/immutable-false', file('name.txt'), { immutable: false })
  send('/opt/last-modified-false', file('name.txt'), { lastModified: false })
  send('/opt/max-age-year', file('name.txt'), { maxAge: Infinity })
  send('/opt/max-age-negative', file('name.txt'), { maxAge: -100 })
  send('/opt/max-age-floor', file('name.txt'), { maxAge: 123956 })
  send('/opt/max-age-no-cc', file('name.txt'), { cacheControl: false, maxAge: 1000 })
  send('/opt/max-age-str-ms', file('name.txt'), { maxAge: '123456' })
  send('/opt/max-age-str-s', file('name.txt'), { maxAge: '100s' })
  send('/opt/max-age-str-m', file('name.txt'), { maxAge: '1m' })
  send('/opt/max-age-str-d', file('name.txt'), { maxAge: '1d' })
  send('/opt/root', 'name.txt', { root: fx })
  send('/opt/root-up-within', 'fake/../name.txt', { root: fx })
  send('/opt/root-up-outside', '../name.txt', { root: path.join(fx, 'users') })
  send('/opt/root-outside-read', '../../../package.json', { root: fx })
  send('/opt/root-dotfile-dir', 'users/../.name', { root: fx })
  // .download
  app.get('/dl/file', function (req, res) { res.download(file('user.html')) })
  app.get('/dl/nums', function (req, res) { res.download(file('nums.txt')) })
  app.get('/dl/filename', function (req, res) { res.download(file('user.html'), 'document') })
  app.get('/dl/utf8-filename', function (req, res) { res.download(file('user.html'), '日本語 ☃.html') })
  app.get('/dl/cb', function (req, res) {
    res.download(file('user.html'), function (err) { if (err && !res.headersSent) res.status(500).send('cb:' + err.code) })
  })
  app.get('/dl/options', function (req, res) { res.download(file('user.html'), { maxAge: '1d' }) })
  app.get('/dl/headers', function (req, res) {
    res.download(file('user.html'), { headers: { 'X-Foo': 'Bar', 'Content-Type': 'text/x-custom', 'Content-Disposition': 'inline' } })
  })
  app.get('/dl/headers-ci', function (req, res) {
    res.download(file('user.html'), { headers: { 'content-disposition': 'inline' } })
  })
  app.get('/dl/headers-404', function (req, res) { res.download(file('does-not-exist'), { headers: { 'X-Foo': 'Bar' } }) })
  app.get('/dl/root', function (req, res) { res.download('name.txt', { root: fx }) })
  app.get('/dl/root-up-within', function (req, res) { res.download('fake/../name.txt', { root: fx }) })
  app.get('/dl/root-up-outside', function (req, res) { res.download('../name.txt', { root: path.join(fx, 'users') }) })
  app.get('/dl/filename-options-cb', function (req, res) {
    res.download(file('name.txt'), 'document', { maxAge: '1d', headers: { 'Content-Disposition': 'inline' } }, function (err) {
      if (err && !res.headersSent) res.status(500).send('cb:' + err.code)
    })
  })
  app.get('/dl/missing', function (req, res) {
    res.download(file('does-not-exist'), 'missing.txt', function (err) {
      res.set('X-Had-Disposition', String(Boolean(res.get('Content-Disposition'))))
      res.status(err ? err.status || 500 : 200).send('cb:' + (err ? err.code : 'ok'))
    })
  })
  app.get('/dl/missing-no-cb', function (req, res) { res.download(file('does-not-exist')) })
  return app
}
