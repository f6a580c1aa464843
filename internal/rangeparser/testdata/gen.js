// gen.js records what range-parser (as installed with Express 4.22.3)
// answers for the corpus below; rangeparser_test.go replays cases.json.
//
//   node internal/rangeparser/testdata/gen.js [/work/ref]
//
// Headers are latin1 strings (one character per byte), as Node hands
// request headers to Express.
'use strict'
const path = require('path')
const fs = require('fs')
const ref = process.argv[2] || process.env.FW_REF || '/work/ref'
const mod = (name) => require(path.join(ref, 'node_modules', name))
const version = mod('range-parser/package.json').version
if (version !== '1.2.1') throw new Error('range-parser ' + version + ', want 1.2.1')
const parseRange = mod('range-parser')

// A small deterministic PRNG (mulberry32) so the corpus is stable.
function rng (seed) {
  return function () {
    seed |= 0; seed = seed + 0x6D2B79F5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}

const cases = []
function add (size, header, combine) {
  cases.push({ size, header, combine: !!combine })
}

// range-parser README and its test suite.
const fixed = [
  [100, 'bytes=50-55,0-10,5-10,56-60', true],
  [200, 'malformed'], [200, 'bytes=500-20'], [200, 'bytes=500-999'], [200, 'bytes=500-999,1000-1499'],
  [1000, 'bytes=0-499'], [1000, 'bytes=40-80'], [1000, 'bytes=-400'], [1000, 'bytes=400-'],
  [1000, 'bytes=0-'], [1000, 'bytes=0-0'], [1000, 'bytes=-1'], [1000, 'bytes=40-80,81-90,-1'],
  [1000, 'bytes=0-1,2-3'], [1000, 'bytes=0-1, 2-3'], [1000, 'bytes= 0-1, 2-3'], [1000, 'bytes=0-499,500-999'],
  [1000, 'bytes=-'], [1000, 'bytes=-0'], [1000, 'bytes=0'], [1000, 'bytes=5'], [1000, 'bytes=-1-2'],
  [1000, 'bytes=1-2-3'], [1000, 'bytes=1--2'], [1000, 'bytes=+1-+2'], [1000, 'bytes=1-2x'], [1000, 'bytes=x1-2'],
  [1000, 'items=0-5'], [1000, '=0-5'], [1000, 'bytes=='], [1000, 'bytes=1=2-3'], [1000, 'bytes=0-5=6'],
  [200, 'bytes=0-4,90-99,5-75,100-199,101-102', true], [150, 'bytes=0-4,90-99,5-75,100-199,101-102', true],
  [150, 'bytes=0-100,0-10', true], [150, 'bytes=0-10,0-100', true], [150, 'bytes=5-10,0-1,2-3', true],
  [150, 'bytes=20-30,0-10,2-3,11-19', true], [150, 'bytes=0-10,2-3', true], [150, 'bytes=2-3,0-10', true],
  [150, 'bytes=10-20,0-5,3-9', true], [150, 'bytes=-10,0-5', true], [150, 'bytes=0-,5-10', true],
  // Express test/req.range.js
  [120, 'bytes=0-50,51-100'], [120, 'bytes=0-50,51-100', true], [75, 'bytes=0-100'], [75, 'bytes=0-'],
  [120, 'bytes=0-100'], [120, 'users=0-2'], [120, 'bytes=0-50,51-100,120-200'],
  // send's tests (express.static / res.sendFile), size 9 fixtures.
  [9, 'bytes=2-5'], [9, 'bytes=20-30'], [9, 'bytes=-3'], [9, 'bytes=6-'], [9, 'bytes=0-100'],
  [9, 'bytes=1-1,3-'], [9, 'bytes=1-1,3-', true], [9, 'asdf'], [9, 'bytes=0-0,2-2'], [9, 'bytes=-9'], [9, 'bytes=-10'],
  [9, 'bytes=9-9'], [9, 'bytes=8-8'], [0, 'bytes=0-'], [0, 'bytes=-1'], [0, 'bytes=0-0'], [1, 'bytes=0-0'],
  // Odd spacing, signs and characters parseInt sees.
  [1000, 'bytes=\t1-2'], [1000, 'bytes=\u000b1-\u000c2'], [1000, 'bytes=\u00a01-\u00a02'], [1000, 'bytes=\u00851-2'],
  [1000, 'bytes=1 -2 '], [1000, 'bytes=1\r-\n2'], [1000, 'bytes=0x10-0x20'], [1000, 'bytes=1e2-1e3'], [1000, 'bytes=1.5-2.5'],
  [1000, 'bytes=00010-00020'], [1000, ' bytes = 1-2 '], [1000, 'BYTES=1-2'], [1000, 'bytes=\u00ff1-2'], [1000, ''], [1000, '='],
  [1000, 'bytes=,,,'], [1000, 'bytes=,1-2,'], [1000, 'bytes=1-2,,3-4'],
  // Huge numbers: JavaScript doubles, Go saturation.
  [1000, 'bytes=99999999999999999999-'], [1000, 'bytes=0-99999999999999999999'], [1000, 'bytes=-99999999999999999999'],
  [1000, 'bytes=' + '9'.repeat(400) + '-'], [1000, 'bytes=0-' + '9'.repeat(400)], [1000, 'bytes=-' + '9'.repeat(400)],
  [4503599627370496, 'bytes=4503599627370000-'], [4503599627370496, 'bytes=-4503599627370496'],
  [4503599627370496, 'bytes=-4503599627370497'], [4503599627370496, 'bytes=0-9007199254740991'],
  [4503599627370496, 'bytes=1000000000000-2000000000000,0-', true]
]
for (const f of fixed) add(f[0], f[1], f[2])
for (const f of fixed) if (!f[2]) add(f[0], f[1], true)

// Many ranges: the hostile shape, both plain and combined.
let many = []
for (let i = 0; i < 3000; i++) many.push((i * 7919 % 5000) + '-' + (i * 7919 % 5000 + i % 13))
add(4000, 'bytes=' + many.join(','), false)
add(4000, 'bytes=' + many.join(','), true)
add(100, 'bytes=' + Array(5000).fill('0-0').join(','), true)
add(100, 'bytes=' + Array(5000).fill('-').join(','), true)

// Random headers over the alphabet that matters.
const rand = rng(1)
const atoms = ['0', '1', '2', '5', '9', '10', '42', '99', '100', '120', '-', '-', '-', ',', ',', ' ', '\t', '+', '=', 'x', '\u00a0', '0-', '-1']
const sizes = [0, 1, 2, 9, 10, 50, 100, 120, 1000, 65536]
for (let i = 0; i < 3000; i++) {
  let s = rand() < 0.9 ? 'bytes=' : ''
  const n = 1 + Math.floor(rand() * 12)
  for (let k = 0; k < n; k++) s += atoms[Math.floor(rand() * atoms.length)]
  add(sizes[Math.floor(rand() * sizes.length)], s, rand() < 0.5)
}

for (const c of cases) {
  const r = parseRange(c.size, c.header, { combine: c.combine })
  if (typeof r === 'number') {
    c.result = r
  } else {
    c.result = 0
    c.type = r.type
    c.ranges = r.map((x) => [x.start, x.end])
  }
}
// One case per line keeps diffs of the recorded data readable.
fs.writeFileSync(path.join(__dirname, 'cases.json'),
  '{"module":' + JSON.stringify('range-parser@' + version) + ',"cases":[\n' +
  cases.map((c) => JSON.stringify(c)).join(',\n') + '\n]}\n')
console.log('wrote', cases.length, 'cases')
