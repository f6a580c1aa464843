'use strict'
// Serves the scenario apps for the conformance runner:
//   node server.js --fixtures DIR scenario/app/env [...]
// starts one HTTP server per app on 127.0.0.1 (a free port each), prints
// one JSON line {"ports": {"scenario/app/env": port}, "versions": {...}}
// and runs until its stdin closes. A scenario module exports a builder
// function (its main app, app "") or an object of builders by app name.
var http = require('http')
var path = require('path')
var express = require('express')

var args = process.argv.slice(2)
var fixtures = null
var pairs = []
for (var i = 0; i < args.length; i++) {
  if (args[i] === '--fixtures') fixtures = args[++i]
  else pairs.push(args[i])
}
if (!fixtures) throw new Error('--fixtures DIR is required')

// Express logs every error it answers outside the test env; the runner
// has no use for the noise. FW_CONFORMANCE_LOG=1 keeps it.
if (!process.env.FW_CONFORMANCE_LOG) console.error = function () {}

var ports = {}
var pendingListens = pairs.length
if (pendingListens === 0) done()

pairs.forEach(function (key) {
  var parts = key.split('/')
  var name = parts[0]
  var appName = parts[1]
  var env = parts[2]
  var mod = require(path.join(__dirname, 'scenarios', name + '.js'))
  var build = typeof mod === 'function' && appName === '' ? mod : mod[appName]
  if (typeof build !== 'function') throw new Error('scenario ' + name + ' has no app "' + appName + '"')
  var app = build(express, { env: env, fixtures: fixtures })
  var server = http.createServer(app)
  server.listen(0, '127.0.0.1', function () {
    ports[key] = server.address().port
    if (--pendingListens === 0) done()
  })
})

function done () {
  process.stdout.write(JSON.stringify({
    ports: ports,
    versions: {
      express: require('express/package.json').version,
      node: process.version
    }
  }) + '\n')
}

process.stdin.on('data', function () {})
process.stdin.on('end', function () { process.exit(0) })
