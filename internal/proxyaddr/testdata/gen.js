// gen.js records what proxy-addr, forwarded and ipaddr.js (the versions
// installed with Express 4.22.3), Express's own "trust proxy" compilation
// and its request getters (req.ip, req.ips, req.protocol, req.secure,
// req.hostname, req.subdomains) answer for the corpus below; the Go tests
// replay proxyaddr.json.
//
//   node internal/proxyaddr/testdata/gen.js [/work/ref]
//
// Header strings are latin1 (one character per byte), as Node reads them.
'use strict'
const path = require('path')
const fs = require('fs')
const net = require('net')

const ref = process.argv[2] || process.env.FW_REF || '/work/ref'
const mod = (name) => require(path.join(ref, 'node_modules', name))
const want = { 'proxy-addr': '2.0.8', forwarded: '0.2.0', 'ipaddr.js': '1.9.1', express: '4.22.3' }
for (const name in want) {
  const v = mod(name + '/package.json').version
  if (v !== want[name]) throw new Error(name + ' ' + v + ', want ' + want[name])
}
const proxyaddr = mod('proxy-addr')
const forwarded = mod('forwarded')
const ipaddr = mod('ipaddr.js')
const express = mod('express')
const compileTrust = require(path.join(ref, 'node_modules/express/lib/utils')).compileTrust

