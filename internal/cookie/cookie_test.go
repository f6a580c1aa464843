package cookie

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestParseDifferential replays cookie.parse as recorded from cookie 0.7.2.
// JavaScript objects list integer-like keys first, so pairs are compared as
// sets; Parse keeps header order.
func TestParseDifferential(t *testing.T) {
	t.Parallel()
	for i, c := range load(t).Parse {
		got, _ := Parse(nil, nil, c.Header)
		if !equalPairs(pairsString(got), c.Cookies) {
			t.Errorf("case %d: Parse(%q) = %q, cookie.parse: %q", i, c.Header, pairsString(got), c.Cookies)
		}
	}
}

// TestSerializeDifferential replays cookie.serialize, its errors included.
func TestSerializeDifferential(t *testing.T) {
	t.Parallel()
	for i, c := range load(t).Serialize {
		got, err := Serialize(c.Name, c.Value, options(t, c.Opt))
		switch {
		case c.Out != nil && (err != nil || got != *c.Out):
			t.Errorf("case %d: Serialize(%q, %q, %v) = %q, %v; cookie: %q", i, c.Name, c.Value, c.Opt, got, err, *c.Out)
		case c.Out == nil && (err == nil || err.Error() != "cookie: "+c.Err):
			t.Errorf("case %d: Serialize(%q, %q, %v) = %q, %v; cookie throws %q", i, c.Name, c.Value, c.Opt, got, err, c.Err)
		}
	}
}

func TestSignatureDifferential(t *testing.T) {
	t.Parallel()
	r := load(t)
	for i, c := range r.Sign {
		if got := Sign(c.Value, c.Secret); got != c.Signed {
			t.Errorf("sign %d: Sign(%q, %q) = %q, cookie-signature: %q", i, c.Value, c.Secret, got, c.Signed)
		}
	}
	for i, c := range r.Unsign {
		got, ok := Unsign(c.Input, c.Secret)
		if ok != (c.Value != nil) || ok && got != *c.Value {
			t.Errorf("unsign %d: Unsign(%q, %q) = %q %v, cookie-signature: %v", i, c.Input, c.Secret, got, ok, c.Value)
		}
	}
}

// TestCookieParserDifferential replays what the cookieParser middleware
// leaves in req.cookies and req.signedCookies.
func TestCookieParserDifferential(t *testing.T) {
	t.Parallel()
	r := load(t)
	render := func(ps []Pair) [][2]string {
		out := make([][2]string, len(ps))
		for i, p := range ps {
			v, _ := json.Marshal(p.Value)
			switch p.Kind {
			case JSON:
				v, _ = json.Marshal(map[string]string{"json": p.Value})
			case False:
				v = []byte(`{"false":true}`)
			}
			out[i] = [2]string{p.Name, string(v)}
		}
		return out
	}
	want := func(rows [][2]json.RawMessage) [][2]string {
		out := make([][2]string, len(rows))
		for i, row := range rows {
			var name string
			if err := json.Unmarshal(row[0], &name); err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(row[1], &v); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(v)
			out[i] = [2]string{name, string(b)}
		}
		return out
	}
	for i, c := range r.CookieParser {
		cookies, signed, _ := ParseRequest(nil, nil, nil, c.Header, c.Secrets)
		if !equalPairs(render(cookies), want(c.Cookies)) || !equalPairs(render(signed), want(c.Signed)) {
			t.Errorf("case %d: header %q secrets %q: cookies %q signed %q; cookie-parser: %q %q",
				i, c.Header, c.Secrets, render(cookies), render(signed), want(c.Cookies), want(c.Signed))
		}
	}
	for i, c := range r.JSONCookie {
		if _, ok := JSONCookie(c.Input); ok != c.OK {
			t.Errorf("JSONCookie case %d (%q) = %v, cookie-parser: %v", i, c.Input, ok, c.OK)
		}
	}
}

