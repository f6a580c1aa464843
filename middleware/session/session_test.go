package session_test

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/session"
)

func sessionApp(c session.Config, routes func(app *fast.App)) *fast.App {
	if c.Secret == nil {
		c.Secret = []string{"keyboard cat"}
	}
	app := fast.New()
	app.Use(session.New(c))
	routes(app)
	return app
}

func sessionCookie(h http.Header) string {
	for _, v := range h.Values("Set-Cookie") {
		if strings.HasPrefix(v, "connect.sid=") {
			pair, _, _ := strings.Cut(v, ";")
			return pair
		}
	}
	return ""
}

// TestCVE202438513 (GO-2024-2980, gofiber session): a session ID the
// client makes up is never used. Unsigned IDs, IDs signed with another
// secret, and correctly signed IDs the store does not know all get a new
// server-generated ID.
func TestCVE202438513(t *testing.T) {
	t.Parallel()
	store := session.NewMemoryStore()
	app := sessionApp(session.Config{Store: store}, func(app *fast.App) {
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendString(session.Get(req).ID())
		})
	})
	s := testserver.New(t, app)
	idForm := regexp.MustCompile(`^[A-Za-z0-9_-]{32}$`)
	for _, cookie := range []string{
		"connect.sid=attacker-chosen-id",
		"connect.sid=s%3Aattacker-chosen-id.bogus",
		"connect.sid=" + signedCookie("attacker-chosen-id", "another secret"),
		"connect.sid=" + signedCookie("attacker-chosen-id", "keyboard cat"),
	} {
		resp := s.Get("/", "Cookie: "+cookie)
		if resp.Body == "attacker-chosen-id" || !idForm.MatchString(resp.Body) {
			t.Errorf("cookie %s: session ID %q", cookie, resp.Body)
		}
		if sessionCookie(resp.Header) == "" {
			t.Errorf("cookie %s: no new cookie", cookie)
		}
	}
	if data, _ := store.Get(context.Background(), "attacker-chosen-id"); data != nil {
		t.Error("the made-up ID was stored")
	}
}

// TestRegenerateFixation: after Regenerate (login) the session has a new
// ID, the old ID is gone from the store, and the old cookie gets a fresh
// empty session.
func TestRegenerateFixation(t *testing.T) {
	t.Parallel()
	store := session.NewMemoryStore()
	app := sessionApp(session.Config{Store: store}, func(app *fast.App) {
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
			s := session.Get(req)
			user, _ := s.Get("user").(string)
			res.SendString(s.ID() + " " + user)
		})
		app.Get("/login", func(req *fast.Request, res *fast.Response, next fast.Next) {
			s := session.Get(req)
			if err := s.Regenerate(); err != nil {
				next(err)
				return
			}
			s.Set("user", "tobi")
			res.SendString(s.ID())
		})
	})
	srv := testserver.New(t, app)
	first := srv.Get("/")
	planted := sessionCookie(first.Header)
	oldID := strings.TrimSpace(first.Body)
	login := srv.Get("/login", "Cookie: "+planted)
	newID := login.Body
	if newID == oldID || sessionCookie(login.Header) == "" || sessionCookie(login.Header) == planted {
		t.Fatalf("login kept the ID: %q -> %q", oldID, newID)
	}
	if data, _ := store.Get(context.Background(), oldID); data != nil {
		t.Error("the pre-login session is still stored")
	}
	if r := srv.Get("/", "Cookie: "+planted); strings.HasSuffix(r.Body, "tobi") {
		t.Errorf("the planted cookie reaches the logged-in session: %q", r.Body)
	}
	if r := srv.Get("/", "Cookie: "+sessionCookie(login.Header)); r.Body != newID+" tobi" {
		t.Errorf("logged-in session: %q", r.Body)
	}
}

// TestValuesRoundTrip: values come back as JSON.parse gives them.
func TestValuesRoundTrip(t *testing.T) {
	t.Parallel()
	app := sessionApp(session.Config{}, func(app *fast.App) {
		app.Get("/set", func(req *fast.Request, res *fast.Response, next fast.Next) {
			s := session.Get(req)
			s.Set("n", 42)
			s.Set("obj", map[string]any{"a": []int{1, 2}})
			s.Set("gone", "x")
			s.Delete("gone")
			if v := s.Get("n"); v != 42 {
				t.Errorf("same request: %#v", v)
			}
			res.End()
		})
		app.Get("/get", func(req *fast.Request, res *fast.Response, next fast.Next) {
			s := session.Get(req)
			n, _ := s.Get("n").(float64)
			obj, _ := s.Get("obj").(*fast.Object)
			_, gone := s.Lookup("gone")
			a, _ := obj.Get("a")
			if n != 42 || gone || len(a.([]any)) != 2 {
				t.Errorf("n %v, gone %v, a %#v", n, gone, a)
			}
			b, _ := s.Values().MarshalJSON()
			res.SendBytes(b)
		})
	})
	srv := testserver.New(t, app)
	c := sessionCookie(srv.Get("/set").Header)
	if got := srv.Get("/get", "Cookie: "+c).Body; got != `{"n":42,"obj":{"a":[1,2]}}` {
		t.Errorf("values %s", got)
	}
}