function rng (seed) {
  return function () {
    seed |= 0; seed = seed + 0x6D2B79F5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}
const rand = rng(5)
const pick = (a) => a[Math.floor(rand() * a.length)]

// ---- ipaddr.js parsing -------------------------------------------------
const ips = [
  // proxy-addr README and test suite.
  '127.0.0.1', '10.0.0.1', '::1', 'fe80::00ed:1', 'fe80:0:0:0:0:0:ed:1', '::ffff:a00:1', '::ffff:10.0.0.1', 'fc00:ac:1ab5:fff::1',
  '169.254.0.1', 'fe80::1:1:1:1', '192.168.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::fffe:7f00:1', '0.0.0.0', '255.255.255.255',
  '256.0.0.1', '1.2.3', '1.2', '1', '4294967295', '4294967296', '0x7f000001', '0x7F000001', '0X7f000001', '017700000001',
  '0177.0.0.1', '0x7f.0.0.1', '0X7f.0.0.1', '08.0.0.1', '09.1.2.3', '0128.0.0.1', '00.00.00.00', '1.2.3.4.5', '.1.2.3', '1.2.3.',
  '1..2.3', '1.2.3.0x', '0x.1.2.3', '01.02.03.04', '001.002.003.004', '0400.0.0.1', '0377.0377.0377.0377', '99999999999999999999',
  '1.2.3.99999999999999999999', '::', ':::', '::::', ':', '', ' ', '1::', '1:::', '1::::', '1:::::', '::1::', '1::2::3', '1:2:3:4:5:6:7:8',
  '1:2:3:4:5:6:7:8:', '1:2:3:4:5:6:7:8::', '::1:2:3:4:5:6:7:8', '::1:2:3:4:5:6:7', '1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:8:9',
  '1:2:3:4:5:6:7', ':1:2:3:4:5:6:7:8', '1::2:3:4:5:6:7:8', '12345::', 'ffff::', 'FFFF::', 'fffff::', '00000000001::',
  'g::', '1:2:3:4:5:6:1.2.3.4', '::1.2.3.4', '::ffff:1.2.3.4', '::ffff:0x1.0x2.0x3.0x4', '::ffff:010.1.1.1', '::ffff:0X10.1.1.1',
  '::ffff:1.2.3.256', '::ffff:1.2.3', '1:2:3:4:5::1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '1::1.2.3.4', 'a::b:1.2.3.4',
  ':::1.2.3.4', '1:::1.2.3.4', '::ffff::1.2.3.4', 'fe80::1%eth0', 'fe80::1%1', 'fe80::1%', 'fe80::1%eth-0', 'fe80::1%eth0%1',
  '::ffff:1.2.3.4%x', '1.2.3.4%x', '[::1]', '::1 ', ' ::1', '127.0.0.1 ', '::ffff:127.0.0.1:80', '127.0.0.1:80', 'localhost',
  'client', 'p1', 'unknown', '\u00e9', '1.2.3.4\u0000', '::ffff:ffff:ffff', '::ffff:0:0', '::ffff:0.0.0.0', '64:ff9b::1.2.3.4',
  '2001:db8::1', '2001:DB8::1', '0:0:0:0:0:ffff:7f00:1', '0:0:0:0:0:FFFF:127.0.0.1', '::0:ffff:127.0.0.1', '::0:0:ffff:127.0.0.1'
]
const ipAtoms = ['0', '1', '7', '9', 'a', 'f', 'F', 'g', 'x', 'X', '0x', 'ff', 'ffff', '255', '256', '127', ':', ':', '::', '.', '.', '%', 'z', '1.2.3.4', '0.0']
for (let i = 0; i < 4000; i++) {
  let s = ''
  const n = 1 + Math.floor(rand() * 10)
  for (let k = 0; k < n; k++) s += pick(ipAtoms)
  ips.push(s)
}
// Random well-formed addresses in many spellings.
for (let i = 0; i < 300; i++) {
  const p = Array.from({ length: 8 }, () => Math.floor(rand() * 65536))
  const v6 = new ipaddr.IPv6(p)
  ips.push(v6.toNormalizedString(), v6.toString(), v6.toFixedLengthString(), v6.toRFC5952String())
  const o = Array.from({ length: 4 }, () => Math.floor(rand() * 256))
  ips.push(o.join('.'), '::ffff:' + o.join('.'), o.map((x) => '0x' + x.toString(16)).join('.'), o.map((x) => '0' + x.toString(8)).join('.'))
}
// Addresses with zero runs (so "::" appears), then mutated by one edit.
const mutate = (s) => {
  const at = Math.floor(rand() * (s.length + 1))
  switch (Math.floor(rand() * 4)) {
    case 0: return s.slice(0, at) + ':' + s.slice(at)
    case 1: return s.slice(0, at) + s.slice(at + 1)
    case 2: return s + '%' + pick(['eth0', '1', 'x-y', ''])
    default: return s.slice(0, at) + pick(['0', '.', '::', 'f']) + s.slice(at)
  }
}
for (let i = 0; i < 600; i++) {
  const p = Array.from({ length: 8 }, () => rand() < 0.5 ? 0 : Math.floor(rand() * 65536))
  const v6 = new ipaddr.IPv6(p)
  const forms = [v6.toString(), v6.toRFC5952String()]
  if (rand() < 0.3) forms.push(v6.toString().replace(/:[^:]*:[^:]*$/, ':' + [1, 2, 3, 4].map(() => Math.floor(rand() * 256)).join('.')))
  for (const f of forms) ips.push(f, mutate(f), mutate(mutate(f)))
}
const ipRows = ips.map((s) => {
  const row = { s, valid: ipaddr.isValid(s), nodeIP: net.isIP(s) }
  if (row.valid) {
    const a = ipaddr.parse(s)
    row.v6 = a.kind() === 'ipv6'
    row.bytes = a.toByteArray()
  }
  return row
})

// ---- trust settings ------------------------------------------------------
const settings = [
  true, false, 0, 1, 2, 3, -1, 1.5, null,
  'loopback', 'linklocal', 'uniquelocal', 'loopback, linklocal, uniquelocal', ' loopback ,uniquelocal',
  '127.0.0.1', '10.0.0.1', '10.0.0.1, 10.0.0.2, 127.0.0.1, ::1', '10.0.0.0/8', '10.0.0.0/255.0.0.0', '10.0.0.0/255.255.0.0',
  '192.168.0.0/255.255.0.0', '127.0.0.0/255.0.0.0, 192.168.0.0/255.255.0.0', '10.0.0.1/32', '10.0.0.1/33', '10.0.0.1/0', '10.0.0.1/-1',
  '10.0.0.1/', '10.0.0.1/08', '10.0.0.1/a', '10.0.0.0/255.0.255.0', '10.0.0.0/0.0.0.0', '10.0.0.0/255.255.255.255',
  '10.0.0.0/0xff000000', '10.0.0.0/::ffff:255.0.0.0', '::1', '::1/128', 'fe80::/10', '::1/129', '::1/0', 'fe80::/ffff::',
  '::ffff:10.0.0.1', '::ffff:10.0.0.0/104', '::ffff:10.0.0.0/96', '::ffff:a00:0/104', '::ffff:0:0/80', '::ffff:0:0/96',
  '::ffff:7f00:1', '127.0.0.1/8', 'fc00:ac:1ab5:fff::1/64', 'loopback, fc00:ac:1ab5:fff::1/64', '', ',', '10.0.0.1,',
  'invalid', 'localhost', '10.0.0.1, foo', '::1/128/64', '0x7f000001', '0177.0.0.1/8', '1/8', 'LOOPBACK', '10.0.0.1\t',
  '\u00a010.0.0.1\ufeff', '::/1', '0.0.0.0/1', '255.255.255.255/32', '::ffff:127.0.0.1/128', '1.2.3.4/24, 5.6.7.8/16, ::/0'
]
const candidates = ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '10.0.0.1', '10.0.0.2', '10.1.0.1', '::ffff:10.0.0.1',
  '::ffff:a00:1', '192.168.1.1', '172.16.0.1', '172.32.0.1', '169.254.1.1', 'fe80::1', 'fe80::1%eth0', 'fc00:ac:1ab5:fff::1', 'fc00:ac:1ab5:fff:1::1',
  'fd00::1', '2001:db8::1', '::', '0.0.0.0', '255.255.255.255', '::ffff:0.0.0.0', '0x7f000001', '017700000001', 'client', 'p1', '', ' 10.0.0.1',
  '::ffff:255.255.255.255', '::fffe:a00:1', '1.2.3.4', '5.6.255.255', '::ffff:5.6.7.8']
