'use strict'
// Preloaded (node -r) when the runner records the original Express
// examples: the example's app.listen(3000) listens on a free loopback port
// instead and the port is printed as "FW_LISTENING <port>". The process
// exits when its stdin closes.
var http = require('http')
var listen = http.Server.prototype.listen
http.Server.prototype.listen = function () {
  var args = Array.prototype.slice.call(arguments)
  var cb = typeof args[args.length - 1] === 'function' ? args.pop() : null
  var server = this
  return listen.call(this, 0, '127.0.0.1', function () {
    process.stdout.write('FW_LISTENING ' + server.address().port + '\n')
    if (cb) cb.apply(this, arguments)
  })
}
process.stdin.on('data', function () {})
process.stdin.on('end', function () { process.exit(0) })
