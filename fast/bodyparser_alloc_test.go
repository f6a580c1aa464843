//go:build !race && !fwpoison

package fast

import (
	"testing"

	"github.com/fwgo/fw/internal/benchbody"
	"github.com/fwgo/fw/parsers"
)

func allocsPerBodyRequest(t *testing.T, app *App, ct string, body []byte, stream bool) float64 {
	t.Helper()
	h := app.Handler()
	ctx, reset := bodyCtx(ct, body, stream)
	h(ctx) // warm up pools and the compiled router
	n := testing.AllocsPerRun(200, func() {
		reset()
		h(ctx)
	})
	if got := string(ctx.Response.Body()); got != "ok" {
		t.Fatalf("the app answered %d %q", ctx.Response.StatusCode(), got)
	}
	return n
}

func sendOK(req *Request, res *Response, next Next) { res.SendString("ok") }

// TestBodyParserOverheadIsZero checks that fast.JSON and fast.URLEncoded
// allocate exactly what the decoder allocates for the values: an app
// with the parser allocates as much as the app without it plus the
// parser's own Parse, for a body in memory and for a streamed one.
func TestBodyParserOverheadIsZero(t *testing.T) {
	jsonP, _ := parsers.NewJSON(parsers.JSONConfig{})
	formP, _ := parsers.NewURLEncoded(parsers.URLEncodedConfig{})
	tests := []struct {
		name   string
		mw     Handler
		ct     string
		body   []byte
		decode func(in *parsers.Input) error
	}{
		{"1 KiB JSON", JSON(), "application/json", benchbody.JSON1KiB, func(in *parsers.Input) error { _, err := jsonP.Parse(in); return err }},
		{"20-field form", URLEncoded(), "application/x-www-form-urlencoded", benchbody.Form20, func(in *parsers.Input) error { _, err := formP.Parse(in); return err }},
	}
	for _, tc := range tests {
		for _, stream := range []bool{false, true} {
			base := New()
			base.Post("/", sendOK)
			app := New()
			app.Post("/", tc.mw, func(req *Request, res *Response, next Next) {
				if _, ok := req.Body().(*Object); !ok {
					t.Fatalf("body %T", req.Body())
				}
				res.SendString("ok")
			})
			in := &parsers.Input{ContentType: tc.ct, ContentLength: int64(len(tc.body)), Body: tc.body}
			decoder := testing.AllocsPerRun(200, func() {
				if err := tc.decode(in); err != nil {
					t.Fatal(err)
				}
			})
			b := allocsPerBodyRequest(t, base, tc.ct, tc.body, stream)
			full := allocsPerBodyRequest(t, app, tc.ct, tc.body, stream)
			if full != b+decoder {
				t.Errorf("%s (stream %v): %v allocations; the app without the parser %v, the decoder %v", tc.name, stream, full, b, decoder)
			}
			t.Logf("%s (stream %v): %v allocations = app %v + decoder %v", tc.name, stream, full, b, decoder)
		}
	}
}

// TestBindOverheadIsZero checks that Request.BindJSON and BindForm
// allocate what the parsers' Decode allocates, and nothing more.
func TestBindOverheadIsZero(t *testing.T) {
	jsonP, _ := parsers.NewJSON(parsers.JSONConfig{})
	formP, _ := parsers.NewURLEncoded(parsers.URLEncodedConfig{})
	var u benchbody.User
	var f benchbody.Form
	tests := []struct {
		name   string
		bind   func(req *Request) error
		ct     string
		body   []byte
		decode func(in *parsers.Input) error
	}{
		{"BindJSON", func(req *Request) error { return req.BindJSON(&u) }, "application/json", benchbody.JSON1KiB,
			func(in *parsers.Input) error { return jsonP.Decode(in, &u) }},
		{"Bind JSON", func(req *Request) error { return req.Bind(&u) }, "application/json", benchbody.JSON1KiB,
			func(in *parsers.Input) error { return jsonP.Decode(in, &u) }},
		{"BindForm", func(req *Request) error { return req.BindForm(&f) }, "application/x-www-form-urlencoded", benchbody.Form20,
			func(in *parsers.Input) error { return formP.Decode(in, &f) }},
	}
	for _, tc := range tests {
		base := New()
		base.Post("/", sendOK)
		app := New()
		app.Post("/", func(req *Request, res *Response, next Next) {
			if err := tc.bind(req); err != nil {
				t.Fatal(err)
			}
			res.SendString("ok")
		})
		in := &parsers.Input{ContentType: tc.ct, ContentLength: int64(len(tc.body)), Body: tc.body}
		decoder := testing.AllocsPerRun(200, func() {
			if err := tc.decode(in); err != nil {
				t.Fatal(err)
			}
		})
		b := allocsPerBodyRequest(t, base, tc.ct, tc.body, false)
		full := allocsPerBodyRequest(t, app, tc.ct, tc.body, false)
		if full != b+decoder {
			t.Errorf("%s: %v allocations; the app without it %v, Decode %v", tc.name, full, b, decoder)
		}
		t.Logf("%s: %v allocations = app %v + Decode %v", tc.name, full, b, decoder)
	}
}

// TestBodyParserSkipAllocatesNothing checks that a body parser on a
// request it does not parse (no body, another type) allocates nothing,
// req.body = {} included.
func TestBodyParserSkipAllocatesNothing(t *testing.T) {
	app := New()
	app.Use(JSON(), URLEncoded(), Text(), Raw())
	app.Get("/", func(req *Request, res *Response, next Next) {
		if o, ok := req.Body().(*Object); !ok || o.Len() != 0 {
			t.Fatalf("body %v", req.Body())
		}
		res.SendString("ok")
	})
	app.Post("/", sendOK)
	h := app.Handler()
	ctx := newRequestCtx("GET", "/")
	h(ctx)
	n := testing.AllocsPerRun(200, func() {
		ctx.Response.Reset()
		ctx.Request.SetRequestURI("/")
		h(ctx)
	})
	if got := string(ctx.Response.Body()); got != "ok" {
		t.Fatalf("GET answered %q", got)
	}
	if n != 0 {
		t.Errorf("GET through four body parsers: %v allocations", n)
	}
	if n := allocsPerBodyRequest(t, app, "image/png", benchbody.JSON1KiB, false); n != 0 {
		t.Errorf("POST of another type through four body parsers: %v allocations", n)
	}
}
