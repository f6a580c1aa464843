package basicauth_test

import (
	"encoding/base64"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/basicauth"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

func basic(user, pass string) string {
	return "Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pass))
}

// TestBasicAuth covers connect's documented forms: fixed credentials, a
// synchronous and an asynchronous check, and the 401 challenge.
func TestBasicAuth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		mw      fast.Handler
		headers []string
		status  int
		body    string
		realm   string
	}{
		{"should respond 401 without credentials", basicauth.New("tj", "wahoo"), nil, 401, "Unauthorized", `Basic realm="Authorization Required"`},
		{"should let the right user in", basicauth.New("tj", "wahoo"), []string{basic("tj", "wahoo")}, 200, "tj", ""},
		{"should refuse a wrong password", basicauth.New("tj", "wahoo"), []string{basic("tj", "wahoo!")}, 401, "Unauthorized", `Basic realm="Authorization Required"`},
		{"should refuse a wrong user", basicauth.New("tj", "wahoo"), []string{basic("TJ", "wahoo")}, 401, "Unauthorized", `Basic realm="Authorization Required"`},
		{"should refuse a password prefix", basicauth.New("tj", "wahoo"), []string{basic("tj", "wah")}, 401, "Unauthorized", `Basic realm="Authorization Required"`},
		{"should use the realm", basicauth.New("tj", "wahoo", basicauth.Config{Realm: "Admin"}), nil, 401, "Unauthorized", `Basic realm="Admin"`},
		{"should pass a sync check", basicauth.Func(func(u, p string) bool { return p == u+"!" }), []string{basic("me", "me!")}, 200, "me", ""},
		{"should answer 400 to a malformed header", basicauth.New("tj", "wahoo"), []string{"Authorization: Basic"}, 400, "", ""},
		{"should set a user from an async check", basicauth.Async(func(u, p string, done func(error, any)) {
			time.AfterFunc(time.Millisecond, func() { done(nil, "user:"+u) })
		}), []string{basic("a", "b")}, 200, "user:a", ""},
		{"should refuse when the async check errs", basicauth.Async(func(u, p string, done func(error, any)) {
			done(fast.NewHTTPError(500, "db down"), "a")
		}), []string{basic("a", "b")}, 401, "Unauthorized", `Basic realm="Authorization Required"`},
		{"should ignore a second done", basicauth.Async(func(u, p string, done func(error, any)) {
			done(nil, "first")
			done(nil, "second")
		}), []string{basic("a", "b")}, 200, "first", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			app := fast.New()
			app.Use(tt.mw)
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.SendString(basicauth.User(req).(string))
			})
			resp := testserver.New(t, app).Get("/", tt.headers...)
			if resp.Status != tt.status {
				t.Fatalf("status %d, want %d", resp.Status, tt.status)
			}
			if tt.body != "" && resp.Body != tt.body {
				t.Errorf("body %q, want %q", resp.Body, tt.body)
			}
			if got := resp.Get("WWW-Authenticate"); got != tt.realm {
				t.Errorf("WWW-Authenticate %q, want %q", got, tt.realm)
			}
			if tt.status == 401 && resp.Get("Content-Type") != "" {
				t.Errorf("Content-Type %q on 401, connect sends none", resp.Get("Content-Type"))
			}
		})
	}
}

// TestCheckNotCalledWithoutCredentials: the check runs only for a
// well-formed header, and a request with a user skips it.
func TestCheckNotCalledWithoutCredentials(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	app := fast.New()
	app.Use("/preset", func(req *fast.Request, res *fast.Response, next fast.Next) {
		basicauth.SetUser(req, "someone")
		next()
	})
	app.Use(basicauth.Func(func(u, p string) bool { calls.Add(1); return true }))
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("ok") })
	s := testserver.New(t, app)
	for _, h := range [][]string{nil, {"Authorization: Basic"}, {"Authorization: Digest x"}} {
		s.Get("/", h...)
	}
	if r := s.Get("/preset", basic("x", "y")); r.Status != 200 {
		t.Errorf("preset user: status %d", r.Status)
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("check called %d times", n)
	}
}

func TestNilCheckPanics(t *testing.T) {
	t.Parallel()
	for name, f := range map[string]func(){
		"Func":  func() { basicauth.Func(nil) },
		"Async": func() { basicauth.Async(nil) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}
