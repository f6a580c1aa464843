package fast

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// responseCase is one line of testdata/express/response.jsonl: what
// Express 4.22.3 answered, recorded by testdata/express/response_probe.js.
// Strings hold one character per byte (Node's latin1).
type responseCase struct {
	Method     string      `json:"method"`
	Target     string      `json:"target"`
	ReqHeaders [][2]string `json:"reqHeaders"`
	Status     int         `json:"status"`
	Reason     string      `json:"reason"`
	Headers    [][2]string `json:"headers"`
	Body       string      `json:"body"`
}

// latin1 turns a string of characters below U+0100 into their bytes.
func latin1(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// responseProbeApp builds the routes of response_probe.js.
func responseProbeApp() *App {
	app := New()
	app.Set("env", "production")
	r := func(path string, h Handler) { app.All(path, h) }
	type H = Handler
	_ = H(nil)

	r("/send/null", func(req *Request, res *Response, next Next) { res.Send(nil) })
	r("/send/undefined", func(req *Request, res *Response, next Next) { res.Send(Undefined) })
	r("/send/true", func(req *Request, res *Response, next Next) { res.Send(true) })
	r("/send/number", func(req *Request, res *Response, next Next) { res.Status(200).Send(1.5) })
	r("/send/status", func(req *Request, res *Response, next Next) { res.Send(404) })
	r("/send/unknown-status", func(req *Request, res *Response, next Next) { res.Send(599) })
	r("/send/buffer-typed", func(req *Request, res *Response, next Next) { res.Type("html").Send([]byte("<b>x</b>")) })
	r("/send/string-json", func(req *Request, res *Response, next Next) { res.Type("json").Send(`{"a":1}`) })
	r("/send/twice", func(req *Request, res *Response, next Next) {
		res.Send("a")
		res.Send("b")
	})
	r("/send/set-after", func(req *Request, res *Response, next Next) {
		res.End()
		res.Set("X-After", "1")
	})
	r("/send/status-99", func(req *Request, res *Response, next Next) { res.Status(99).Send("x") })
	r("/send/empty", func(req *Request, res *Response, next Next) { res.Send("") })
	r("/send/205", func(req *Request, res *Response, next Next) { res.Status(205).Send("foo") })
	r("/send/modified", func(req *Request, res *Response, next Next) {
		res.Set("Last-Modified", "Tue, 02 Jan 2024 03:04:05 GMT").Send("dated")
	})
	r("/send/unicode", func(req *Request, res *Response, next Next) { res.Send("caf\u00e9 \u2603") })
	r("/end/data", func(req *Request, res *Response, next Next) { res.End("hello") })
	r("/end/none", func(req *Request, res *Response, next Next) { res.End() })
	r("/status/1000", func(req *Request, res *Response, next Next) { res.Status(1000).End() })
	r("/status/404-then-throw", func(req *Request, res *Response, next Next) {
		res.Status(404)
		res.Set("X Y", "a")
	})
	r("/sendstatus/:code", func(req *Request, res *Response, next Next) {
		code, _ := strconv.Atoi(req.Params().Get("code"))
		res.SendStatus(code)
	})

	r("/set/bad-name", func(req *Request, res *Response, next Next) {
		res.Set("X Y", "a")
		res.End()
	})
	r("/set/bad-value", func(req *Request, res *Response, next Next) {
		res.Set("X", "a\nb")
		res.End()
	})
	r("/set/type-array", func(req *Request, res *Response, next Next) {
		res.Set("Content-Type", []string{"text/html"}...)
		res.Set("Content-Type")
		res.Set("X-After", "1")
		res.End()
	})
	r("/set/multi", func(req *Request, res *Response, next Next) {
		res.Set("X-Multi", "a", "b")
		res.End()
	})
	r("/set/text-type", func(req *Request, res *Response, next Next) { res.Set("Content-Type", "text/x-foo").End() })
	r("/set/js-type", func(req *Request, res *Response, next Next) { res.Set("Content-Type", "application/javascript").End() })
	r("/append/type", func(req *Request, res *Response, next Next) {
		res.Set("Content-Type", "text/plain")
		res.Append("Content-Type", "text/html")
		res.End()
	})
	r("/append/list", func(req *Request, res *Response, next Next) {
		res.Append("X-L", "a")
		res.Append("X-L", "b", "c")
		res.End()
	})
	r("/type/:t", func(req *Request, res *Response, next Next) { res.Type(req.Params().Get("t")).End() })
	r("/attach/:name", func(req *Request, res *Response, next Next) { res.Attachment(req.Params().Get("name")).Send("x") })
	r("/attach", func(req *Request, res *Response, next Next) { res.Attachment().End() })
	r("/vary/list", func(req *Request, res *Response, next Next) {
		res.Vary("Accept, Accept-Encoding")
		res.Vary("accept")
		res.End()
	})
	r("/vary/array", func(req *Request, res *Response, next Next) {
		res.Vary("Origin", "Accept")
		res.End()
	})
	r("/vary/star", func(req *Request, res *Response, next Next) {
		res.Vary("Accept")
		res.Vary("*")
		res.End()
	})
	r("/vary/bad", func(req *Request, res *Response, next Next) {
		res.Vary("a b")
		res.End()
	})
	r("/links", func(req *Request, res *Response, next Next) {
		res.Set("Link", `<a>; rel="x"`)
		res.Links(Link{"next", "/n?a=1,2"}, Link{"last", "/l"})
		res.End()
	})

	r("/location/back", func(req *Request, res *Response, next Next) { res.Location("back").End() })
	r("/location/encode", func(req *Request, res *Response, next Next) {
		res.Location("https://x.com/\u00e4 b?c=<d>&e=%zz#f").End()
	})
	r("/redirect/back", func(req *Request, res *Response, next Next) { res.Redirect("back") })
	r("/redirect/399", func(req *Request, res *Response, next Next) { res.RedirectStatus(399, "/x") })
	r("/redirect/escape", func(req *Request, res *Response, next Next) { res.Redirect(`/<a>&'"`) })
	r("/redirect/301", func(req *Request, res *Response, next Next) { res.RedirectStatus(301, "/new") })

	r("/cookie/all", func(req *Request, res *Response, next Next) {
		res.Cookie("a", "b c", CookieOptions{Domain: "example.com", Path: "/p", Secure: true, HTTPOnly: true, SameSite: "lax",
			Priority: "high", Partitioned: true, Expires: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}).End()
	})
	r("/cookie/samesite-true", func(req *Request, res *Response, next Next) {
		res.Cookie("a", "b", CookieOptions{SameSite: "strict"}).End()
	})
	r("/cookie/samesite-none", func(req *Request, res *Response, next Next) {
		res.Cookie("a", "b", CookieOptions{SameSite: "None", Secure: true}).End()
	})
	r("/cookie/encode", func(req *Request, res *Response, next Next) {
		res.Cookie("a", "b=c", CookieOptions{Encode: func(s string) string { return s }}).End()
	})
	r("/cookie/json-array", func(req *Request, res *Response, next Next) {
		res.Cookie("a", []any{1, "x", map[string]any{"y": nil}}).End()
	})
	r("/cookie/null", func(req *Request, res *Response, next Next) { res.Cookie("a", nil).End() })
	r("/cookie/number", func(req *Request, res *Response, next Next) { res.Cookie("n", 1.5).End() })
	r("/cookie/unicode", func(req *Request, res *Response, next Next) { res.Cookie("u", "\u00e9\u2603 ;").End() })
	r("/cookie/bad-name", func(req *Request, res *Response, next Next) { res.Cookie("a b", "x").End() })
	r("/cookie/bad-path", func(req *Request, res *Response, next Next) { res.Cookie("a", "x", CookieOptions{Path: "/a;b"}).End() })
	r("/cookie/bad-domain", func(req *Request, res *Response, next Next) {
		res.Cookie("a", "x", CookieOptions{Domain: "a b"}).End()
	})
	r("/cookie/bad-samesite", func(req *Request, res *Response, next Next) {
		res.Cookie("a", "x", CookieOptions{SameSite: "foo"}).End()
	})
	r("/cookie/bad-encode", func(req *Request, res *Response, next Next) {
		res.Cookie("a", "x", CookieOptions{Encode: func(string) string { return "a;b" }}).End()
	})
	r("/cookie/dup", func(req *Request, res *Response, next Next) {
		res.Cookie("a", "1")
		res.Cookie("a", "2", CookieOptions{Path: "/x"})
		res.Append("Set-Cookie", "a=3")
		res.End()
	})
	r("/cookie/clear", func(req *Request, res *Response, next Next) {
		res.ClearCookie("sid", CookieOptions{Domain: "example.com", Path: "/admin", Secure: true}).End()
	})
	app.Use("/signed", withSecret("s3cret"))
	r("/signed/cookie", func(req *Request, res *Response, next Next) {
		res.Cookie("s", map[string]int{"a": 1}, CookieOptions{Signed: true, HTTPOnly: true}).End()
	})

	r("/json/object", func(req *Request, res *Response, next Next) { res.JSON(smallUser) })
	r("/json/undefined", func(req *Request, res *Response, next Next) { res.JSON(Undefined) })
	r("/json/typed", func(req *Request, res *Response, next Next) {
		res.Type("application/problem+json; charset=latin1").Status(400).JSON(map[string]string{"title": "bad"})
	})
	r("/json/date", func(req *Request, res *Response, next Next) {
		res.JSON(map[string]time.Time{"when": time.Date(2024, 1, 2, 3, 4, 5, 6e6, time.UTC)})
	})
	r("/json/strings", func(req *Request, res *Response, next Next) {
		res.JSON([]string{"\u2028\u2029<>&", "\x00\x1f\x7f", "é日本🎉"})
	})
	r("/jsonp", func(req *Request, res *Response, next Next) { res.JSONP(map[string]string{"a": "\u2028"}) })
	r("/jsonp/undefined", func(req *Request, res *Response, next Next) { res.JSONP(Undefined) })
	r("/jsonp/typed", func(req *Request, res *Response, next Next) { res.Type("text/plain").JSONP([]int{1}) })

	settings := New()
	settings.Set("json spaces", 2)
	settings.Enable("json escape")
	settings.Set("jsonp callback name", "cb")
	settings.Set("json replacer", []string{"b", "list", "x"})
	settings.All("/json", func(req *Request, res *Response, next Next) {
		res.JSON(map[string]any{"a": 1, "b": "<&>", "list": []any{map[string]int{"x": 1, "y": 2}, []any{}}})
	})
	settings.All("/jsonp", func(req *Request, res *Response, next Next) { res.JSONP(map[string]string{"b": "\u2028"}) })
	app.Use("/settings", settings)

	accepts := func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{
			{"text", func(req *Request, res *Response, next Next) { res.Send("t") }},
			{"application/json; q=0.5", func(req *Request, res *Response, next Next) { res.Send(map[string]int{"j": 1}) }},
			{"html", func(req *Request, res *Response, next Next) { res.Send("<p>h</p>") }},
		})
	}
	r("/format", accepts)
	r("/format/default", func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{
			{"json", func(req *Request, res *Response, next Next) { res.Send("j") }},
			{"default", func(req *Request, res *Response, next Next) { res.Status(299).Send("d") }},
		})
	})
	return app
}

