package fast

import "testing"

// TestReqAcceptsLanguage ports Express 4.22's test/req.acceptsLanguage.js
// (the deprecated singular form).
func TestReqAcceptsLanguage(t *testing.T) {
	t.Parallel()
	getApp := func(h Handler) func() *App {
		return func() *App {
			app := New()
			app.Get("/", h)
			return app
		}
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".acceptsLanguage", "should return language if accepted"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("en-us", jsValue(req.AcceptsLanguage("en-us")), "en", jsValue(req.AcceptsLanguage("en")))
			})),
			send: []string{"GET", "/", "Accept-Language", "en;q=.5, en-us"}, status: 200, body: `{"en-us":"en-us","en":"en"}`},
		{path: []string{"req", ".acceptsLanguage", "should be false if language not accepted"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("es", jsValue(req.AcceptsLanguage("es")))
			})),
			send: []string{"GET", "/", "Accept-Language", "en;q=.5, en-us"}, status: 200, body: `{"es":false}`},
		{path: []string{"req", ".acceptsLanguage", "when Accept-Language is not present", "should always return language"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("en", jsValue(req.AcceptsLanguage("en")), "es", jsValue(req.AcceptsLanguage("es")), "jp", jsValue(req.AcceptsLanguage("jp")))
			})),
			send: []string{"GET", "/"}, status: 200, body: `{"en":"en","es":"es","jp":"jp"}`},
	})
}
