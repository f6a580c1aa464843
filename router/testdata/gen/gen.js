'use strict'
// gen.js records what Express 4.22.3 with path-to-regexp 0.1.13 does with a
// corpus of route paths, in router/testdata/pattern_corpus.json, which
// router's tests replay (TestCorpus*). For every pattern and option set it
// records the Layer's RegExp source, its keys, Express's fast-path flags and,
// for every path, the match with capture offsets (RegExp "d" flag). It also
// records a corpus of JavaScript regular expressions run directly (the VM's
// semantics), and the latin1 case-folding peers of the "i" flag.
//
// Usage, from a directory where express@4.22.3 is installed (/work/ref):
//   node router/testdata/gen/gen.js router/testdata/pattern_corpus.json
// Inputs: harvested.json (see harvest.js) and cases.js, beside this file.
// The output is deterministic (seeded random paths and regexes).

const fs = require('fs')
const path = require('path')

const from = { paths: [process.cwd()] }
const ptrVersion = require(require.resolve('path-to-regexp/package.json', from)).version
const expressVersion = require(require.resolve('express/package.json', from)).version
const Layer = require(require.resolve('express/lib/router/layer', from))

const harvested = require('./harvested.json')
const cases = require('./cases.js')

// mulberry32, a small seeded PRNG
function rng (seed) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6D2B79F5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { float: next, int: n => Math.floor(next() * n), pick: xs => xs[Math.floor(next() * xs.length)] }
}
const r = rng(20240910)

function toJS (p) {
  if (typeof p === 'string') return p
  if (Array.isArray(p)) return p.map(toJS)
  return new RegExp(p.re, p.flags)
}

// Node reads request targets as latin1: only paths of code units <= 0xFF
// can reach a router, and then code-unit offsets are byte offsets.
const latin1 = s => [...s].every(c => c.length === 1 && c.charCodeAt(0) <= 0xff)

function execD (source, flags, s) {
  const re = new RegExp(source, flags.replace(/[gyd]/g, '') + 'd')
  const m = re.exec(s)
  if (!m) return null
  const out = [m.indices[0][0], m.indices[0][1]]
  for (let i = 1; i < m.length; i++) {
    const ix = m.indices[i]
    out.push(ix ? ix[0] : -1, ix ? ix[1] : -1)
  }
  return out
}

function mutate (p) {
  const alphabet = 'ab-/.:xAZ09%_'
  const i = r.int(p.length + 1)
  switch (r.int(3)) {
    case 0: return p.slice(0, i) + r.pick(alphabet) + p.slice(i)
    case 1: return p.slice(0, i) + p.slice(i + 1)
    default: return p.slice(0, i) + r.pick(alphabet) + p.slice(i + 1)
  }
}

function randomPath (pattern) {
  const chars = new Set('/-.xaA1'.split(''))
  for (const c of JSON.stringify(pattern)) if (c.charCodeAt(0) < 0x7f && c.charCodeAt(0) > 0x20 && c !== '"' && c !== '\\') chars.add(c)
  const alphabet = [...chars]
  let s = '/'
  const n = r.int(14)
  for (let i = 0; i < n; i++) s += r.pick(alphabet)
  return s
}

function pathsFor (pattern, given) {
  const out = new Set()
  for (const p of given) {
    out.add(p)
    if (p.length > 100) continue // ReDoS inputs: as given only
    for (const v of [p + '/', p + '//', p + '/x', p.slice(0, -1), p.toUpperCase(), p.toLowerCase(), mutate(p), mutate(p)]) out.add(v)
  }
  for (let i = 0; i < 6; i++) out.add(randomPath(pattern))
  return [...out].filter(latin1)
}

const optionSets = []
for (const sensitive of [false, true]) for (const strict of [false, true]) for (const end of [true, false]) optionSets.push({ sensitive, strict, end })

function record (pattern, paths) {
  const js = toJS(pattern)
  const isRegExp = js instanceof RegExp
  const variants = []
  for (const o of isRegExp ? [{ sensitive: false, strict: false, end: true }] : optionSets) {
    const v = { o: (o.sensitive ? 'S' : 's') + (o.strict ? 'T' : 't') + (o.end ? 'E' : 'e') }
    let layer
    try {
      layer = new Layer(js, o, function () {})
    } catch (e) {
      v.err = e.message
      variants.push(v)
      continue
    }
    v.src = layer.regexp.source
    v.flags = layer.regexp.flags
    v.keys = layer.keys.map(k => [String(k.name), k.optional])
    v.fast = layer.regexp.fast_star ? 'star' : layer.regexp.fast_slash ? 'slash' : ''
    v.res = paths.map(p => {
      if (v.fast === 'slash') return [0, 0]
      if (v.fast === 'star') return [0, p.length, 0, p.length]
      return execD(v.src, v.flags, p)
    })
    variants.push(v)
  }
  return { path: pattern, paths, variants }
}

// patterns: harvested (merging the inputs of every option set) and handcrafted
const byPattern = new Map()
const add = (pattern, inputs) => {
  const k = JSON.stringify(pattern)
  if (!byPattern.has(k)) byPattern.set(k, { pattern, inputs: new Set() })
  for (const i of inputs) byPattern.get(k).inputs.add(i)
}
for (const h of harvested) add(h.path, h.inputs)
for (const [p, inputs] of cases.patterns) add(p, inputs)

