package runner

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ServerMode is the server the fast side of a run is served by. Every
// scenario runs unchanged in every mode; only the transport and the
// normalisation rules below differ.
type ServerMode string

// The server modes.
const (
	// ModeFasthttp serves the apps with App.Serve (fasthttp); requests are
	// raw HTTP/1.1 bytes. The default.
	ModeFasthttp ServerMode = "fasthttp"
	// ModeNetHTTP serves them with App.ServeHTTP behind an http.Server,
	// over HTTP/1.1; requests are the same raw bytes.
	ModeNetHTTP ServerMode = "nethttp"
	// ModeHTTP2 serves them with App.ServeHTTP behind an http.Server over
	// TLS (a self-signed certificate made by the run), and sends each case
	// as an HTTP/2 request with the standard library's client. A case that
	// HTTP/2 cannot carry as written (see H2Expressible) is sent as raw
	// HTTP/1.1 over the same TLS listener (ALPN "http/1.1").
	ModeHTTP2 ServerMode = "h2"
)

// ServerModes lists the modes, in the order runs go through them.
var ServerModes = []ServerMode{ModeFasthttp, ModeNetHTTP, ModeHTTP2}

// Send sends one case to a running app and returns the answer as read.
type Send func(c *Case, timeout time.Duration) (*Response, error)

// Sender is implemented by a Servers whose apps are reached another way
// than raw HTTP/1.1 bytes over a Dialer's connection (HTTP/2): Collect
// then sends every case through StartSend's Send.
type Sender interface {
	StartSend(scenario, app, env string) (Send, error)
}

// startSend starts an app of srv and returns how to send it a case.
func startSend(srv Servers, scenario, app, env string) (Send, error) {
	if s, ok := srv.(Sender); ok {
		return s.StartSend(scenario, app, env)
	}
	dial, err := srv.Start(scenario, app, env)
	if err != nil {
		return nil, err
	}
	return DialSend(dial), nil
}

// DialSend sends cases as raw HTTP/1.1 bytes over connections from dial.
func DialSend(dial Dialer) Send {
	return func(c *Case, timeout time.Duration) (*Response, error) { return Do(dial, c, timeout) }
}

// H2Expressible reports whether the standard library's HTTP/2 client and
// server can carry the case as written: an origin-form target (starting
// with "/" but not "//") of visible ASCII that net/url parses (Go's HTTP/2
// server does not answer a malformed percent-encoding); a Host header (at
// most one, of the bytes a host may hold) or the default one; header names
// that are tokens, values without control characters, no
// connection-specific fields (Connection, Keep-Alive, Proxy-Connection,
// Transfer-Encoding, Upgrade, TE); a Content-Length, if written, equal to
// the body's length; and a body, or a Content-Length, for POST, PUT and
// PATCH (the client sends "content-length: 0" for those without a body,
// which is another request than one without the field).
func H2Expressible(c *Case) bool {
	t := c.Target
	if t == "" {
		t = "/"
	}
	if !strings.HasPrefix(t, "/") || strings.HasPrefix(t, "//") || !visibleASCII(t) || c.NoHost {
		return false
	}
	if _, err := url.ParseRequestURI(t); err != nil {
		return false
	}
	body, err := c.BodyBytes()
	if err != nil {
		return false
	}
	framed := len(body) > 0 || c.Chunked
	hosts := 0
	for _, h := range c.Headers {
		name := strings.ToLower(h[0])
		if !isToken(name) || !validValue(h[1]) {
			return false
		}
		switch name {
		case "host":
			hosts++
			if !validHost(h[1]) {
				return false
			}
		case "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te":
			return false
		case "content-length":
			if n, err := strconv.Atoi(h[1]); err != nil || n != len(body) {
				return false
			}
			framed = true
		}
	}
	switch strings.ToUpper(c.Method) {
	case "POST", "PUT", "PATCH":
		if !framed {
			return false
		}
	}
	return hosts <= 1
}

// validHost reports whether Go's HTTP/2 client sends h as :authority.
func validHost(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!$%&'()*+,-.:;=[]_~", c) >= 0
		if !ok {
			return false
		}
	}
	return true
}

func visibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}

