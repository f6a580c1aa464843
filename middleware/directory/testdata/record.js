// record.js records serve-index 1.7.3, the directory() of connect 2.30.2
// (Express 3.21), in Express 4.22.3 for directory_diff_test.go, on the
// tree of fixture.json. Run from the repository root:
//
//	TZ=UTC NODE_PATH=/work/ref/mw/node_modules node middleware/directory/testdata/record.js
//
// HTML listings use template.html and style.css (the template and
// stylesheet options), so that they can be compared byte for byte.
'use strict'
const fs = require('fs')
const os = require('os')
const path = require('path')
const express = require('express')
const serveIndex = require('connect/node_modules/serve-index')
const { record } = require('../../internal/testserver/testdata/harness')

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'directory-'))
const fixture = require('./fixture.json')
for (const e of fixture.entries) {
  if (e.pathHex) {
    const p = Buffer.concat([Buffer.from(root + '/'), Buffer.from(e.pathHex, 'hex')])
    fs.writeFileSync(p, e.content)
    fs.utimesSync(p, e.mtime, e.mtime)
    continue
  }
  const p = path.join(root, e.path)
  fs.mkdirSync(e.dir ? p : path.dirname(p), { recursive: true })
  if (e.link) fs.symlinkSync(e.link, p)
  else if (!e.dir) fs.writeFileSync(p, e.content)
  if (e.mtime) fs.utimesSync(p, e.mtime, e.mtime)
}

const tpl = { template: path.join(__dirname, 'template.html'), stylesheet: path.join(__dirname, 'style.css') }
const apps = {}
for (const [name, opts] of Object.entries({
  default: tpl,
  hidden: Object.assign({ hidden: true }, tpl),
  icons: Object.assign({ icons: true }, tpl),
  details: Object.assign({ icons: true, view: 'details' }, tpl),
  filter: Object.assign({ filter: (name, i, list, dir) => !/\.md$/.test(name) && i >= 0 && list.length > 0 && dir.length > 0 }, tpl)
})) {
  const a = express()
  a.use(serveIndex(root, opts))
  apps[name] = a
}
const mounted = express()
mounted.use('/files', serveIndex(root, tpl))
apps.mounted = mounted
const paired = express()
paired.use(express.static(root))
paired.use(serveIndex(root, tpl))
apps.paired = paired

const get = (target, accept, method) => (method || 'GET') + ' ' + target + ' HTTP/1.1\r\nHost: localhost\r\n' + (accept === undefined ? '' : 'Accept: ' + accept + '\r\n') + '\r\n'
const cases = []
const add = (name, app, request) => cases.push({ name, app, request })
for (const [n, a] of [['html', 'text/html'], ['plain', 'text/plain'], ['json', 'application/json'], ['none', undefined], ['star', '*/*'],
  ['textstar', 'text/*'], ['mixed', 'application/json;q=0.5, text/plain'], ['png', 'image/png'], ['q0', 'text/html;q=0, */*;q=0.1'],
  ['browser', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8']]) {
  add('default/root/' + n, 'default', get('/', a))
}
for (const app of ['hidden', 'icons', 'details', 'filter']) {
  for (const [n, a] of [['html', 'text/html'], ['plain', 'text/plain'], ['json', 'application/json']]) add(app + '/root/' + n, app, get('/', a))
  add(app + '/deep/html', app, get('/sub/deep/', 'text/html'))
  add(app + '/deep/json', app, get('/sub/deep/', 'application/json'))
}
for (const [n, t] of [['sub', '/sub/'], ['sub-noslash', '/sub'], ['deep', '/sub/deep/'], ['empty', '/empty/'], ['Zed', '/Zed/'],
  ['query', '/sub/?x=1'], ['encoded', '/s%75b/'], ['double-slash', '//sub//'], ['dotdot-inside', '/sub/deep/../'],
  ['missing', '/missing/'], ['file', '/a.txt'], ['file-slash', '/a.txt/'], ['enotdir', '/a.txt/x'],
  ['escape-raw', '/../'], ['escape-encoded', '/%2e%2e/'], ['escape-slash', '/..%2f'], ['escape-deep', '/sub/%2e%2e/%2e%2e/'],
  ['null', '/%00/'], ['malformed', '/%E0%A4%A/'], ['long', '/' + 'a'.repeat(300) + '/'], ['space', '/a%20b/']]) {
  add('default/' + n + '/html', 'default', get(t, 'text/html'))
  add('default/' + n + '/json', 'default', get(t, 'application/json'))
}
add('default/head', 'default', get('/', 'text/html', 'HEAD'))
add('default/head/json', 'default', get('/sub/', 'application/json', 'HEAD'))
add('default/post', 'default', get('/', 'text/html', 'POST'))
add('default/options', 'default', get('/', undefined, 'OPTIONS'))
add('default/put-missing', 'default', get('/missing', undefined, 'PUT'))
add('default/delete-file', 'default', get('/a.txt', undefined, 'DELETE'))
for (const [n, t] of [['root', '/files/'], ['noslash', '/files'], ['sub', '/files/sub/'], ['other', '/other/']]) {
  add('mounted/' + n + '/html', 'mounted', get(t, 'text/html'))
  add('mounted/' + n + '/plain', 'mounted', get(t, 'text/plain'))
}
for (const [n, t] of [['root', '/'], ['file', '/a.txt'], ['sub', '/sub/'], ['sub-noslash', '/sub'], ['missing', '/missing']]) {
  add('paired/' + n, 'paired', get(t, 'text/plain'))
}
record(apps, cases, path.join(__dirname, 'golden.json')).then(() => fs.rmSync(root, { recursive: true, force: true }))
