// exchange.js holds what probe.js and leftovers.js share: one raw HTTP/1.1
// request a connection to the Express 3 app under probe, and the JSON line
// recorded for each answer (status, reason, headers in order without Date
// and the connection headers, a chunked body joined, one character per byte).
'use strict'
const net = require('net')

// request sends case c ({method, target, headers}) and resolves with the
// whole raw answer as latin1 text.
function request (port, c) {
  return new Promise((resolve) => {
    let raw = c.method + ' ' + c.target + ' HTTP/1.1\r\n'
    if (!c.headers.some(([k]) => k === 'Host')) raw += 'Host: example.com\r\n'
    for (const [k, v] of c.headers) raw += k + ': ' + v + '\r\n'
    raw += 'Connection: close\r\n\r\n'
    const sock = net.connect(port, '127.0.0.1', () => sock.write(Buffer.from(raw, 'latin1')))
    const chunks = []
    sock.on('data', (d) => chunks.push(d))
    sock.on('error', () => {})
    sock.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
  })
}

// routesJSON is app.routes as the Go tests compare it.
function routesJSON (routes) {
  const out = {}
  for (const verb of Object.keys(routes)) {
    out[verb] = routes[verb].map((rt) => ({
      path: String(rt.path), method: rt.method, callbacks: rt.callbacks.length, keys: rt.keys, regexp: String(rt.regexp)
    }))
  }
  return out
}

// recordAll sends every case in order and prints one JSON line per answer.
async function recordAll (port, cases) {
  for (const c of cases) {
    const raw = await request(port, c)
    const end = raw.indexOf('\r\n\r\n')
    const lines = raw.slice(0, end).split('\r\n')
    const m = /^HTTP\/1\.1 (\d+) ?(.*)$/.exec(lines[0])
    const headers = []
    for (const l of lines.slice(1)) {
      const i = l.indexOf(':')
      const k = l.slice(0, i)
      const v = l.slice(i + 1).trim()
      if (/^(date|connection|keep-alive)$/i.test(k)) continue
      headers.push([k, v])
    }
    let body = raw.slice(end + 4)
    if (/chunked/i.test((headers.find(([k]) => /^transfer-encoding$/i.test(k)) || [])[1] || '')) {
      let out = ''
      let i = 0
      for (;;) {
        const nl = body.indexOf('\r\n', i)
        const size = parseInt(body.slice(i, nl), 16)
        if (!size) break
        out += body.slice(nl + 2, nl + 2 + size)
        i = nl + 2 + size + 2
      }
      body = out
    }
    console.log(JSON.stringify({ method: c.method, target: c.target, reqHeaders: c.headers, status: Number(m ? m[1] : 0), reason: m ? m[2] : raw, headers, body }))
  }
}

module.exports = { request, routesJSON, recordAll }
