'use strict'
// Preloaded (node -r) by the differential fuzz mode: an exception no
// handler catches (Express or Node throwing outside a request's error
// path, e.g. writeHead with an invalid status) would end the process and
// fail every later request of the run. It is logged instead; the request
// that threw gets no answer, and the fuzz run reports it (Express did not
// answer), with its reproduction.
process.on('uncaughtException', function (err) {
  process.stderr.write('[fuzz] uncaught in express: ' + String(err && err.stack || err).split('\n')[0] + '\n')
})
