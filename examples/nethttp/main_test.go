package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwgo/fw/internal/selfsigned"
)

// startTLS serves the example's server on a loopback port and returns a
// standard library client that trusts its certificate and speaks HTTP/2.
func startTLS(t *testing.T) (*http.Client, string) {
	t.Helper()
	cert, err := selfsigned.New()
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(newApp(), cert)
	go srv.ServeTLS(ln, "", "")
	t.Cleanup(func() { srv.Close() })
	tr := &http.Transport{TLSClientConfig: cert.ClientConfig(), ForceAttemptHTTP2: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 20 * time.Second}, "https://" + ln.Addr().String()
}

func get(t *testing.T, c *http.Client, url string) (*http.Response, string) {
	t.Helper()
	resp, err := c.Get(url)
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

// TestHTTP2 talks to the example's TLS server with a real HTTP/2 client.
func TestHTTP2(t *testing.T) {
	t.Parallel()
	c, url := startTLS(t)
	resp, body := get(t, c, url+"/")
	if resp.ProtoMajor != 2 {
		t.Fatalf("answered over %s, want HTTP/2", resp.Proto)
	}
	if want := "Hello over HTTP/2.0 (req.protocol https, secure true)"; body != want {
		t.Errorf("body %q, want %q", body, want)
	}
	if resp.Header.Get("X-Powered-By") != "fw" || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("header %v", resp.Header)
	}
	resp, body = get(t, c, url+"/user/42")
	if body != `{"id":"42"}` || resp.Header.Get("Content-Type") != "application/json; charset=utf-8" {
		t.Errorf("/user/42: %q %v", body, resp.Header)
	}
	resp, _ = get(t, c, url+"/missing")
	if resp.StatusCode != 404 {
		t.Errorf("/missing: %d", resp.StatusCode)
	}
}

// TestHTTP2Events reads the server-sent events over HTTP/2 one by one.
func TestHTTP2Events(t *testing.T) {
	t.Parallel()
	c, url := startTLS(t)
	resp, err := c.Get(url + "/events?fast=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.ProtoMajor != 2 || resp.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" {
		t.Fatalf("%s %v", resp.Proto, resp.Header)
	}
	sc := bufio.NewScanner(resp.Body)
	var data []string
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			data = append(data, v)
		}
	}
	if got := strings.Join(data, ","); got != "tick 1,tick 2,tick 3,tick 4,tick 5" {
		t.Errorf("events %q", got)
	}
}

// TestHTTPTest serves the app with httptest over plain HTTP/1.1.
func TestHTTPTest(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(newApp())
	t.Cleanup(srv.Close)
	resp, body := get(t, srv.Client(), srv.URL+"/")
	if resp.ProtoMajor != 1 || body != "Hello over HTTP/1.1 (req.protocol http, secure false)" {
		t.Errorf("%s %q", resp.Proto, body)
	}
}
