// record.js records express-session 1.19 in Express 4.22.3 for
// session_diff_test.go. Session IDs come from a counter (genid), so that
// cookies and signatures are the same in Node and Go. Run from the
// repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/session/testdata/record.js
'use strict'
const path = require('path')
const express = require('express')
const session = require('express-session')
const cookieParser = require('cookie-parser')
const signature = require('cookie-signature')
const { record } = require('../../internal/testserver/testdata/harness')

// configs are the session options of each app; the Go test mirrors them.
const configs = {
  default: {},
  maxAge: { cookie: { maxAge: 60000 } },
  rolling: { rolling: true, cookie: { maxAge: 60000 } },
  noInit: { saveUninitialized: false, resave: false },
  secure: { cookie: { secure: true } },
  secureProxy: { proxy: true, cookie: { secure: true } },
  secureAuto: { proxy: true, cookie: { secure: 'auto', sameSite: 'auto' } },
  attrs: { name: 'sid', cookie: { domain: 'example.com', sameSite: 'strict', partitioned: true, priority: 'high', httpOnly: false, path: '/' } },
  admin: { cookie: { path: '/admin' } },
  unsetDestroy: { unset: 'destroy' },
  rotate: { secret: ['new secret', 'keyboard cat'] }
}

function build (name) {
  const opts = Object.assign({ secret: 'keyboard cat', resave: true, saveUninitialized: true }, configs[name])
  let n = 0
  opts.genid = () => 'id-' + (++n)
  const store = new session.MemoryStore()
  opts.store = store
  const app = express()
  app.use(session(opts))
  const show = (req, res) => res.json({ id: req.sessionID, session: req.session || null })
  app.get('/', (req, res) => { req.session.views = (req.session.views || 0) + 1; show(req, res) })
  app.get('/admin', (req, res) => { req.session.views = (req.session.views || 0) + 1; show(req, res) })
  app.get('/noop', show)
  app.get('/login', (req, res, next) => {
    req.session.regenerate((err) => {
      if (err) return next(err)
      req.session.user = 'tobi'
      show(req, res)
    })
  })
  app.get('/logout', (req, res, next) => {
    req.session.destroy((err) => {
      if (err) return next(err)
      res.send('bye ' + req.sessionID)
    })
  })
  app.get('/unset', (req, res) => { req.session = null; res.send('unset') })
  app.get('/save', (req, res, next) => {
    req.session.saved = true
    req.session.save((err) => (err ? next(err) : res.redirect('/noop')))
  })
  app.get('/reload', (req, res, next) => {
    req.session.scratch = 'gone after reload'
    req.session.reload((err) => (err ? next(err) : show(req, res)))
  })
  app.get('/remember', (req, res) => { req.session.cookie.maxAge = 3600000; req.session.remember = true; show(req, res) })
  app.get('/store', (req, res) => store.all((err, all) => res.json(err || all)))
  return app
}

const apps = {}
for (const name of Object.keys(configs)) apps[name] = build(name)
const noSecret = express()
noSecret.use(session({ resave: false, saveUninitialized: true }))
noSecret.get('/', (req, res) => res.send('never'))
apps.noSecret = noSecret
const parsed = express()
parsed.use(cookieParser('parser secret'))
parsed.use(session({ resave: false, saveUninitialized: true, genid: () => 'parsed-id' }))
parsed.get('/', (req, res) => res.json({ id: req.sessionID }))
apps.parsed = parsed

const get = (target, headers) => 'GET ' + target + ' HTTP/1.1\r\nHost: localhost\r\n' + (headers || []).map((h) => h + '\r\n').join('') + '\r\n'
const signed = (id, secret) => 'connect.sid=' + encodeURIComponent('s:' + signature.sign(id, secret || 'keyboard cat'))

const cases = []
const add = (name, app, request, cookieFrom) => cases.push(Object.assign({ name: app + '/' + name, app, request }, cookieFrom ? { cookieFrom: app + '/' + cookieFrom } : {}))

for (const a of ['default', 'maxAge', 'rolling', 'noInit', 'unsetDestroy', 'rotate']) {
  add('noop-new', a, get('/noop'))
  add('first', a, get('/'))
  add('second', a, get('/'), 'first')
  add('noop', a, get('/noop'), 'first')
  add('third', a, get('/'), 'first')
  add('remember', a, get('/remember'), 'first')
  add('after-remember', a, get('/noop'), 'first')
  add('save', a, get('/save'), 'first')
  add('after-save', a, get('/noop'), 'first')
  add('reload', a, get('/reload'), 'first')
  add('login', a, get('/login'), 'first')
  add('old-after-login', a, get('/noop'), 'first')
  add('new-after-login', a, get('/noop'), 'login')
  add('unset', a, get('/unset'), 'login')
  add('after-unset', a, get('/noop'), 'login')
  add('logout', a, get('/logout'), 'login')
  add('after-logout', a, get('/noop'), 'login')
  add('forged', a, get('/noop', ['Cookie: connect.sid=s%3Aid-1.badsignature']))
  add('unsigned', a, get('/noop', ['Cookie: connect.sid=id-1']))
  add('unknown-signed', a, get('/noop', ['Cookie: ' + signed('made-up-id')]))
  add('old-secret', a, get('/noop', ['Cookie: ' + signed('id-1', 'keyboard cat')]))
  add('store', a, get('/store'))
}
add('http', 'secure', get('/'))
add('https-header-ignored', 'secure', get('/', ['X-Forwarded-Proto: https']))
add('http', 'secureProxy', get('/'))
add('https', 'secureProxy', get('/', ['X-Forwarded-Proto: https']))
add('https-list', 'secureProxy', get('/', ['X-Forwarded-Proto: HTTPS , http']))
add('http', 'secureAuto', get('/'))
add('https', 'secureAuto', get('/', ['X-Forwarded-Proto: https']))
add('first', 'attrs', get('/'))
add('second', 'attrs', get('/'), 'first')
add('root', 'admin', get('/'))
add('admin', 'admin', get('/admin'))
add('admin-sub', 'admin', get('/admin/x?y'))
add('first', 'noSecret', get('/'))
add('first', 'parsed', get('/'))
add('parser-signed', 'parsed', get('/', ['Cookie: connect.sid=' + encodeURIComponent('s:' + signature.sign('x', 'parser secret'))]))
record(apps, cases, path.join(__dirname, 'golden.json'))
