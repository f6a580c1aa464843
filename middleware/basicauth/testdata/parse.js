// parse.js records the basic-auth 2.0 module's parse(string) and Node's
// base64 decoding for parse_test.go. Run from the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/basicauth/testdata/parse.js
'use strict'
const fs = require('fs')
const path = require('path')
const auth = require('basic-auth')

const b = (s) => Buffer.from(s, 'utf8').toString('base64')
const inputs = [
  '', 'basic', 'basic ', 'Basic Zm9vOmJhcg==', 'basic Zm9vOmJhcg==', 'BASIC Zm9vOmJhcg==', 'bAsIc Zm9vOmJhcg==',
  '  basic   Zm9vOmJhcg==  ', 'basic\tZm9vOmJhcg==', 'Basic Zm9vOmJhcg== x', 'Basic Zm9vOmJhcg==\t',
  'basic Zm9vOg==', 'basic OnBhc3M=', 'basic Zm9vOnBhc3M6d29yZA==', 'basic Zm9vcgo=', 'basic $%^&*',
  'Bearer Zm9vOmJhcg==', 'Basicc Zm9vOmJhcg==', 'Basic Zm9vOmJhcg', 'Basic Zm9v=OmJhcg==', 'Basic =Zm9vOmJhcg',
  'Basic ' + b('foo:b\nar'), 'Basic ' + b('fo\no:bar'), 'Basic ' + b('foo:b\rar'), 'Basic ' + b('foo:b\u2028ar'),
  'Basic ' + b('foo:b\u2029ar'), 'Basic ' + b('fé:€'), 'Basic ' + Buffer.from([0x66, 0x3a, 0xc3, 0x28, 0xe2, 0x82]).toString('base64'),
  'Basic ' + b('user:pa?>ss').replace(/\+/g, '-').replace(/\//g, '_'), 'Basic Zm9v.OmJh~cg', 'Basic ' + b(':'),
  'Basic ' + b('a:b:c'), 'Basic 7aCAOg==', 'Basic 8J+YgDrwn5iA', 'Basic /w==', 'basic  ', ' Basic Zm9vOmJhcg=='
]
const out = inputs.map((s) => {
  const c = auth.parse(s)
  return c ? { in: s, ok: true, name: c.name, pass: c.pass } : { in: s, ok: false }
})
const b64 = ['dXNlcjpwYXNz', 'dXNlcjpwYXNz=', 'dXN lcjpwYXNz', 'dXN*lcjpwYXNz', 'dX==NlcjpwYXNz', 'dXNlcjpwYXN',
  'dXNlcjpwYX', 'dXNlcjpwY', 'd', 'dX', '-_-_', '+/+/', 'YQ==YQ==', 'YQ=YQ', 'YQ', 'Y', '=YQ', 'Y=Q', '====',
  'YWJjZA=ZGVm', 'Y\u00ffQ', '7aCA', '4oKs', 'gA==', '8J+Y', '8J+YgA'
].map((s) => ({ in: s, hex: Buffer.from(s, 'latin1').toString('latin1') === s ? Buffer.from(s, 'base64').toString('hex') : null, text: Buffer.from(s, 'base64').toString() }))
fs.writeFileSync(path.join(__dirname, 'parse.json'), JSON.stringify({ parse: out, base64: b64 }, null, 2) + '\n')
