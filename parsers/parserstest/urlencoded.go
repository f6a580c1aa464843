package parserstest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/fwgo/fw/parsers"
)

const (
	urlSuite = "express.urlencoded()"
	ctForm   = "application/x-www-form-urlencoded"
)

// URLEncodedCases returns the 69 cases of test/express.urlencoded.js.
func URLEncodedCases() []Case {
	p := func(path ...string) []string { return append([]string{urlSuite}, path...) }
	ext := func(b bool) parsers.URLEncodedConfig { return parsers.URLEncodedConfig{Extended: bool2(b)} }
	limit1kb := parsers.URLEncodedConfig{Limit: "1kb"}
	limit10kb := parsers.URLEncodedConfig{Limit: "10kb"}
	noSpace := rejectFirst(0x20, "no leading space", 0, "")
	tobi := []byte("user=tobi")
	largeArray := func() string {
		var b strings.Builder
		b.WriteString("f[0]=0")
		for i := 1; i < 500; i++ {
			fmt.Fprintf(&b, "&f[%d]=%s", i, strconv.FormatInt(int64(i), 16))
		}
		return b.String()
	}
	deep := "foo" + strings.Repeat("[p]", 32) + "=bar"
	pl := func(extended bool, limit int) parsers.URLEncodedConfig {
		return parsers.URLEncodedConfig{Extended: bool2(extended), ParameterLimit: limit}
	}
	cases := []Case{
		{Path: p("should parse x-www-form-urlencoded"), Header: hdr("Content-Type", ctForm), Body: tobi, Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("should 400 when invalid content-length"), Header: hdr("Content-Type", ctForm), Body: []byte("str="),
			SetContentLength: "20", Want: Matches(400, "content length")},
		{Path: p("should handle Content-Length: 0"), Header: hdr("Content-Type", ctForm, "Content-Length", "0"), Body: []byte{},
			Want: Exact(200, `{}`)},
		{Path: p("should handle empty message-body"), URLEncoded: limit1kb, Header: hdr("Content-Type", ctForm), Chunked: true,
			Want: Exact(200, `{}`)},
		{Path: p("should 500 if stream not readable"), Header: hdr("Content-Type", ctForm), Body: tobi,
			StreamConsumed: true, Want: Exact(500, "[stream.not.readable] stream is not readable")},
		{Path: p("should handle duplicated middleware"), Header: hdr("Content-Type", ctForm), Body: tobi,
			Twice: true, Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("should parse extended syntax"), Header: hdr("Content-Type", ctForm), Body: []byte("user[name][first]=Tobi"),
			Want: Exact(200, `{"user":{"name":{"first":"Tobi"}}}`)},

		{Path: p("with extended option", "when false", "should not parse extended syntax"), URLEncoded: ext(false),
			Header: hdr("Content-Type", ctForm), Body: []byte("user[name][first]=Tobi"), Want: Exact(200, `{"user[name][first]":"Tobi"}`)},
		{Path: p("with extended option", "when false", "should parse multiple key instances"), URLEncoded: ext(false),
			Header: hdr("Content-Type", ctForm), Body: []byte("user=Tobi&user=Loki"), Want: Exact(200, `{"user":["Tobi","Loki"]}`)},
		{Path: p("with extended option", "when true", "should parse multiple key instances"), URLEncoded: ext(true),
			Header: hdr("Content-Type", ctForm), Body: []byte("user=Tobi&user=Loki"), Want: Exact(200, `{"user":["Tobi","Loki"]}`)},
		{Path: p("with extended option", "when true", "should parse extended syntax"), URLEncoded: ext(true),
			Header: hdr("Content-Type", ctForm), Body: []byte("user[name][first]=Tobi"), Want: Exact(200, `{"user":{"name":{"first":"Tobi"}}}`)},
		{Path: p("with extended option", "when true", "should parse parameters with dots"), URLEncoded: ext(true),
			Header: hdr("Content-Type", ctForm), Body: []byte("user.name=Tobi"), Want: Exact(200, `{"user.name":"Tobi"}`)},
		{Path: p("with extended option", "when true", "should parse fully-encoded extended syntax"), URLEncoded: ext(true),
			Header: hdr("Content-Type", ctForm), Body: []byte("user%5Bname%5D%5Bfirst%5D=Tobi"), Want: Exact(200, `{"user":{"name":{"first":"Tobi"}}}`)},
		{Path: p("with extended option", "when true", "should parse array index notation"), URLEncoded: ext(true),
			Header: hdr("Content-Type", ctForm), Body: []byte("foo[0]=bar&foo[1]=baz"), Want: Exact(200, `{"foo":["bar","baz"]}`)},
		{Path: p("with extended option", "when true", "should parse array index notation with large array"), URLEncoded: ext(true),
			Header: hdr("Content-Type", ctForm), Body: []byte(largeArray()),
			Want: Custom(200, "an object whose only key f is an array of 500", func(body string) error {
				var m map[string]any
				if err := json.Unmarshal([]byte(body), &m); err != nil {
					return err
				}
				f, ok := m["f"].([]any)
				if len(m) != 1 || !ok || len(f) != 500 {
					return fmt.Errorf("body %.80q... is not {f: [500 items]}", body)
				}
				return nil
			})},
		{Path: p("with extended option", "when true", "should parse array of objects syntax"), URLEncoded: ext(true),
			Header: hdr("Content-Type", ctForm), Body: []byte("foo[0][bar]=baz&foo[0][fizz]=buzz&foo[]=done!"),
			Want: Exact(200, `{"foo":[{"bar":"baz","fizz":"buzz"},"done!"]}`)},
		{Path: p("with extended option", "when true", "should parse deep object"), URLEncoded: ext(true),
			Header: hdr("Content-Type", ctForm), Body: []byte(deep),
			Want: Custom(200, "foo nested 32 deep through p", func(body string) error {
				var m map[string]any
				if err := json.Unmarshal([]byte(body), &m); err != nil {
					return err
				}
				if len(m) != 1 {
					return fmt.Errorf("%d keys; want 1", len(m))
				}
				ref, ok := m["foo"].(map[string]any)
				if !ok {
					return fmt.Errorf("foo is not an object")
				}
				depth := 0
				for {
					next, ok := ref["p"].(map[string]any)
					if !ok {
						if _, isStr := ref["p"].(string); isStr {
							depth++
						}
						break
					}
					depth++
					ref = next
				}
				if depth != 32 {
					return fmt.Errorf("depth %d; want 32", depth)
				}
				return nil
			})},

		{Path: p("with inflate option", "when false", "should not accept content-encoding"),
			URLEncoded: parsers.URLEncodedConfig{Inflate: parsers.Off},
			Header:     hdr("Content-Encoding", "gzip", "Content-Type", ctForm), Chunked: true, Body: hexb(gzForm),
			Want: Exact(415, "[encoding.unsupported] content encoding unsupported")},
		{Path: p("with inflate option", "when true", "should accept content-encoding"),
			URLEncoded: parsers.URLEncodedConfig{Inflate: parsers.On},
			Header:     hdr("Content-Encoding", "gzip", "Content-Type", ctForm), Chunked: true, Body: hexb(gzForm),
			Want: Exact(200, `{"name":"论"}`)},

		{Path: p("with limit option", "should 413 when over limit with Content-Length"), URLEncoded: limit1kb,
			Header: hdr("Content-Type", ctForm, "Content-Length", "1028"), Body: []byte("str=" + dots(1024)), Want: Status(413)},
		{Path: p("with limit option", "should 413 when over limit with chunked encoding"), URLEncoded: limit1kb,
			Header: hdr("Content-Type", ctForm), Chunked: true, Body: []byte("str=" + dots(1024)), Want: Status(413)},
		{Path: p("with limit option", "should 413 when inflated body over limit"), URLEncoded: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctForm), Chunked: true,
			Body: hexb("1f8b080000000000000a2b2e29b2d51b05a360148c580000a0351f9204040000"), Want: Status(413)},
		{Path: p("with limit option", "should accept number of bytes"), URLEncoded: parsers.URLEncodedConfig{Limit: "1024"},
			Header: hdr("Content-Type", ctForm), Body: []byte("str=" + dots(1024)), Want: Status(413),
			Note: "limit: 1024 (a number) is written \"1024\" in Go"},
		{Path: p("with limit option", "should not change when options altered"), URLEncoded: limit1kb,
			Header: hdr("Content-Type", ctForm), Body: []byte("str=" + dots(1024)), Want: Status(413),
			AlterOptions: true, Note: "Go configurations are copied by value at construction"},
		{Path: p("with limit option", "should not hang response"), URLEncoded: parsers.URLEncodedConfig{Limit: "8kb"},
			Header: hdr("Content-Type", ctForm), Chunked: true, Body: []byte(dots(3 * 10240)), Want: Status(413)},
		{Path: p("with limit option", "should not error when inflating"), URLEncoded: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctForm), Chunked: true,
			Body: hexb("1f8b080000000000000a2b2e29b2d51b05a360148c580000a0351f92040400"), Want: Status(413)},
	}
	for _, extended := range []bool{false, true} {
		d := fmt.Sprintf("with extended: %v", extended)
		cases = append(cases, []Case{
			{Path: p("with parameterLimit option", d, "should reject 0"),
				Skip: "0 is the zero value of ParameterLimit and means the default (1000) in Go; a negative limit is what NewURLEncoded rejects (TestURLEncodedConfigErrors)"},
			{Path: p("with parameterLimit option", d, "should reject string"),
				Skip: "parameterLimit: 'beep' cannot be written in Go: ParameterLimit is an int"},
			{Path: p("with parameterLimit option", d, "should 413 if over limit"), URLEncoded: pl(extended, 10),
				Header: hdr("Content-Type", ctForm), Body: []byte(manyParams(11)),
				Want: Exact(413, "[parameters.too.many] too many parameters")},
			{Path: p("with parameterLimit option", d, "should work when at the limit"), URLEncoded: pl(extended, 10),
				Header: hdr("Content-Type", ctForm), Body: []byte(manyParams(10)), Want: KeyCount(200, 10)},
			{Path: p("with parameterLimit option", d, "should work if number is floating point"), URLEncoded: pl(extended, 10),
				Header: hdr("Content-Type", ctForm), Body: []byte(manyParams(11)), Want: Matches(413, "too many parameters"),
				Note: "parameterLimit: 10.1 is truncated to 10 by body-parser; ParameterLimit is an int, 10"},
			{Path: p("with parameterLimit option", d, "should work with large limit"), URLEncoded: pl(extended, 5000),
				Header: hdr("Content-Type", ctForm), Body: []byte(manyParams(5000)), Want: KeyCount(200, 5000)},
			{Path: p("with parameterLimit option", d, "should work with Infinity limit"), URLEncoded: pl(extended, parsers.Unlimited),
				Header: hdr("Content-Type", ctForm), Body: []byte(manyParams(10000)), Want: KeyCount(200, 10000),
				Note: "Infinity is parsers.Unlimited"},
		}...)
	}
	cases = append(cases, []Case{
		{Path: p("with type option", `when "application/vnd.x-www-form-urlencoded"`, "should parse for custom type"),
			URLEncoded: parsers.URLEncodedConfig{Type: []string{"application/vnd.x-www-form-urlencoded"}},
			Header:     hdr("Content-Type", "application/vnd.x-www-form-urlencoded"), Body: tobi, Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", `when "application/vnd.x-www-form-urlencoded"`, "should ignore standard type"),
			URLEncoded: parsers.URLEncodedConfig{Type: []string{"application/vnd.x-www-form-urlencoded"}},
			Header:     hdr("Content-Type", ctForm), Body: tobi, Want: Exact(200, `{}`)},
		{Path: p("with type option", `when ["urlencoded", "application/x-pairs"]`, `should parse "application/x-www-form-urlencoded"`),
			URLEncoded: parsers.URLEncodedConfig{Type: []string{"urlencoded", "application/x-pairs"}},
			Header:     hdr("Content-Type", ctForm), Body: tobi, Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", `when ["urlencoded", "application/x-pairs"]`, `should parse "application/x-pairs"`),
			URLEncoded: parsers.URLEncodedConfig{Type: []string{"urlencoded", "application/x-pairs"}},
			Header:     hdr("Content-Type", "application/x-pairs"), Body: tobi, Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", `when ["urlencoded", "application/x-pairs"]`, "should ignore application/x-foo"),
			URLEncoded: parsers.URLEncodedConfig{Type: []string{"urlencoded", "application/x-pairs"}},
			Header:     hdr("Content-Type", "application/x-foo"), Body: tobi, Want: Exact(200, `{}`)},
		{Path: p("with type option", "when a function", "should parse when truthy value returned"),
			URLEncoded: parsers.URLEncodedConfig{TypeFunc: typeEquals("application/vnd.something")},
			Header:     hdr("Content-Type", "application/vnd.something"), Body: tobi, Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", "when a function", "should work without content-type"),
			URLEncoded: parsers.URLEncodedConfig{TypeFunc: acceptAll}, Chunked: true, Body: tobi, Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", "when a function", "should not invoke without a body"),
			URLEncoded: parsers.URLEncodedConfig{TypeFunc: typeThrows}, Method: "GET", Want: Status(404)},

		{Path: p("with verify option", "should assert value if function"),
			Skip: "verify: 'lol' cannot be written in Go: VerifyFunc is a typed field, the compiler rejects a string"},
		{Path: p("with verify option", "should error from verify"), URLEncoded: parsers.URLEncodedConfig{Verify: noSpace},
			Header: hdr("Content-Type", ctForm), Body: []byte(" user=tobi"), Want: Exact(403, "[entity.verify.failed] no leading space")},
		{Path: p("with verify option", "should allow custom codes"),
			URLEncoded: parsers.URLEncodedConfig{Verify: rejectFirst(0x20, "no leading space", 400, "")},
			Header:     hdr("Content-Type", ctForm), Body: []byte(" user=tobi"), Want: Exact(400, "[entity.verify.failed] no leading space")},
		{Path: p("with verify option", "should allow custom type"),
			URLEncoded: parsers.URLEncodedConfig{Verify: rejectFirst(0x20, "no leading space", 0, "foo.bar")},
			Header:     hdr("Content-Type", ctForm), Body: []byte(" user=tobi"), Want: Exact(403, "[foo.bar] no leading space")},
		{Path: p("with verify option", "should allow pass-through"),
			URLEncoded: parsers.URLEncodedConfig{Verify: rejectFirst(0x5b, "no arrays", 0, "")},
			Header:     hdr("Content-Type", ctForm), Body: tobi, Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with verify option", "should 415 on unknown charset prior to verify"), URLEncoded: parsers.URLEncodedConfig{Verify: neverCalled},
			Header: hdr("Content-Type", "application/x-www-form-urlencoded; charset=x-bogus"), Chunked: true, Body: hexb("00000000"),
			Want: Exact(415, `[charset.unsupported] unsupported charset "X-BOGUS"`)},
	}...)
	als := "AsyncLocalStorage is the request's context in Go (fasthttp.RequestCtx.Value); the parsers tests, which have no middleware, check the response only"
	cases = append(cases, []Case{
		{Path: p("async local storage", "should presist store"), Header: hdr("Content-Type", ctForm), Body: tobi,
			Want: Exact(200, `{"user":"tobi"}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when unmatched content-type"), Header: hdr("Content-Type", "application/fizzbuzz"),
			Body: []byte("buzz"), Want: Exact(200, `{}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when inflated"), Header: hdr("Content-Encoding", "gzip", "Content-Type", ctForm),
			Chunked: true, Body: hexb(gzForm), Want: Exact(200, `{"name":"论"}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when inflate error"), Header: hdr("Content-Encoding", "gzip", "Content-Type", ctForm),
			Chunked: true, Body: hexb(gzFormBroken), Want: Status(400), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when limit exceeded"), Header: hdr("Content-Type", ctForm),
			Body: []byte("user=" + dots(1024*100)), Want: Status(413), Store: true, Note: als},

		{Path: p("charset", "should parse utf-8"), Header: hdr("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"), Chunked: true,
			Body: hexb("6e616d653de8aeba"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("charset", "should parse when content-length != char length"),
			Header: hdr("Content-Type", "application/x-www-form-urlencoded; charset=utf-8", "Content-Length", "7"),
			Body:   hexb("746573743dc3a5"), Want: Exact(200, `{"test":"å"}`)},
		{Path: p("charset", "should default to utf-8"), Header: hdr("Content-Type", ctForm), Chunked: true,
			Body: hexb("6e616d653de8aeba"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("charset", "should fail on unknown charset"), Header: hdr("Content-Type", "application/x-www-form-urlencoded; charset=koi8-r"),
			Chunked: true, Body: hexb("6e616d653dcec5d4"), Want: Exact(415, `[charset.unsupported] unsupported charset "KOI8-R"`)},

		{Path: p("encoding", "should parse without encoding"), URLEncoded: limit10kb, Header: hdr("Content-Type", ctForm), Chunked: true,
			Body: hexb("6e616d653de8aeba"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should support identity encoding"), URLEncoded: limit10kb,
			Header: hdr("Content-Encoding", "identity", "Content-Type", ctForm), Chunked: true,
			Body: hexb("6e616d653de8aeba"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should support gzip encoding"), URLEncoded: limit10kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctForm), Chunked: true,
			Body: hexb(gzForm), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should support deflate encoding"), URLEncoded: limit10kb,
			Header: hdr("Content-Encoding", "deflate", "Content-Type", ctForm), Chunked: true,
			Body: hexb("789ccb4bcc4db57db16e17001068042f"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should be case-insensitive"), URLEncoded: limit10kb,
			Header: hdr("Content-Encoding", "GZIP", "Content-Type", ctForm), Chunked: true,
			Body: hexb(gzForm), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should 415 on unknown encoding"), URLEncoded: limit10kb,
			Header: hdr("Content-Encoding", "nulls", "Content-Type", ctForm), Chunked: true,
			Body: hexb("000000000000"), Want: Exact(415, `[encoding.unsupported] unsupported content encoding "nulls"`)},
	}...)
	for i := range cases {
		cases[i].Kind = URLEncoded
	}
	return cases
}
