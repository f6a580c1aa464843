package testserver

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fwgo/fw/fast"
)

// Case is one recorded exchange of a golden file written by
// testdata/harness.js: the request sent to the Node app named App, and the
// response Node gave.
type Case struct {
	Name       string   `json:"name"`
	App        string   `json:"app"`
	Request    string   `json:"request"`
	CookieFrom string   `json:"cookieFrom"`
	Response   Recorded `json:"response"`
}

// Recorded is a response as the harness recorded it: headers in wire
// order with their names as Node wrote them; a body that is not UTF-8 is
// base64 with Binary set.
type Recorded struct {
	Status  int         `json:"status"`
	Headers [][2]string `json:"headers"`
	Body    string      `json:"body"`
	Binary  bool        `json:"binary"`
}

// Values returns the values of header name, in order.
func (r *Recorded) Values(name string) []string {
	var vs []string
	for _, h := range r.Headers {
		if strings.EqualFold(h[0], name) {
			vs = append(vs, h[1])
		}
	}
	return vs
}

// BodyBytes returns the recorded body as bytes.
func (r *Recorded) BodyBytes() []byte {
	if !r.Binary {
		return []byte(r.Body)
	}
	b, err := base64.StdEncoding.DecodeString(r.Body)
	if err != nil {
		panic(err)
	}
	return b
}

// Load reads a golden file.
func Load(tb testing.TB, path string) []Case {
	tb.Helper()
	var cases []Case
	LoadInto(tb, path, &cases)
	return cases
}

// LoadInto reads a golden file into v, for cases that record more than
// the response (the fields an annotate function of the harness added).
func LoadInto(tb testing.TB, path string, v any) {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		tb.Fatal(err)
	}
}

// Replay sends every case to the app of its App name (built once per name
// by apps) in order, as the harness sent them, and calls check with the
// recorded and the actual response. Cases run sequentially, since a case
// may send the cookies of an earlier one.
func Replay(t *testing.T, cases []Case, apps func(name string) *fast.App, check func(t *testing.T, c *Case, got *Response)) {
	servers := map[string]*Server{}
	got := map[string]*Response{}
	bodyRef := regexp.MustCompile(`\{\{body:([^}]+)\}\}`)
	for i := range cases {
		c := &cases[i]
		s := servers[c.App]
		if s == nil {
			s = New(t, apps(c.App))
			servers[c.App] = s
		}
		raw := Latin1(c.Request)
		raw = bodyRef.ReplaceAllStringFunc(raw, func(m string) string {
			if prev := got[bodyRef.FindStringSubmatch(m)[1]]; prev != nil {
				return prev.Body
			}
			return ""
		})
		raw = fixLength(raw)
		head, _, _ := strings.Cut(raw, "\r\n\r\n")
		if !strings.Contains(strings.ToLower(head), "\r\nconnection:") {
			raw = withHeader(raw, "Connection: close")
		}
		if c.CookieFrom != "" {
			if prev := got[c.CookieFrom]; prev != nil {
				if cookies := CookiePairs(prev.Header); cookies != "" {
					raw = withHeader(raw, "Cookie: "+cookies)
				}
			}
		}
		resp := s.Do(raw)
		got[c.Name] = resp
		t.Run(c.Name, func(t *testing.T) { check(t, c, resp) })
	}
}

// CookiePairs returns the name=value pairs of the Set-Cookie lines of h,
// joined as a Cookie header.
func CookiePairs(h http.Header) string {
	var pairs []string
	for _, v := range h.Values("Set-Cookie") {
		pair, _, _ := strings.Cut(v, ";")
		pairs = append(pairs, pair)
	}
	return strings.Join(pairs, "; ")
}

// fixLength replaces a "Content-Length: AUTO" header with the length of
// the request's body, as the harness does.
func fixLength(raw string) string {
	i := strings.Index(raw, "\r\n\r\n")
	if i < 0 {
		return raw
	}
	head := raw[:i]
	j := strings.Index(strings.ToLower(head), "\r\ncontent-length: auto")
	if j < 0 {
		return raw
	}
	n := len(raw) - i - 4
	return head[:j] + "\r\nContent-Length: " + strconv.Itoa(n) + head[j+len("\r\ncontent-length: auto"):] + raw[i:]
}

func withHeader(raw, line string) string {
	i := strings.Index(raw, "\r\n")
	return raw[:i+2] + line + "\r\n" + raw[i+2:]
}

// Ignored are the headers CompareHeaders skips by default: they differ
// between any two servers (Date), between Node and fasthttp framing
// (Connection, Keep-Alive) or name the framework (X-Powered-By).
var Ignored = []string{"Date", "Connection", "Keep-Alive", "X-Powered-By"}

// CompareHeaders reports every header whose values differ between the
// recorded and the actual response, after norm (which may be nil) has
// rewritten both values; the names in skip and Ignored are not compared.
func CompareHeaders(t *testing.T, want *Recorded, got *Response, norm func(name, value string) string, skip ...string) {
	t.Helper()
	skipped := func(name string) bool {
		return slices.ContainsFunc(Ignored, func(s string) bool { return strings.EqualFold(s, name) }) ||
			slices.ContainsFunc(skip, func(s string) bool { return strings.EqualFold(s, name) })
	}
	names := map[string]bool{}
	for _, h := range want.Headers {
		names[http.CanonicalHeaderKey(h[0])] = true
	}
	for name := range got.Header {
		names[http.CanonicalHeaderKey(name)] = true
	}
	for name := range names {
		if skipped(name) {
			continue
		}
		w := want.Values(name)
		g := slices.Clone(got.Header.Values(name))
		if norm != nil {
			for i := range w {
				w[i] = norm(name, w[i])
			}
			for i := range g {
				g[i] = norm(name, g[i])
			}
		}
		if !slices.Equal(w, g) {
			t.Errorf("header %s = %q, Node sent %q", name, g, w)
		}
	}
}

// Production returns app with its "env" setting at "production", as the
// harness runs every Node app.
func Production(app *fast.App) *fast.App {
	app.Set("env", "production")
	return app
}

// Latin1 returns the bytes Node's Buffer.from(s, 'binary') writes for a
// JavaScript string: the low byte of each character (the harness sends
// requests that way).
func Latin1(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// FromLatin1 returns the UTF-8 text of the JavaScript string Node makes of
// header bytes (each byte one Latin-1 character), as a response body sent
// by Node would carry it.
func FromLatin1(s string) string {
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}
