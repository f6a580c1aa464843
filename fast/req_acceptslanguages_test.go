package fast

import "testing"

// TestReqAcceptsLanguages ports Express 4.22's test/req.acceptsLanguages.js.
func TestReqAcceptsLanguages(t *testing.T) {
	t.Parallel()
	getApp := func(h Handler) func() *App {
		return func() *App {
			app := New()
			app.Get("/", h)
			return app
		}
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".acceptsLanguages", "should return language if accepted"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("en-us", jsValue(req.AcceptsLanguages("en-us")), "en", jsValue(req.AcceptsLanguages("en")))
			})),
			send: []string{"GET", "/", "Accept-Language", "en;q=.5, en-us"}, status: 200, body: `{"en-us":"en-us","en":"en"}`},
		{path: []string{"req", ".acceptsLanguages", "should be false if language not accepted"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("es", jsValue(req.AcceptsLanguages("es")))
			})),
			send: []string{"GET", "/", "Accept-Language", "en;q=.5, en-us"}, status: 200, body: `{"es":false}`},
		{path: []string{"req", ".acceptsLanguages", "when Accept-Language is not present", "should always return language"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("en", jsValue(req.AcceptsLanguages("en")), "es", jsValue(req.AcceptsLanguages("es")), "jp", jsValue(req.AcceptsLanguages("jp")))
			})),
			send: []string{"GET", "/"}, status: 200, body: `{"en":"en","es":"es","jp":"jp"}`},
	})
}
