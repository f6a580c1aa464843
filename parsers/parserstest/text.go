package parserstest

import "github.com/fwgo/fw/parsers"

const (
	textSuite = "express.text()"
	ctText    = "text/plain"
	// gzip of "name is 论", from the test file.
	gzText       = "1f8b080000000000000bcb4bcc4d55c82c5678b16e170072b3e0200b000000"
	gzTextBroken = "1f8b080000000000000bcb4bcc4d55c82c5678b16e170072b3e0200b0000"
)

// TextCases returns the 46 cases of test/express.text.js.
func TextCases() []Case {
	p := func(path ...string) []string { return append([]string{textSuite}, path...) }
	limit1kb := parsers.TextConfig{Limit: "1kb"}
	limit10kb := parsers.TextConfig{Limit: "10kb"}
	noSpace := rejectFirst(0x20, "no leading space", 0, "")
	tobi := []byte("user is tobi")
	cases := []Case{
		{Path: p("should parse text/plain"), Header: hdr("Content-Type", ctText), Body: tobi, Want: Exact(200, `"user is tobi"`)},
		{Path: p("should 400 when invalid content-length"), Header: hdr("Content-Type", ctText), Body: []byte("user"),
			SetContentLength: "20", Want: Matches(400, "content length")},
		{Path: p("should handle Content-Length: 0"), Text: limit1kb, Header: hdr("Content-Type", ctText, "Content-Length", "0"),
			Want: Exact(200, `""`)},
		{Path: p("should handle empty message-body"), Text: limit1kb, Header: hdr("Content-Type", ctText), Chunked: true,
			Want: Exact(200, `""`)},
		{Path: p("should 500 if stream not readable"), Header: hdr("Content-Type", ctText), Body: tobi,
			StreamConsumed: true, Want: Exact(500, "[stream.not.readable] stream is not readable")},
		{Path: p("should handle duplicated middleware"), Header: hdr("Content-Type", ctText), Body: tobi,
			Twice: true, Want: Exact(200, `"user is tobi"`)},

		{Path: p("with defaultCharset option", "should change default charset"), Text: parsers.TextConfig{DefaultCharset: "koi8-r"},
			Header: hdr("Content-Type", ctText), Chunked: true, Body: hexb("6e616d6520697320cec5d4"), Want: Exact(200, `"name is нет"`)},
		{Path: p("with defaultCharset option", "should honor content-type charset"), Text: parsers.TextConfig{DefaultCharset: "koi8-r"},
			Header: hdr("Content-Type", "text/plain; charset=utf-8"), Chunked: true, Body: hexb("6e616d6520697320e8aeba"),
			Want: Exact(200, `"name is 论"`)},

		{Path: p("with limit option", "should 413 when over limit with Content-Length"), Text: limit1kb,
			Header: hdr("Content-Type", ctText, "Content-Length", "1028"), Body: []byte(dots(1028)), Want: Status(413)},
		{Path: p("with limit option", "should 413 when over limit with chunked encoding"), Text: limit1kb,
			Header: hdr("Content-Type", ctText), Chunked: true, Body: []byte(dots(1028)), Want: Status(413)},
		{Path: p("with limit option", "should 413 when inflated body over limit"), Text: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctText), Chunked: true,
			Body: hexb("1f8b080000000000000ad3d31b05a360148c64000087e5a14704040000"), Want: Status(413)},
		{Path: p("with limit option", "should accept number of bytes"), Text: parsers.TextConfig{Limit: "1024"},
			Header: hdr("Content-Type", ctText), Body: []byte(dots(1028)), Want: Status(413),
			Note: "limit: 1024 (a number) is written \"1024\" in Go"},
		{Path: p("with limit option", "should not change when options altered"), Text: limit1kb,
			Header: hdr("Content-Type", ctText), Body: []byte(dots(1028)), Want: Status(413),
			AlterOptions: true, Note: "Go configurations are copied by value at construction"},
		{Path: p("with limit option", "should not hang response"), Text: parsers.TextConfig{Limit: "8kb"},
			Header: hdr("Content-Type", ctText), Chunked: true, Body: []byte(dots(3 * 10240)), Want: Status(413)},
		{Path: p("with limit option", "should not error when inflating"), Text: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctText), Chunked: true,
			Body: hexb("1f8b080000000000000ad3d31b05a360148c64000087e5a1470404"), Want: Status(413)},

		{Path: p("with inflate option", "when false", "should not accept content-encoding"),
			Text:   parsers.TextConfig{Inflate: parsers.Off},
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctText), Chunked: true, Body: hexb(gzText),
			Want: Exact(415, "[encoding.unsupported] content encoding unsupported")},
		{Path: p("with inflate option", "when true", "should accept content-encoding"),
			Text:   parsers.TextConfig{Inflate: parsers.On},
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctText), Chunked: true, Body: hexb(gzText),
			Want: Exact(200, `"name is 论"`)},

		{Path: p("with type option", `when "text/html"`, "should parse for custom type"), Text: parsers.TextConfig{Type: []string{"text/html"}},
			Header: hdr("Content-Type", "text/html"), Body: []byte("<b>tobi</b>"), Want: Exact(200, `"<b>tobi</b>"`)},
		{Path: p("with type option", `when "text/html"`, "should ignore standard type"), Text: parsers.TextConfig{Type: []string{"text/html"}},
			Header: hdr("Content-Type", ctText), Body: tobi, Want: Exact(200, `{}`)},
		{Path: p("with type option", `when ["text/html", "text/plain"]`, `should parse "text/html"`),
			Text:   parsers.TextConfig{Type: []string{"text/html", "text/plain"}},
			Header: hdr("Content-Type", "text/html"), Body: []byte("<b>tobi</b>"), Want: Exact(200, `"<b>tobi</b>"`)},
		{Path: p("with type option", `when ["text/html", "text/plain"]`, `should parse "text/plain"`),
			Text:   parsers.TextConfig{Type: []string{"text/html", "text/plain"}},
			Header: hdr("Content-Type", ctText), Body: []byte("tobi"), Want: Exact(200, `"tobi"`)},
		{Path: p("with type option", `when ["text/html", "text/plain"]`, `should ignore "text/xml"`),
			Text:   parsers.TextConfig{Type: []string{"text/html", "text/plain"}},
			Header: hdr("Content-Type", "text/xml"), Body: []byte("<user>tobi</user>"), Want: Exact(200, `{}`)},
		{Path: p("with type option", "when a function", "should parse when truthy value returned"),
			Text:   parsers.TextConfig{TypeFunc: typeEquals("text/vnd.something")},
			Header: hdr("Content-Type", "text/vnd.something"), Body: tobi, Want: Exact(200, `"user is tobi"`)},
		{Path: p("with type option", "when a function", "should work without content-type"),
			Text: parsers.TextConfig{TypeFunc: acceptAll}, Chunked: true, Body: tobi, Want: Exact(200, `"user is tobi"`)},
		{Path: p("with type option", "when a function", "should not invoke without a body"),
			Text: parsers.TextConfig{TypeFunc: typeThrows}, Method: "GET", Want: Status(404)},

		{Path: p("with verify option", "should assert value is function"),
			Skip: "verify: 'lol' cannot be written in Go: VerifyFunc is a typed field, the compiler rejects a string"},
		{Path: p("with verify option", "should error from verify"), Text: parsers.TextConfig{Verify: noSpace},
			Header: hdr("Content-Type", ctText), Body: []byte(" user is tobi"), Want: Exact(403, "[entity.verify.failed] no leading space")},
		{Path: p("with verify option", "should allow custom codes"),
			Text:   parsers.TextConfig{Verify: rejectFirst(0x20, "no leading space", 400, "")},
			Header: hdr("Content-Type", ctText), Body: []byte(" user is tobi"), Want: Exact(400, "[entity.verify.failed] no leading space")},
		{Path: p("with verify option", "should allow pass-through"), Text: parsers.TextConfig{Verify: noSpace},
			Header: hdr("Content-Type", ctText), Body: tobi, Want: Exact(200, `"user is tobi"`)},
		{Path: p("with verify option", "should 415 on unknown charset prior to verify"), Text: parsers.TextConfig{Verify: neverCalled},
			Header: hdr("Content-Type", "text/plain; charset=x-bogus"), Chunked: true, Body: hexb("00000000"),
			Want: Exact(415, `[charset.unsupported] unsupported charset "X-BOGUS"`)},
	}
	als := "AsyncLocalStorage is the request's context in Go (fasthttp.RequestCtx.Value); the parsers tests, which have no middleware, check the response only"
	cases = append(cases, []Case{
		{Path: p("async local storage", "should presist store"), Header: hdr("Content-Type", ctText), Body: tobi,
			Want: Exact(200, `"user is tobi"`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when unmatched content-type"), Header: hdr("Content-Type", "application/fizzbuzz"),
			Body: []byte("buzz"), Want: Exact(200, `{}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when inflated"), Header: hdr("Content-Encoding", "gzip", "Content-Type", ctText),
			Chunked: true, Body: hexb(gzText), Want: Exact(200, `"name is 论"`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when inflate error"), Header: hdr("Content-Encoding", "gzip", "Content-Type", ctText),
			Chunked: true, Body: hexb(gzTextBroken), Want: Status(400), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when limit exceeded"), Header: hdr("Content-Type", ctText),
			Body: []byte("user is " + dots(1024*100)), Want: Status(413), Store: true, Note: als},

		{Path: p("charset", "should parse utf-8"), Header: hdr("Content-Type", "text/plain; charset=utf-8"), Chunked: true,
			Body: hexb("6e616d6520697320e8aeba"), Want: Exact(200, `"name is 论"`)},
		{Path: p("charset", "should parse codepage charsets"), Header: hdr("Content-Type", "text/plain; charset=koi8-r"), Chunked: true,
			Body: hexb("6e616d6520697320cec5d4"), Want: Exact(200, `"name is нет"`)},
		{Path: p("charset", "should parse when content-length != char length"),
			Header: hdr("Content-Type", "text/plain; charset=utf-8", "Content-Length", "11"),
			Body:   hexb("6e616d6520697320e8aeba"), Want: Exact(200, `"name is 论"`)},
		{Path: p("charset", "should default to utf-8"), Header: hdr("Content-Type", ctText), Chunked: true,
			Body: hexb("6e616d6520697320e8aeba"), Want: Exact(200, `"name is 论"`)},
		{Path: p("charset", "should 415 on unknown charset"), Header: hdr("Content-Type", "text/plain; charset=x-bogus"), Chunked: true,
			Body: hexb("00000000"), Want: Exact(415, `[charset.unsupported] unsupported charset "X-BOGUS"`)},

		{Path: p("encoding", "should parse without encoding"), Text: limit10kb, Header: hdr("Content-Type", ctText), Chunked: true,
			Body: hexb("6e616d6520697320e8aeba"), Want: Exact(200, `"name is 论"`)},
		{Path: p("encoding", "should support identity encoding"), Text: limit10kb,
			Header: hdr("Content-Encoding", "identity", "Content-Type", ctText), Chunked: true,
			Body: hexb("6e616d6520697320e8aeba"), Want: Exact(200, `"name is 论"`)},
		{Path: p("encoding", "should support gzip encoding"), Text: limit10kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctText), Chunked: true,
			Body: hexb(gzText), Want: Exact(200, `"name is 论"`)},
		{Path: p("encoding", "should support deflate encoding"), Text: limit10kb,
			Header: hdr("Content-Encoding", "deflate", "Content-Type", ctText), Chunked: true,
			Body: hexb("789ccb4bcc4d55c82c5678b16e17001a6f050e"), Want: Exact(200, `"name is 论"`)},
		{Path: p("encoding", "should be case-insensitive"), Text: limit10kb,
			Header: hdr("Content-Encoding", "GZIP", "Content-Type", ctText), Chunked: true,
			Body: hexb(gzText), Want: Exact(200, `"name is 论"`)},
		{Path: p("encoding", "should 415 on unknown encoding"), Text: limit10kb,
			Header: hdr("Content-Encoding", "nulls", "Content-Type", ctText), Chunked: true,
			Body: hexb("000000000000"), Want: Exact(415, `[encoding.unsupported] unsupported content encoding "nulls"`)},
	}...)
	for i := range cases {
		cases[i].Kind = Text
	}
	return cases
}
