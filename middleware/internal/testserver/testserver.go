// Package testserver serves a fast.App in memory for the middleware tests
// and sends it raw HTTP/1.1 requests, so that tests see the bytes a client
// would see. It is used by tests only.
package testserver

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/fast"
)

// Server is an app served on an in-memory listener. It is safe for
// concurrent use; each request opens its own connection.
type Server struct {
	ln  *fasthttputil.InmemoryListener
	srv *fast.Server
	tb  testing.TB // nil for Start: failures panic
}

// New serves app in memory until the test ends.
func New(tb testing.TB, app *fast.App) *Server {
	tb.Helper()
	s := Start(app)
	s.tb = tb
	tb.Cleanup(s.Close)
	return s
}

// Start serves app in memory until Close, for examples, which have no
// testing.TB: a failed request panics.
func Start(app *fast.App) *Server {
	ln := fasthttputil.NewInmemoryListener()
	return &Server{ln: ln, srv: app.Serve(ln)}
}

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

func (s *Server) helper() {
	if s.tb != nil {
		s.tb.Helper()
	}
}

func (s *Server) fatalf(format string, args ...any) {
	if s.tb == nil {
		panic(fmt.Sprintf(format, args...))
	}
	s.tb.Helper()
	s.tb.Fatalf(format, args...)
}

// ClientAddr is the address requests come from, as a client of the
// harness's Node server on 127.0.0.1 would.
var ClientAddr net.Addr = &net.TCPAddr{IP: net.IP{127, 0, 0, 1}, Port: 40000}

// Response is a response as a client reads it.
type Response struct {
	Status int
	Header http.Header
	Body   string
	// Close reports that the server announced it closes the connection
	// (net/http removes that Connection header from Header).
	Close bool
}

// Get returns the first value of a response header, or "".
func (r *Response) Get(name string) string { return r.Header.Get(name) }

// Do sends raw (a complete request, header block and body) on a new
// connection and reads the response. A "Connection: close" header is not
// added: raw should carry one, or the reader stops after one response.
func (s *Server) Do(raw string) *Response {
	s.helper()
	resp, err := s.Try(raw)
	if err != nil {
		s.fatalf("request %q: %v", firstLine(raw), err)
	}
	return resp
}

// Try is Do returning the error of a connection that fails or closes
// without a complete response.
func (s *Server) Try(raw string) (*Response, error) {
	conn, err := s.ln.DialWithLocalAddr(ClientAddr)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	go func() { _, _ = io.WriteString(conn, raw) }()
	method, _, _ := strings.Cut(raw, " ")
	resp, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if len(resp.TransferEncoding) > 0 {
		// net/http moves it out of Header.
		resp.Header["Transfer-Encoding"] = resp.TransferEncoding
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: string(body), Close: resp.Close}, nil
}

// Request builds a raw request: method and target, header lines
// ("Name: value"), a Host header when none is given, Connection: close,
// and a Content-Length for a non-empty body.
func Request(method, target string, body string, headers ...string) string {
	var b strings.Builder
	b.WriteString(method + " " + target + " HTTP/1.1\r\n")
	host, cl := false, false
	for _, h := range headers {
		name, _, _ := strings.Cut(h, ":")
		switch strings.ToLower(name) {
		case "host":
			host = true
		case "content-length", "transfer-encoding":
			cl = true
		}
		b.WriteString(h + "\r\n")
	}
	if !host {
		b.WriteString("Host: 127.0.0.1\r\n")
	}
	if !cl && body != "" {
		b.WriteString("Content-Length: " + itoa(len(body)) + "\r\n")
	}
	b.WriteString("Connection: close\r\n\r\n")
	b.WriteString(body)
	return b.String()
}

// Get sends a GET of target with the given header lines.
func (s *Server) Get(target string, headers ...string) *Response {
	s.helper()
	return s.Do(Request("GET", target, "", headers...))
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d [20]byte
	i := len(d)
	for n > 0 {
		i--
		d[i] = byte('0' + n%10)
		n /= 10
	}
	return string(d[i:])
}

func firstLine(raw string) string {
	line, _, _ := strings.Cut(raw, "\r\n")
	return line
}
