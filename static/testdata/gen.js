// gen.js records what Node 20 (path) and ms 2.1.3 (the version send 0.19
// uses) answer, as testdata for the differential tests of package static.
// Run from /work/ref: node <this file> > cases.json
'use strict'
const path = require('path')
const ms = require('/work/ref/node_modules/send/node_modules/ms')

const segs = ['', '.', '..', '...', 'a', '.x', '..x', '\\..', '..\\']
const norm = new Set(['', '/', '//', '///', './', '../', '.', '..', '/..', '/../', '/./', 'a//b', '/a/b/../../..', './a/../../b', 'a/b/../../../c/'])
// every path of up to three segments, each absolute or relative, with and without a trailing slash
for (const a of segs) for (const b of segs) for (const c of segs) {
  const p = [a, b, c].join('/')
  norm.add(p); norm.add('/' + p); norm.add(p + '/'); norm.add('./' + p)
}
const extname = ['', 'a', 'a.', '.a', '..', '...', 'a.b.c', '/x/.y', '/x.y/', '/x.y//', 'a/b.c/d', '.a.b', '/..', 'x/..']
const msCases = ['1', '1000', '20000', '1.5h', '.5s', '-1h', '1.', '1.2.3', '30d', '1 d', '1  d', '1d ', ' 1d',
  '2 hrs', '2hr', '3 mins', '3min', '1 y', '1yr', '1yrs', '1 year', '2 years', '1w', '1 week', '2weeks',
  '1 msec', '2 msecs', '1 millisecond', '5 milliseconds', '10 sec', '10 secs', '1 second', '2 seconds',
  '1 minute', '2 minutes', '1 hour', '2 hours', '1 day', '2 days', '1H', '1 HOURS', '1 Ms', 'abc', '', '-',
  '-.5d', '1e3', '0x10', '1,5h', '1 d x', '+1d', '1dd', 'x'.repeat(101), '1'.repeat(100), '1'.repeat(101),
  '9'.repeat(99) + 'y']
const out = {
  normalize: [...norm].map(p => [p, path.posix.normalize(p)]),
  extname: extname.map(p => [p, path.posix.extname(p)]),
  ms: msCases.map(s => { const v = s.length ? ms(s) : undefined; return [s, v === undefined ? null : (isFinite(v) ? v : String(v))] })
}
process.stdout.write(JSON.stringify(out) + '\n')
