package adaptor_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/adaptor"
)

// A fasthttp handler served by net/http: behind http.ListenAndServe, an
// http.Server with TLS and HTTP/2, or here an httptest server.
func ExampleToHTTP() {
	app := adaptor.ToHTTP(func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType("text/plain; charset=utf-8")
		fmt.Fprintf(ctx, "%s %s over %s", ctx.Method(), ctx.RequestURI(), ctx.Request.Header.Protocol())
	})
	srv := httptest.NewServer(app) // or http.ListenAndServe(":3000", app)
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/users/7?tab=posts")
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, resp.Header.Get("Content-Type"))
	fmt.Println(string(body))
	// Output:
	// 200 text/plain; charset=utf-8
	// GET /users/7?tab=posts over HTTP/1.1
}

// A net/http handler mounted in a fasthttp handler.
func ExampleFromHTTP() {
	legacy := adaptor.FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"path":%q}`, r.URL.Path)
	}))
	app := func(ctx *fasthttp.RequestCtx) {
		if strings.HasPrefix(string(ctx.Path()), "/legacy/") {
			legacy(ctx)
			return
		}
		ctx.SetBodyString("new code")
	}
	srv := httptest.NewServer(adaptor.ToHTTP(app))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/legacy/report")
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.Header.Get("Content-Type"), string(body))
	// Output:
	// application/json {"path":"/legacy/report"}
}

// A net/http middleware around fasthttp code: it sees the downstream's
// response through the ResponseWriter it passes on.
func ExampleFromMiddleware() {
	stamp := adaptor.FromMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &statusWriter{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			fmt.Println("middleware saw status", rec.status)
		})
	})
	app := stamp.Handler(func(ctx *fasthttp.RequestCtx) {
		ctx.SetStatusCode(fasthttp.StatusTeapot)
		ctx.SetBodyString("short and stout")
	})
	srv := httptest.NewServer(adaptor.ToHTTP(app))
	defer srv.Close()

	resp, err := http.Get(srv.URL)
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, string(body))
	// Output:
	// middleware saw status 418
	// 418 short and stout
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}
