// Records JavaScript's String(x) for a corpus of doubles (as their IEEE-754
// bits in hex), for AppendNumber's test. Run:
//   node parsers/testdata/node/numbers.js > parsers/testdata/numbers.json
'use strict'
const buf = Buffer.alloc(8)
let seed = 99
function rnd (n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n }
const values = [0, -0, 1, -1, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1e21, 1e20, 123456789012345680000, 1e-6, 1e-7, 1.5e-7,
  5e-324, 1.7976931348623157e308, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 1e15, 1e16, 999999999999999, 9999999999999998,
  0.000001234, 123e-20, 1.1e21, 4.35, 100, 1e100, -1e-100, 12345678.9, NaN, Infinity, -Infinity]
for (let i = 0; i < 3000; i++) {
  for (let j = 0; j < 8; j++) buf[j] = rnd(256)
  const x = buf.readDoubleBE(0)
  values.push(x)
  values.push(Math.round(x * 1000) / 1000 || 0)
  values.push((rnd(2000000) - 1000000) / (10 ** rnd(12)))
  values.push(rnd(1000) * 10 ** (rnd(60) - 30))
}
const out = values.map(v => { buf.writeDoubleBE(v, 0); return [buf.toString('hex'), String(v)] })
process.stdout.write(JSON.stringify(out).replace(/\],\[/g, '],\n[') + '\n')
