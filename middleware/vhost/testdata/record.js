// record.js records vhost 3.0 in Express 4.22.3 for vhost_diff_test.go.
// Run from the repository root:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/vhost/testdata/record.js
'use strict'
const path = require('path')
const express = require('express')
const vhost = require('vhost')
const { record } = require('../../internal/testserver/testdata/harness')

const show = (tag) => (req, res) => res.send(tag + ' ' + JSON.stringify(req.vhost))

// patterns lists the host name patterns of the "multi" app, in order; the
// Go test builds the same list.
const patterns = [
  'tobi.com', 'loki.com', '*.*.com', '*.example.org', 'ex*le.net', '*foo*.test', '*a*a*a*b.io',
  'a.*.*.c.local', 'münchen.de', 'ÄBC.de', '*', 'under_score.dev', '[::1]', 'x+y?.(z).com', 'k.kelvin'
]
const regexps = [/[tl]o[bk]i\.com$/, /^(api|www)\.(.+)\.com/, /(\d+)\.(\d+)\.(\d+)\.(\d+)/, /^x(y)?z$/]

const multi = express()
patterns.forEach((p, i) => multi.use(vhost(p, show('p' + i))))
regexps.forEach((r, i) => multi.use(vhost(r, show('r' + i))))
multi.use((req, res) => res.status(404).send('no vhost ' + JSON.stringify(req.vhost)))

// nested: vhost with an app that calls next, and a router after it.
const sub = express()
sub.get('/sub', (req, res) => res.send('sub ' + req.vhost.hostname + ' ' + req.app.get('title')))
sub.set('title', 'subapp')
const nested = express()
nested.use(vhost('*.nested.com', sub))
nested.use((req, res) => res.send('after ' + JSON.stringify(req.vhost)))

const apps = { multi, nested }

const get = (host, target) => 'GET ' + (target || '/') + ' HTTP/1.1\r\n' + (host === null ? '' : 'Host: ' + host + '\r\n') + '\r\n'
const hosts = [
  'tobi.com', 'TOBI.COM', 'tobi.com:3000', 'loki.com', 'user-bob.foo.com:8080', 'a.b.c.com', 'foo.com',
  'www.example.org', 'example.org', 'a.b.example.org', 'example.net', 'exAMPle.net', 'exle.net', 'ex.le.net',
  'xfooyfooz.test', 'foo.test', 'afoo.test', 'aaaaaab.io', 'xaxaxab.io', 'aab.io', 'a.x.y.c.local', 'a.x.c.local',
  'm\u00fcnchen.de', 'm\u00dcnchen.de', 'M\u00dcNCHEN.DE', 'm\u00c3\u00bcnchen.de', '\u00e4bc.de', 'abc.de', 'localhost',
  'UNDER_SCORE.dev', '[::1]:3000', '[::1]', '[::1', 'x+y?.(z).com', 'xxy.z.com', 'k.kelvin', 'K.KELVIN',
  'lobi.com', 'toki.com', 'api.foo.bar.com', 'www.x.com:80', 'ftp.x.com', '10.0.0.1', '10.0.0.1:8080', 'xz', 'xyz',
  ':80', '', 'a:b:c', 'host with space', 'tobi.com.', '.tobi.com', '\u0130.example.org', '\u00ff.example.org', '\u017f.example.org'
]
const cases = hosts.map((h, i) => ({ name: 'multi/' + i + '/' + h, app: 'multi', request: get(h) }))
cases.push({ name: 'multi/nohost', app: 'multi', request: 'GET / HTTP/1.0\r\n\r\n' })
cases.push({ name: 'nested/sub', app: 'nested', request: get('a.nested.com', '/sub') })
cases.push({ name: 'nested/next', app: 'nested', request: get('a.nested.com', '/other') })
cases.push({ name: 'nested/miss', app: 'nested', request: get('nested.com', '/sub') })
record(apps, cases, path.join(__dirname, 'golden.json'))