// TestResponseMatchesExpress replays the requests of response.jsonl
// against the same routes in Go and compares status line, header lines
// (names case-insensitively, as a set; the order of repeated lines
// exactly) and body with Express's.
func TestResponseMatchesExpress(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/express/response.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []responseCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c responseCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if len(cases) < 100 {
		t.Fatalf("%d cases", len(cases))
	}
	// Cases where fast keeps a difference on purpose (see fast/doc.go).
	divergent := map[string]string{
		"GET /attach/r%C3%A9sum%C3%A9.pdf": "Node 20 re-encodes a Content-Disposition sent with a Content-Length " +
			"and writes each ISO-8859-1 character above 0x7F as 0xFD (the low byte of U+FFFD); fast writes the ISO-8859-1 bytes",
	}
	s := serveTest(t, responseProbeApp())
	for _, c := range cases {
		name := c.Method + " " + c.Target
		for _, h := range c.ReqHeaders {
			name += " " + h[0] + ":" + h[1]
		}
		t.Run(name, func(t *testing.T) {
			if why, ok := divergent[c.Method+" "+c.Target]; ok {
				t.Skip("divergence: " + why)
			}
			var hs []string
			for _, h := range c.ReqHeaders {
				hs = append(hs, h[0], latin1(h[1]))
			}
			r := s.do(c.Method, c.Target, hs...)
			if r.status != c.Status || r.reason != c.Reason {
				t.Errorf("status %d %q, want %d %q", r.status, r.reason, c.Status, c.Reason)
			}
			if want := latin1(c.Body); r.body != want {
				t.Errorf("body\n%q\nwant\n%q", r.body, want)
			}
			var got, want []string
			for _, h := range r.headers {
				if !strings.EqualFold(h[0], "Date") && !strings.EqualFold(h[0], "Connection") {
					got = append(got, strings.ToLower(h[0])+": "+h[1])
				}
			}
			for _, h := range c.Headers {
				if h[0] == "X-Powered-By" {
					h[1] = poweredBy
				}
				want = append(want, strings.ToLower(h[0])+": "+latin1(h[1]))
			}
			if g, w := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)); !slices.Equal(g, w) {
				t.Errorf("headers\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
			}
			for _, name := range []string{"set-cookie", "x-multi", "x-l"} {
				if g, w := linesOf(got, name), linesOf(want, name); !slices.Equal(g, w) {
					t.Errorf("%s lines %q, want %q in this order", name, g, w)
				}
			}
		})
	}
}

func linesOf(lines []string, name string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, name+": ") {
			out = append(out, l)
		}
	}
	return out
}
