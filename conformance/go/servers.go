package scenarios

import (
	"fmt"
	"net"
	"sync"

	"github.com/fwgo/fw/conformance/runner"
	"github.com/fwgo/fw/fast"
	"github.com/valyala/fasthttp/fasthttputil"
)

// Servers runs scenario apps for the runner, in memory or on loopback TCP
// ports. It implements runner.Servers. Close stops them all.
type Servers struct {
	// Fixtures is passed to every app as Env.Fixtures.
	Fixtures string
	// TCP serves on 127.0.0.1 ports instead of in-memory listeners.
	TCP bool
	// Mode is the server the apps run on (servers_nethttp.go); default
	// runner.ModeFasthttp.
	Mode runner.ServerMode

	mu      sync.Mutex
	servers []*fast.Server
	closers []func()
}

// clientAddr is the address in-memory connections come from, so that
// req.ip reads as it does for a loopback client.
var clientAddr = &net.TCPAddr{IP: net.IP{127, 0, 0, 1}, Port: 50000}

// Start builds a scenario's app ("" is the main app) in env mode and
// serves it.
func (s *Servers) Start(scenario, app, env string) (d runner.Dialer, err error) {
	a, err := s.build(scenario, app, env)
	if err != nil {
		return nil, err
	}
	if s.TCP {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		s.keep(a.Serve(ln))
		addr := ln.Addr().String()
		return func() (net.Conn, error) { return net.Dial("tcp", addr) }, nil
	}
	ln := fasthttputil.NewInmemoryListener()
	s.keep(a.Serve(ln))
	return func() (net.Conn, error) { return ln.DialWithLocalAddr(clientAddr) }, nil
}

// build builds a scenario's app in env mode.
func (s *Servers) build(scenario, app, env string) (a *fast.App, err error) {
	b, ok := Lookup(Name(scenario, app))
	if !ok {
		return nil, runner.ErrNoScenario
	}
	defer func() {
		if r := recover(); r != nil {
			a, err = nil, fmt.Errorf("building %s panicked: %v", Name(scenario, app), r)
		}
	}()
	return b(Env{Name: env, Fixtures: s.Fixtures}), nil
}

func (s *Servers) keep(srv *fast.Server) {
	s.mu.Lock()
	s.servers = append(s.servers, srv)
	s.mu.Unlock()
}

// Close stops every server started.
func (s *Servers) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, srv := range s.servers {
		srv.Close()
	}
	s.servers = nil
	for _, f := range s.closers {
		f()
	}
	s.closers = nil
}
