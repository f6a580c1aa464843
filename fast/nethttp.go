package fast

import (
	"net/http"
	"sync"

	"github.com/fwgo/fw/adaptor"
)

// ServeHTTP serves a net/http request with the app, so that an App is an
// http.Handler as an Express app is a request listener for
// http.createServer:
//
//	http.ListenAndServe(":3000", app)
//	srv := &http.Server{Addr: ":443", Handler: app} // TLS and HTTP/2
//	httptest.NewServer(app)
//
// The request goes through adaptor.Server, built on the first call and
// shared by every later one (safe for concurrent use): the app sees the
// request as App.Serve would give it (the raw request target as the client
// sent it, every header field, the body streamed to the body parsers, which
// read no more than their limits), and its response is written to w. What
// net/http writes itself differs from App.Listen's wire: the reason phrase
// is net/http's (http.StatusText) rather than Node's, header names are in
// net/http's canonical form and order, Date is net/http's, and HTTP/2 has
// neither reason phrase nor connection fields. Req.Ctx()'s context (see
// adaptor.Context) is the *http.Request's: net/http cancels it when the
// client disconnects.
//
// net/http answers "OPTIONS *" itself unless the http.Server sets
// DisableGeneralOptionsHandler, which lets it reach the app as Node does; it
// also refuses, with its own 400, targets with a malformed percent-encoding
// and Host fields holding userinfo, which Node passes to Express.
//
// Routes and settings may still change while the app serves, as with
// Listen.
func (a *App) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.httpServer().ServeHTTP(w, r)
}

// httpBridge is the adaptor.Server of an App, made once.
type httpBridge struct {
	once sync.Once
	srv  *adaptor.Server
}

func (a *App) httpServer() *adaptor.Server {
	b := &a.bridge
	b.once.Do(func() {
		b.srv = &adaptor.Server{
			Handler:              a.Handler(),
			ErrorHandler:         parseError,
			NoDefaultContentType: true,
			// As App.Serve: nothing of the body is read before the app
			// runs; body parsers read it up to their limits.
			StreamRequestBody: true,
			Logger:            quietLogger{},
		}
	})
	return b.srv
}
