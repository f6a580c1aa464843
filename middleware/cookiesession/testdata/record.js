// record.js records cookie-session 2.1 in Express 4.22.3 for
// cookiesession_diff_test.go. Run from the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/cookiesession/testdata/record.js
'use strict'
const path = require('path')
const express = require('express')
const cookieSession = require('cookie-session')
const Keygrip = require('keygrip')
const { record } = require('../../internal/testserver/testdata/harness')

// configs are the options of each app; the Go test mirrors them.
const configs = {
  keys: { keys: ['key1', 'key2'] },
  secret: { secret: 'shh', name: 'sess' },
  oldKey: { keys: ['new key', 'key1'] },
  unsigned: { signed: false },
  attrs: { keys: ['key1'], maxAge: 60000, path: '/', domain: 'example.com', sameSite: 'lax', priority: 'High', partitioned: true, httpOnly: false },
  secure: { keys: ['key1'], secure: true },
  proxied: { keys: ['key1'] }
}

function build (name) {
  const app = express()
  if (name === 'proxied') app.set('trust proxy', true)
  app.use(cookieSession(configs[name]))
  const show = (req, res) => res.json({ session: req.session, isNew: req.session && req.session.isNew, isPopulated: req.session && req.session.isPopulated })
  app.get('/', (req, res) => { req.session.views = (req.session.views || 0) + 1; show(req, res) })
  app.get('/noop', show)
  app.get('/untouched', (req, res) => res.send('untouched'))
  app.get('/clear', (req, res) => { req.session = null; res.send('cleared') })
  app.get('/replace', (req, res) => { req.session = { user: 'tobi' }; show(req, res) })
  app.get('/empty', (req, res) => { for (const k of Object.keys(req.session)) delete req.session[k]; show(req, res) })
  app.get('/remember', (req, res) => { req.sessionOptions.maxAge = 3600000; req.session.remember = 1; show(req, res) })
  app.get('/cookie', (req, res) => { res.cookie('session', 'app-set'); req.session.x = 1; show(req, res) })
  return app
}

const apps = {}
for (const name of Object.keys(configs)) apps[name] = build(name)

const get = (target, headers) => 'GET ' + target + ' HTTP/1.1\r\nHost: localhost\r\n' + (headers || []).map((h) => h + '\r\n').join('') + '\r\n'
const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64')
const sig = (name, value, key) => Keygrip([key]).sign(name + '=' + value)
const pair = (name, v, key) => name + '=' + v + '; ' + name + '.sig=' + sig(name, v, key)

const cases = []
const add = (name, app, request, cookieFrom) => cases.push(Object.assign({ name: app + '/' + name, app, request }, cookieFrom ? { cookieFrom: app + '/' + cookieFrom } : {}))
for (const a of ['keys', 'secret', 'oldKey', 'unsigned', 'attrs']) {
  const n = a === 'secret' ? 'sess' : 'session'
  const key = a === 'secret' ? 'shh' : 'key1'
  add('untouched', a, get('/untouched'))
  add('noop-new', a, get('/noop'))
  add('first', a, get('/'))
  add('second', a, get('/'), 'first')
  add('noop', a, get('/noop'), 'first')
  add('remember', a, get('/remember'), 'first')
  add('replace', a, get('/replace'), 'first')
  add('empty', a, get('/empty'), 'first')
  add('clear', a, get('/clear'), 'first')
  add('clear-new', a, get('/clear'))
  add('app-cookie', a, get('/cookie'))
  add('tampered', a, get('/noop', ['Cookie: ' + n + '=' + b64({ admin: true }) + '; ' + n + '.sig=' + sig(n, b64({ views: 1 }), key)]))
  add('no-sig', a, get('/noop', ['Cookie: ' + n + '=' + b64({ admin: true })]))
  add('signed-key1', a, get('/', ['Cookie: ' + pair(n, b64({ views: 5 }), 'key1')]))
  add('signed-shh', a, get('/', ['Cookie: ' + pair(n, b64({ views: 7 }), 'shh')]))
  add('quoted', a, get('/noop', ['Cookie: ' + n + '="' + b64({ q: 1 }) + '"; ' + n + '.sig=' + sig(n, b64({ q: 1 }), key)]))
  add('not-json', a, get('/noop', ['Cookie: ' + pair(n, 'bm90IGpzb24=', key)]))
  add('json-string', a, get('/noop', ['Cookie: ' + pair(n, b64('ab'), key)]))
  add('json-array', a, get('/noop', ['Cookie: ' + pair(n, b64([1, 2]), key)]))
  add('json-null', a, get('/noop', ['Cookie: ' + pair(n, b64(null), key)]))
  add('inherited', a, get('/noop', ['Cookie: ' + pair(n, b64({ isNew: 1, toString: 2, ok: 3 }), key)]))
  add('prefix-name', a, get('/noop', ['Cookie: x' + n + '=' + b64({ a: 1 }) + ';  ' + pair(n, b64({ b: 2 }), key)]))
  add('spaces', a, get('/noop', ['Cookie: ' + n + '=' + b64({ s: 1 }) + ' ; ' + n + '.sig=' + sig(n, b64({ s: 1 }) + ' ', key)]))
}
add('http', 'secure', get('/'))
add('https-untrusted', 'secure', get('/', ['X-Forwarded-Proto: https']))
add('http', 'proxied', get('/'))
add('https', 'proxied', get('/', ['X-Forwarded-Proto: https']))
record(apps, cases, path.join(__dirname, 'golden.json'))
