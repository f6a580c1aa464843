// gen.js records what etag 1.8.1, fresh 0.5.2 and V8's Date.parse (the
// versions installed with Express 4.22.3, on Node 20) answer for the corpus
// below; etag_test.go, fresh_test.go and date_test.go replay the JSON files.
//
//   node internal/etag/testdata/gen.js [/work/ref]
//
// Header strings are latin1 (one character per byte), as Node reads them.
'use strict'
const path = require('path')
const fs = require('fs')
const os = require('os')
const cp = require('child_process')
process.env.TZ = 'UTC'

const ref = process.argv[2] || process.env.FW_REF || '/work/ref'
const mod = (name) => require(path.join(ref, 'node_modules', name))
const want = { etag: '1.8.1', fresh: '0.5.2' }
for (const name in want) {
  const v = mod(name + '/package.json').version
  if (v !== want[name]) throw new Error(name + ' ' + v + ', want ' + want[name])
}
if (!process.version.startsWith('v20.')) throw new Error('node ' + process.version + ', want v20')
const etag = mod('etag')
const fresh = mod('fresh')

function rng (seed) {
  return function () {
    seed |= 0; seed = seed + 0x6D2B79F5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}
const rand = rng(7)
const pick = (a) => a[Math.floor(rand() * a.length)]

function write (file, header, rows) {
  fs.writeFileSync(path.join(__dirname, file),
    '{' + header + ',"cases":[\n' + rows.map((c) => JSON.stringify(c)).join(',\n') + '\n]}\n')
  console.log('wrote', rows.length, 'cases to', file)
}

// ---- etag over bodies -------------------------------------------------
const bodies = [
  Buffer.alloc(0), Buffer.from('hello, world!'), Buffer.from('-'.repeat(999)), Buffer.from('Hello World'),
  Buffer.from('{"name":"tobi","n":1,"html":"<&>"}'), Buffer.from('hello'), Buffer.from('Created'),
  Buffer.from('GET,HEAD'), Buffer.from('beep boop'), Buffer.from('\u263a unicode \u00e9'), Buffer.from([0, 255, 128, 10]),
  Buffer.alloc(1 << 20, 'x')
]
for (let i = 0; i < 60; i++) {
  const b = Buffer.alloc(Math.floor(rand() * 300))
  for (let k = 0; k < b.length; k++) b[k] = Math.floor(rand() * 256)
  bodies.push(b)
}
const bodyRows = bodies.map((b) => ({
  body: b.length === 1 << 20 ? null : b.toString('base64'),
  repeatX: b.length === 1 << 20 ? b.length : undefined,
  strong: etag(b),
  weak: etag(b, { weak: true })
}))
// Strings are hashed as UTF-8, as Express's generator converts them first.
bodyRows.push({ body: Buffer.from('\u263a').toString('base64'), strong: etag('\u263a'), weak: etag('\u263a', { weak: true }) })

// ---- etag over fs.Stats ------------------------------------------------
// Real files, so that Node's own Stats rounding is what gets recorded.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etag-gen-'))
const stamps = [
  ['1704164645', '0'], ['1700000000', '000400000'], ['1700000000', '000499999'], ['1700000000', '000500000'],
  ['1700000000', '000600000'], ['1700000000', '499999999'], ['1700000000', '999600000'], ['1700000000', '999999999'],
  ['0', '0'], ['0', '000500000'], ['-1', '000600000'], ['-1', '499600000'], ['-1', '999500000'], ['-1', '999499999'],
  ['-86400', '0'], ['-2208988800', '123456789'], ['253402300799', '999000000'], ['4102444800', '000000001'],
  ['1', '0'], ['1234567890', '123456789']
]
for (let i = 0; i < 40; i++) {
  stamps.push([String(Math.floor(rand() * 4e9) - 1e9), String(Math.floor(rand() * 1e9)).padStart(9, '0')])
}
const sizes = [0, 1, 9, 13, 4096, 1e6, 1e12, 2 ** 40 + 1]
const statRows = []
stamps.forEach((st, i) => {
  const file = path.join(dir, 'f' + i)
  fs.writeFileSync(file, '')
  const size = sizes[i % sizes.length]
  fs.truncateSync(file, size)
  cp.execFileSync('touch', ['-d', '@' + st[0] + '.' + st[1], file])
  const s = fs.statSync(file)
  // The file system may clamp the time: record what it stored.
  const ns = fs.statSync(file, { bigint: true }).mtimeNs
  let sec = ns / 1000000000n
  if (sec * 1000000000n > ns) sec -= 1n
  const nsec = ns - sec * 1000000000n
  statRows.push({ size: s.size, sec: Number(sec), nsec: Number(nsec), weak: etag(s), strong: etag(s, { weak: false }) })
})
fs.rmSync(dir, { recursive: true })
write('etag.json', '"module":"etag@1.8.1"', bodyRows.concat(statRows.map((r) => ({ stat: r }))))

// ---- Date.parse --------------------------------------------------------
const dates = [
  'Tue, 02 Jan 2024 03:04:05 GMT', 'Tuesday, 02-Jan-24 03:04:05 GMT', 'Tue Jan  2 03:04:05 2024', 'Tue, 02 Jan 2024 03:04:05',
  'Thu, 01 Jan 1970 00:00:00 GMT', 'Thu, 01 Jan 1970 00:00:01 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT', 'Sat, 01 Jan 2000 00:00:00 GMT',
  'Mon, 31 Feb 2024 00:00:00 GMT', 'Tue, 02 Jan 2024 25:04:05 GMT', 'Tue, 02 Jan 2024 24:00:00 GMT', 'Tue, 02 Jan 2024 24:00:01 GMT',
  'Tue, 02 Jan 2024 03:04:05 +0100', 'Tue, 02 Jan 2024 03:04:05 -0130', 'Tue, 02 Jan 2024 03:04:05 GMT+0100', 'Tue, 02 Jan 2024 03:04:05 UTC-8',
  'Tue, 02 Jan 2024 03:04:05 PST', 'Tue, 02 Jan 2024 03:04:05 EDT', 'Tue, 02 Jan 2024 03:04:05 Z', 'Tue, 02 Jan 2024 03:04:05 UT',
  'Tue, 02 Jan 2024 03:04:05 GMT (Coordinated)', 'Tue, 02 Jan 2024 03:04:05 GMT (a (b) c)', 'Tue, 02 Jan 2024 03:04:05 GMT (',
  'Tue, 02 Jan 2024 03:04:05 GMT)', 'Tue, 02 Jan 2024 03:04:05 GMT+', 'Tue, 02 Jan 2024 03:04:05 GMT-12345',
  '2024', '2024-01', '2024-01-02', '2024-01-02T03:04', '2024-01-02T03:04:05', '2024-01-02T03:04:05Z', '2024-01-02T03:04:05.1Z',
  '2024-01-02T03:04:05.123456Z', '2024-01-02T03:04:05+01:00', '2024-01-02T03:04:05-0130', '2024-01-02T03:04:05+1', '2024-01-02T24:00Z',
  '2024-01-02T24:01Z', '2024-01-02T03:04:05.Z', '2024-01-02T3:04Z', '2024-13-02', '2024-01-32', '2024-00-10', '2024-1-2',
  '+002024-01-02T03:04:05Z', '-000001-01-01T00:00:00Z', '-000000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '+275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00Z', '-271821-04-19T23:59:59.999Z', '2024-01-02 03:04:05', '2024-01-02t03:04:05z', '2024-01-02T03:04:05 Z',
  'Jan 2 2024', 'Jan 2', '2 Jan', 'Jan', 'January 2, 2024', 'Janx 2 2024', 'Ja 2 2024', '1', '12 24 2024', '1/2/2024', '13/2/2024',
  '2024/01/02', '2024/1/2 3:04:05 PM', '12:00 pm 1/2/2024', '12:00 am 1/2/2024', '13:00 pm 1/2/2024', '1/2/2024 24:00', '1/2/2024 24:00:01',
  'x 2024', 'xx1 2024', 'x1 2024', 'foo', '', ' ', '()', '(2024)', 'Jan 2 2024 UTC+5', 'Jan 2 2024 GMT-8:30', 'Jan 2 2024 GMT+08:',
  '\u00a0Jan 2 2024', 'Jan 2 2024\u00a0', 'Jan\u00ff 2 2024', '\u0000Jan 2 2024', 'Jan 2 2024\u0000 GMT', 'Jan 2 2024 10:20:30.5',
  'Jan 2 2024 10:20:30.', 'Jan 2 2024 10:20.30', 'Jan 2 2024 10::', 'Jan 2 2024 10::30', 'Jan 2 2024 10:20:30:40', 'Jan 2 2024 10:20x',
  'Jan 2 2024 10:20 30', 'Jan 2 2024 10:20-5', 'Jan 2 2024 10:20Z', '2024 Jan 2', '99 Jan 2', '49 Jan 2', 'Jan 2 50', 'Jan 2 0',
  'Jan 1 999999999', 'Jan 1 275760', 'Sep 13 275760 00:00 GMT', 'Sep 13 275760 00:00:00.001 GMT', 'Jan 1 2000 00:00 GMT+298262:',
  'Jan 1 2000 00:00 GMT+596523:', 'Jan 1 2000 00:00 GMT+596524:', 'Jan 1 2000 00:00 GMT+1193047:', 'Jan 1 2000 00:00 GMT+1193046:',
  'Jan 1 2000 1234567890:00', '2024-01-02T03:04:05.1234567890123Z', 'Jan 2 2024 03:04:05.1234567890123', '1 2 3 4', '1-2-3', '1.2.3',
  'Tue, 02 Jan 2024 03:04:05 GMT, Wed, 03 Jan 2024 03:04:05 GMT', 'Tue, 02 Jan 2024 03:04:05 GMTX', 'Tue, 02 Jan 2024 03:04:05 GMTfoo',
  'am 1/2/2024', '1/2/2024 am', '1/2/2024 10 am', '1/2/2024 10:00 a', 'T10:00', '2024T10:00', '2024-01-02T', '2024-01-02Tx',
  '+2024', '-2024-01-02', '+12345-01-02', '2024-01-02T10:00:00+25:00', '2024-01-02T10:00:00+2400', 'Jan 2 2024 +0100', 'Jan 2 2024 10:00 +01:30',
  'Jan 2 2024 10:00 GMT+01:30', 'Jan 2 2024 10:00 GMT+1:30 GMT', '[Jan] 2 2024', 'Jan_ 2 2024', 'Jan~2~2024', 'Jan,2,2024', 'Jan;2;2024'
]
// Random strings over the characters the tokenizer distinguishes.
const atoms = ['0', '1', '2', '9', '12', '24', '31', '59', '99', '2024', '002024', ' ', ' ', ',', ':', '-', '+', '.', '(', ')', '/',
  'T', 'Z', 'GMT', 'UTC', 'PST', 'am', 'pm', 'Jan', 'February', 'x', 'Tue', '\t', '\u00a0', '\u00e9']
for (let i = 0; i < 4000; i++) {
  let s = ''
  const n = 1 + Math.floor(rand() * 10)
  for (let k = 0; k < n; k++) s += pick(atoms)
  dates.push(s)
}
// Well-formed dates around the year range edges and across months.
for (let i = 0; i < 300; i++) {
  const t = Math.floor((rand() * 2 - 1) * 8.64e15)
  const d = new Date(t)
  dates.push(d.toUTCString(), d.toISOString(), d.toString())
}
const dateRows = dates.map((s) => {
  const v = Date.parse(s)
  return { s, ms: Number.isNaN(v) ? null : v }
})
write('date.json', '"engine":"node ' + process.version + ' v8 ' + process.versions.v8 + '","tz":"UTC"', dateRows)

// Local-time forms in a zone with daylight saving time.
process.env.TZ = 'America/New_York'
const local = ['Sun, 10 Mar 2024 02:30:00', 'Sun, 10 Mar 2024 01:59:59', 'Sun, 10 Mar 2024 03:00:00', 'Sun, 03 Nov 2024 01:30:00',
  'Sun, 03 Nov 2024 00:59:59', 'Sun, 03 Nov 2024 02:00:00', '2024-07-01T12:00:00', '2024-01-01T12:00:00', 'Jan 2 2024', '2024-01-02',
  'Jan 2 1900 10:00', 'Jul 4 1776 12:00', 'Jan 1 2100 00:00']
write('date_ny.json', '"engine":"node ' + process.version + '","tz":"America/New_York"',
  local.map((s) => { const v = Date.parse(s); return { s, ms: Number.isNaN(v) ? null : v } }))
process.env.TZ = 'UTC'

// ---- fresh -------------------------------------------------------------
const E = '"foo"'
const freshRows = []
function addFresh (req, res) { freshRows.push({ req, res }) }
// fresh's README and test suite.
addFresh({ 'if-none-match': '"foo"' }, { etag: '"bar"' })
addFresh({ 'if-none-match': '"foo"' }, { etag: '"foo"' })
addFresh({}, {})
addFresh({ 'if-none-match': '"foo"' }, {})
addFresh({ 'if-none-match': '"foo", "bar"' }, { etag: '"bar"' })
addFresh({ 'if-none-match': '"foo","bar"' }, { etag: '"bar"' })
addFresh({ 'if-none-match': '"foo" , "bar"' }, { etag: '"bar"' })
addFresh({ 'if-none-match': '"foo" ,"bar"' }, { etag: '"baz"' })
addFresh({ 'if-none-match': '*' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '*' }, {})
addFresh({ 'if-none-match': ' *' }, { etag: '"foo"' })
addFresh({ 'if-none-match': 'W/"foo"' }, { etag: 'W/"foo"' })
addFresh({ 'if-none-match': 'W/"foo"' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"' }, { etag: 'W/"foo"' })
addFresh({ 'if-none-match': 'W/"foo"' }, { etag: 'W/"bar"' })
addFresh({ 'if-none-match': 'w/"foo"' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': 'no-cache' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': ' no-cache' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': 'public, no-cache' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': 'public, no-cache, max-age=0' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': 'no-cache="x"' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': 'xno-cache' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': 'No-Cache' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': '\tno-cache\t' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': '\u00a0no-cache\u000b,' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': 'max-age=0' }, { etag: '"foo"' })
addFresh({ 'if-none-match': '"foo"', 'cache-control': 'no-store' }, { etag: '"foo"' })
const lm = 'Sat, 01 Jan 2000 00:00:00 GMT'
addFresh({ 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' }, {})
addFresh({ 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' }, { 'last-modified': 'Fri, 01 Jan 2010 00:00:00 GMT' })
addFresh({ 'if-modified-since': 'Sat, 01 Jan 2000 01:00:00 GMT' }, { 'last-modified': lm })
addFresh({ 'if-modified-since': lm }, { 'last-modified': lm })
addFresh({ 'if-modified-since': 'foo' }, { 'last-modified': lm })
addFresh({ 'if-modified-since': lm }, { 'last-modified': 'foo' })
addFresh({ 'if-modified-since': lm, 'cache-control': 'no-cache' }, { 'last-modified': lm })
addFresh({ 'if-modified-since': lm, 'if-none-match': E }, { etag: E, 'last-modified': lm })
addFresh({ 'if-modified-since': lm, 'if-none-match': E }, { etag: '"bar"', 'last-modified': lm })
addFresh({ 'if-modified-since': lm, 'if-none-match': E }, { etag: E, 'last-modified': 'Fri, 01 Jan 2010 00:00:00 GMT' })
addFresh({ 'if-modified-since': lm, 'if-none-match': E }, { etag: E })
addFresh({ 'if-modified-since': lm, 'if-none-match': '*' }, { etag: E, 'last-modified': lm })
addFresh({ 'if-modified-since': lm, 'if-none-match': '*' }, { 'last-modified': 'Fri, 01 Jan 2010 00:00:00 GMT' })
addFresh({ 'if-modified-since': '2000-01-01', 'if-none-match': '' }, { 'last-modified': '1999-12-31T23:59:59Z' })
// Express test/req.fresh.js and req.stale.js, and the probe's vectors.
const w = etag(Buffer.from('hello'), { weak: true })
addFresh({ 'if-none-match': w }, { etag: w })
addFresh({ 'if-none-match': '"12345"' }, { etag: '"123"' })
addFresh({ 'if-none-match': 'W/"b-Ck1VqNd45QIvq3AZd8XYQLvEhtA"' }, { etag: 'W/"b-Ck1VqNd45QIvq3AZd8XYQLvEhtA"' })
addFresh({ 'if-none-match': 'W/"d-18cc820d888"' }, { etag: 'W/"d-18cc820d888"', 'last-modified': 'Tue, 02 Jan 2024 03:04:05 GMT' })
addFresh({ 'if-none-match': '"a", W/"b", "c"' }, { etag: '"b"' })
addFresh({ 'if-none-match': '"a",, "c"' }, { etag: 'W/' })
addFresh({ 'if-none-match': ',' }, { etag: '"a"' })
addFresh({ 'if-none-match': '"a" "b"' }, { etag: '"a"' })
addFresh({ 'if-none-match': '"a"\t' }, { etag: '"a"' })
addFresh({ 'if-none-match': '  "a"  ' }, { etag: '"a"' })
addFresh({ 'if-none-match': 'W/W/"a"' }, { etag: 'W/"a"' })
addFresh({ 'if-none-match': '"a"' }, { etag: 'W/W/"a"' })
// Random combinations.
const tags = ['"a"', 'W/"a"', '"b"', 'W/"b"', '*', '"a", "b"', ' "a" ,W/"b"', 'W/', '', '"', ',', 'w/"a"', '"a"\t,"b"']
const dts = ['Sat, 01 Jan 2000 00:00:00 GMT', 'Sat, 01 Jan 2000 00:00:01 GMT', '2000-01-01', 'Jan 1 2000', 'garbage', '']
const ccs = ['', 'no-cache', 'max-age=0', 'no-cache, max-age=0', 'public,no-cache', ' no-cache ', 'no-cachex', ',no-cache,']
for (let i = 0; i < 800; i++) {
  const req = {}
  const res = {}
  const inm = pick(tags); if (inm || rand() < 0.2) req['if-none-match'] = inm
  const ims = pick(dts); if (ims || rand() < 0.2) req['if-modified-since'] = ims
  const cc = pick(ccs); if (cc) req['cache-control'] = cc
  const et = pick(tags); if (et && rand() < 0.8) res.etag = et
  const lmd = pick(dts); if (lmd && rand() < 0.8) res['last-modified'] = lmd
  addFresh(req, res)
}
for (const r of freshRows) r.fresh = fresh(r.req, r.res)
write('fresh.json', '"module":"fresh@0.5.2"', freshRows)
