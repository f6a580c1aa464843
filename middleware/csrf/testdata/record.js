// record.js records csurf 1.11 in Express 4.22.3 for csrf_diff_test.go.
// Tokens are random: a case sends the token an earlier case's body held
// ({{body:...}}). Run from the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/csrf/testdata/record.js
'use strict'
const path = require('path')
const express = require('express')
const session = require('express-session')
const cookieParser = require('cookie-parser')
const csurf = require('csurf')
const { record } = require('../../internal/testserver/testdata/harness')

function build (name) {
  const app = express()
  if (name === 'session') {
    let n = 0
    app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, genid: () => 'id-' + (++n) }))
    app.use(express.urlencoded({ extended: false }))
    app.use(express.json())
    app.use(csurf())
  } else if (name === 'cookie') {
    app.use(cookieParser('parser secret'))
    app.use(express.urlencoded({ extended: true }))
    app.use(csurf({ cookie: { signed: true, httpOnly: true, sameSite: 'strict' } }))
  } else if (name === 'ignoreNone') {
    let n = 0
    app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, genid: () => 'id-' + (++n) }))
    app.use(csurf({ ignoreMethods: [] }))
  } else if (name === 'nosession') {
    app.use(csurf())
  }
  app.get('/token', (req, res) => res.send(req.csrfToken()))
  app.get('/twice', (req, res) => res.send(String(req.csrfToken() === req.csrfToken())))
  app.all('/process', (req, res) => res.send('ok ' + req.method))
  app.use((err, req, res, next) => {
    res.status(err.status || 500).send(err.code + ' ' + err.message)
  })
  return app
}

const apps = { session: build('session'), cookie: build('cookie'), ignoreNone: build('ignoreNone'), nosession: build('nosession') }

const req = (method, target, headers, body) => method + ' ' + target + ' HTTP/1.1\r\nHost: localhost\r\n' +
  (headers || []).map((h) => h + '\r\n').join('') + (body !== undefined ? 'Content-Length: AUTO\r\n' : '') + '\r\n' + (body || '')
const form = 'Content-Type: application/x-www-form-urlencoded'

const cases = []
const add = (name, app, request, cookieFrom) => cases.push(Object.assign({ name: app + '/' + name, app, request }, cookieFrom ? { cookieFrom: app + '/' + cookieFrom } : {}))
for (const a of ['session', 'cookie']) {
  const t = '{{body:' + a + '/token}}'
  add('token', a, req('GET', '/token'))
  add('twice', a, req('GET', '/twice'), 'token')
  add('get-no-token', a, req('GET', '/process'), 'token')
  add('head-no-token', a, req('HEAD', '/process'), 'token')
  add('options-no-token', a, req('OPTIONS', '/process'), 'token')
  add('post-no-token', a, req('POST', '/process', [form], ''), 'token')
  add('post-body', a, req('POST', '/process', [form], '_csrf=' + t), 'token')
  add('post-query', a, req('POST', '/process?_csrf=' + t, [], ''), 'token')
  add('post-csrf-token', a, req('POST', '/process', ['CSRF-Token: ' + t], ''), 'token')
  add('post-xsrf-token', a, req('POST', '/process', ['XSRF-Token: ' + t], ''), 'token')
  add('post-x-csrf-token', a, req('POST', '/process', ['X-CSRF-Token: ' + t], ''), 'token')
  add('post-x-xsrf-token', a, req('POST', '/process', ['X-XSRF-Token: ' + t], ''), 'token')
  add('put-header', a, req('PUT', '/process', ['X-CSRF-Token: ' + t], ''), 'token')
  add('delete-no-token', a, req('DELETE', '/process'), 'token')
  add('post-wrong', a, req('POST', '/process', ['X-CSRF-Token: abcdefgh-0000000000000000000000000000000'], ''), 'token')
  add('post-no-dash', a, req('POST', '/process', ['X-CSRF-Token: nodash'], ''), 'token')
  add('post-empty-body-token', a, req('POST', '/process?_csrf=' + t, [form], '_csrf='), 'token')
  add('post-array', a, req('POST', '/process?_csrf=' + t, [form], '_csrf=' + t + '&_csrf=' + t), 'token')
  add('post-token-no-cookie', a, req('POST', '/process', ['X-CSRF-Token: ' + t], ''))
  add('token2', a, req('GET', '/token'))
  add('other-visitor', a, req('POST', '/process', ['X-CSRF-Token: {{body:' + a + '/token2}}'], ''), 'token')
}
add('post-json', 'session', req('POST', '/process', ['Content-Type: application/json'], '{"_csrf":"{{body:session/token}}"}'), 'token')
add('post-json-number', 'session', req('POST', '/process?_csrf={{body:session/token}}', ['Content-Type: application/json'], '{"_csrf":5}'), 'token')
add('planted-unsigned', 'cookie', req('POST', '/process', ['Cookie: _csrf=attackersecret', 'X-CSRF-Token: salt-' + require('crypto').createHash('sha1').update('salt-attackersecret', 'ascii').digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '')], ''))
add('token', 'ignoreNone', req('GET', '/token'))
add('get-no-token', 'ignoreNone', req('GET', '/token'), 'token')
add('post-no-token', 'ignoreNone', req('POST', '/process', [], ''), 'token')
add('get', 'nosession', req('GET', '/token'))
record(apps, cases, path.join(__dirname, 'golden.json'))
