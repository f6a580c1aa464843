// record.js records compression 1.5.2, the compress() of connect 2.30.2
// (Express 3.21), in Express 4.22.3 for compress_diff_test.go. Run from the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/compress/testdata/record.js
'use strict'
const path = require('path')
const express = require('express')
const compression = require('connect/node_modules/compression')
const { record } = require('../../internal/testserver/testdata/harness')

// The static files' mtimes are pinned (compress_diff_test.go pins them
// too), so their ETag and Last-Modified do not depend on the checkout.
const fs = require('fs')
const pinned = new Date('2024-01-02T03:04:05Z')
for (const f of fs.readdirSync(path.join(__dirname, 'public'))) fs.utimesSync(path.join(__dirname, 'public', f), pinned, pinned)

const big = 'hello, world! '.repeat(200) // 2800 bytes
const routes = (app) => {
  app.get('/big', (req, res) => res.send(big))
  app.get('/small', (req, res) => res.send('hello'))
  app.get('/json', (req, res) => res.json({ items: Array.from({ length: 100 }, (_, i) => ({ i, name: 'item ' + i })) }))
  app.get('/png', (req, res) => res.type('png').send(Buffer.from(big)))
  app.get('/notransform', (req, res) => res.set('Cache-Control', 'public, no-transform').send(big))
  app.get('/encoded', (req, res) => res.set('Content-Encoding', 'x-custom').send(big))
  app.get('/identity', (req, res) => res.set('Content-Encoding', 'identity').send(big))
  app.get('/vary', (req, res) => res.vary('Origin').send(big))
  app.get('/empty', (req, res) => res.status(204).end())
  app.get('/svg', (req, res) => res.type('image/svg+xml').send(big))
  app.get('/vnd', (req, res) => res.type('application/vnd.example+json; charset=utf-8').send(big))
  app.get('/unknown', (req, res) => res.type('application/x-unknown-thing').send(big))
  app.get('/texty', (req, res) => res.set('Content-Type', '  TEXT/X-Custom ; charset=utf-8').send(big))
  app.get('/end', (req, res) => res.end(big))
  app.get('/endtyped', (req, res) => { res.set('Content-Type', 'text/plain'); res.end(big) })
  app.get('/emptytyped', (req, res) => { res.set('Content-Type', 'text/plain'); res.end() })
  app.use(express.static(path.join(__dirname, 'public')))
}

const apps = {}
for (const [name, opts] of Object.entries({
  default: {},
  zero: { threshold: 0 },
  filter: { filter: (req, res) => req.headers['x-no-compression'] ? false : compression.filter(req, res) },
  level: { level: 1 }
})) {
  const a = express()
  a.use(compression(opts))
  routes(a)
  apps[name] = a
}

const get = (target, ae, extra) => 'GET ' + target + ' HTTP/1.1\r\nHost: localhost\r\n' + (ae === undefined ? '' : 'Accept-Encoding: ' + ae + '\r\n') + (extra || []).map((h) => h + '\r\n').join('') + '\r\n'
const encodings = ['gzip', 'deflate', 'br', 'gzip, deflate, br', 'deflate, gzip', 'br;q=0.5, gzip', '*', 'identity', 'gzip;q=0', '',
  'compress', 'br;q=0.001, identity;q=0', 'GZIP', 'deflate;q=0.8, gzip;q=0.8', 'x, *;q=0.5', 'gzip;q=abc, deflate', 'gzip; q=0.5 ; x=y, br; q=0.5',
  'deflate, gzip;q=0', 'deflate;q=1, gzip;q=0.5', 'gzip;x=1;q=0.5, deflate;q=0.5', 'deflate;q=0.5, gzip;x=1;q=0.5', 'identity;q=0', '*;q=0', 'deflate;q=0.5, *;q=0.4',
  'gzip;q=0, deflate;q=0, identity;q=0']
const cases = []
for (const e of encodings) cases.push({ name: 'default/big/' + e, app: 'default', request: get('/big', e) })
cases.push({ name: 'default/big/none', app: 'default', request: get('/big') })
for (const p of ['/small', '/json', '/png', '/notransform', '/encoded', '/identity', '/vary', '/empty', '/svg', '/vnd', '/unknown', '/texty', '/end', '/endtyped', '/emptytyped', '/big.txt', '/small.css', '/missing']) {
  for (const e of ['gzip', 'deflate']) cases.push({ name: 'default' + p + '/' + e, app: 'default', request: get(p, e) })
}
cases.push({ name: 'default/head', app: 'default', request: 'HEAD /big HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\n\r\n' })
cases.push({ name: 'default/304', app: 'default', request: get('/big', 'gzip', ['If-None-Match: W/"af0-x"']) })
cases.push({ name: 'zero/emptytyped', app: 'zero', request: get('/emptytyped', 'gzip') })
cases.push({ name: 'default/304/fresh', app: 'default', request: get('/big', 'gzip', ['If-None-Match: W/"af0-O45rjo+16bFZw96uHXLHZKMZ6i8"']) })
cases.push({ name: 'default/range', app: 'default', request: get('/big.txt', 'gzip', ['Range: bytes=0-99']) })
for (const e of ['gzip', 'deflate', 'identity']) cases.push({ name: 'zero/small/' + e, app: 'zero', request: get('/small', e) })
cases.push({ name: 'filter/off', app: 'filter', request: get('/big', 'gzip', ['X-No-Compression: 1']) })
cases.push({ name: 'filter/on', app: 'filter', request: get('/big', 'gzip') })
for (const e of ['gzip', 'deflate']) cases.push({ name: 'level/big/' + e, app: 'level', request: get('/big', e) })
record(apps, cases, path.join(__dirname, 'golden.json'))
