package scenarios

import (
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/conformance/runner"
	"github.com/fwgo/fw/internal/selfsigned"
)

// StartSend starts a scenario app in the Servers' Mode and returns how to
// send it a case; it implements runner.Sender.
//
//   - ModeFasthttp: App.Serve, raw HTTP/1.1 (as Start);
//   - ModeNetHTTP: App.ServeHTTP behind an http.Server, raw HTTP/1.1;
//   - ModeHTTP2: App.ServeHTTP behind an http.Server over TLS with a
//     self-signed certificate, HTTP/2 with the standard library's client
//     (runner.H2Send).
func (s *Servers) StartSend(scenario, app, env string) (runner.Send, error) {
	switch s.Mode {
	case "", runner.ModeFasthttp:
		d, err := s.Start(scenario, app, env)
		if err != nil {
			return nil, err
		}
		return runner.DialSend(d), nil
	case runner.ModeNetHTTP, runner.ModeHTTP2:
	default:
		return nil, errors.New("scenarios: unknown server mode " + string(s.Mode))
	}
	a, err := s.build(scenario, app, env)
	if err != nil {
		return nil, err
	}
	dial, ln, err := s.listen()
	if err != nil {
		return nil, err
	}
	// Node answers OPTIONS * through the app; net/http answers it itself
	// unless told not to.
	srv := &http.Server{Handler: a, ReadHeaderTimeout: 10 * time.Second, DisableGeneralOptionsHandler: true}
	if s.Mode == runner.ModeNetHTTP {
		go srv.Serve(ln)
		s.keepCloser(func() { srv.Close() })
		return runner.DialSend(dial), nil
	}
	cert, err := selfsigned.Shared()
	if err != nil {
		ln.Close()
		return nil, err
	}
	srv.TLSConfig = cert.ServerConfig()
	// TLS here is the transport's, not the scenario's: Express answered
	// over plain HTTP, so the app sees the request as a plain one (as
	// behind a TLS-terminating proxy) and req.protocol, req.secure compare
	// with Express's answers.
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.TLS = nil
		a.ServeHTTP(w, r)
	})
	go srv.ServeTLS(ln, "", "")
	send, closeIdle := runner.H2Send(dial, cert.ClientConfig())
	s.keepCloser(func() { closeIdle(); srv.Close() })
	return send, nil
}

// listen makes a listener for a net/http server: in memory, or on a
// loopback port with TCP.
func (s *Servers) listen() (runner.Dialer, net.Listener, error) {
	if s.TCP {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, nil, err
		}
		addr := ln.Addr().String()
		return func() (net.Conn, error) { return net.Dial("tcp", addr) }, ln, nil
	}
	ln := fasthttputil.NewInmemoryListener()
	return func() (net.Conn, error) { return ln.DialWithLocalAddr(clientAddr) }, ln, nil
}

func (s *Servers) keepCloser(f func()) {
	s.mu.Lock()
	s.closers = append(s.closers, f)
	s.mu.Unlock()
}

var _ runner.Sender = (*Servers)(nil)