const trustRows = []
for (const s of settings) {
  const row = { setting: s }
  let fn
  try {
    fn = compileTrust(s)
  } catch (e) {
    row.err = e.message
    trustRows.push(row)
    continue
  }
  row.trusted = candidates.map((c) => [0, 1, 2].map((i) => fn(c, i)))
  trustRows.push(row)
}
// Arrays go to proxyaddr.compile directly, as app.set('trust proxy', [..]).
const lists = [[], ['loopback'], ['127.0.0.1', '::1'], ['10.0.0.0/8', 'fe80::/10'], ['loopback', 'bogus'], [' 10.0.0.1'], ['::ffff:10.0.0.0/104', '10.0.0.0/8']]
const listRows = lists.map((l) => {
  const row = { list: l }
  try {
    const fn = compileTrust(l)
    row.trusted = candidates.map((c) => fn(c, 0))
  } catch (e) {
    row.err = e.message
  }
  return row
})

// ---- requests through Express's getters ------------------------------------
function request (setting, socket, headers, encrypted, offset) {
  const app = express()
  app.set('trust proxy', setting)
  if (offset !== undefined) app.set('subdomain offset', offset)
  const req = Object.create(app.request)
  req.app = app
  req.headers = headers
  req.connection = req.socket = { remoteAddress: socket, encrypted }
  return {
    ip: req.ip, ips: req.ips, protocol: req.protocol, secure: req.secure,
    hostname: req.hostname === undefined ? null : req.hostname, subdomains: req.subdomains,
    forwarded: forwarded(req), all: proxyaddr.all(req, app.get('trust proxy fn'))
  }
}
const reqRows = []
function addReq (setting, socket, headers, encrypted, offset) {
  reqRows.push({ setting, socket, headers, encrypted: !!encrypted, offset, want: request(setting, socket, headers, !!encrypted, offset) })
}
// Express test/req.ip.js, req.ips.js, req.protocol.js, req.secure.js,
// req.hostname.js and req.subdomains.js.
addReq(true, '127.0.0.1', { 'x-forwarded-for': 'client, p1, p2' })
addReq(2, '127.0.0.1', { 'x-forwarded-for': 'client, p1, p2' })
addReq('10.0.0.1, 10.0.0.2, 127.0.0.1, ::1', '127.0.0.1', { 'x-forwarded-for': '10.0.0.2, 10.0.0.3, 10.0.0.1' })
addReq(false, '127.0.0.1', { 'x-forwarded-for': 'client, p1, p2' })
addReq(false, '::ffff:127.0.0.1', { 'x-forwarded-for': 'client, p1, p2' })
addReq(true, '127.0.0.1', {})
addReq(true, '::ffff:127.0.0.1', {})
addReq(false, '127.0.0.1', {})
addReq(false, '127.0.0.1', {}, true)
addReq(true, '127.0.0.1', { 'x-forwarded-proto': 'https' })
addReq(true, '127.0.0.1', {}, true)
addReq('10.0.0.1', '127.0.0.1', { 'x-forwarded-proto': 'https' })
addReq(1, '127.0.0.1', { 'x-forwarded-proto': 'https' })
addReq(false, '127.0.0.1', { 'x-forwarded-proto': 'https' })
addReq(true, '127.0.0.1', { 'x-forwarded-proto': 'http, https' })
addReq(true, '127.0.0.1', { 'x-forwarded-proto': 'https, http' })
addReq(true, '127.0.0.1', { 'x-forwarded-proto': ' https ,http' })
addReq(true, '127.0.0.1', { 'x-forwarded-proto': ',https' })
addReq(true, '127.0.0.1', { 'x-forwarded-proto': 'HTTPS' })
addReq(false, '127.0.0.1', { host: 'example.com' })
addReq(false, '127.0.0.1', { host: 'example.com:3000' })
addReq(false, '127.0.0.1', {})
addReq(false, '127.0.0.1', { host: '[::1]' })
addReq(false, '127.0.0.1', { host: '[::1]:3000' })
addReq(true, '127.0.0.1', { host: 'localhost', 'x-forwarded-host': 'example.com:3000' })
addReq('10.0.0.1', '127.0.0.1', { host: 'localhost', 'x-forwarded-host': 'example.com' })
addReq(true, '127.0.0.1', { host: 'example.com' })
addReq(true, '127.0.0.1', { host: 'localhost', 'x-forwarded-host': 'example.com, foobar.com' })
addReq(true, '127.0.0.1', { host: 'localhost', 'x-forwarded-host': 'example.com , foobar.com' })
addReq(true, '127.0.0.1', { host: 'localhost', 'x-forwarded-host': 'example.com:8080 , foobar.com:8888' })
addReq(false, '127.0.0.1', { host: 'localhost', 'x-forwarded-host': 'evil' })
addReq(false, '127.0.0.1', { host: 'tobi.ferrets.example.com' })
addReq(false, '127.0.0.1', { host: '127.0.0.1' })
addReq(false, '127.0.0.1', { host: '[::1]' })
addReq(false, '127.0.0.1', { host: 'example.com' })
addReq(true, '127.0.0.1', { host: 'localhost', 'x-forwarded-host': 'tobi.ferrets.example.com' })
addReq(false, '127.0.0.1', { host: 'tobi.ferrets.sub.example.com' }, false, 0)
addReq(false, '127.0.0.1', { host: '127.0.0.1' }, false, 0)
addReq(false, '127.0.0.1', { host: '[::1]' }, false, 0)
addReq(false, '127.0.0.1', { host: 'tobi.ferrets.sub.example.com' }, false, 3)
addReq(false, '127.0.0.1', { host: 'sub.example.com' }, false, 3)
// Hosts and offsets beyond the tests, the security regression's Host forms.
for (const h of ['evil.com:fake@legitimate.com:3000', 'example.com:notaport', ':3000', '[::1', '[', '[]:80', 'a..b', '.a.b.', 'A.B.C',
  '1.2.3.4:80', '::1', '::ffff:1.2.3.4', 'fe80::1%eth0', '01.2.3.4', '1.2.3.256', '1.2.3', '[::1]:80:90', 'x,y', '\u00e9.example.com']) {
  for (const off of [undefined, 0, 1, 3, -1, -5, 10]) addReq(false, '127.0.0.1', { host: h }, false, off)
}
addReq(true, '127.0.0.1', { host: 'a', 'x-forwarded-host': ' x.y , z' })
addReq(true, '127.0.0.1', { host: 'a', 'x-forwarded-host': 'x.y\t,z' })
addReq(true, '127.0.0.1', { host: 'a', 'x-forwarded-host': ',z' })
addReq(true, '127.0.0.1', { host: 'a', 'x-forwarded-host': 'x\u00a0,z' })
// X-Forwarded-For shapes against many settings.
const xffs = ['', ',', ' , ', 'a', 'a,b', 'a, b', 'a ,b', ' a , b ', 'a b, c', 'a\t, b', 'a,,b', ',a,', '10.0.0.2, 10.0.0.3, 10.0.0.1',
  '1.2.3.4, 10.0.0.1', '::ffff:10.0.0.1, 10.0.0.2', 'fe80::1%eth0, ::1', '1.2.3.4,192.168.0.1,127.0.0.1', 'x'.repeat(50) + ', 127.0.0.1']
