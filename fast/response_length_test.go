package fast_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/fwgo/fw/fast"
)

// TestSendContentLength: res.send leaves Content-Length to the server that
// writes the response (fasthttp frames an in-memory body itself), yet
// res.get('Content-Length') after it answers as Express's res.send set it,
// and every server, the net/http bridge in middleware mode included, sends
// it: a body over 4 KiB is not chunked by net/http.
func TestSendContentLength(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("0123456789abcdef", 512) + "!" // 8193 bytes
	app := fast.New()
	report := func(res *fast.Response) {
		// After sending, the header cannot change: the values read are
		// carried back in the body's length check below.
		res.Locals()["cl"] = res.Get("Content-Length") + "|" + strings.Join(res.Values("content-length"), ",") + "|" + res.Get("Transfer-Encoding")
	}
	seen := make(chan string, 64)
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		next()
		if v, ok := res.Locals()["cl"].(string); ok {
			seen <- req.Method() + " " + req.OriginalURL() + " " + v
		}
	})
	app.Use("/mw", func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { next.ServeHTTP(w, r) })
	})
	for _, prefix := range []string{"", "/mw"} {
		app.Get(prefix+"/string", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Send("<p>hello</p>")
			report(res)
		})
		app.Get(prefix+"/big", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendBytes([]byte(big))
			report(res)
		})
		app.Get(prefix+"/big-unread", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendString(big) // nothing reads the header before the server
		})
		app.Get(prefix+"/null", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Send(nil)
			report(res)
		})
		app.Get(prefix+"/json", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.JSON(map[string]int{"a": 1})
			report(res)
		})
		app.Get(prefix+"/status", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendStatus(201)
			report(res)
		})
	}
	tests := []struct {
		method, path string
		length       int
		unread       bool
	}{
		{"GET", "/string", 12, false},
		{"HEAD", "/string", 12, false},
		{"GET", "/big", len(big), false},
		{"HEAD", "/big", len(big), false},
		{"GET", "/big-unread", len(big), true},
		{"HEAD", "/big-unread", len(big), true},
		{"GET", "/null", 0, false},
		{"GET", "/json", 7, false},
		{"GET", "/status", 7, false},
	}
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			c, url := s.start(t, app)
			for _, prefix := range []string{"", "/mw"} {
				for _, tt := range tests {
					target := prefix + tt.path
					resp, body := fetch(t, c, tt.method, url+target)
					want := strconv.Itoa(tt.length)
					if got := resp.Header.Get("Content-Length"); got != want || resp.ContentLength != int64(tt.length) || len(resp.TransferEncoding) != 0 {
						t.Errorf("%s %s: Content-Length %q (%d), Transfer-Encoding %v, want %s", tt.method, target, got, resp.ContentLength, resp.TransferEncoding, want)
					}
					if tt.method == "GET" && len(body) != tt.length {
						t.Errorf("%s %s: body of %d bytes, want %d", tt.method, target, len(body), tt.length)
					}
					if tt.unread {
						continue
					}
					if got, want := <-seen, tt.method+" "+target+" "+want+"|"+want+"|"; got != want {
						t.Errorf("res.get after res.send: %q, want %q", got, want)
					}
				}
			}
		})
	}
}
