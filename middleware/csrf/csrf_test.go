package csrf_test

import (
	"crypto/sha1"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookieparser"
	"github.com/fwgo/fw/middleware/cookiesession"
	"github.com/fwgo/fw/middleware/csrf"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/session"
)

func csrfApp(mws ...fast.Handler) *fast.App {
	app := fast.New()
	for _, mw := range mws {
		app.Use(mw)
	}
	app.Get("/token", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString(csrf.Token(req)) })
	app.Post("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("ok") })
	app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		if !errors.Is(err, csrf.ErrBadToken) {
			res.Status(500).SendString(err.Error())
			return
		}
		res.Status(403).SendString("bad token")
	})
	return app
}

// visit fetches a token and the cookies that go with it.
func visit(s *testserver.Server, cookie string) (token, cookies string) {
	var h []string
	if cookie != "" {
		h = append(h, "Cookie: "+cookie)
	}
	r := s.Get("/token", h...)
	c := testserver.CookiePairs(r.Header)
	if c == "" {
		c = cookie
	}
	return r.Body, c
}

func post(s *testserver.Server, cookies string, headers ...string) int {
	if cookies != "" {
		headers = append(headers, "Cookie: "+cookies)
	}
	return s.Do(testserver.Request("POST", "/", "", headers...)).Status
}

// TestCsurfAdvisory: the token sent must not be the cookie itself. In
// cookie mode the cookie holds the signed secret; sending the secret, or
// the cookie's value, as the token fails.
func TestCsurfAdvisory(t *testing.T) {
	t.Parallel()
	s := testserver.New(t, csrfApp(cookieparser.New("parser secret"), csrf.New(csrf.Config{Cookie: &csrf.CookieConfig{}})))
	token, cookies := visit(s, "")
	value := strings.TrimPrefix(cookies, "_csrf=")
	secret, _, _ := strings.Cut(strings.TrimPrefix(value, "s%3A"), ".")
	for _, forged := range []string{value, secret, "s:" + secret} {
		if st := post(s, cookies, "X-CSRF-Token: "+forged); st != 403 {
			t.Errorf("token %q (the cookie): status %d", forged, st)
		}
	}
	if st := post(s, cookies, "X-CSRF-Token: "+token); st != 200 {
		t.Errorf("real token: status %d", st)
	}
}

// TestCVE202345128 (Fiber CSRF): a token issued to one visitor does not
// pass for another.
func TestCVE202345128(t *testing.T) {
	t.Parallel()
	for name, mws := range map[string][]fast.Handler{
		"session": {session.New(session.Config{Secret: []string{"s"}}), csrf.New()},
		"cookie":  {cookieparser.New("p"), csrf.New(csrf.Config{Cookie: &csrf.CookieConfig{}})},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := testserver.New(t, csrfApp(mws...))
			attackerToken, _ := visit(s, "")
			_, victim := visit(s, "")
			if st := post(s, victim, "X-CSRF-Token: "+attackerToken); st != 403 {
				t.Errorf("another visitor's token: status %d", st)
			}
		})
	}
}

// TestCVE202345141 (Fiber CSRF): a cookie planted by a sibling subdomain,
// with a token made to match it, is not accepted: the secret cookie must
// be signed with the server's secret.
func TestCVE202345141(t *testing.T) {
	t.Parallel()
	s := testserver.New(t, csrfApp(cookieparser.New("p"), csrf.New(csrf.Config{Cookie: &csrf.CookieConfig{}})))
	const planted = "attackersecret"
	sum := sha1.Sum([]byte("salt-" + planted))
	token := "salt-" + base64.RawURLEncoding.EncodeToString(sum[:])
	for _, cookie := range []string{"_csrf=" + planted, "_csrf=s%3A" + planted + ".forged"} {
		if st := post(s, cookie, "X-CSRF-Token: "+token); st != 403 {
			t.Errorf("planted %s: status %d", cookie, st)
		}
	}
}

// TestCookieSession: the secret may live in a cookie-session session.
func TestCookieSession(t *testing.T) {
	t.Parallel()
	s := testserver.New(t, csrfApp(cookiesession.New(cookiesession.Config{Keys: []string{"k"}}), csrf.New()))
	token, cookies := visit(s, "")
	if !strings.Contains(cookies, "session=") {
		t.Fatalf("no session cookie: %q", cookies)
	}
	if st := post(s, cookies, "X-CSRF-Token: "+token); st != 200 {
		t.Errorf("status %d", st)
	}
	if st := post(s, cookies); st != 403 {
		t.Errorf("no token: status %d", st)
	}
}

// TestTokenAfterRegenerate: Token reads the secret from the session again,
// so after a login (Regenerate) a new secret is made and stored.
func TestTokenAfterRegenerate(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Use(session.New(session.Config{Secret: []string{"s"}}), csrf.New())
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		before := csrf.Token(req)
		session.Get(req).Regenerate()
		after := csrf.Token(req)
		secret, _ := session.Get(req).Get("csrfSecret").(string)
		res.SendString(strings.Join([]string{before, after, secret}, " "))
	})
	parts := strings.Fields(testserver.New(t, app).Get("/").Body)
	if len(parts) != 3 || parts[0] == parts[1] || parts[2] == "" {
		t.Errorf("before/after/secret: %q", parts)
	}
}

func TestMisconfigured(t *testing.T) {
	t.Parallel()
	cookieMode := csrf.Config{Cookie: &csrf.CookieConfig{}}
	for name, mws := range map[string][]fast.Handler{
		"no session":                   {csrf.New()},
		"cookie without cookie-parser": {csrf.New(cookieMode)},
		"cookie-parser without secret": {cookieparser.New(), csrf.New(cookieMode)},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := testserver.New(t, csrfApp(mws...)).Get("/token")
			if r.Status != 500 || r.Body != "misconfigured csrf" {
				t.Errorf("status %d body %q", r.Status, r.Body)
			}
		})
	}
}

func TestTokenWithoutMiddleware(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("[" + csrf.Token(req) + "]")
	})
	if b := testserver.New(t, app).Get("/").Body; b != "[]" {
		t.Errorf("body %q", b)
	}
}
