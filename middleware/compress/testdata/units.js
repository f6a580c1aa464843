// units.js records compression 1.5.2's choice of encoding (accepts 1.2.13
// and negotiator 0.5.3, as connect 2.30.2 installs them) and compressible
// 2.0's answers for units_test.go. Run from the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/compress/testdata/units.js
'use strict'
const fs = require('fs')
const path = require('path')
const accepts = require('connect/node_modules/accepts')
const compressible = require('compressible')

// method is compression 1.5.2's negotiation, verbatim.
function method (header) {
  const accept = accepts({ headers: header === undefined ? {} : { 'accept-encoding': header } })
  let m = accept.encoding(['gzip', 'deflate', 'identity'])
  if (m === 'deflate' && accept.encoding(['gzip'])) m = accept.encoding(['gzip', 'identity'])
  return m || ''
}

const headers = ['', 'gzip', 'deflate', 'br', 'gzip, deflate, br', 'deflate, gzip', 'br;q=0.5, gzip', '*', 'identity',
  'gzip;q=0', 'compress', 'br;q=0.001, identity;q=0', 'GZIP', 'Deflate', 'deflate;q=0.8, gzip;q=0.8', 'x, *;q=0.5', 'gzip;q=abc, deflate',
  'gzip; q=0.5 ; x=y, deflate; q=0.5', '*;q=0', 'identity;q=0', 'identity;q=0, *;q=0', 'gzip;q=1.5, deflate', 'gzip;q=-1', ',,gzip,,',
  ' gzip ;q=0.9 , deflate ;q=0.9', 'gzip;q=.5, deflate;q=0.50', 'gzip;q=1e-1, deflate;q=0.1', 'deflate;Q=0.1, gzip', 'gzip;q', 'gzip;q=',
  'gzip ; q = 0.5', 'deflate;q=0.9, gzip;q=0.9', 'deflate, gzip;q=0.9', '*, gzip;q=0', 'gzip;q=0.0001, *;q=0.00001',
  'gzip;x=1;q=0.5, deflate;q=0.5', 'deflate;q=0.5, gzip;x=1;q=0.5', 'deflate;x;y;q=0.5, gzip;a;q=0.5', 'deflate;x, gzip;a;b',
  'identity, gzip', 'gzip;q=0.5, identity;q=1', 'gzip;q=Infinity, deflate', 'gzip;', 'gzip;;q=0.5, deflate;q=0.5',
  ';q=1', 'gzip x', 'gzip;q=0.5 x', 'a;b c, deflate', 'deflate, identity;q=0', 'deflate;q=0, *', '*;q=0.5, deflate',
  'gzip;q=0.5e1, deflate', 'gzip;q=5e-1x, deflate;q=0.5', 'gzip;q=0x1, deflate', 'gzip;q=1=2, deflate;q=0.5',
  'gzip\u00a0;q=0.5, deflate', '\ufeffgzip;q=0.5, deflate;q=0.6', 'gzip;q=+.5, deflate;q=0.4', 'gzip;q=-0, deflate',
  '*;q=0.5, identity;q=0.6', 'GZIP;q=0.2, gzip;q=0.9, deflate;q=0.5', 'gzip;q=0.1, *;q=0.9', 'deflate;q=0.3, *;q=0.2']
const negotiate = headers.map((h) => ({ header: h, encoding: method(h) }))
negotiate.push({ header: null, encoding: method(undefined) })
const types = ['text/html', 'text/html; charset=utf-8', 'TEXT/HTML', '  text/plain', 'application/json', 'application/JSON;x=y',
  'image/png', 'image/svg+xml', 'application/vnd.api+json', 'application/x-custom+xml', 'foo/bar+text', 'text/x-anything',
  'application/octet-stream', 'application/javascript', 'application/x-unknown', '', ' ', ';', 'text/html ;', 'text/html\tx',
  'video/mp4', 'font/ttf', 'application/wasm', 'image/bmp', 'text/event-stream', 'application/manifest+json', 'audio/mpeg',
  'multipart/form-data', 'application/x-www-form-urlencoded', 'image/x-icon', 'application/xml', 'application/gzip']
const compress = types.map((t) => ({ type: t, compressible: Boolean(compressible(t)) }))
fs.writeFileSync(path.join(__dirname, 'units.json'), JSON.stringify({ negotiate, compressible: compress }, null, 2) + '\n')
