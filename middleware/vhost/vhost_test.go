package vhost_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/vhost"
)

func text(body string) fast.Handler {
	return func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString(body) }
}

// TestVhost ports vhost 3.0's test/test.js.
func TestVhost(t *testing.T) {
	t.Parallel()
	tobiLoki := func() *fast.App {
		app := fast.New()
		app.Use(vhost.New("tobi.com", text("tobi")))
		app.Use(vhost.New("loki.com", text("loki")))
		return app
	}
	withValues := func(p string) *fast.App {
		app := fast.New()
		app.Use(vhost.New(p, func(req *fast.Request, res *fast.Response, next fast.Next) {
			v := vhost.Of(req)
			res.SendString(strings.Join(append([]string{v.Host, v.Hostname}, v.Values...), "|"))
		}))
		return app
	}
	withRegexp := func(re string) *fast.App {
		app := fast.New()
		app.Use(vhost.NewRegexp(regexp.MustCompile(re), func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendString(strings.Join(vhost.Of(req).Values, "|"))
		}))
		return app
	}
	tests := []struct {
		name   string
		app    *fast.App
		raw    string
		status int
		body   string
	}{
		{"should route by Host", tobiLoki(), get("tobi.com"), 200, "tobi"},
		{"should route by Host (second)", tobiLoki(), get("loki.com"), 200, "loki"},
		{"should ignore port in Host", tobiLoki(), get("tobi.com:8080"), 200, "tobi"},
		{"should support IPv6 literal in Host", withValues("[::1]"), get("[::1]:8080"), 200, "[::1]:8080|[::1]"},
		{"should 404 unless matched", tobiLoki(), get("ferrets.com"), 404, ""},
		{"should 404 without Host header", tobiLoki(), "GET / HTTP/1.0\r\n\r\n", 404, ""},
		{"should support wildcards", withValues("*.ferrets.com"), get("loki.ferrets.com"), 200, "loki.ferrets.com|loki.ferrets.com|loki"},
		{"should restrict wildcards to single part", withValues("*.ferrets.com"), get("foo.loki.ferrets.com"), 404, ""},
		{"should treat dot as a dot", withValues("a.b.com"), get("aXb.com"), 404, ""},
		{"should match entire string", withValues("ferrets.com"), get("foo.ferrets.com"), 404, ""},
		{"should populate req.vhost", withValues("user-*.*.com"), get("user-bob.foo.com:8080"), 200, "user-bob.foo.com:8080|user-bob.foo.com|bob|foo"},
		{"should match using RegExp", withRegexp(`[tl]o[bk]i\.com`), get("toki.com"), 200, ""},
		{"should match entire hostname", withRegexp(`\.tobi$`), get("tobi.com"), 404, ""},
		{"should populate req.vhost with groups", withRegexp(`([a-z]+)\.([a-z]+)\.com`), get("loki.ferrets.com"), 200, "loki|ferrets"},
		{"should match case-insensitively", withRegexp(`LOKI\.com`), get("loki.COM"), 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendStatus(404) })
			resp := testserver.New(t, tt.app).Do(tt.raw)
			if resp.Status != tt.status {
				t.Fatalf("status %d, want %d", resp.Status, tt.status)
			}
			if tt.status == 200 && resp.Body != tt.body {
				t.Errorf("body %q, want %q", resp.Body, tt.body)
			}
		})
	}
}

func get(host string) string {
	return "GET / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n"
}

func TestArgumentPanics(t *testing.T) {
	t.Parallel()
	for name, f := range map[string]func(){
		"should throw if no hostname": func() { vhost.New("", text("x")) },
		"should throw if no handle":   func() { vhost.New("a.com", nil) },
		"should throw if no regexp":   func() { vhost.NewRegexp(nil, text("x")) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}
