'use strict'
// harvest.js records every (path pattern, options, exec'd path) triple that a
// set of mocha test files exercises through path-to-regexp, by running them
// under a minimal mocha-compatible harness with path-to-regexp wrapped.
//
// Usage (from /work/ref, where express 4.22.3, supertest and
// path-to-regexp 0.1.13 are installed; express-src is Express's repository):
//   node harvest.js OUT.json express-src/test/app.router.js ... /tmp/ptr-test.js
// A test file whose require('./') or require('..') means path-to-regexp
// (path-to-regexp's own test.js) is loaded with that require redirected.
// The output is committed as harvested.json; gen.js reads it.

const fs = require('fs')
const path = require('path')
const Module = require('module')

const out = process.argv[2]
const files = process.argv.slice(3)
const ptrPath = require.resolve('path-to-regexp', { paths: [process.cwd()] })
const ptr = require(ptrPath)

const seen = new Map() // key -> {path, options, inputs:Set}

function ser (p) {
  if (typeof p === 'string') return p
  if (p instanceof RegExp) return { re: p.source, flags: p.flags }
  if (Array.isArray(p)) return p.map(ser)
  return null
}

function record (p, opts, input) {
  const sp = ser(p)
  if (sp === null) return
  const o = { sensitive: !!(opts && opts.sensitive), strict: !!(opts && opts.strict), end: !(opts && opts.end === false) }
  const k = JSON.stringify([sp, o])
  let e = seen.get(k)
  if (!e) { e = { path: sp, options: o, inputs: new Set() }; seen.set(k, e) }
  if (typeof input === 'string') e.inputs.add(input)
}

function wrapped (p, keys, opts) {
  const re = ptr(p, keys, opts)
  record(p, opts)
  const exec = re.exec
  re.exec = function (s) { record(p, opts, s); return exec.call(this, s) }
  return re
}

require.cache[ptrPath] = { id: ptrPath, filename: ptrPath, loaded: true, exports: wrapped }

// 'after' (used by Express's tests) is a tiny callback counter.
function after (count, callback) {
  let bail = false
  if (count === 0) callback()
  return function (err) {
    if (bail) return
    if (err) { bail = true; return callback(err) }
    if (--count === 0) callback()
  }
}

const origResolve = Module._resolveFilename
let redirectSelf = null
Module._resolveFilename = function (req, parent, ...rest) {
  if (req === 'after') return 'after-shim'
  if (redirectSelf && parent && parent.filename === redirectSelf && (req === './' || req === '.')) return ptrPath
  return origResolve.call(this, req, parent, ...rest)
}
require.cache['after-shim'] = { id: 'after-shim', filename: 'after-shim', loaded: true, exports: after }

// A minimal mocha: describe/it/hooks, done callbacks and promises.
function suite (name, parent) { return { name, parent, tests: [], suites: [], before: [], after: [], beforeEach: [], afterEach: [] } }
let cur = suite('', null)
const root = cur
global.describe = function (name, fn) { const s = suite(name, cur); cur.suites.push(s); const prev = cur; cur = s; fn.call({ timeout () {} }); cur = prev }
global.describe.skip = function () {}
global.it = function (name, fn) { cur.tests.push({ name, fn }) }
global.it.skip = function () {}
global.it.only = global.it
global.before = fn => cur.before.push(fn)
global.after = fn => cur.after.push(fn)
global.beforeEach = fn => cur.beforeEach.push(fn)
global.afterEach = fn => cur.afterEach.push(fn)

function call (fn) {
  return new Promise((resolve) => {
    if (!fn) return resolve()
    const ctx = { timeout () {}, skip () { resolve() } }
    const timer = setTimeout(() => resolve(new Error('timeout')), 3000)
    const finish = (err) => { clearTimeout(timer); resolve(err) }
    try {
      if (fn.length >= 1) fn.call(ctx, finish)
      else Promise.resolve(fn.call(ctx)).then(() => finish(), finish)
    } catch (e) { finish(e) }
  })
}

function hooks (s, kind) { const list = []; for (let x = s; x; x = x.parent) list.unshift(...x[kind]); return list }

let passed = 0; let failed = 0
async function run (s) {
  for (const h of s.before) await call(h)
  for (const t of s.tests) {
    for (const h of hooks(s, 'beforeEach')) await call(h)
    const err = await call(t.fn)
    if (err) { failed++; console.error('FAIL', t.name, err && err.message) } else passed++
    for (const h of hooks(s, 'afterEach').reverse()) await call(h)
  }
  for (const c of s.suites) await run(c)
  for (const h of s.after) await call(h)
}

(async () => {
  for (const f of files) {
    const abs = path.resolve(f)
    cur = suite(f, null)
    root.suites.push(cur)
    redirectSelf = abs
    require(abs)
    await run(cur)
  }
  // Router.js registers 6000 routes "/thing0".."/thing5999": keep three.
  const list = [...seen.values()]
    .filter(e => !(typeof e.path === 'string' && /^\/thing([3-9]|\d\d+)$/.test(e.path)))
    .map(e => ({ path: e.path, options: e.options, inputs: [...e.inputs].sort() }))
  fs.writeFileSync(out, JSON.stringify(list, null, 1) + '\n')
  console.log(`tests passed ${passed} failed ${failed}; ${list.length} pattern/option pairs`)
  process.exit(0)
})()
