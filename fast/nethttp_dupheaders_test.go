package fast_test

import (
	"testing"

	"github.com/fwgo/fw/fast"
)

// TestRepeatedSingletonHeadersServers checks the first line of a repeated
// Content-Type and User-Agent wins, as in Node, on every server: fasthttp
// and the net/http bridge (which adds each line to fasthttp's header, where
// the last of these two would win). Expected bodies recorded from Express
// 4.22.3 (/work/ref/probes/fuzzfix/dup_headers.js).
func TestRepeatedSingletonHeadersServers(t *testing.T) {
	t.Parallel()
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			app := fast.New()
			app.Post("/json", fast.JSON(), func(req *fast.Request, res *fast.Response, next fast.Next) {
				typ, _ := req.Is("json", "text")
				res.JSON(map[string]any{"body": req.Body(), "is": typ})
			})
			app.Get("/h", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Get("user-agent")) })
			c, base := s.start(t, app)
			_, body := fetch(t, c, "POST", base+"/json", "Content-Type", "application/json", "Content-Type", "text/plain", "body", `{"user":"tobi"}`)
			if want := `{"body":{"user":"tobi"},"is":"json"}`; body != want {
				t.Errorf("POST /json: body %q, want %q", body, want)
			}
			_, body = fetch(t, c, "POST", base+"/json", "Content-Type", "text/plain", "Content-Type", "application/json", "body", `{"user":"tobi"}`)
			if want := `{"body":{},"is":"text"}`; body != want {
				t.Errorf("POST /json (text first): body %q, want %q", body, want)
			}
			_, body = fetch(t, c, "GET", base+"/h", "User-Agent", "first/1", "User-Agent", "second/2")
			if want := "first/1"; body != want {
				t.Errorf("GET /h: body %q, want %q", body, want)
			}
		})
	}
}
