package adaptor

import (
	"github.com/valyala/fasthttp"

	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// protocol is one way a test talks to a net/http server.
type protocol struct {
	name  string
	major int // the ProtoMajor the server must see
	tls   bool
	start func(t *testing.T, h http.Handler) (*http.Client, string)
}

// protocols are the transports every Server scenario runs over: HTTP/1.1,
// HTTP/2 over TLS with a certificate the test makes, and h2c (HTTP/2 with
// prior knowledge over plain TCP), all with the standard library only.
var protocols = []protocol{
	{name: "HTTP/1.1", major: 1, start: startHTTP1},
	{name: "HTTP/2 TLS", major: 2, tls: true, start: startHTTP2},
	{name: "h2c", major: 2, start: startH2C},
}

func startHTTP1(t *testing.T, h http.Handler) (*http.Client, string) {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 20 * time.Second}, srv.URL
}

func startHTTP2(t *testing.T, h http.Handler) (*http.Client, string) {
	cert, pool := testCertificate(t)
	srv := httptest.NewUnstartedServer(h)
	srv.EnableHTTP2 = true
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	tr := &http.Transport{
		TLSClientConfig:   &tls.Config{RootCAs: pool, ServerName: "localhost"},
		ForceAttemptHTTP2: true,
	}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 20 * time.Second}, srv.URL
}

func startH2C(t *testing.T, h http.Handler) (*http.Client, string) {
	srv := httptest.NewUnstartedServer(h)
	srv.Config.Protocols = new(http.Protocols)
	srv.Config.Protocols.SetHTTP1(true)
	srv.Config.Protocols.SetUnencryptedHTTP2(true)
	srv.Start()
	t.Cleanup(srv.Close)
	tr := &http.Transport{Protocols: new(http.Protocols)}
	tr.Protocols.SetUnencryptedHTTP2(true)
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 20 * time.Second}, srv.URL
}

var (
	certOnce sync.Once
	certVal  tls.Certificate
	certPool *x509.CertPool
	certErr  error
)

// testCertificate makes (once per test binary) a self-signed ECDSA
// certificate for localhost and 127.0.0.1, and a pool that trusts it.
func testCertificate(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	certOnce.Do(func() {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			certErr = err
			return
		}
		tmpl := &x509.Certificate{
			SerialNumber:          big.NewInt(1),
			Subject:               pkix.Name{Organization: []string{"fw adaptor test"}},
			NotBefore:             time.Now().Add(-time.Hour),
			NotAfter:              time.Now().Add(24 * time.Hour),
			KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
			ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
			BasicConstraintsValid: true,
			IsCA:                  true,
			DNSNames:              []string{"localhost"},
			IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
		if err != nil {
			certErr = err
			return
		}
		leaf, err := x509.ParseCertificate(der)
		if err != nil {
			certErr = err
			return
		}
		certVal = tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}
		certPool = x509.NewCertPool()
		certPool.AddCert(leaf)
	})
	if certErr != nil {
		t.Fatal(certErr)
	}
	return certVal, certPool
}

// do sends req and returns the response with its body read.
func do(t *testing.T, c *http.Client, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading body: %v", req.Method, req.URL, err)
	}
	return resp, string(b)
}

func newReq(t *testing.T, method, url string, body io.Reader) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// server is one way a fasthttp handler is served in the bridge tests: by
// fasthttp.Server itself, or by Server over each net/http protocol.
type server struct {
	name   string
	native bool
	start  func(t *testing.T, h fasthttp.RequestHandler) (*http.Client, string)
}

var servers = func() []server {
	list := []server{{name: "fasthttp", native: true, start: startFast}}
	for _, p := range protocols {
		p := p
		list = append(list, server{name: "net/http " + p.name, start: func(t *testing.T, h fasthttp.RequestHandler) (*http.Client, string) {
			return p.start(t, ToHTTP(h))
		}})
	}
	return list
}()

// startFast serves h with a fasthttp.Server on a loopback port.
func startFast(t *testing.T, h fasthttp.RequestHandler) (*http.Client, string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &fasthttp.Server{Handler: h, NoDefaultServerHeader: true, Logger: testLogger{t}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Serve(ln)
	}()
	t.Cleanup(func() {
		s.Shutdown()
		<-done
	})
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 20 * time.Second}, "http://" + ln.Addr().String()
}

type testLogger struct{ t *testing.T }

func (l testLogger) Printf(format string, args ...any) { l.t.Logf(format, args...) }
