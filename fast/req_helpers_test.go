package fast

// Helpers of the ports of Express 4.22's test/req.*.js suites. Each suite is
// a table of expressCase, run as nested subtests named after the
// describe(...) and it(...) sentences of the Express file.

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/parsers"
)

// nodeClient is the address Node reports for a client on 127.0.0.1 of a
// server listening on all interfaces, as supertest's are: Express's tests
// expect "::ffff:127.0.0.1" there. net.ParseIP returns the 16-byte form a
// dual-stack Go listener gives too.
var nodeClient = &net.TCPAddr{IP: net.ParseIP("::ffff:127.0.0.1"), Port: 50000}

// expressCase is one it(...) of an Express suite.
type expressCase struct {
	// path is the describe(...) sentences, then the it(...) sentence.
	path []string
	// app builds the application under test.
	app func() *App
	// send is the request: method, target, then header names and values.
	// Pseudo-headers: "body" sets the body (with its Content-Length),
	// "from" the client address (default nodeClient), "tls" "1" makes the
	// connection TLS. Without a "Host" header, "Host: 127.0.0.1" is sent,
	// and "Host" with value "-" sends none (over HTTP/1.0).
	send []string
	// status and body are checked when status is not 0.
	status int
	body   string
	// check, when set, runs on the response too.
	check func(t *testing.T, r *testResponse)
	// run, when set, replaces the request: the case is this function (an
	// Express test that asserts without a server).
	run func(t *testing.T)
	// skip, when set, skips the case with this reason.
	skip string
}

// runExpress runs cases as nested subtests, grouping the shared describe
// sentences in order of first appearance.
func runExpress(t *testing.T, cases []expressCase) {
	t.Helper()
	runExpressLevel(t, cases, 0)
}

func runExpressLevel(t *testing.T, cases []expressCase, depth int) {
	var order []string
	groups := map[string][]expressCase{}
	for _, c := range cases {
		k := c.path[depth]
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], c)
	}
	for _, k := range order {
		g := groups[k]
		t.Run(k, func(t *testing.T) {
			t.Parallel()
			var inner []expressCase
			for _, c := range g {
				if len(c.path) == depth+1 {
					runExpressCase(t, c)
				} else {
					inner = append(inner, c)
				}
			}
			if len(inner) > 0 {
				runExpressLevel(t, inner, depth+1)
			}
		})
	}
}

func runExpressCase(t *testing.T, c expressCase) {
	t.Helper()
	if c.skip != "" {
		t.Skip(c.skip)
	}
	if c.run != nil {
		c.run(t)
		return
	}
	r := sendRequest(t, c.app(), c.send...)
	if c.status != 0 {
		r.expect(t, c.status, c.body)
	}
	if c.check != nil {
		c.check(t, r)
	}
}

// sendRequest serves app in memory and sends one request (see
// expressCase.send).
func sendRequest(t testing.TB, app *App, send ...string) *testResponse {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	useTLS := false
	for i := 2; i+1 < len(send); i += 2 {
		if send[i] == "tls" {
			useTLS = true
		}
	}
	var srv *Server
	if useTLS {
		srv = app.Serve(tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{testCertificate(t)}}))
	} else {
		srv = app.Serve(ln)
	}
	defer srv.Close()
	return sendOn(t, ln, useTLS, send...)
}

func sendOn(t testing.TB, ln *fasthttputil.InmemoryListener, useTLS bool, send ...string) *testResponse {
	t.Helper()
	method, target := send[0], send[1]
	var from net.Addr = nodeClient
	var b strings.Builder
	proto, host := "HTTP/1.1", "Host: 127.0.0.1\r\n"
	body := ""
	var lines []string
	for i := 2; i+1 < len(send); i += 2 {
		k, v := send[i], send[i+1]
		switch {
		case k == "body":
			body = v
		case k == "from":
			if v == "pipe" {
				from = nil
			} else {
				from = &net.TCPAddr{IP: net.ParseIP(v), Port: 50000}
			}
		case k == "tls":
		case strings.EqualFold(k, "Host"):
			if v == "-" {
				proto, host = "HTTP/1.0", ""
			} else {
				host = "Host: " + v + "\r\n"
			}
		default:
			lines = append(lines, k+": "+v+"\r\n")
		}
	}
	b.WriteString(method + " " + target + " " + proto + "\r\n" + host)
	for _, l := range lines {
		b.WriteString(l)
	}
	if body != "" {
		b.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n")
	}
	b.WriteString("Connection: close\r\n\r\n" + body)
	conn, err := ln.DialWithLocalAddr(from)
	if err != nil {
		t.Fatal(err)
	}
	if useTLS {
		conn = tls.Client(conn, &tls.Config{InsecureSkipVerify: true})
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, b.String()); err != nil {
		t.Fatal(err)
	}
	return readResponse(t, conn, method == "HEAD")
}

