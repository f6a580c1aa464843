'use strict'
// Lists every test case of Express's mocha suite and whether it drives
// HTTP (calls supertest), by running the suite in an Express checkout:
//
//   node inventory.js /path/to/express-checkout > ../../expressmap/inventory.json
//
// The checkout needs its devDependencies installed (npm install). The
// output is data about Express's tests (file, title path, result), not
// their code.
var path = require('path')
var fs = require('fs')

var dir = path.resolve(process.argv[2] || '.')
var testDir = path.join(dir, 'test')
process.env.NODE_ENV = 'test'
process.chdir(dir)

var Mocha = require(path.join(dir, 'node_modules', 'mocha'))

// Mark the running test as HTTP-level when it calls supertest.
var current = null
var stPath = require.resolve('supertest', { paths: [testDir] })
var supertest = require(stPath)
function wrapped () {
  if (current) current.__http = true
  return supertest.apply(this, arguments)
}
Object.keys(supertest).forEach(function (k) { wrapped[k] = supertest[k] })
wrapped.agent = function () {
  if (current) current.__http = true
  return supertest.agent.apply(this, arguments)
}
require.cache[stPath].exports = wrapped

var files = []
;[testDir, path.join(testDir, 'acceptance')].forEach(function (d) {
  fs.readdirSync(d).sort().forEach(function (f) {
    if (f.endsWith('.js')) files.push(path.join(d, f))
  })
})

var mocha = new Mocha({ reporter: function () {}, timeout: 10000 })
files.forEach(function (f) { mocha.addFile(f) })

var tests = []
var seen = {}
var runner = mocha.run(function () {
  var counts = { total: tests.length, http: 0, passed: 0, failed: 0, pending: 0 }
  tests.forEach(function (t) {
    if (t.http) counts.http++
    counts[t.state]++
  })
  var head = {
    source: 'expressjs/express 4.x test/ and test/acceptance/, run with mocha; http: the test calls supertest',
    express: require(path.join(dir, 'package.json')).version,
    node: process.version,
    counts: counts
  }
  var out = JSON.stringify(head, null, 1).replace(/\n}$/, ',\n "tests": [\n')
  out += tests.map(function (t) { return '  ' + JSON.stringify(t) }).join(',\n')
  process.stdout.write(out + '\n ]\n}\n')
  process.exit(0)
})
runner.on('test', function (t) { current = t })
function record (t, state) {
  var file = path.relative(testDir, t.file || '').split(path.sep).join('/')
  var titles = t.titlePath()
  var key = file + '\0' + titles.join('\0')
  seen[key] = (seen[key] || 0) + 1
  if (seen[key] > 1) titles[titles.length - 1] += ' #' + seen[key]
  tests.push({ file: file, path: titles, state: state, http: !!t.__http })
}
runner.on('pass', function (t) { record(t, 'passed') })
runner.on('fail', function (t) { if (t.type === 'test') record(t, 'failed') })
runner.on('pending', function (t) { record(t, 'pending') })
