// record.js records morgan 1.12's log lines in Express 4.22.3 for
// logger_diff_test.go. Run from the repository root (NO_COLOR must be
// unset):
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/logger/testdata/record.js
'use strict'
const path = require('path')
const express = require('express')
const morgan = require('morgan')
const { record } = require('../../internal/testserver/testdata/harness')

const lines = []
const stream = { write: (s) => lines.push(s) }

morgan.token('custom', (req, res, arg) => 'c<' + (arg || '') + '>' + (req.headers['x-val'] || ''))
morgan.token('empty', () => '')

// formats lists the format of each app, in order; the Go test builds the
// same apps.
const formats = {
  combined: 'combined',
  common: 'common',
  default: 'default',
  short: 'short',
  tiny: 'tiny',
  dev: 'dev',
  custom: ':method :url rt=[:response-time[1]] tt=[:total-time[0]] :status :res[content-length] :res[x-multi] :res[set-cookie] :req[x-val] :req[referrer] ":referrer" :http-version :remote-user :date[nope] :custom :custom[a b] :empty :nosuch-x',
  literal: 'a:b :: :x[] :url[ :method[] [:status] :res[content-type]x',
  immediate: ':method :url :status :res[content-length] :response-time'
}

const apps = {}
for (const name of Object.keys(formats)) {
  const fmt = formats[name]
  const a = express()
  if (name === 'custom') morgan.token('nosuch-x', () => undefined)
  a.use(morgan(fmt, { stream, immediate: name === 'immediate' }))
  a.get('/', (req, res) => res.send('hello'))
  a.get('/headers', (req, res) => {
    res.setHeader('X-Multi', ['a', 'b'])
    res.cookie('a', '1')
    res.cookie('b', '2')
    res.send('with headers')
  })
  a.get('/error', (req, res, next) => next(new Error('boom')))
  a.get('/redirect', (req, res) => res.redirect('/'))
  a.get('/empty', (req, res) => res.status(204).end())
  apps[name] = a
}

const req = (method, target, headers, version) => method + ' ' + target + ' HTTP/' + (version || '1.1') + '\r\nHost: localhost\r\n' + (headers || []).map((h) => h + '\r\n').join('') + '\r\n'
const requests = {
  root: req('GET', '/'),
  query: req('GET', '/?a=1&b=%20x'),
  missing: req('GET', '/missing'),
  error: req('GET', '/error'),
  redirect: req('GET', '/redirect'),
  empty: req('GET', '/empty'),
  headers: req('GET', '/headers'),
  head: req('HEAD', '/'),
  http10: req('GET', '/', [], '1.0'),
  auth: req('GET', '/', ['Authorization: Basic ' + Buffer.from('tobi:ferret').toString('base64')]),
  authBad: req('GET', '/', ['Authorization: Basic !!!']),
  authUtf8: req('GET', '/', ['Authorization: Basic ' + Buffer.from('t\u00e9\u2028"x:y').toString('base64')]),
  referer: req('GET', '/', ['Referer: http://example.com/a"b\\c', 'User-Agent: Mozilla/5.0 "quoted" \\ back']),
  referrer: req('GET', '/', ['Referrer: http://other.example/']),
  both: req('GET', '/', ['Referrer: http://r1/', 'Referer: http://r2/']),
  utf8Agent: req('GET', '/', ['User-Agent: caf\u00c3\u00a9 \u00c2\u0085', 'X-Val: \u00e9\t\u0085']),
  xval: req('GET', '/', ['X-Val: one', 'X-Val: two']),
  fresh: req('GET', '/', ['If-None-Match: W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"'])
}

const cases = []
for (const a of Object.keys(apps)) {
  for (const r of Object.keys(requests)) {
    cases.push({ name: a + '/' + r, app: a, request: requests[r] })
  }
}
record(apps, cases, path.join(__dirname, 'golden.json'), () => ({ log: lines.splice(0) }))