var (
	certOnce sync.Once
	cert     tls.Certificate
	certErr  error
)

// testCertificate returns a self-signed certificate made once per run.
func testCertificate(t testing.TB) tls.Certificate {
	certOnce.Do(func() {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			certErr = err
			return
		}
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(1),
			Subject:      pkix.Name{CommonName: "127.0.0.1"},
			NotBefore:    time.Now().Add(-time.Hour),
			NotAfter:     time.Now().Add(time.Hour),
			IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
		if err != nil {
			certErr = err
			return
		}
		cert = tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	})
	if certErr != nil {
		t.Fatal(certErr)
	}
	return cert
}

// newApp returns New() after setup.
func newApp(setup func(app *App)) func() *App {
	return func() *App {
		app := New()
		setup(app)
		return app
	}
}

// useApp returns a builder of an app that runs h for every request, as
// app.use(function (req, res) {...}).
func useApp(setup func(app *App), h Handler) func() *App {
	return func() *App {
		app := New()
		if setup != nil {
			setup(app)
		}
		app.Use(h)
		return app
	}
}

// endString is res.end(f(req)).
func endString(f func(req *Request) string) Handler {
	return func(req *Request, res *Response, next Next) { res.SendString(f(req)) }
}

// sendJSONOf is res.json(f(req)) (and res.send of an array, object, number
// or boolean): the value of the parsers value model, JSON.stringify'd.
func sendJSONOf(f func(req *Request) any) Handler {
	return func(req *Request, res *Response, next Next) {
		b, err := parsers.AppendJSON(nil, f(req))
		if err != nil {
			next(err)
			return
		}
		res.Set("Content-Type", "application/json; charset=utf-8")
		res.SendBytes(b)
	}
}

// jsValue turns Go results into the JavaScript values Express returns:
// ("", false) is false, (s, true) is s.
func jsValue(s string, ok bool) any {
	if !ok {
		return false
	}
	return s
}

// strs returns a []any of strings for JSON.
func strs(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// yesNo is cond ? 'yes' : 'no'.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// jsBool is String(b).
func jsBool(b bool) string { return strconv.FormatBool(b) }

// objectOf builds an Object from alternating keys and values.
func objectOf(kv ...any) *Object {
	o := &Object{}
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

// requestCtxFrom returns a GET RequestCtx for target with headers, parsed
// from the wire as a server parses it, from the client address Node
// reports for 127.0.0.1 on a dual-stack listener.
func requestCtxFrom(target string, headers ...string) *fasthttp.RequestCtx {
	raw := "GET " + target + " HTTP/1.1\r\n"
	host := "example.com"
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" {
			host = headers[i+1]
			continue
		}
		raw += headers[i] + ": " + headers[i+1] + "\r\n"
	}
	raw += "Host: " + host + "\r\n\r\n"
	var req fasthttp.Request
	if err := req.Read(bufio.NewReader(strings.NewReader(raw))); err != nil {
		panic(err)
	}
	ctx := &fasthttp.RequestCtx{}
	ctx.Init(&req, &net.TCPAddr{IP: net.ParseIP("::ffff:127.0.0.1"), Port: 50000}, nil)
	return ctx
}

// parsersJSON is JSON.stringify(v).
func parsersJSON(v any) (string, error) {
	b, err := parsers.AppendJSON(nil, v)
	return string(b), err
}

// ipv4Addr is the address an IPv4 (AF_INET) socket reports: 4 bytes.
func ipv4Addr(s string) *net.TCPAddr {
	return &net.TCPAddr{IP: net.ParseIP(s).To4(), Port: 50000}
}