// A long chain of trusted proxies, a few times.
const longChain = Array.from({ length: 200 }, (_, i) => '10.0.' + (i >> 8) + '.' + (i & 255)).join(', ')
for (const st of [true, 'uniquelocal', 3, false]) addReq(st, '10.0.0.1', { 'x-forwarded-for': '1.2.3.4, ' + longChain })
const sockets = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.1', '1.2.3.4', '', 'fe80::1']
const reqSettings = [true, false, 0, 1, 2, 5, 'loopback', 'loopback, 10.0.0.0/8', 'uniquelocal', '10.0.0.1', '::ffff:10.0.0.0/104', '127.0.0.1, 10.0.0.0/255.255.255.0']
for (let i = 0; i < 1200; i++) {
  const headers = { 'x-forwarded-for': pick(xffs) }
  if (rand() < 0.3) headers['x-forwarded-proto'] = pick(['https', 'http', 'https, http', ' wss '])
  if (rand() < 0.5) headers.host = pick(['example.com', 'a.b.example.com:80', '[::1]:8080'])
  if (rand() < 0.3) headers['x-forwarded-host'] = pick(['x.example.com', 'y.z:1, w'])
  addReq(pick(reqSettings), pick(sockets), headers, rand() < 0.2)
}

const out = { module: 'proxy-addr@2.0.8 forwarded@0.2.0 ipaddr.js@1.9.1 express@4.22.3', candidates, ips: ipRows, trust: trustRows, lists: listRows, requests: reqRows }
let text = '{\n'
text += Object.keys(out).map((k) => JSON.stringify(k) + ':' + (Array.isArray(out[k])
  ? '[\n' + out[k].map((r) => JSON.stringify(r)).join(',\n') + '\n]'
  : JSON.stringify(out[k]))).join(',\n')
fs.writeFileSync(path.join(__dirname, 'proxyaddr.json'), text + '\n}\n')
for (const k of Object.keys(out)) if (Array.isArray(out[k])) console.log(k, out[k].length)
