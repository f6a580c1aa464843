package responsetime_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/responsetime"
)

// TestResponseTime ports response-time 2.3's test/test.js: the header's
// form for each option, and that an existing header is kept.
func TestResponseTime(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		config []responsetime.Config
		preset string
		header string
		want   string
	}{
		{"should set response time header", nil, "", "X-Response-Time", `^[0-9.]+ms$`},
		{"should not override X-Response-Time header", nil, "some-value", "X-Response-Time", `^some-value$`},
		{"should give precision of 3 by default", nil, "", "X-Response-Time", `^[0-9]+\.[0-9]{3}ms$`},
		{"should give digits precision", []responsetime.Config{{Digits: 1}}, "", "X-Response-Time", `^[0-9]+\.[0-9]ms$`},
		{"should allow custom digits of 0", []responsetime.Config{{Digits: responsetime.NoDigits}}, "", "X-Response-Time", `^[0-9]+ms$`},
		{"should use custom header name", []responsetime.Config{{Header: "Time-Taken"}}, "", "Time-Taken", `^[0-9.]+ms$`},
		{"should not include units when suffix is false", []responsetime.Config{{NoSuffix: true}}, "", "X-Response-Time", `^[0-9.]+$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			app := fast.New()
			app.Use(responsetime.New(tt.config...))
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				if tt.preset != "" {
					res.Set("X-Response-Time", tt.preset)
				}
				res.SendString("hello, world!")
			})
			resp := testserver.New(t, app).Get("/")
			if got := resp.Get(tt.header); !regexp.MustCompile(tt.want).MatchString(got) {
				t.Errorf("%s: %q does not match %s", tt.header, got, tt.want)
			}
		})
	}
}

// TestFunc: the function form gets the time and may set headers; the time
// covers the handlers.
func TestFunc(t *testing.T) {
	t.Parallel()
	var got float64
	app := fast.New()
	app.Use(responsetime.Func(func(req *fast.Request, res *fast.Response, ms float64) {
		got = ms
		req.Ctx().Response.Header.Set("X-Timed", "yes")
	}))
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		time.Sleep(5 * time.Millisecond)
		res.SendString("ok")
	})
	resp := testserver.New(t, app).Get("/")
	if got < 5 {
		t.Errorf("time %.3f ms, handlers took at least 5", got)
	}
	if resp.Get("X-Timed") != "yes" {
		t.Error("header set by the function is missing")
	}
}

func TestPanics(t *testing.T) {
	t.Parallel()
	for name, f := range map[string]func(){
		"nil function": func() { responsetime.Func(nil) },
		"digits 101":   func() { responsetime.New(responsetime.Config{Digits: 101}) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}
