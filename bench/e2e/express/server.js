'use strict'
// The end-to-end comparison's service on Express 4.22.3 (Node, one thread):
// GET / answers res.type('text/plain').send('Hello, World!') and
// GET /user/:name answers res.json({ name }). X-Powered-By and ETag are off,
// as on the fast server, so that the bytes match the Go servers'; Node adds
// Connection: keep-alive and Keep-Alive: timeout=5, which no setting removes.
//
//   node server.js [host:port]   (default 127.0.0.1:8080)

const express = require('express')

const [host, port] = (process.argv[2] || '127.0.0.1:8080').split(':')
const app = express()
app.disable('x-powered-by')
app.set('etag', false)
app.get('/', (req, res) => {
  res.type('text/plain').send('Hello, World!')
})
app.get('/user/:name', (req, res) => {
  res.json({ name: req.params.name })
})
app.listen(Number(port), host)
