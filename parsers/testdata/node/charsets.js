// Records iconv-lite's decoding (iconv.decode, as body-parser 1.20 calls it)
// of random and hand-picked byte strings in the charsets parsers decodes,
// for charset_test.go. Run with NODE_PATH=/work/ref/node_modules:
//   node parsers/testdata/node/charsets.js > parsers/testdata/charsets.json
'use strict'
const iconv = require('iconv-lite')

let seed = 4242
function rnd (n) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n }

const charsets = ['utf-7', 'UTF-7-IMAP', 'utf-8', 'UTF8', 'utf-16', 'utf-16le', 'UTF-16BE', 'ucs-2', 'cesu-8', 'binary', 'latin1',
  'koi8-r', 'windows-1252', 'ISO-8859-2', 'cp437', 'macroman', 'ascii', 'us-ascii', 'hex', 'base64', 'iso-8859-15:1999',
  'windows-1251', 'cp866', 'tis-620']
const fixed = [
  [], [0xef, 0xbb, 0xbf], [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41], [0xfe, 0xff, 0, 0x41], [0xff, 0xfe, 0x41, 0],
  [0xe8, 0xae], [0xe8, 0xae, 0x41, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0xc0, 0xaf, 0xff], [0x3d, 0xd8, 0x41, 0x00],
  [0xd8, 0x3d, 0xde, 0x00], [0x3d, 0xd8, 0x00, 0xde], [0x41, 0x00, 0x42], [0xed, 0xa0, 0xbd, 0xed, 0xb2, 0xa9],
  [0xc0, 0x80], [0xc1, 0x81], [0xe0, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80],
  Buffer.from('a+AGE-b+-c+ZeVnLIqe-'), Buffer.from('Hi Mom -+Jjo--!'), Buffer.from('+AGEAYgBj'), Buffer.from('+AGEAYgBjAGQAZQ'),
  Buffer.from('&AGE-&-x&Jjo,'), Buffer.from('+/v8AYQ-'), Buffer.from('+AG=x'), Buffer.from('+A'), Buffer.from('+2D3eAA-')
]
const out = []
for (const cs of charsets) {
  const inputs = fixed.slice()
  for (let i = 0; i < 60; i++) {
    const n = rnd(40)
    const b = []
    const mode = rnd(3)
    for (let j = 0; j < n; j++) b.push(mode === 0 ? rnd(256) : mode === 1 ? (rnd(4) ? 0x20 + rnd(95) : rnd(256)) : [0x00, 0x41, 0xd8, 0xdc, 0xed, 0xa0, 0x80, 0xbf, 0xe8, 0xf0, 0x9f, 0xfe, 0xff, 0x2b, 0x26, 0x2d, 0x2c, 0x2f, 0x41, 0x47][rnd(20)])
    inputs.push(b)
  }
  for (const b of inputs) {
    out.push({ charset: cs, in: Buffer.from(b).toString('base64'), out: JSON.stringify(iconv.decode(Buffer.from(b), cs)) })
  }
}
process.stdout.write(JSON.stringify(out).replace(/\},\{/g, '},\n{') + '\n')
