// is.js records Express 3.21.2's req.is(type) for every pair of the
// Content-Types and types below, as testdata for fast/legacy_is_test.go.
// It calls req.is on an object whose prototype is express.request, as
// Express 3's own test/req.is.js does:
//
//   cd /work/ref/probes && npm install express3@npm:express@3.21.2
//   NODE_PATH=/work/ref/node_modules node fast/testdata/legacy/is.js > fast/testdata/legacy/is.json
'use strict'
const express = require('express3')

const contentTypes = [null, '', 'text/html', 'text/html; charset=utf-8', 'text/html ;charset=x', ' text/html',
  'TEXT/HTML', 'text/plain', 'text/htmlx', 'application/json', 'Application/JSON', 'application/json; charset=utf-8',
  'application/json-patch+json', 'application/vnd.api+json', 'application/octet-stream',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'image/png', 'image/svg+xml', 'text',
  'json', '*/*', 'text/*', 'a/b/c', '/', 'text/html, application/json', ';text/html', 'application/javascript']
const types = ['html', 'HTML', 'htm', 'text/html', 'text/*', 'json', 'JSON', 'application/json', 'application/*',
  '*/json', '*/html', '*/*', '*', 'text', 'txt', 'foo', 'bin', 'urlencoded', 'multipart', 'multipart/*',
  'json-patch', 'json+json', 'a.json', 'x/y.json', 'png', 'svg', 'js', 'text/', '/', '', 'html; charset=utf-8',
  'image/*', 'a/b/*', '*/b/c', 'application']

const out = []
for (const ct of contentTypes) {
  const req = { headers: ct === null ? {} : { 'content-type': ct }, __proto__: express.request }
  out.push({ contentType: ct, is: types.map((t) => [t, req.is(t)]) })
}
console.log('[\n' + out.map((o) => JSON.stringify(o)).join(',\n') + '\n]')