// TestResCookie ports Express's test/res.cookie.js and res.clearCookie.js
// at the serialize level: the options are what res.cookie hands to
// cookie.serialize.
func TestResCookie(t *testing.T) {
	t.Parallel()
	const secret = "foo bar baz"
	now := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name  string
		key   string
		value string
		opt   *Options
		want  string
		err   error
	}{
		{"should generate a JSON cookie", "user", `j:{"name":"tobi"}`, &Options{Path: "/"}, "user=j%3A%7B%22name%22%3A%22tobi%22%7D; Path=/", nil},
		{"should set a cookie", "name", "tobi", &Options{Path: "/"}, "name=tobi; Path=/", nil},
		{"should allow multiple calls", "gender", "?", &Options{Path: "/"}, "gender=%3F; Path=/", nil},
		{"should set params", "name", "tobi", &Options{Path: "/", HTTPOnly: true, Secure: true}, "name=tobi; Path=/; HttpOnly; Secure", nil},
		{"should throw on invalid date", "name", "tobi", &Options{Path: "/", Expires: time.Unix(1<<50, 0), HasExpires: true}, "", ErrExpires},
		{"should set partitioned", "name", "tobi", &Options{Path: "/", Partitioned: true}, "name=tobi; Path=/; Partitioned", nil},
		{"should set relative expires", "name", "tobi", &Options{Path: "/", MaxAge: 1000 / 1000, HasMaxAge: true, Expires: now.Add(time.Second), HasExpires: true},
			"name=tobi; Max-Age=1; Path=/; Expires=Tue, 02 Jan 2024 03:04:06 GMT", nil},
		{"should not throw on null", "name", "tobi", &Options{Path: "/"}, "name=tobi; Path=/", nil},
		{"should throw an error with invalid maxAge", "name", "tobi", &Options{Path: "/", MaxAge: nan(), HasMaxAge: true}, "", ErrMaxAge},
		{"should set low priority", "name", "tobi", &Options{Path: "/", Priority: "low"}, "name=tobi; Path=/; Priority=Low", nil},
		{"should set medium priority", "name", "tobi", &Options{Path: "/", Priority: "medium"}, "name=tobi; Path=/; Priority=Medium", nil},
		{"should set high priority", "name", "tobi", &Options{Path: "/", Priority: "high"}, "name=tobi; Path=/; Priority=High", nil},
		{"should throw with invalid priority", "name", "tobi", &Options{Path: "/", Priority: "foobar"}, "", ErrPriority},
		{"should generate a signed JSON cookie", "user", "s:" + Sign(`j:{"name":"tobi"}`, secret), &Options{Path: "/"},
			"user=s%3Aj%3A%7B%22name%22%3A%22tobi%22%7D.K20xcwmDS%2BPb1rsD95o5Jm5SqWs1KteqdnynnB7jkTE; Path=/", nil},
		{"should set a signed cookie", "name", "s:" + Sign("tobi", secret), &Options{Path: "/"},
			"name=s%3Atobi.xJjV2iZ6EI7C8E5kzwbfA9PVLl1ZR07UTnuTgQQ4EnQ; Path=/", nil},
		{"should set a cookie passed expiry", "sid", "", &Options{Path: "/", Expires: time.UnixMilli(1), HasExpires: true},
			"sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT", nil},
		{"should set the given params", "sid", "", &Options{Path: "/admin", Expires: time.UnixMilli(1), HasExpires: true},
			"sid=; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT", nil},
		{"should set both maxAge and expires when passed", "sid", "", &Options{Path: "/", MaxAge: 10, HasMaxAge: true, Expires: now, HasExpires: true},
			"sid=; Max-Age=10; Path=/; Expires=Tue, 02 Jan 2024 03:04:05 GMT", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Serialize(tt.key, tt.value, tt.opt)
			if got != tt.want || err != tt.err {
				t.Fatalf("Serialize = %q, %v; want %q, %v", got, err, tt.want, tt.err)
			}
		})
	}
}

// TestReqSignedCookies ports Express's test/req.signedCookies.js: a signed
// JSON cookie set by res.cookie comes back as the object.
func TestReqSignedCookies(t *testing.T) {
	t.Parallel()
	t.Run("should return a signed JSON cookie", func(t *testing.T) {
		t.Parallel()
		setCookie, err := Serialize("obj", "s:"+Sign(`j:{"foo":"bar"}`, "secret"), &Options{Path: "/"})
		if err != nil {
			t.Fatal(err)
		}
		header := strings.SplitN(setCookie, ";", 2)[0]
		cookies, signed, _ := ParseRequest(nil, nil, nil, header, []string{"secret"})
		if len(cookies) != 0 || len(signed) != 1 || signed[0] != (Pair{Name: "obj", Value: `{"foo":"bar"}`, Kind: JSON}) {
			t.Fatalf("cookies %+v signed %+v", cookies, signed)
		}
	})
}

// TestCVE202447764 is the cookie 0.7.0 fix (express 4.21.1): names,
// paths and domains that would inject attributes are rejected.
func TestCVE202447764(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key string
		opt       *Options
		err       error
	}{
		{"name with an injected attribute", "userName=<script>alert('XSS3')</script><!--", nil, ErrName},
		{"name with a semicolon", "foo; Max-Age=2592000; a", nil, ErrName},
		{"path with a semicolon", "foo", &Options{Path: "/; Domain=evil.com"}, ErrPath},
		{"path with a newline", "foo", &Options{Path: "/\r\nSet-Cookie: a=b"}, ErrPath},
		{"domain with a semicolon", "foo", &Options{Domain: "example.com; Path=/"}, ErrDomain},
		{"domain with a newline", "foo", &Options{Domain: "example.com\r\n"}, ErrDomain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got, err := Serialize(tt.key, "bar", tt.opt); err != tt.err {
				t.Fatalf("Serialize = %q, %v; want %v", got, err, tt.err)
			}
		})
	}
	t.Run("value is encoded, never raw", func(t *testing.T) {
		t.Parallel()
		got, err := Serialize("foo", "a; Domain=evil.com\r\n", nil)
		if err != nil || got != "foo=a%3B%20Domain%3Devil.com%0D%0A" {
			t.Fatalf("got %q %v", got, err)
		}
		if _, err := Serialize("foo", "a;b", &Options{Encode: func(s string) string { return s }}); err != ErrValue {
			t.Fatalf("raw ';' accepted: %v", err)
		}
	})
}

