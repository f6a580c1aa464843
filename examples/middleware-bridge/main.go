// Command middleware-bridge reuses net/http code inside an fw app: a stack
// of net/http middleware (request logging with timing, header rewriting)
// wraps the app's own routes, and a net/http handler (an http.ServeMux with
// its own routes) is mounted under /legacy, as Express mounts a connect
// app. It listens on $PORT (default 3000) with fasthttp (App.Listen); the
// same app also runs behind net/http (see the tests).
//
//	go run ./examples/middleware-bridge
//	curl -i localhost:3000/hello/you
//	curl -i localhost:3000/legacy/status
package main

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

// logging is net/http middleware that logs every request with its status,
// size and duration once the rest of the app answered, and reports the
// duration in a Server-Timing field.
func logging(out io.Writer) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &recorder{ResponseWriter: w, start: start, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			fmt.Fprintf(out, "%s %s %d %dB %s\n", r.Method, r.URL.RequestURI(), rec.status, rec.size, time.Since(start).Round(time.Microsecond))
		})
	}
}

// recorder is the ResponseWriter logging passes on.
type recorder struct {
	http.ResponseWriter
	start       time.Time
	status      int
	size        int
	wroteHeader bool
}

func (r *recorder) WriteHeader(code int) {
	if r.wroteHeader {
		return
	}
	r.wroteHeader = true
	r.status = code
	r.Header().Set("Server-Timing", fmt.Sprintf("app;dur=%.3f", float64(time.Since(r.start).Microseconds())/1000))
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	n, err := r.ResponseWriter.Write(p)
	r.size += n
	return n, err
}

// Unwrap lets http.ResponseController reach Flush through the recorder.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// secureHeaders is net/http middleware rewriting the response's header
// fields: it hides the framework (X-Powered-By), renames the app's internal
// X-Trace field to the public X-Request-Id, and adds security fields. It
// also tags the request, which the app reads with req.Get.
func secureHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Set("X-Gateway", "middleware-bridge")
		next.ServeHTTP(&rewriter{ResponseWriter: w}, r)
	})
}

type rewriter struct {
	http.ResponseWriter
	done bool
}

func (w *rewriter) WriteHeader(code int) {
	if !w.done {
		w.done = true
		h := w.Header()
		h.Del("X-Powered-By")
		if v := h.Get("X-Trace"); v != "" {
			h.Del("X-Trace")
			h.Set("X-Request-Id", v)
		}
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *rewriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.ResponseWriter.Write(p)
}

func (w *rewriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// legacy is an existing net/http handler, mounted in the app.
func legacy() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /status", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"ok":true,"path":%q,"mounted":%q}`, r.URL.Path, r.RequestURI)
	})
	mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", r.Header.Get("Content-Type"))
		io.Copy(w, io.LimitReader(r.Body, 1<<20))
	})
	return mux
}

func newApp(logOut io.Writer) *fast.App {
	app := fast.New()
	app.Use(logging(logOut), secureHeaders)
	app.Use("/legacy", legacy())
	app.Get("/hello/:name", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("X-Trace", "t-"+req.Params().Get("name")).
			Send("hello " + req.Params().Get("name") + " via " + req.Get("X-Gateway"))
	})
	return app
}

func main() {
	srv, err := newApp(os.Stdout).Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("middleware-bridge on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
