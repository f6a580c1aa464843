// Records what Express 4.22.3 answers when its body parsers (body-parser
// 1.20) fail and the default final handler renders the error, as testdata
// for fast/bodyparser_errors_test.go. Regenerate with:
//
//   NODE_PATH=/work/ref/node_modules node bodyparser_probe.js > bodyparser.jsonl
//
// Each line is one request in one environment ("development" or
// "production"): status, reason, headers in order (Date and connection
// headers left out) and body. In development the JavaScript stack after the
// first line of err.stack is cut from the body and "stack" is true.
'use strict'
const express = require('express')
const net = require('net')
const zlib = require('zlib')

// The routes; bodyparser_errors_test.go builds the same ones in Go.
function build () {
  const app = express()
  const ok = (req, res) => res.send('parsed')
  app.post('/json', express.json({ limit: '1kb' }), ok)
  app.post('/json-verify', express.json({ verify: (req, res, buf) => { if (buf[0] === 0x5b) throw new Error('no arrays') } }), ok)
  app.post('/raw', express.raw({ limit: '1kb' }), ok)
  app.post('/raw-noinflate', express.raw({ inflate: false }), ok)
  app.post('/text', express.text(), ok)
  app.post('/form', express.urlencoded({ extended: true, parameterLimit: 2 }), ok)
  app.post('/form-depth', express.urlencoded({ extended: true, depth: 1 }), ok)
  app.set('env', process.env.NODE_ENV)
  return app
}

const json = 'Content-Type: application/json\r\n'
const gz = zlib.gzipSync(Buffer.alloc(4096, 0x20))
const requests = [
  ['/json', json, Buffer.alloc(2000, 0x20)],
  ['/json', json, '{"a":'],
  ['/json', json, 'true'],
  ['/json', json + 'Content-Encoding: br\r\n', '{}'],
  ['/json', 'Content-Type: application/json; charset=koi8-r\r\n', '{}'],
  ['/json', json + 'Content-Encoding: gzip\r\n', 'xxxxx'],
  ['/json', json + 'Content-Encoding: gzip\r\n', gz],
  ['/json', json, '{"a":"' + 'x'.repeat(2000) + '"}', true],
  ['/json-verify', json, '[]'],
  ['/raw', 'Content-Type: application/octet-stream\r\n', Buffer.alloc(1500, 1), true],
  ['/raw-noinflate', 'Content-Type: application/octet-stream\r\nContent-Encoding: gzip\r\n', gz],
  ['/text', 'Content-Type: text/plain; charset=x-bogus\r\n', 'hi'],
  ['/form', 'Content-Type: application/x-www-form-urlencoded\r\n', 'a=1&b=2&c=3'],
  ['/form', 'Content-Type: application/x-www-form-urlencoded; charset=latin1\r\n', 'a=1'],
  ['/form-depth', 'Content-Type: application/x-www-form-urlencoded\r\n', 'a[b][c]=1']
]

function fetch (port, target, headers, body, chunked) {
  body = Buffer.from(body)
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1', () => {
      let head = 'POST ' + target + ' HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n' + headers
      if (chunked) {
        c.write(head + 'Transfer-Encoding: chunked\r\n\r\n' + body.length.toString(16) + '\r\n', 'latin1')
        c.write(body)
        c.write('\r\n0\r\n\r\n')
      } else {
        c.write(head + 'Content-Length: ' + body.length + '\r\n\r\n', 'latin1')
        c.write(body)
      }
    })
    let d = Buffer.alloc(0)
    c.on('data', (x) => { d = Buffer.concat([d, x]) })
    c.on('close', () => resolve(d.toString('latin1')))
  })
}

async function run (env) {
  process.env.NODE_ENV = env
  console.error = () => {} // finalhandler's error log
  const server = build().listen(0)
  await new Promise((resolve) => server.on('listening', resolve))
  for (const [target, headers, body, chunked] of requests) {
    const raw = await fetch(server.address().port, target, headers, body, chunked)
    const i = raw.indexOf('\r\n\r\n')
    const lines = raw.slice(0, i).split('\r\n')
    const m = /^HTTP\/1\.1 (\d+) ?(.*)$/.exec(lines[0])
    const hs = lines.slice(1)
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])
      .filter(([k]) => !/^(date|connection|keep-alive)$/i.test(k))
    let out = Buffer.from(raw.slice(i + 4), 'latin1').toString('utf8')
    const stack = /<br> &nbsp; &nbsp;at /.test(out)
    if (stack) out = out.replace(/<br> &nbsp; &nbsp;at [\s\S]*?<\/pre>/, '</pre>')
    console.log(JSON.stringify({
      env, target, headers, body: Buffer.from(body).toString('base64'), chunked: !!chunked,
      status: +m[1], reason: m[2], response_headers: hs, response: out, stack
    }))
  }
  server.close()
}

run('development').then(() => run('production'))
