// gen.js records what the installed vary 1.1.2 answers, for the Go
// differential tests. Run:
//
//	node internal/vary/testdata/gen.js [/work/ref/node_modules]
'use strict'
const path = require('path')
const fs = require('fs')
const ref = process.argv[2] || process.env.FW_REF_NODE_MODULES || '/work/ref/node_modules'
const v = require(path.join(ref, 'vary', 'package.json')).version
if (v !== '1.1.2') throw new Error('vary is ' + v)
const vary = require(path.join(ref, 'vary'))

// FW_GEN_SEED and FW_GEN_SCALE give other and larger random corpora for a
// deeper run (the committed data uses neither):
//   FW_GEN_SEED=7 FW_GEN_SCALE=20 node gen.js && go test; git checkout testdata
const SEED = Number(process.env.FW_GEN_SEED || 0)
const SCALE = Number(process.env.FW_GEN_SCALE || 1)
function rng (seed) {
  seed = (seed + SEED * 7919) | 0
  return function () {
    seed |= 0; seed = seed + 0x6D2B79F5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}
function random (seed, pieces, n, maxParts) {
  const r = rng(seed)
  const list = []
  n = Math.round(n * SCALE)
  for (let i = 0; i < n; i++) {
    let s = ''
    const k = 1 + Math.floor(r() * maxParts)
    for (let j = 0; j < k; j++) s += pieces[Math.floor(r() * pieces.length)]
    list.push(s)
  }
  return list
}

const headers = ['', 'Accept', 'accept', 'Accept, Accept-Encoding', 'Accept,Accept-Encoding', '*', ' *', '*, Accept',
  'Accept, *', 'Accept,  Origin', ' Accept ', 'Accept,', ',', ', ,', 'Accept-Language', 'ACCEPT', 'Cookie, accept-encoding',
  'foo bar', 'Accept\t', '\u212Aey', 'Key', 'a,,b', 'Origin,Accept']
const fields = ['Accept', 'accept', 'ACCEPT', 'Accept, Accept-Encoding', 'Accept-Encoding, Accept', 'Origin', '*', 'Accept, *',
  '', ' ', ',', 'Accept,', ',Accept', 'Accept,,Origin', 'Accept ,Origin', '  Accept  ', 'Accept Origin', 'Accept\t',
  'Accept, accept, ACCEPT', 'Key', 'k', 'a b', 'ü', 'Accept;', 'Accept:', 'X-Custom_Header.1~!#$%&\'+^`|',
  'Accept-Language, Accept-Encoding, Accept']
const arrays = [[], ['Accept'], ['Accept', 'Accept-Language', 'Accept-Encoding'], ['Accept, Origin'], [''], ['*'],
  ['Origin', 'origin'], ['Accept', 'Accept'], [' Accept'], ['Accept', '*'], ['ok', 'bad name']]
const pieces = ['Accept', 'accept', 'Origin', ',', ', ', ' ', '*', 'X', '-', '\t', 'ü', 'a b', '']

const cases = []
const record = (header, field) => {
  try {
    cases.push({ header, field, out: vary.append(header, field) })
  } catch (e) {
    if (!(e instanceof TypeError)) throw e
    cases.push({ header, field, err: e.message })
  }
}
for (const h of headers) {
  for (const f of fields) record(h, f)
  for (const a of arrays) record(h, a)
}
const rh = random(31, pieces, 600, 5)
const rf = random(32, pieces, 600, 4)
for (let i = 0; i < rh.length; i++) record(rh[i], rf[i])

fs.writeFileSync(path.join(__dirname, 'vary.json'), '[\n' + cases.map((c) => JSON.stringify(c)).join(',\n') + '\n]\n')
