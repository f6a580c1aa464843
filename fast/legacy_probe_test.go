package fast

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fwgo/fw/static"
)

// legacyProbeApp builds, with the 3.x profile, the app of
// testdata/legacy/probe.js, whose answers from Express 3.21.2 are recorded
// in testdata/legacy/<env>.jsonl. dir holds name.txt.
func legacyProbeApp(env, dir string) *App {
	a := New()
	a.envAtInit = env
	a.Set("env", env)
	app := initLegacy3(a)
	r := func(p string, h Handler) { app.All(p, h) }

	app.Param(RegexpParam)
	app.Param("uid", regexp.MustCompile(`^\d+$`))
	app.Param("range", regexp.MustCompile(`^(\w+)\.\.(\w+)?$`))
	app.Use("/static", func(req *Request, res *Response, next Next) {
		res.Send("static url=" + req.URL() + " original=" + req.OriginalURL())
	})
	app.Get("/user/:uid", func(req *Request, res *Response, next Next) {
		res.Send("user " + req.Params().Get("uid"))
	})
	app.Get("/range/:range", func(req *Request, res *Response, next Next) {
		c := req.ParamCaptures("range")
		to := c[2]
		if to == "" {
			to = "undefined" // JavaScript prints the group that did not match so
		}
		res.Send("from " + c[1] + " to " + to)
	})
	app.Get("/user/:uid", func(req *Request, res *Response, next Next) { res.Send("never") })

	r("/send/status-body", func(req *Request, res *Response, next Next) { res.SendStatusBody(404, "nope") })
	r("/send/status-number", func(req *Request, res *Response, next Next) { res.SendStatusBody(201, 5) })
	r("/send/status-object", func(req *Request, res *Response, next Next) {
		res.SendStatusBody(201, map[string]int{"a": 1})
	})
	r("/send/status-only", func(req *Request, res *Response, next Next) { res.Send(418) })
	r("/send/string", func(req *Request, res *Response, next Next) { res.Send("hello") })
	r("/send/empty", func(req *Request, res *Response, next Next) { res.Send("") })
	r("/send/buffer", func(req *Request, res *Response, next Next) { res.Send([]byte("hi")) })
	r("/json/status", func(req *Request, res *Response, next Next) {
		res.JSONStatus(201, map[string]any{"a": []int{1, 2}, "b": "x"})
	})
	r("/json/plain", func(req *Request, res *Response, next Next) { res.JSON(map[string]int{"a": 1}) })
	r("/jsonp/status", func(req *Request, res *Response, next Next) { res.JSONPStatus(202, map[string]int{"a": 1}) })

	r("/charset/buffer", func(req *Request, res *Response, next Next) {
		res.SetCharset("ISO-8859-1").Send([]byte("hi"))
	})
	r("/charset/string", func(req *Request, res *Response, next Next) { res.SetCharset("ISO-8859-1").Send("hi") })
	r("/charset/set", func(req *Request, res *Response, next Next) {
		res.SetCharset("ISO-8859-1").Set("Content-Type", "text/plain").End("hi")
	})
	r("/charset/keep", func(req *Request, res *Response, next Next) {
		res.SetCharset("ISO-8859-1").Set("Content-Type", "text/plain; charset=utf-16").End("hi")
	})
	r("/charset/json", func(req *Request, res *Response, next Next) {
		res.SetCharset("ISO-8859-1").JSON(map[string]int{"a": 1})
	})

	r("/req/accepted", func(req *Request, res *Response, next Next) {
		l := req.Legacy3()
		accepted := []jsonObject{}
		for _, a := range l.Accepted() {
			m := jsonObject{{"value", a.Value}, {"quality", a.Quality}, {"type", a.Type}}
			if strings.Contains(a.Value, "/") {
				m = append(m, [2]any{"subtype", a.Subtype})
			}
			accepted = append(accepted, m)
		}
		var host any
		if h := l.Host(); h != "" {
			host = h
		}
		orEmpty := func(s []string) []string {
			if s == nil {
				return []string{}
			}
			return s
		}
		res.JSON(jsonObject{
			{"accepted", accepted},
			{"acceptedLanguages", orEmpty(l.AcceptedLanguages())},
			{"acceptedCharsets", orEmpty(l.AcceptedCharsets())},
			{"acceptsCharsetUTF8", l.AcceptsCharset("utf-8")},
			{"acceptsCharsetLatin1", l.AcceptsCharset("iso-8859-1")},
			{"acceptsLanguageEn", l.AcceptsLanguage("en")},
			{"acceptsLanguageEnUS", l.AcceptsLanguage("en-US")},
			{"host", host},
		})
	})

	r("/redirect/rel", func(req *Request, res *Response, next Next) { res.Redirect("admin") })
	r("/redirect/dot", func(req *Request, res *Response, next Next) { res.Redirect("./edit") })
	r("/redirect/dotdot", func(req *Request, res *Response, next Next) { res.Redirect("../list") })
	r("/redirect/abs", func(req *Request, res *Response, next Next) { res.Redirect("/login") })
	r("/redirect/url", func(req *Request, res *Response, next Next) { res.Redirect("http://example.com/a b") })
	r("/redirect/back", func(req *Request, res *Response, next Next) { res.Redirect("back") })
	r("/redirect/301", func(req *Request, res *Response, next Next) { res.RedirectStatus(301, "admin") })
	r("/redirect/xss", func(req *Request, res *Response, next Next) { res.Redirect("<la'me>") })
	r("/location/rel", func(req *Request, res *Response, next Next) { res.Location("admin").End() })

	name := filepath.Join(dir, "name.txt")
	r("/sendfile", func(req *Request, res *Response, next Next) {
		res.Sendfile("name.txt", &SendFileOptions{Root: dir, MaxAge: 60000}, nil)
	})
	r("/sendfile/missing", func(req *Request, res *Response, next Next) {
		res.Sendfile("nope.txt", &SendFileOptions{Root: dir}, nil)
	})
	r("/sendfile/cb", func(req *Request, res *Response, next Next) {
		res.Sendfile("nope.txt", &SendFileOptions{Root: dir}, func(err error) {
			res.SendStatusBody(200, "cb "+strconv.Itoa(StatusCode(err)))
		})
	})
	r("/download", func(req *Request, res *Response, next Next) { res.Download(name, "", nil, nil) })
	r("/download/name", func(req *Request, res *Response, next Next) { res.Download(name, "report.txt", nil, nil) })
	r("/download/cb", func(req *Request, res *Response, next Next) {
		res.Download(filepath.Join(dir, "nope.txt"), "", nil, func(err error) {
			code := ""
			var se *static.Error
			if errors.As(err, &se) {
				code = se.Code
			}
			res.Send("cb " + code)
		})
	})

	r("/format", func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{
			{"text", func(req *Request, res *Response, next Next) { res.Send("t") }},
			{"html", func(req *Request, res *Response, next Next) { res.Send("<p>h</p>") }},
			{"json", func(req *Request, res *Response, next Next) { res.Send(map[string]int{"j": 1}) }},
		})
	})
	r("/format/end", func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{
			{"json", func(req *Request, res *Response, next Next) { res.End("j") }},
			{"html", func(req *Request, res *Response, next Next) { res.End("h") }},
		})
	})

	r("/error", func(req *Request, res *Response, next Next) { next(&HTTPError{Name: "Error", Message: "boom"}) })
	r("/error/403", func(req *Request, res *Response, next Next) {
		next(&HTTPError{Status: 403, Name: "Error", Message: "no <way>"})
	})
	r("/error/status-set", func(req *Request, res *Response, next Next) {
		res.Status(503)
		next(&HTTPError{Name: "Error", Message: "x"})
	})

	blog := NewLegacy3()
	blog.Get("/post", func(req *Request, res *Response, next Next) { res.Redirect("admin") })
	blog.Get("/post/dot", func(req *Request, res *Response, next Next) { res.Redirect("./edit") })
	blog.Get("/loc", func(req *Request, res *Response, next Next) { res.Location("admin").End() })
	app.Use("/blog", blog)
	return app
}

