package fast_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/selfsigned"
)

// httpServer is one way the net/http tests serve an app: App.Serve
// (fasthttp), or App.ServeHTTP behind net/http over HTTP/1.1 and over
// HTTP/2 with TLS.
type httpServer struct {
	name   string
	native bool // fasthttp.Server, not net/http
	major  int  // the HTTP major version the client must see
	start  func(t *testing.T, app *fast.App) (*http.Client, string)
}

var httpServers = []httpServer{
	{name: "fasthttp", native: true, major: 1, start: startFasthttp},
	{name: "net/http HTTP/1.1", major: 1, start: startNetHTTP1},
	{name: "net/http HTTP/2", major: 2, start: startNetHTTP2},
}

func startFasthttp(t *testing.T, app *fast.App) (*http.Client, string) {
	ln := fasthttputil.NewInmemoryListener()
	srv := app.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	tr := &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) { return ln.Dial() }}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 20 * time.Second}, "http://example.com"
}

func startNetHTTP1(t *testing.T, app *fast.App) (*http.Client, string) {
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 20 * time.Second}, srv.URL
}

func startNetHTTP2(t *testing.T, app *fast.App) (*http.Client, string) {
	cert, err := selfsigned.Shared()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(app)
	srv.EnableHTTP2 = true
	srv.TLS = cert.ServerConfig()
	srv.StartTLS()
	t.Cleanup(srv.Close)
	// The standard library's client speaks HTTP/2 over TLS by ALPN.
	tr := &http.Transport{TLSClientConfig: cert.ClientConfig(), ForceAttemptHTTP2: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 20 * time.Second}, srv.URL
}

// fetch sends a request and returns the response with its body read; a
// "body" header pseudo-field sets the body.
func fetch(t *testing.T, c *http.Client, method, url string, headers ...string) (*http.Response, string) {
	t.Helper()
	var body io.Reader
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "body" {
			body = strings.NewReader(headers[i+1])
		}
	}
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		switch headers[i] {
		case "body":
		case "Host":
			req.Host = headers[i+1]
		default:
			req.Header.Add(headers[i], headers[i+1])
		}
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, url, err)
	}
	return resp, string(b)
}
