//go:build fwpoison

package fast

import (
	"strings"
	"testing"
)

// TestPoisonCatchesRetainedParam proves the fwpoison build catches a
// handler that keeps a parameter string past its request: once the request
// ends, the kept string no longer reads as the value, so a test that
// checks it fails instead of a later request leaking it to another user.
func TestPoisonCatchesRetainedParam(t *testing.T) {
	var kept, keptDecoded, keptBase string
	app := New()
	router := NewRouter()
	router.Get("/user/:id/:name", func(req *Request, res *Response, next Next) {
		kept = req.Params().Get("id")          // a view of the request target
		keptDecoded = req.Params().Get("name") // decoded into a pooled buffer
		keptBase = req.BaseURL()               // a view of the request target
		res.Send("ok")
	})
	app.Use("/api", router)
	s := serveTest(t, app)
	s.do("GET", "/api/user/secret123/caf%C3%A9").expect(t, 200, "ok")
	for name, v := range map[string]string{"param": kept, "decoded param": keptDecoded, "baseUrl": keptBase} {
		if v == "" || strings.Trim(v, "\xa5") != "" {
			t.Errorf("%s kept past its request reads %q; want it poisoned (all 0xA5)", name, v)
		}
	}
	// A copy taken in time survives.
	var copied string
	app.Get("/copy/:id", func(req *Request, res *Response, next Next) {
		copied = strings.Clone(req.Params().Get("id"))
		res.Send("ok")
	})
	s.do("GET", "/copy/secret456").expect(t, 200, "ok")
	if copied != "secret456" {
		t.Errorf("cloned param = %q, want secret456", copied)
	}
}