func validValue(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// H2Send sends cases over HTTP/2 to the TLS server at addr (reached with
// dial), falling back to raw HTTP/1.1 over TLS for a case H2Expressible
// refuses. The returned close releases the client's connections.
func H2Send(dial Dialer, tlsConf *tls.Config) (send Send, closeIdle func()) {
	h2 := tlsConf.Clone()
	h2.NextProtos = []string{"h2"}
	tr := &http.Transport{
		DialTLSContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			conn, err := dial()
			if err != nil {
				return nil, err
			}
			tc := tls.Client(conn, h2)
			if err := tc.HandshakeContext(ctx); err != nil {
				conn.Close()
				return nil, err
			}
			return tc, nil
		},
		ForceAttemptHTTP2:  true,
		DisableCompression: true,
	}
	h1 := tlsConf.Clone()
	h1.NextProtos = []string{"http/1.1"}
	h1Dial := func() (net.Conn, error) {
		conn, err := dial()
		if err != nil {
			return nil, err
		}
		tc := tls.Client(conn, h1)
		if err := tc.Handshake(); err != nil {
			conn.Close()
			return nil, err
		}
		return tc, nil
	}
	send = func(c *Case, timeout time.Duration) (*Response, error) {
		if !H2Expressible(c) {
			return Do(h1Dial, c, timeout)
		}
		return doH2(tr, c, timeout)
	}
	return send, tr.CloseIdleConnections
}

func doH2(tr *http.Transport, c *Case, timeout time.Duration) (*Response, error) {
	body, err := c.BodyBytes()
	if err != nil {
		return nil, err
	}
	method := c.Method
	if method == "" {
		method = "GET"
	}
	target := c.Target
	if target == "" {
		target = "/"
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, "https://conformance.invalid/", nil)
	if err != nil {
		return nil, err
	}
	// The target goes out verbatim as :path.
	req.URL = &url.URL{Scheme: "https", Host: "conformance.invalid", Opaque: target}
	req.Host = DefaultHost
	for _, h := range c.Headers {
		switch strings.ToLower(h[0]) {
		case "host":
			req.Host = h[1]
		case "content-length":
		default:
			req.Header.Add(h[0], h[1])
		}
	}
	if len(body) > 0 || c.Chunked {
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.ContentLength = int64(len(body))
		if c.Chunked {
			req.ContentLength = -1 // DATA frames without content-length
		}
	}
	sent := time.Now()
	resp, err := tr.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	received := time.Now()
	if resp.ProtoMajor != 2 {
		return nil, fmt.Errorf("answered over %s, not HTTP/2", resp.Proto)
	}
	r := &Response{Status: resp.StatusCode, Body: b, Sent: sent, Received: received}
	names := make([]string, 0, len(resp.Header))
	for k := range resp.Header {
		names = append(names, k)
	}
	sort.Strings(names)
	hasLength := false
	for _, k := range names {
		if k == "Content-Length" {
			hasLength = true
		}
		for _, v := range resp.Header[k] {
			r.Headers = append(r.Headers, [2]string{k, v})
		}
	}
	// HTTP/2 has no chunked coding: a body sent without content-length is
	// what HTTP/1.1 sends chunked.
	r.Chunked = !hasLength && method != "HEAD" && resp.StatusCode >= 200 && resp.StatusCode != 204 && resp.StatusCode != 304
	return r, nil
}

// adjustForServer applies the normalisation rules of a server mode to fast's
// cleaned answer got, given Express's want, before they are compared.
//
// Through net/http (ModeNetHTTP, ModeHTTP2) the reason phrase is net/http's
// own: a reason phrase equal to what net/http writes for the status
// (http.StatusText, or "status code N" for a code it does not know), or
// absent (HTTP/2 has none), counts as Express's. The status code is still
// compared. Everything else (header names and values, framing, body) is
// compared as in ModeFasthttp; Date, Connection and Keep-Alive are dropped
// by Clean in every mode, and HTTP/2's DATA frames without content-length
// stand for chunked framing (doH2).
func adjustForServer(mode ServerMode, want, got *Response) *Response {
	if got == nil || want == nil || mode == "" || mode == ModeFasthttp {
		return got
	}
	if got.Reason == "" || got.Reason == NetHTTPReason(got.Status) {
		cp := *got
		cp.Reason = want.Reason
		return &cp
	}
	return got
}

// NetHTTPReason is the reason phrase net/http writes for code.
func NetHTTPReason(code int) string {
	if t := http.StatusText(code); t != "" {
		return t
	}
	return "status code " + strconv.Itoa(code)
}

// For returns the entries of l that apply in mode (those without Servers,
// or naming mode), plus the entries of extra that do.
func (l *List) For(mode ServerMode, extra *List) *List {
	if mode == "" {
		mode = ModeFasthttp
	}
	out := &List{Doc: l.Doc}
	for _, src := range []*List{l, extra} {
		if src == nil {
			continue
		}
		for _, e := range src.Entries {
			if len(e.Servers) == 0 || slices.Contains(e.Servers, mode) {
				out.Entries = append(out.Entries, e)
			}
		}
	}
	return out
}