// random patterns assembled from pieces, each with sample texts it matches
const pieces = [
  ['/users', ['/users', '/USERS']], ['/a', ['/a']], ['/B', ['/b']], ['/:id', ['/42', '/x']],
  ['/:id?', ['', '/x']], ['/:id*', ['/x', '/x/y/z']], ['/:id(\\d+)', ['/42', '/x']],
  ['/:id(\\d+)?', ['', '/7']], ['/*', ['/', '/a/b']], ['/(\\d+)', ['/12']], ['/:a-:b', ['/x-y', '/a-b-c']],
  ['/:a.:b', ['/x.y', '/a.b.c']], ['/:name.:ext?', ['/f', '/f.js']], ['/x-:a', ['/x-1']],
  ['/file.:ext', ['/file.txt']], ['/(a|b)', ['/a', '/b']], ['/ab?c', ['/ac', '/abc']], ['/a+', ['/aaa']],
  ['/:a~:b', ['/1~2']], ['/\\d+', ['/12']], ['/a\\.b', ['/a.b']], ['.:format', ['.json', '']],
  ['/:a-:b-:c', ['/1-2-3']], ['/(?:x)?', ['', '/x']], ['/*.*', ['/a.b']], ['/:p(.*)', ['/a/b']]
]
for (let i = 0; i < 220; i++) {
  let pat = ''
  const samples = ['']
  const n = 1 + r.int(4)
  for (let j = 0; j < n; j++) {
    const [text, ss] = r.pick(pieces)
    pat += text
    for (let k = 0; k < samples.length; k++) samples[k] += r.pick(ss)
    samples.push(samples[0].slice(0, -1) + r.pick(ss))
  }
  if (r.float() < 0.2) { pat += '/'; samples.push(samples[0] + '/') }
  add(pat, samples)
}

const patterns = []
for (const { pattern, inputs } of byPattern.values()) {
  patterns.push(record(pattern, pathsFor(pattern, [...inputs])))
}

// JavaScript regular expressions: handcrafted, then random ones.
function randomRegex (depth) {
  const alts = []
  const nalt = r.float() < 0.2 ? 2 : 1
  for (let a = 0; a < nalt; a++) {
    let s = ''
    const n = 1 + r.int(3)
    for (let i = 0; i < n; i++) {
      const p = r.float()
      let t
      let quant = true
      if (depth > 0 && p < 0.25) {
        t = r.pick(['(', '(', '(?:', '(?=', '(?!']) + randomRegex(depth - 1) + ')'
      } else if (p < 0.32) {
        t = r.pick(['^', '$', '\\b', '\\B'])
        quant = false
      } else {
        t = r.pick(['a', 'a', 'b', 'b', '-', '/', '.', '\\d', '\\w', '[ab]', '[^a]', '[a-c]', 'x', 'A', '\\/'])
      }
      if (quant && r.float() < 0.35) {
        t += r.pick(['*', '+', '?', '{0,2}', '{1,2}', '{2}', '{1,}']) + (r.float() < 0.3 ? '?' : '')
      }
      s += t
    }
    alts.push(s)
  }
  return alts.join('|')
}

function randomInput () {
  let s = ''
  const n = r.int(9)
  for (let i = 0; i < n; i++) s += r.pick(['a', 'b', '-', '/', '.', 'x', 'A', '1', ' '])
  return s
}

const regexes = []
function recordRegex (src, flags, inputs) {
  const e = { src, flags, inputs: inputs.filter(latin1) }
  try {
    new RegExp(src, flags) // eslint-disable-line no-new
  } catch (err) {
    e.err = err.message
    regexes.push(e)
    return
  }
  e.res = e.inputs.map(s => execD(src, flags, s))
  regexes.push(e)
}
for (const [src, flags, inputs] of cases.regexes) recordRegex(src, flags, inputs)
for (let i = 0; i < 1500; i++) {
  const inputs = []
  for (let j = 0; j < 8; j++) inputs.push(randomInput())
  recordRegex(randomRegex(3), r.float() < 0.3 ? 'i' : '', inputs)
}

// Case folding: for each latin1 byte, the other code units that /u/i equates.
const fold = {}
let all = ''
for (let b = 0; b < 256; b++) all += String.fromCharCode(b)
for (let u = 0; u < 0x10000; u++) {
  const re = new RegExp('\\u' + u.toString(16).padStart(4, '0'), 'gi')
  let m
  while ((m = re.exec(all)) !== null) {
    if (m.index !== u) (fold[m.index] = fold[m.index] || []).push(u)
  }
}

const out = process.argv[2]
const lines = []
lines.push('{"generator":' + JSON.stringify({ express: expressVersion, pathToRegexp: ptrVersion, node: process.version }) + ',')
lines.push('"fold":' + JSON.stringify(fold) + ',')
lines.push('"patterns":[')
lines.push(patterns.map(p => JSON.stringify(p)).join(',\n'))
lines.push('],"regexes":[')
lines.push(regexes.map(p => JSON.stringify(p)).join(',\n'))
lines.push(']}')
fs.writeFileSync(out, lines.join('\n') + '\n')
const nmatch = patterns.reduce((a, p) => a + p.variants.reduce((b, v) => b + (v.res ? v.res.length : 0), 0), 0)
console.log(`${patterns.length} patterns, ${nmatch} pattern matches, ${regexes.length} regexes -> ${path.relative(process.cwd(), out)}`)