// failingStore fails as configured and counts touches.
type failingStore struct {
	*session.MemoryStore
	getErr, setErr error
	touches        atomic.Int32
}

func (f *failingStore) Get(ctx context.Context, id string) ([]byte, error) {
	if f.getErr != nil {
		return nil, f.getErr
	}
	return f.MemoryStore.Get(ctx, id)
}

func (f *failingStore) Set(ctx context.Context, id string, data []byte, exp time.Time) error {
	if f.setErr != nil {
		return f.setErr
	}
	return f.MemoryStore.Set(ctx, id, data, exp)
}

func (f *failingStore) Touch(ctx context.Context, id string, data []byte, exp time.Time) error {
	f.touches.Add(1)
	return f.MemoryStore.Touch(ctx, id, data, exp)
}

func TestStoreErrors(t *testing.T) {
	t.Parallel()
	t.Run("should pass a store get error to next", func(t *testing.T) {
		t.Parallel()
		store := &failingStore{MemoryStore: session.NewMemoryStore(), getErr: errors.New("store down")}
		app := sessionApp(session.Config{Store: store}, func(app *fast.App) {
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("ok") })
		})
		r := testserver.New(t, app).Get("/", "Cookie: connect.sid="+signedCookie("abc", "keyboard cat"))
		if r.Status != 500 || !strings.Contains(r.Body, "store down") {
			t.Errorf("status %d body %q", r.Status, r.Body)
		}
	})
	t.Run("should log a save error and close the connection", func(t *testing.T) {
		t.Parallel()
		var logged atomic.Value
		store := &failingStore{MemoryStore: session.NewMemoryStore(), setErr: errors.New("disk full")}
		app := sessionApp(session.Config{Store: store, ErrorLog: func(err error) { logged.Store(err) }}, func(app *fast.App) {
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("ok") })
		})
		r := testserver.New(t, app).Do("GET / HTTP/1.1\r\nHost: x\r\n\r\n") // keep-alive
		if err, _ := logged.Load().(error); err == nil || err.Error() != "disk full" {
			t.Errorf("logged %v", logged.Load())
		}
		if !r.Close {
			t.Error("the connection stays open")
		}
	})
	t.Run("should touch instead of saving without resave", func(t *testing.T) {
		t.Parallel()
		store := &failingStore{MemoryStore: session.NewMemoryStore()}
		app := sessionApp(session.Config{Store: store, NoResave: true}, func(app *fast.App) {
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("ok") })
		})
		srv := testserver.New(t, app)
		c := sessionCookie(srv.Get("/").Header)
		srv.Get("/", "Cookie: "+c)
		srv.Get("/", "Cookie: "+c)
		if n := store.touches.Load(); n != 2 {
			t.Errorf("%d touches", n)
		}
	})
	t.Run("should require a secret", func(t *testing.T) {
		t.Parallel()
		app := fast.New()
		app.Use(session.New())
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("ok") })
		r := testserver.New(t, app).Get("/")
		if r.Status != 500 || !strings.Contains(r.Body, "secret option required for sessions") {
			t.Errorf("status %d body %q", r.Status, r.Body)
		}
	})
}

func TestMemoryStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := session.NewMemoryStore()
	s.Set(ctx, "a", []byte(`{"cookie":{"originalMaxAge":null},"x":1}`), time.Time{})
	s.Set(ctx, "old", []byte(`{}`), time.Now().Add(-time.Second))
	if data, _ := s.Get(ctx, "old"); data != nil {
		t.Error("expired session returned")
	}
	if n := s.Len(); n != 1 {
		t.Errorf("Len %d", n)
	}
	s.Touch(ctx, "a", []byte(`{"cookie":{"originalMaxAge":5},"x":2}`), time.Now().Add(time.Hour))
	if data, _ := s.Get(ctx, "a"); string(data) != `{"cookie":{"originalMaxAge":5},"x":1}` {
		t.Errorf("after Touch: %s", data)
	}
	s.Destroy(ctx, "a")
	if s.Len() != 0 || len(s.All()) != 0 {
		t.Error("Destroy left a session")
	}
	s.Set(ctx, "b", []byte(`{}`), time.Time{})
	s.Clear()
	if s.Len() != 0 {
		t.Error("Clear left a session")
	}
}

func TestConcurrentSessions(t *testing.T) {
	t.Parallel()
	app := sessionApp(session.Config{}, func(app *fast.App) {
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
			s := session.Get(req)
			v, _ := s.Get("n").(float64)
			s.Set("n", v+1)
			res.JSON(v + 1)
		})
	})
	srv := testserver.New(t, app)
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := sessionCookie(srv.Get("/").Header)
			for want := 2; want <= 5; want++ {
				if got := srv.Get("/", "Cookie: "+c).Body; got != strings.TrimSpace(itoa(want)) {
					t.Errorf("got %s, want %d", got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestSetCookieKeyPanics(t *testing.T) {
	t.Parallel()
	app := sessionApp(session.Config{}, func(app *fast.App) {
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
			session.Get(req).Set("cookie", 1)
		})
	})
	if r := testserver.New(t, app).Get("/"); r.Status != 500 {
		t.Errorf("status %d", r.Status)
	}
}

func TestEmptySecretPanics(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	session.New(session.Config{Secret: []string{""}})
}

func itoa(n int) string { return string(rune('0' + n)) }
