package fast

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/fwgo/fw/parsers"
)

// dupHeadersApp is the app of /work/ref/probes/fuzzfix/dup_headers.js.
func dupHeadersApp() *App {
	app := New()
	app.Set("env", "production")
	show := func(req *Request, res *Response, next Next) {
		var is any = false
		if t, ok := req.Is("json", "text", "urlencoded"); ok {
			is = t
		}
		var ct any
		if v := req.Get("content-type"); v != "" {
			ct = v
		}
		res.JSON(objectOf("body", req.Body(), "is", is, "ct", ct))
	}
	app.Post("/json", JSON(), show)
	app.Post("/form", URLEncoded(URLEncodedConfig{Extended: parsers.Off}), show)
	app.Post("/text", Text(), show)
	app.Post("/is", show)
	app.Get("/h", func(req *Request, res *Response, next Next) {
		o := &Object{}
		for _, f := range []struct{ key, name string }{
			{"ua", "user-agent"}, {"ref", "referer"}, {"referrer", "referrer"}, {"auth", "authorization"},
			{"pauth", "proxy-authorization"}, {"ims", "if-modified-since"}, {"from", "from"}, {"ct", "content-type"},
		} {
			var v any
			if s := req.Get(f.name); s != "" {
				v = s
			}
			o.Set(f.key, v)
		}
		res.JSON(o)
	})
	app.Use(func(err error, req *Request, res *Response, next Next) {
		var pe *parsers.Error
		if !errors.As(err, &pe) {
			res.Status(500).Send(err.Error())
			return
		}
		res.Status(pe.Status).Send("[" + pe.Type + "] " + pe.Message)
	})
	return app
}

// TestRepeatedSingletonHeaders checks that a request header Node keeps
// once (IncomingMessage's matchKnownFields) answers its first line when it
// is repeated, for req.get, req.is and the body parsers' type check and
// charset, although fasthttp keeps the last line of Content-Type and
// User-Agent. Statuses and bodies recorded from Express 4.22.3
// (/work/ref/probes/fuzzfix/dup_headers.js).
func TestRepeatedSingletonHeaders(t *testing.T) {
	t.Parallel()
	const jsonType, htmlType = "application/json; charset=utf-8", "text/html; charset=utf-8"
	for _, tt := range []struct {
		line    string
		headers []string
		body    string
		status  int
		typ     string
		resp    string // a prefix when it ends in "..."
	}{
		{"POST /json", []string{"Content-Type: application/json", "Content-Type: text/plain"}, `{"user":"tobi"}`,
			200, jsonType, `{"body":{"user":"tobi"},"is":"json","ct":"application/json"}`},
		{"POST /json", []string{"Content-Type: text/plain", "Content-Type: application/json"}, `{"user":"tobi"}`,
			200, jsonType, `{"body":{},"is":"text","ct":"text/plain"}`},
		{"POST /json", []string{"Content-Type: application/json", "Content-Encoding: br", "Content-Type: text/plain"}, `{"user":"tobi"}`,
			415, htmlType, `[encoding.unsupported] unsupported content encoding "br"`},
		{"POST /json", []string{"Content-Type: application/json", "Content-Type: application/octet-stream"}, `{"user":"tobi"}`,
			200, jsonType, `{"body":{"user":"tobi"},"is":"json","ct":"application/json"}`},
		{"POST /json", []string{"content-type: application/json; charset=utf-16", "CONTENT-TYPE: application/json"}, `{"user":"tobi"}`,
			400, htmlType, `[entity.parse.failed] ...`},
		{"POST /form", []string{"Content-Type: application/x-www-form-urlencoded", "Content-Type: text/plain"}, "user=tobi",
			200, jsonType, `{"body":{"user":"tobi"},"is":"urlencoded","ct":"application/x-www-form-urlencoded"}`},
		{"POST /form", []string{"Content-Type: text/plain", "Content-Type: application/x-www-form-urlencoded"}, "user=tobi",
			200, jsonType, `{"body":{},"is":"text","ct":"text/plain"}`},
		{"POST /text", []string{"Content-Type: text/plain; charset=koi8-r", "Content-Type: text/plain; charset=utf-8"}, "\xc1",
			200, jsonType, `{"body":"а","is":"text","ct":"text/plain; charset=koi8-r"}`},
		{"POST /text", []string{"Content-Type: text/plain", "Content-Type: application/json"}, "hi",
			200, jsonType, `{"body":"hi","is":"text","ct":"text/plain"}`},
		{"POST /is", []string{"Content-Type: application/json", "Content-Type: text/plain"}, "x",
			200, jsonType, `{"body":null,"is":"json","ct":"application/json"}`},
		{"POST /is", []string{"Content-Type: text/plain", "Content-Type: application/json"}, "x",
			200, jsonType, `{"body":null,"is":"text","ct":"text/plain"}`},
		{"GET /h", []string{"User-Agent: first/1", "Referer: http://a/", "User-Agent: second/2", "Referer: http://b/",
			"Authorization: Basic Zmlyc3Q=", "Authorization: Basic c2Vjb25k", "Proxy-Authorization: p1", "Proxy-Authorization: p2",
			"If-Modified-Since: one", "If-Modified-Since: two", "From: a@x", "From: b@x", "Content-Type: a/b", "Content-Type: c/d"}, "",
			200, jsonType, `{"ua":"first/1","ref":"http://a/","referrer":"http://a/","auth":"Basic Zmlyc3Q=","pauth":"p1","ims":"one","from":"a@x","ct":"a/b"}`},
		{"GET /h", []string{"User-Agent:", "User-Agent: second/2", "Referer:  ", "Referer: http://b/"}, "",
			200, jsonType, `{"ua":null,"ref":null,"referrer":null,"auth":null,"pauth":null,"ims":null,"from":null,"ct":null}`},
		{"GET /h", []string{"Content-Type: a/b", "Content-Type:", "User-Agent: ua/1", "User-Agent:  "}, "",
			200, jsonType, `{"ua":"ua/1","ref":null,"referrer":null,"auth":null,"pauth":null,"ims":null,"from":null,"ct":"a/b"}`},
		{"POST /json", []string{"Content-Type: application/json", "Content-Type:"}, `{"user":"tobi"}`,
			200, jsonType, `{"body":{"user":"tobi"},"is":"json","ct":"application/json"}`},
	} {
		t.Run(tt.line+" "+strings.Join(tt.headers, ", "), func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			b.WriteString(tt.line + " HTTP/1.1\r\nHost: example.com\r\n")
			for _, h := range tt.headers {
				b.WriteString(h + "\r\n")
			}
			if strings.HasPrefix(tt.line, "POST") {
				b.WriteString("Content-Length: " + strconv.Itoa(len(tt.body)) + "\r\n")
			}
			b.WriteString("Connection: close\r\n\r\n" + tt.body)
			for name, serve := range map[string]func(testing.TB, *App) *testServer{"streaming": serveTest, "buffered": serveTestBuffered} {
				r := serve(t, dupHeadersApp()).raw([]byte(b.String()))
				r.expectStatus(t, tt.status)
				r.expectHeader(t, "Content-Type", tt.typ)
				if p, ok := strings.CutSuffix(tt.resp, "..."); ok {
					if !strings.HasPrefix(r.body, p) {
						t.Errorf("%s: body %q, want it to start with %q", name, r.body, p)
					}
				} else if r.body != tt.resp {
					t.Errorf("%s: body %q, want %q", name, r.body, tt.resp)
				}
			}
		})
	}
}
