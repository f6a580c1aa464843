package fast

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func helloApp() *App {
	app := New()
	app.Get("/", func(req *Request, res *Response, next Next) { res.Send("tobi") })
	return app
}

func TestAppListen(t *testing.T) {
	t.Parallel()
	t.Run("should wrap with an HTTP server", func(t *testing.T) {
		called := false
		srv, err := helloApp().Listen(0, "127.0.0.1", func() { called = true })
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		if !called {
			t.Error("listen callback not called")
		}
		if got := get(t, "http://127.0.0.1:"+strconv.Itoa(srv.Port())+"/"); got != "tobi" {
			t.Errorf("body %q, want tobi", got)
		}
	})
	t.Run("port 0 picks a free port", func(t *testing.T) {
		srv, err := helloApp().Listen(0, "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		if srv.Port() == 0 {
			t.Error("port 0 was not replaced by a free port")
		}
	})
	t.Run("port as a numeric string", func(t *testing.T) {
		srv, err := helloApp().Listen("0", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		if _, ok := srv.Addr().(*net.TCPAddr); !ok {
			t.Errorf("numeric string listened on %T, want TCP", srv.Addr())
		}
	})
	t.Run("port, host and backlog", func(t *testing.T) {
		srv, err := helloApp().Listen(0, "127.0.0.1", 16)
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		if got := get(t, "http://"+srv.Addr().String()+"/"); got != "tobi" {
			t.Errorf("body %q, want tobi", got)
		}
	})
	t.Run("unix socket path", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "fw.sock")
		srv, err := helloApp().Listen(path)
		if err != nil {
			t.Fatal(err)
		}
		client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return net.Dial("unix", path)
		}}}
		resp, err := client.Get("http://unix/")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(b) != "tobi" {
			t.Errorf("body %q, want tobi", b)
		}
		if srv.Port() != 0 {
			t.Errorf("Port() = %d on a Unix socket, want 0", srv.Port())
		}
		if err := srv.Shutdown(context.Background()); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("socket file left behind after Shutdown: %v", err)
		}
	})
	t.Run("bad arguments are errors", func(t *testing.T) {
		for _, args := range [][]any{{70000}, {-1}, {1.5}, {0, 7}, {0, "127.0.0.1", "x"}, {0, "h", 1, 2}, {"/tmp/x", "host"}} {
			if srv, err := New().Listen(args...); err == nil {
				srv.Close()
				t.Errorf("Listen(%v) succeeded", args)
			}
		}
	})
	t.Run("a port in use is an error", func(t *testing.T) {
		srv, err := helloApp().Listen(0, "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Close()
		if s2, err := helloApp().Listen(srv.Port(), "127.0.0.1"); err == nil {
			s2.Close()
			t.Error("second Listen on the same port succeeded")
		}
	})
}

func TestServerShutdown(t *testing.T) {
	t.Parallel()
	started := make(chan struct{})
	release := make(chan struct{})
	app := New()
	app.Get("/slow", func(req *Request, res *Response, next Next) {
		close(started)
		<-release
		res.Send("done")
	})
	srv, err := app.Listen(0, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	body := make(chan string)
	go func() { body <- get(t, "http://"+srv.Addr().String()+"/slow") }()
	<-started
	shut := make(chan error)
	go func() { shut <- srv.Shutdown(context.Background()) }()
	time.Sleep(50 * time.Millisecond)
	close(release)
	if got := <-body; got != "done" {
		t.Errorf("in-flight request got %q, want done", got)
	}
	if err := <-shut; err != nil {
		t.Errorf("Shutdown: %v", err)
	}
	if err := srv.Wait(); err != nil {
		t.Errorf("Wait after Shutdown: %v", err)
	}
	if _, err := net.DialTimeout("tcp", srv.Addr().String(), time.Second); err == nil {
		t.Error("server still accepts connections after Shutdown")
	}
}

// TestRegisterWhileServing adds routes and middleware while requests are
// served, as Express allows; run with -race it proves there is no data race.
func TestRegisterWhileServing(t *testing.T) {
	t.Parallel()
	app := New()
	app.Get("/0", func(req *Request, res *Response, next Next) { res.Send("0") })
	s := serveTest(t, app)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				r := s.do("GET", "/0")
				if r.status != 200 || r.body != "0" {
					t.Errorf("GET /0 = %d %q during registration", r.status, r.body)
					return
				}
			}
		}()
	}
	for i := 1; i <= 200; i++ {
		n := strconv.Itoa(i)
		app.Get("/"+n, func(req *Request, res *Response, next Next) { res.Send(n) })
		if i%50 == 0 {
			app.Use(func(req *Request, res *Response, next Next) { next() })
			app.Param("id", func(req *Request, res *Response, next Next, v, name string) { next() })
		}
	}
	close(stop)
	wg.Wait()
	for _, n := range []string{"1", "100", "200"} {
		if r := s.do("GET", "/"+n); r.body != n {
			t.Errorf("GET /%s = %q after registration", n, r.body)
		}
	}
	_ = strings.Repeat
}
