// record.js records connect 2.30's basicAuth (basic-auth-connect 1.0) in
// Express 4.22.3 for basicauth_diff_test.go. Run from the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/basicauth/testdata/record.js
'use strict'
const path = require('path')
const express = require('express')
const basicAuth = require('basic-auth-connect')
const { record } = require('../../internal/testserver/testdata/harness')

function app (mw) {
  const a = express()
  a.use(mw)
  a.get('/', (req, res) => res.send('user=' + JSON.stringify(req.user) + ' remote=' + JSON.stringify(req.remoteUser)))
  return a
}

const apps = {
  fixed: app(basicAuth('tj', 'wahoo')),
  fixedRealm: app(basicAuth('tj', 'wahoo', 'Admin Area')),
  sync: app(basicAuth((user, pass) => user === 'tj' && pass === 'wahoo')),
  syncRealm: app(basicAuth((user, pass) => pass === 'secret', 'My "quoted" realm')),
  async: app(basicAuth((user, pass, fn) => {
    setTimeout(() => {
      if (user === 'err') return fn(new Error('boom'))
      if (pass === 'obj') return fn(null, { name: user })
      if (pass === 'zero') return fn(null, 0)
      fn(null, pass === 'wahoo' ? user : false)
    }, 5)
  })),
  echo: app(basicAuth((user, pass, fn) => fn(null, user + '|' + pass))),
  preset: (() => {
    const a = express()
    a.use((req, res, next) => { req.user = 'preset'; next() })
    a.use(basicAuth('tj', 'wahoo'))
    a.get('/', (req, res) => res.send('user=' + JSON.stringify(req.user)))
    return a
  })()
}

const b64 = (s) => Buffer.from(s, 'utf8').toString('base64')
const get = (auth) => 'GET / HTTP/1.1\r\nHost: localhost\r\n' + (auth === undefined ? '' : 'Authorization: ' + auth + '\r\n') + '\r\n'

const headers = {
  none: undefined,
  empty: '',
  good: 'Basic ' + b64('tj:wahoo'),
  badPass: 'Basic ' + b64('tj:nope'),
  badUser: 'Basic ' + b64('tk:wahoo'),
  lowerScheme: 'basic ' + b64('tj:wahoo'),
  threeParts: 'Basic ' + b64('tj:wahoo') + ' x',
  twoSpaces: 'Basic  ' + b64('tj:wahoo'),
  noColon: 'Basic ' + b64('tjwahoo'),
  bearer: 'Bearer abc',
  onlyScheme: 'Basic',
  schemeSpace: 'Basic ',
  colonInPass: 'Basic ' + b64('tj:wa:hoo'),
  emptyUser: 'Basic ' + b64(':wahoo'),
  urlSafe: 'Basic ' + b64('tj:wahoo??>').replace(/\+/g, '-').replace(/\//g, '_'),
  junkChars: 'Basic dGo6*d2Fo!b28=',
  stopAtPad: 'Basic dGo6d2Fob28=dGo6',
  invalidUtf8: 'Basic ' + Buffer.from([0x74, 0x6a, 0x3a, 0xff, 0xe2, 0x82]).toString('base64'),
  utf8: 'Basic ' + b64('jé:wahoo€'),
  err: 'Basic ' + b64('err:x'),
  obj: 'Basic ' + b64('tj:obj'),
  zero: 'Basic ' + b64('tj:zero'),
  secret: 'Basic ' + b64('anyone:secret')
}

const cases = []
for (const a of Object.keys(apps)) {
  for (const h of Object.keys(headers)) {
    cases.push({ name: a + '/' + h, app: a, request: get(headers[h]) })
  }
}

record(apps, cases, path.join(__dirname, 'golden.json'))
