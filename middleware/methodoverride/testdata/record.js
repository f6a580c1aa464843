// record.js records method-override 3.0 in Express 4.22.3 for
// methodoverride_diff_test.go. Run from the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/methodoverride/testdata/record.js
'use strict'
const path = require('path')
const express = require('express')
const methodOverride = require('method-override')
const { record } = require('../../internal/testserver/testdata/harness')

function app (...mws) {
  const a = express()
  for (const mw of mws) a.use(mw)
  a.delete('/route', (req, res) => res.send('DELETE route'))
  a.use((req, res) => res.send(req.method + ' ' + req.originalMethod))
  return a
}

const apps = {
  header: app(methodOverride()),
  custom: app(methodOverride('X-Method-Override')),
  lowerx: app(methodOverride('x-method')),
  query: app(methodOverride('_method')),
  any: app(methodOverride('_method', { methods: null })),
  postPut: app(methodOverride('X-HTTP-Method-Override', { methods: ['POST', 'PUT'] })),
  twice: app(methodOverride('X-HTTP-Method-Override'), methodOverride('_method'))
}

const req = (method, target, headers) => method + ' ' + target + ' HTTP/1.1\r\nHost: localhost\r\n' + (headers || []).map((h) => h + '\r\n').join('') + 'Content-Length: 0\r\n\r\n'
const cases = []
const add = (name, a, r) => cases.push({ name: a + '/' + name, app: a, request: r })

for (const a of ['header', 'custom', 'lowerx', 'postPut', 'twice']) {
  const h = a === 'custom' ? 'X-Method-Override' : a === 'lowerx' ? 'x-method' : 'X-HTTP-Method-Override'
  add('none', a, req('POST', '/'))
  add('delete', a, req('POST', '/', [h + ': DELETE']))
  add('lower', a, req('POST', '/', [h + ': delete']))
  add('route', a, req('POST', '/route', [h + ': DELETE']))
  add('list', a, req('POST', '/', [h + ': DELETE, PUT']))
  add('repeated', a, req('POST', '/', [h + ': PATCH', h + ': PUT']))
  add('spaces', a, req('POST', '/', [h + ':   put   ']))
  add('unknown', a, req('POST', '/', [h + ': FOO']))
  add('empty', a, req('POST', '/', [h + ':']))
  add('get', a, req('GET', '/', [h + ': DELETE']))
  add('put', a, req('PUT', '/', [h + ': DELETE']))
  add('mkcalendar', a, req('POST', '/', [h + ': mkcalendar']))
  add('connect', a, req('POST', '/', [h + ': CONNECT']))
  add('vary', a, req('POST', '/', ['Vary: x']))
}
for (const a of ['query', 'any', 'twice']) {
  add('q-none', a, req('POST', '/'))
  add('q-delete', a, req('POST', '/?_method=DELETE'))
  add('q-lower', a, req('POST', '/?_method=patch'))
  add('q-route', a, req('POST', '/route?_method=delete'))
  add('q-array', a, req('POST', '/?_method=PUT&_method=DELETE'))
  add('q-encoded', a, req('POST', '/?_method=%44ELETE'))
  add('q-plus', a, req('POST', '/?_method=DELETE+'))
  add('q-unknown', a, req('POST', '/?_method=nope'))
  add('q-get', a, req('GET', '/?_method=DELETE'))
  add('q-hash', a, req('POST', '/?a=1&_method=PUT#x'))
  add('q-bad-escape', a, req('POST', '/?_method=%zzPUT'))
  add('q-empty', a, req('POST', '/?_method='))
}
record(apps, cases, path.join(__dirname, 'golden.json'))
