'use strict'
// Helpers shared by the scenario apps.

// newApp returns an Express app in the given environment mode.
exports.newApp = function newApp (express, ctx) {
  var app = express()
  app.set('env', ctx.env)
  return app
}

// echo sends "label" followed by JSON of the route state as text, the
// same bytes the Go scenarios produce.
exports.state = function state (req) {
  return JSON.stringify({
    url: req.url,
    originalUrl: req.originalUrl,
    baseUrl: req.baseUrl,
    path: req.path,
    params: req.params
  })
}