func TestSerializeEncodeErrors(t *testing.T) {
	t.Parallel()
	if _, err := Serialize("foo", "\xff", nil); err != ErrEncode {
		t.Fatalf("invalid UTF-8: %v", err)
	}
	if got, err := Serialize("foo", "☃", nil); err != nil || got != "foo=%E2%98%83" {
		t.Fatalf("got %q %v", got, err)
	}
}

func TestAppendUTCString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		ms   int64
		want string
	}{
		{0, "Thu, 01 Jan 1970 00:00:00 GMT"},
		{-500, "Wed, 31 Dec 1969 23:59:59 GMT"},
		{-62198755200000, "Fri, 01 Jan -0001 00:00:00 GMT"},
		{253402300800000, "Sat, 01 Jan 10000 00:00:00 GMT"},
		{-8.64e15, "Tue, 20 Apr -271821 00:00:00 GMT"},
		{8.64e15, "Sat, 13 Sep 275760 00:00:00 GMT"},
		{-61851600000000, "Fri, 01 Jan 0010 00:00:00 GMT"},
	}
	for _, tt := range tests {
		if got := string(AppendUTCString(nil, tt.ms)); got != tt.want {
			t.Errorf("AppendUTCString(%d) = %q, want %q", tt.ms, got, tt.want)
		}
	}
}

func TestParseLifetimeAndDedup(t *testing.T) {
	t.Parallel()
	// More than dedupMapAt names switches to the map; first still wins.
	var b strings.Builder
	for i := 0; i < 100; i++ {
		b.WriteString("k")
		b.WriteByte(byte('A' + i%50))
		b.WriteString("=v")
		b.WriteByte(byte('0' + i/50))
		b.WriteString("; ")
	}
	got, _ := Parse(nil, nil, b.String())
	if len(got) != 50 {
		t.Fatalf("%d pairs", len(got))
	}
	for _, p := range got {
		if p.Value != "v0" {
			t.Fatalf("later value won: %+v", p)
		}
	}
	// Decoded values live in buf, after what it held.
	buf := []byte("keep")
	pairs, buf := Parse(nil, buf, "a=%41%42; b=plain; c=%E2%98%83")
	if string(buf[:4]) != "keep" || pairs[0].Value != "AB" || pairs[1].Value != "plain" || pairs[2].Value != "☃" {
		t.Fatalf("pairs %+v buf %q", pairs, buf)
	}
}

func nan() float64 { var z float64; return z / z }

// TestGHSA2mr3m5q5wgp6 (fiber flash cookie asking for an 85 GB
// allocation): decoding writes at most the value's own length, so a
// cookie header bounds the memory parsing it takes.
func TestGHSA2mr3m5q5wgp6(t *testing.T) {
	t.Parallel()
	header := "fiber_flash=93808080; a=" + strings.Repeat("%41", 4000) + "; b=" + strings.Repeat("%", 4000)
	pairs, buf := Parse(nil, nil, header)
	if len(pairs) != 3 || len(buf) > len(header) {
		t.Fatalf("%d pairs, %d bytes of decoded values for a %d-byte header", len(pairs), len(buf), len(header))
	}
}

// TestPooledBuffersNoStaleData is the fiber 92a6a5e leak: a pooled buffer
// cut with [:0] and reused must never show the previous request's bytes,
// including when a decode fails half way.
func TestPooledBuffersNoStaleData(t *testing.T) {
	t.Parallel()
	pairs := make([]Pair, 0, 8)
	buf := make([]byte, 0, 64)
	pairs, buf = Parse(pairs[:0], buf[:0], "user=%61%6C%69%63%65; pass=%73%65%63%72%65%74")
	if pairs[0].Value != "alice" || pairs[1].Value != "secret" {
		t.Fatalf("first request: %+v", pairs)
	}
	// The next request reuses both; its first value fails to decode after
	// three good escapes, so it is kept raw, and nothing of "secret" or
	// "alice" may surface.
	pairs, _ = Parse(pairs[:0], buf[:0], "user=%62%6F%62%ZZ; pass=")
	if len(pairs) != 2 || pairs[0].Value != "%62%6F%62%ZZ" || pairs[1].Value != "" {
		t.Fatalf("second request: %+v", pairs)
	}
}

// TestFasthttp875 (CRLF or ';' reaching a cookie setter): whatever the
// value, the serialized cookie holds no CR, LF or extra attribute.
func TestFasthttp875(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"a\r\nSet-Cookie: evil=1", "a; Path=/evil", "\x00\x7f"} {
		got, err := Serialize("sid", v, &Options{Path: "/"})
		if err != nil || strings.ContainsAny(got, "\r\n\x00") || strings.Count(got, ";") != 1 {
			t.Errorf("Serialize(%q) = %q, %v", v, got, err)
		}
	}
}
