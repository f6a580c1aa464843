package cookieparser_test

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookieparser"
	"github.com/fwgo/fw/parsers"
)

// get serves app in memory and returns the status and body of a GET of
// target with the given Cookie header ("" for none).
func get(t *testing.T, app *fast.App, target, cookieHeader string) (int, string) {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	srv := app.Serve(ln)
	defer srv.Close()
	conn, err := ln.Dial()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	req := "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
	if cookieHeader != "" {
		req += "Cookie: " + cookieHeader + "\r\n"
	}
	if _, err := io.WriteString(conn, req+"Connection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// echo answers JSON.stringify(req.signedCookies) on /signed and
// JSON.stringify(req.cookies) otherwise, as cookie-parser's test server does.
func echo(req *fast.Request, res *fast.Response, next fast.Next) {
	cookies := req.Cookies()
	if req.URL() == "/signed" {
		cookies = req.SignedCookies()
	}
	b, err := cookies.MarshalJSON()
	if err != nil {
		next(err)
		return
	}
	res.SendBytes(b)
}

// createServer is the test suite's createServer(secret).
func createServer(secrets ...string) *fast.App {
	app := fast.New()
	app.Use(cookieparser.New(secrets...), echo)
	return app
}

// val is signature.sign('foobarbaz', 'keyboard cat').
const val = "foobarbaz.CP7AWaXDfAKIRfH49dQzKJx7sKzzSoPq7/AcBBRVwlI"

// TestCookieParser ports cookie-parser 1.4.7's test/cookieParser.js,
// describe('cookieParser()'). "should export JSONCookies function" has no Go
// form beyond the exported JSONCookie and SignedCookie, tested below.
func TestCookieParser(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		app     func() *fast.App
		target  string
		cookie  string
		status  int
		want    string
		comment string
	}{
		{name: "when no cookies are sent/should default req.cookies to {}",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/", want: `{}`},
		{name: "when no cookies are sent/should default req.signedCookies to {}",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/signed", want: `{}`},
		{name: "when cookies are sent/should populate req.cookies",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/", cookie: "foo=bar; bar=baz", want: `{"foo":"bar","bar":"baz"}`},
		{name: "when cookies are sent/should inflate JSON cookies",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/", cookie: `foo=j:{"foo":"bar"}`, want: `{"foo":{"foo":"bar"}}`},
		{name: "when cookies are sent/should not inflate invalid JSON cookies",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/", cookie: `foo=j:{"foo":`, want: `{"foo":"j:{\"foo\":"}`},
		// Express sets req.cookies = {fizz: 'buzz'} first; in Go, cookies
		// are set only by a cookie parser, so an earlier one without a
		// secret plays that part: the second parser, with a secret, must
		// leave its result alone (no signed cookies extracted).
		{name: "when req.cookies exists/should do nothing",
			app: func() *fast.App {
				app := fast.New()
				app.Use(cookieparser.New(), cookieparser.New("keyboard cat"), echo)
				return app
			}, target: "/", cookie: "foo=bar; bar=s:" + val, want: `{"foo":"bar","bar":"s:` + val + `"}`},
		{name: "when a secret is given/should populate req.signedCookies",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/signed", cookie: "foo=s:" + val, want: `{"foo":"foobarbaz"}`},
		{name: "when a secret is given/should remove the signed value from req.cookies",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/", cookie: "foo=s:" + val, want: `{}`},
		{name: "when a secret is given/should omit invalid signatures (signed)",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/signed", cookie: "foo=" + val + "3", want: `{}`},
		{name: "when a secret is given/should omit invalid signatures (cookies)",
			app: func() *fast.App { return createServer("keyboard cat") }, target: "/", cookie: "foo=" + val + "3", want: `{"foo":"foobarbaz.CP7AWaXDfAKIRfH49dQzKJx7sKzzSoPq7/AcBBRVwlI3"}`},
		{name: "when multiple secrets are given/should populate req.signedCookies",
			app: func() *fast.App { return createServer("keyboard cat", "nyan cat") }, target: "/signed",
			cookie: "buzz=s:foobar.N5r0C3M8W+IPpzyAJaIddMWbTGfDSO+bfKlZErJ+MeE; fizz=s:foobar.JTCAgiMWsnuZpN3mrYnEUjXlGxmDi4POCBnWbRxse88",
			want:   `{"buzz":"foobar","fizz":"foobar"}`},
		{name: "when no secret is given/should populate req.cookies",
			app: func() *fast.App { return createServer() }, target: "/", cookie: "foo=bar; bar=baz", want: `{"foo":"bar","bar":"baz"}`},
		{name: "when no secret is given/should not populate req.signedCookies",
			app: func() *fast.App { return createServer() }, target: "/signed", cookie: "foo=s:" + val, want: `{}`},
	}
	for _, tt := range tests {
		t.Run("cookieParser()/"+tt.name, func(t *testing.T) {
			t.Parallel()
			status, body := get(t, tt.app(), tt.target, tt.cookie)
			if status != 200 || body != tt.want {
				t.Errorf("got %d %s, want 200 %s", status, body, tt.want)
			}
		})
	}
}

// TestCookieParserTampered checks the false a tampered signed cookie leaves
// in req.signedCookies, which JSON.stringify writes as false.
func TestCookieParserTampered(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Use(cookieparser.New("keyboard cat"), func(req *fast.Request, res *fast.Response, next fast.Next) {
		sc := req.SignedCookies()
		v, ok := sc.Get("foo")
		fv, _ := sc.Value("foo")
		b, _ := sc.MarshalJSON()
		res.SendString(string(b) + " " + v + " " + boolString(ok) + " " + boolString(sc.Has("foo")) + " " + boolString(fv == false) + " " + req.Secret())
	})
	_, body := get(t, app, "/", "foo=s:foobaz.N5r0C3M8W+IPpzyAJaIddMWbTGfDSO+bfKlZErJ+MeE")
	if want := `{"foo":false}  false true true keyboard cat`; body != want {
		t.Errorf("got %q, want %q", body, want)
	}
}

// TestCookiesAccessors checks Get, Value, IsJSON, All and the V8 key
// order of JSON.stringify(req.cookies) ("2" before "a").
func TestCookiesAccessors(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Use(cookieparser.New(), func(req *fast.Request, res *fast.Response, next fast.Next) {
		c := req.Cookies()
		var b strings.Builder
		j, _ := c.MarshalJSON()
		b.Write(j)
		v, ok := c.Get("obj")
		b.WriteString(" " + v + " " + boolString(ok) + " " + boolString(c.IsJSON("obj")))
		pv, _ := c.Value("obj")
		pj, _ := parsers.AppendJSON(nil, pv)
		b.WriteString(" " + string(pj))
		for name, value := range c.All() {
			b.WriteString(" " + name + "=" + value)
		}
		res.SendString(b.String())
	})
	_, body := get(t, app, "/", `a=%41%20b; 2=two; obj=j:{"x":[1,2]}; a=dup; "q"="quoted"`)
	want := `{"2":"two","a":"A b","obj":{"x":[1,2]},"\"q\"":"quoted"} {"x":[1,2]} true true {"x":[1,2]} a=A b 2=two obj={"x":[1,2]} "q"=quoted`
	if body != want {
		t.Errorf("got  %s\nwant %s", body, want)
	}
}

// TestCookieParserJoinedLines checks that several Cookie lines are read as
// Node joins them, with "; ".
func TestCookieParserJoinedLines(t *testing.T) {
	t.Parallel()
	app := createServer()
	ln := fasthttputil.NewInmemoryListener()
	srv := app.Serve(ln)
	defer srv.Close()
	conn, err := ln.Dial()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\nCookie: a=1\r\nCookie: b=2; a=3\r\nConnection: close\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	if string(body) != `{"a":"1","b":"2"}` {
		t.Errorf("got %s", body)
	}
}

// TestJSONCookie ports describe('cookieParser.JSONCookie(str)'); its
// non-string cases have no Go form.
func TestJSONCookie(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"should return undefined for non-JSON cookie string", "", "", false},
		{"should return undefined for non-JSON cookie string", "foo", "", false},
		{"should return undefined for non-JSON cookie string", "{}", "", false},
		{"should return object for JSON cookie string", `j:{"foo":"bar"}`, `{"foo":"bar"}`, true},
		{"should return undefined on invalid JSON", `j:{foo:"bar"}`, "", false},
	}
	for _, tt := range tests {
		t.Run("cookieParser.JSONCookie(str)/"+tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := cookieparser.JSONCookie(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("JSONCookie(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestSignedCookie ports describe('cookieParser.signedCookie(str, secret)');
// its non-string cases have no Go form.
func TestSignedCookie(t *testing.T) {
	t.Parallel()
	const (
		tampered = "s:foobaz.N5r0C3M8W+IPpzyAJaIddMWbTGfDSO+bfKlZErJ+MeE"
		first    = "s:foobar.N5r0C3M8W+IPpzyAJaIddMWbTGfDSO+bfKlZErJ+MeE"
		second   = "s:foobar.JTCAgiMWsnuZpN3mrYnEUjXlGxmDi4POCBnWbRxse88"
	)
	both := []string{"keyboard cat", "nyan cat"}
	tests := []struct {
		name    string
		in      string
		secrets []string
		want    string
		ok      bool
	}{
		{"should pass through non-signed string", "", []string{"keyboard cat"}, "", true},
		{"should pass through non-signed string", "foo", []string{"keyboard cat"}, "foo", true},
		{"should pass through non-signed string", "j:{}", []string{"keyboard cat"}, "j:{}", true},
		{"should return false for tampered signed string", tampered, []string{"keyboard cat"}, "", false},
		{"should return unsigned value for signed string", first, []string{"keyboard cat"}, "foobar", true},
		{"when secret is an array/should return false for tampered signed string", tampered, both, "", false},
		{"when secret is an array/should return unsigned value for first secret", first, both, "foobar", true},
		{"when secret is an array/should return unsigned value for second secret", second, both, "foobar", true},
	}
	for _, tt := range tests {
		t.Run("cookieParser.signedCookie(str, secret)/"+tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := cookieparser.SignedCookie(tt.in, tt.secrets...)
			if got != tt.want || ok != tt.ok {
				t.Errorf("SignedCookie(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