// jsonObject is a JSON object with its members in order.
type jsonObject [][2]any

func (o jsonObject) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, kv := range o {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(kv[0])
		v, err := json.Marshal(kv[1])
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

// legacyRecorded reads testdata/legacy/<env>.jsonl: the routes line, then
// the exchanges.
func legacyRecorded(t *testing.T, env string) (routes json.RawMessage, cases []responseCase) {
	t.Helper()
	f, err := os.Open("testdata/legacy/" + env + ".jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if routes == nil {
			var first struct {
				Routes json.RawMessage `json:"routes"`
			}
			if err := json.Unmarshal(sc.Bytes(), &first); err != nil {
				t.Fatal(err)
			}
			routes = first.Routes
			continue
		}
		var c responseCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return routes, cases
}

// TestLegacy3MatchesExpress3 replays the requests recorded from Express
// 3.21.2 (testdata/legacy/probe.js) against the same app built with
// NewLegacy3, in development and in production, and compares status line,
// headers (as a set, names case-insensitively) and body.
func TestLegacy3MatchesExpress3(t *testing.T) {
	t.Parallel()
	for _, env := range []string{"development", "production"} {
		t.Run(env, func(t *testing.T) {
			t.Parallel()
			_, cases := legacyRecorded(t, env)
			if len(cases) < 60 {
				t.Fatalf("%d cases", len(cases))
			}
			dir := t.TempDir()
			file := filepath.Join(dir, "name.txt")
			if err := os.WriteFile(file, []byte("tobi"), 0o644); err != nil {
				t.Fatal(err)
			}
			mtime := time.UnixMilli(1700000000000)
			if err := os.Chtimes(file, mtime, mtime); err != nil {
				t.Fatal(err)
			}
			s := serveTest(t, legacyProbeApp(env, dir))
			for _, c := range cases {
				name := c.Method + " " + c.Target
				for _, h := range c.ReqHeaders {
					name += " " + h[0] + ":" + h[1]
				}
				t.Run(name, func(t *testing.T) { checkLegacyCase(t, s, env, dir, c) })
			}
		})
	}
}

// legacyDivergent are the recorded cases fast answers differently on
// purpose (fast/doc.go), with what fast answers instead.
var legacyDivergent = map[string]string{
	"/sendfile/cwd": "the probe serves a path relative to its working directory; TestLegacy3Response " +
		"(res.sendfile(path) with a relative path) covers a relative path without root",
	"/redirect/url": "fast percent-encodes Location (CVE-2024-29041); Express 3 sends it raw",
	"/redirect/xss": "fast percent-encodes Location (CVE-2024-29041); Express 3 sends it raw",
}

func checkLegacyCase(t *testing.T, s *testServer, env, dir string, c responseCase) {
	if why, ok := legacyDivergent[c.Target]; ok {
		checkLegacyDivergence(t, s, c, why)
		return
	}
	var raw strings.Builder
	raw.WriteString(c.Method + " " + c.Target + " HTTP/1.1\r\n")
	if !slices.ContainsFunc(c.ReqHeaders, func(h [2]string) bool { return h[0] == "Host" }) {
		raw.WriteString("Host: example.com\r\n")
	}
	for _, h := range c.ReqHeaders {
		raw.WriteString(h[0] + ": " + latin1(h[1]) + "\r\n")
	}
	raw.WriteString("Connection: close\r\n\r\n")
	r := legacyRaw(t, s, raw.String(), c.Method == "HEAD")
	if r.status != c.Status || r.reason != c.Reason {
		t.Errorf("status %d %q, want %d %q", r.status, r.reason, c.Status, c.Reason)
	}
	want := latin1(c.Body)
	stack := env == "development" && (strings.HasPrefix(c.Target, "/error") || c.Target == "/sendfile/missing")
	got := r.body
	if stack {
		// A Go error has a Go stack, or none, where Node prints the
		// JavaScript stack; the first line is compared. send's message
		// names the missing path, fast's leaves it out (doc.go).
		want, _, _ = strings.Cut(want, "<br>")
		want = strings.TrimSuffix(want, "\n")
		got, _, _ = strings.Cut(got, "<br>")
		got = strings.TrimSuffix(got, "\n")
		if c.Target == "/sendfile/missing" {
			want = strings.Replace(want, ", stat &#39;"+"", ", stat", 1)
			want = regexp.MustCompile(`, stat.*$`).ReplaceAllString(want, ", stat")
		}
	}
	if got != want {
		t.Errorf("body\n%q\nwant\n%q", got, want)
	}
	var gotH, wantH []string
	for _, h := range r.headers {
		k := strings.ToLower(h[0])
		if k == "date" || k == "connection" || (stack && k == "content-length") {
			continue
		}
		gotH = append(gotH, k+": "+h[1])
	}
	for _, h := range c.Headers {
		k := strings.ToLower(h[0])
		if stack && k == "content-length" {
			continue
		}
		if k == "x-powered-by" {
			h[1] = poweredBy
		}
		wantH = append(wantH, k+": "+latin1(h[1]))
	}
	if g, w := slices.Sorted(slices.Values(gotH)), slices.Sorted(slices.Values(wantH)); !slices.Equal(g, w) {
		t.Errorf("headers\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

// checkLegacyDivergence checks what fast answers where it diverges.
func checkLegacyDivergence(t *testing.T, s *testServer, c responseCase, why string) {
	t.Log("divergence: " + why)
	var hs []string
	for _, h := range c.ReqHeaders {
		hs = append(hs, h[0], h[1])
	}
	switch c.Target {
	case "/redirect/url":
		r := s.do(c.Method, c.Target, hs...)
		if r.status != 302 || r.header("Location") != "http://example.com/a%20b" {
			t.Errorf("got %d Location %q", r.status, r.header("Location"))
		}
	case "/redirect/xss":
		r := s.do(c.Method, c.Target, hs...)
		if loc := r.header("Location"); loc != "/%3Cla'me%3E" {
			t.Errorf("Location %q", loc)
		}
		if strings.Contains(r.body, "<la") {
			t.Errorf("body %q is not escaped", r.body)
		}
	}
}

// legacyRaw sends a raw request and reads the response; failures are t's.
func legacyRaw(t *testing.T, s *testServer, raw string, head bool) *testResponse {
	t.Helper()
	conn, err := s.ln.Dial()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	go conn.Write([]byte(raw))
	return readResponse(t, conn, head)
}
