// harness.js records how a real Node server answers a list of raw HTTP
// requests, for the differential tests of fw's middleware packages. Each
// package's testdata/record.js builds its Express apps with the npm
// middleware it stands for and calls record(); the Go tests replay the same
// requests against fast and compare (testserver.Golden).
//
// Run a record script from anywhere with the reference modules on the path:
//
//	NODE_PATH=/work/ref/mw/node_modules node middleware/<pkg>/testdata/record.js
//
// Apps run with env 'production' (error pages without stacks), so the Go
// side must set "env" to "production" too (testserver.Production).
//
// annotate, when given, is called after each exchange (a few milliseconds
// after the connection closed) and may return fields to record with it.
//
// Case fields: name, app (a key of apps), request (raw HTTP/1.1 text; a
// Connection: close header is added when missing), and optionally
// cookieFrom: the name of an earlier case whose Set-Cookie name=value pairs
// are sent in a Cookie header, appended to the request's headers. In a
// request, {{body:NAME}} stands for the body of the earlier case NAME,
// and "Content-Length: AUTO" for the length of the body.
'use strict'

const fs = require('fs')
const net = require('net')

function listen (app) {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server))
  })
}

function send (port, raw) {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1')
    const chunks = []
    sock.on('data', (c) => chunks.push(c))
    sock.on('error', reject)
    sock.on('close', () => resolve(Buffer.concat(chunks)))
    sock.write(Buffer.from(raw, 'binary'))
  })
}

function parse (buf, method) {
  const end = buf.indexOf('\r\n\r\n')
  if (end < 0) return { error: 'no response', raw: buf.toString('latin1') }
  const head = buf.slice(0, end).toString('latin1').split('\r\n')
  const status = Number(head[0].split(' ')[1])
  const headers = head.slice(1).map((l) => {
    const i = l.indexOf(':')
    return [l.slice(0, i), l.slice(i + 1).trim()]
  })
  let body = buf.slice(end + 4)
  const te = headers.find(([k]) => k.toLowerCase() === 'transfer-encoding')
  if (te && /chunked/i.test(te[1])) {
    const parts = []
    let i = 0
    for (;;) {
      const nl = body.indexOf('\r\n', i)
      const size = parseInt(body.slice(i, nl).toString('latin1'), 16)
      if (!size) break
      parts.push(body.slice(nl + 2, nl + 2 + size))
      i = nl + 2 + size + 2
    }
    body = Buffer.concat(parts)
  }
  if (method === 'HEAD') body = Buffer.alloc(0)
  const text = body.toString('utf8')
  const binary = !Buffer.from(text, 'utf8').equals(body)
  return { status, headers, body: binary ? body.toString('base64') : text, binary }
}

function cookiesOf (resp) {
  return resp.headers
    .filter(([k]) => k.toLowerCase() === 'set-cookie')
    .map(([, v]) => v.split(';')[0])
    .join('; ')
}

// fixLength replaces a "Content-Length: AUTO" header with the length of
// the request's body.
function fixLength (raw) {
  const i = raw.indexOf('\r\n\r\n')
  const body = Buffer.from(raw.slice(i + 4), 'binary')
  return raw.slice(0, i).replace(/\r\nContent-Length: AUTO/i, '\r\nContent-Length: ' + body.length) + raw.slice(i)
}

function withHeader (raw, line) {
  const i = raw.indexOf('\r\n')
  return raw.slice(0, i + 2) + line + '\r\n' + raw.slice(i + 2)
}

async function record (apps, cases, outFile, annotate) {
  // Error pages without stacks (which hold local paths), and no error log.
  console.error = () => {}
  const servers = {}
  for (const name of Object.keys(apps)) {
    if (typeof apps[name].set === 'function') apps[name].set('env', 'production')
    servers[name] = await listen(apps[name])
  }
  const out = []
  const byName = {}
  for (const c of cases) {
    let raw = c.request
    if (!/\r\nconnection:/i.test(raw.split('\r\n\r\n')[0])) {
      raw = withHeader(raw, 'Connection: close')
    }
    raw = raw.replace(/\{\{body:([^}]+)\}\}/g, (_, n) => byName[n].response.body)
    raw = fixLength(raw)
    if (c.cookieFrom) {
      const cookies = cookiesOf(byName[c.cookieFrom].response)
      if (cookies) raw = withHeader(raw, 'Cookie: ' + cookies)
    }
    const method = raw.slice(0, raw.indexOf(' '))
    const buf = await send(servers[c.app].address().port, raw)
    const rec = Object.assign({}, c, { response: parse(buf, method) })
    if (annotate) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      Object.assign(rec, await annotate(rec))
    }
    byName[c.name] = rec
    out.push(rec)
  }
  for (const s of Object.values(servers)) s.close()
  fs.writeFileSync(outFile, JSON.stringify(out, null, 2) + '\n')
  console.log('wrote %d cases to %s', out.length, outFile)
}

module.exports = { record }
