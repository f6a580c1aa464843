package fast

import "testing"

// TestReqIs ports Express 4.22's test/req.is.js. res.json(req.is(...))
// writes null when the request has no body (HasBody false), false when
// nothing matches, else the match.
func TestReqIs(t *testing.T) {
	t.Parallel()
	is := func(types ...string) func() *App {
		return useApp(nil, sendJSONOf(func(req *Request) any {
			if !req.HasBody() {
				return nil
			}
			return jsValue(req.Is(types...))
		}))
	}
	post := func(contentType string) []string {
		s := []string{"POST", "/", "body", "{}"}
		if contentType != "" {
			s = append(s, "Content-Type", contentType)
		}
		return s
	}
	runExpress(t, []expressCase{
		{path: []string{"req.is()", "when given a mime type", "should return the type when matching"},
			app: is("application/json"), send: post("application/json"), status: 200, body: `"application/json"`},
		{path: []string{"req.is()", "when given a mime type", "should return false when not matching"},
			app: is("image/jpeg"), send: post("application/json"), status: 200, body: `false`},
		{path: []string{"req.is()", "when given a mime type", "should ignore charset"},
			app: is("application/json"), send: post("application/json; charset=UTF-8"), status: 200, body: `"application/json"`},
		{path: []string{"req.is()", "when content-type is not present", "should return false"},
			app: is("application/json"), send: post(""), status: 200, body: `false`},
		{path: []string{"req.is()", "when given an extension", "should lookup the mime type"},
			app: is("json"), send: post("application/json"), status: 200, body: `"json"`},
		{path: []string{"req.is()", "when given */subtype", "should return the full type when matching"},
			app: is("*/json"), send: post("application/json"), status: 200, body: `"application/json"`},
		{path: []string{"req.is()", "when given */subtype", "should return false when not matching"},
			app: is("*/html"), send: post("application/json"), status: 200, body: `false`},
		{path: []string{"req.is()", "when given */subtype", "should ignore charset"},
			app: is("*/json"), send: post("application/json; charset=UTF-8"), status: 200, body: `"application/json"`},
		{path: []string{"req.is()", "when given type/*", "should return the full type when matching"},
			app: is("application/*"), send: post("application/json"), status: 200, body: `"application/json"`},
		{path: []string{"req.is()", "when given type/*", "should return false when not matching"},
			app: is("text/*"), send: post("application/json"), status: 200, body: `false`},
		{path: []string{"req.is()", "when given type/*", "should ignore charset"},
			app: is("application/*"), send: post("application/json; charset=UTF-8"), status: 200, body: `"application/json"`},
	})
}
