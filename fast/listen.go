package fast

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"os"
	"strconv"
	"sync"

	"github.com/valyala/fasthttp"
)

// Server is a running server of an App, returned by App.Listen and
// App.Serve. Its methods may be called from any goroutine (Wait in one,
// Shutdown in another).
type Server struct {
	srv  *fasthttp.Server
	ln   net.Listener
	done chan struct{}
	once sync.Once
	err  error
}

// Listen binds and starts serving the app in the background, as
// app.listen does, and returns once the socket is bound. The forms are
// Node's:
//
//	Listen()                      // a free port on all interfaces
//	Listen(port)                  // int, or a string of digits; 0 picks a free port
//	Listen(port, host)            // e.g. Listen(3000, "127.0.0.1")
//	Listen(port, host, backlog)   // listen backlog (Linux)
//	Listen(path)                  // a Unix socket path: any non-numeric string
//
// Any form may end with a func() called once the server listens, as
// Express's callback.
func (a *App) Listen(args ...any) (*Server, error) {
	var cb func()
	if n := len(args); n > 0 {
		if f, ok := args[n-1].(func()); ok {
			cb, args = f, args[:n-1]
		}
	}
	network, addr, backlog, err := listenArgs(args)
	if err != nil {
		return nil, err
	}
	var ln net.Listener
	if network == "unix" {
		ln, err = net.Listen("unix", addr)
	} else {
		ln, err = listenTCP(addr, backlog)
	}
	if err != nil {
		return nil, err
	}
	s := a.Serve(ln)
	if cb != nil {
		cb()
	}
	return s, nil
}

func listenArgs(args []any) (network, addr string, backlog int, err error) {
	port, host := 0, ""
	if len(args) > 3 {
		return "", "", 0, fmt.Errorf("fast: Listen() takes at most port, host and backlog, got %d arguments", len(args))
	}
	if len(args) > 0 {
		switch v := args[0].(type) {
		case int:
			port = v
		case string:
			n, perr := strconv.Atoi(v)
			if perr != nil {
				if len(args) > 1 {
					return "", "", 0, errors.New("fast: Listen(path) takes no host")
				}
				return "unix", v, 0, nil
			}
			port = n
		default:
			return "", "", 0, fmt.Errorf("fast: Listen() port must be an int or a string, got %s", typeName(v))
		}
		if port < 0 || port > 65535 {
			return "", "", 0, fmt.Errorf("fast: Listen() port should be >= 0 and < 65536, got %d", port)
		}
	}
	if len(args) > 1 {
		h, ok := args[1].(string)
		if !ok {
			return "", "", 0, fmt.Errorf("fast: Listen() host must be a string, got %s", typeName(args[1]))
		}
		host = h
	}
	if len(args) > 2 {
		b, ok := args[2].(int)
		if !ok {
			return "", "", 0, fmt.Errorf("fast: Listen() backlog must be an int, got %s", typeName(args[2]))
		}
		backlog = b
	}
	return "tcp", net.JoinHostPort(host, strconv.Itoa(port)), backlog, nil
}

// Serve serves the app on ln in the background, with the fasthttp settings
// that make the wire match Node's (no Server header, no default
// Content-Type, 16 KiB of headers).
//
// Request bodies are streamed, as Node streams them: fasthttp reads at most
// 8 KiB of a body before the app runs, a body parser reads the rest up to
// its limit, and handlers that do not read the body are not limited (the
// body is read off, up to 1 MiB, or the connection closed, after the
// response). fasthttp never answers a body-size error itself, and does not
// parse multipart bodies, which Express leaves to the application.
func (a *App) Serve(ln net.Listener) *Server {
	s := &Server{ln: ln, done: make(chan struct{})}
	s.srv = &fasthttp.Server{
		Handler:               a.Handler(),
		NoDefaultServerHeader: true,
		NoDefaultContentType:  true,
		ReadBufferSize:        16 << 10,
		CloseOnShutdown:       true,
		ErrorHandler:          parseError,
		Logger:                quietLogger{},

		StreamRequestBody: true,
		// In streaming mode the limit only caps how much fasthttp reads
		// ahead (the smaller of it, the Content-Length and 8 KiB); a
		// request over it is streamed, never refused.
		MaxRequestBodySize: math.MaxInt32,
		// Node never parses a body before the application asks: fasthttp's
		// multipart pre-parsing would answer 400 to a malformed multipart
		// body before any handler runs.
		DisablePreParseMultipartForm: true,
	}
	go func() {
		err := s.srv.Serve(ln)
		s.once.Do(func() { s.err = err })
		close(s.done)
	}()
	return s
}

// parseError answers requests fasthttp cannot parse as Node does: 431 for
// too large a header, 400 otherwise, and closes the connection. A body
// over fasthttp's own size limit (which Serve never sets; only a server
// built around App.Handler can) is Express's 413.
func parseError(ctx *fasthttp.RequestCtx, err error) {
	var small *fasthttp.ErrSmallBuffer
	code := 400
	switch {
	case errors.As(err, &small):
		code = 431
	case errors.Is(err, fasthttp.ErrBodyTooLarge):
		code = 413
	}
	ctx.Response.Reset()
	ctx.Response.Header.SetNoDefaultContentType(true)
	ctx.SetStatusCode(code)
	if r := reasonOverrides[code]; r != nil {
		ctx.Response.Header.SetStatusMessage(r)
	}
	ctx.SetConnectionClose()
}

type quietLogger struct{}

func (quietLogger) Printf(string, ...any) {}

// Addr returns the address the server listens on.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Port returns the TCP port the server listens on, or 0 for a Unix socket.
func (s *Server) Port() int {
	if a, ok := s.ln.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

// Shutdown stops accepting connections, lets requests in flight finish and
// closes idle connections; it returns when all are done or ctx ends.
func (s *Server) Shutdown(ctx context.Context) error {
	err := s.srv.ShutdownWithContext(ctx)
	if a, ok := s.ln.Addr().(*net.UnixAddr); ok {
		os.Remove(a.Name)
	}
	return err
}

// Close stops the server at once.
func (s *Server) Close() error {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return s.Shutdown(ctx)
}

// Wait blocks until the server stops and returns why, nil after Shutdown.
func (s *Server) Wait() error {
	<-s.done
	return s.err
}
