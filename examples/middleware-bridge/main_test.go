package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/selfsigned"
)

// logBuffer collects the logging middleware's lines.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// servers are the ways the example's app is served in the tests: fasthttp
// (App.Serve, as main does), net/http through httptest over HTTP/1.1, and
// net/http over TLS with a real HTTP/2 client.
var servers = []struct {
	name  string
	major int
	start func(t *testing.T, app *fast.App) (*http.Client, string)
}{
	{"fasthttp", 1, func(t *testing.T, app *fast.App) (*http.Client, string) {
		ln := fasthttputil.NewInmemoryListener()
		srv := app.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		tr := &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) { return ln.Dial() }}
		t.Cleanup(tr.CloseIdleConnections)
		return &http.Client{Transport: tr, Timeout: 20 * time.Second}, "http://example.com"
	}},
	{"httptest HTTP/1.1", 1, func(t *testing.T, app *fast.App) (*http.Client, string) {
		srv := httptest.NewServer(app)
		t.Cleanup(srv.Close)
		return srv.Client(), srv.URL
	}},
	{"net/http HTTP/2", 2, func(t *testing.T, app *fast.App) (*http.Client, string) {
		cert, err := selfsigned.Shared()
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewUnstartedServer(app)
		srv.EnableHTTP2 = true
		srv.TLS = cert.ServerConfig()
		srv.StartTLS()
		t.Cleanup(srv.Close)
		tr := &http.Transport{TLSClientConfig: cert.ClientConfig(), ForceAttemptHTTP2: true}
		t.Cleanup(tr.CloseIdleConnections)
		return &http.Client{Transport: tr, Timeout: 20 * time.Second}, srv.URL
	}},
}

func do(t *testing.T, c *http.Client, method, url, body string) (*http.Response, string) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "text/plain")
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

func TestBridge(t *testing.T) {
	t.Parallel()
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			var logs logBuffer
			c, url := s.start(t, newApp(&logs))

			resp, body := do(t, c, "GET", url+"/hello/you", "")
			if resp.ProtoMajor != s.major {
				t.Errorf("answered over %s", resp.Proto)
			}
			if resp.StatusCode != 200 || body != "hello you via middleware-bridge" {
				t.Errorf("fast route: %d %q", resp.StatusCode, body)
			}
			h := resp.Header
			if h.Get("X-Powered-By") != "" || h.Get("X-Trace") != "" || h.Get("X-Request-Id") != "t-you" ||
				h.Get("X-Frame-Options") != "DENY" || !strings.HasPrefix(h.Get("Server-Timing"), "app;dur=") {
				t.Errorf("the middleware did not rewrite the app's header fields: %v", h)
			}

			resp, body = do(t, c, "GET", url+"/legacy/status?x=1", "")
			if want := `{"ok":true,"path":"/status","mounted":"/legacy/status?x=1"}`; resp.StatusCode != 200 || body != want {
				t.Errorf("mounted ServeMux: %d %q, want %q", resp.StatusCode, body, want)
			}
			if resp.Header.Get("X-Frame-Options") != "DENY" || resp.Header.Get("Content-Type") != "application/json" {
				t.Errorf("mounted ServeMux header: %v", resp.Header)
			}

			resp, body = do(t, c, "POST", url+"/legacy/echo", "ping")
			if resp.StatusCode != 200 || body != "ping" {
				t.Errorf("mounted echo: %d %q", resp.StatusCode, body)
			}

			resp, _ = do(t, c, "GET", url+"/nowhere", "")
			if resp.StatusCode != 404 || resp.Header.Get("Content-Security-Policy") != "default-src 'none'" {
				t.Errorf("404 through the middleware: %d %v", resp.StatusCode, resp.Header)
			}

			lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
			want := []string{"GET /hello/you 200 31B", "GET /legacy/status?x=1 200 59B", "POST /legacy/echo 200 4B", "GET /nowhere 404 "}
			if len(lines) != len(want) {
				t.Fatalf("log %q", lines)
			}
			for i, w := range want {
				if !strings.HasPrefix(lines[i], w) {
					t.Errorf("log line %q, want it to start with %q", lines[i], w)
				}
			}
		})
	}
}
