package parserstest

import "github.com/fwgo/fw/parsers"

const (
	rawSuite = "express.raw()"
	ctOctets = "application/octet-stream"
	// gzip of "name=论", from the test files.
	gzForm       = "1f8b080000000000000bcb4bcc4db57db16e170099a4bad608000000"
	gzFormBroken = "1f8b080000000000000bcb4bcc4db57db16e170099a4bad6080000"
)

// RawCases returns the 39 cases of test/express.raw.js.
func RawCases() []Case {
	p := func(path ...string) []string { return append([]string{rawSuite}, path...) }
	limit1kb := parsers.RawConfig{Limit: "1kb"}
	limit10kb := parsers.RawConfig{Limit: "10kb"}
	noNull := rejectFirst(0x00, "no leading null", 0, "")
	tobi := []byte("the user is tobi")
	const tobiHex = `{"buf":"746865207573657220697320746f6269"}`
	cases := []Case{
		{Path: p("should parse application/octet-stream"), Header: hdr("Content-Type", ctOctets), Body: tobi,
			Want: Exact(200, tobiHex)},
		{Path: p("should 400 when invalid content-length"), Header: hdr("Content-Type", ctOctets), Body: []byte("stuff"),
			SetContentLength: "20", Want: Matches(400, "content length")},
		{Path: p("should handle Content-Length: 0"), Header: hdr("Content-Type", ctOctets, "Content-Length", "0"),
			Want: Exact(200, `{"buf":""}`)},
		{Path: p("should handle empty message-body"), Header: hdr("Content-Type", ctOctets), Chunked: true,
			Want: Exact(200, `{"buf":""}`)},
		{Path: p("should 500 if stream not readable"), Header: hdr("Content-Type", ctOctets), Body: tobi,
			StreamConsumed: true, Want: Exact(500, "[stream.not.readable] stream is not readable")},
		{Path: p("should handle duplicated middleware"), Header: hdr("Content-Type", ctOctets), Body: tobi,
			Twice: true, Want: Exact(200, tobiHex)},

		{Path: p("with limit option", "should 413 when over limit with Content-Length"), Raw: limit1kb,
			Header: hdr("Content-Type", ctOctets, "Content-Length", "1028"), Body: []byte(dots(1028)), Want: Status(413)},
		{Path: p("with limit option", "should 413 when over limit with chunked encoding"), Raw: limit1kb,
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: []byte(dots(1028)), Want: Status(413)},
		{Path: p("with limit option", "should 413 when inflated body over limit"), Raw: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctOctets), Chunked: true,
			Body: hexb("1f8b080000000000000ad3d31b05a360148c64000087e5a14704040000"), Want: Status(413)},
		{Path: p("with limit option", "should accept number of bytes"), Raw: parsers.RawConfig{Limit: "1024"},
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: []byte(dots(1028)), Want: Status(413),
			Note: "limit: 1024 (a number) is written \"1024\" in Go"},
		{Path: p("with limit option", "should not change when options altered"), Raw: limit1kb,
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: []byte(dots(1028)), Want: Status(413),
			AlterOptions: true, Note: "Go configurations are copied by value at construction"},
		{Path: p("with limit option", "should not hang response"), Raw: parsers.RawConfig{Limit: "8kb"},
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: []byte(dots(3 * 10240)), Want: Status(413)},
		{Path: p("with limit option", "should not error when inflating"), Raw: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctOctets), Chunked: true,
			Body: hexb("1f8b080000000000000ad3d31b05a360148c64000087e5a147040400"), Want: Status(413)},

		{Path: p("with inflate option", "when false", "should not accept content-encoding"),
			Raw:    parsers.RawConfig{Inflate: parsers.Off},
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctOctets), Chunked: true, Body: hexb(gzForm),
			Want: Exact(415, "[encoding.unsupported] content encoding unsupported")},
		{Path: p("with inflate option", "when true", "should accept content-encoding"),
			Raw:    parsers.RawConfig{Inflate: parsers.On},
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctOctets), Chunked: true, Body: hexb(gzForm),
			Want: Exact(200, `{"buf":"6e616d653de8aeba"}`)},

		{Path: p("with type option", `when "application/vnd+octets"`, "should parse for custom type"),
			Raw:    parsers.RawConfig{Type: []string{"application/vnd+octets"}},
			Header: hdr("Content-Type", "application/vnd+octets"), Chunked: true, Body: hexb("000102"),
			Want: Exact(200, `{"buf":"000102"}`)},
		{Path: p("with type option", `when "application/vnd+octets"`, "should ignore standard type"),
			Raw:    parsers.RawConfig{Type: []string{"application/vnd+octets"}},
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: hexb("000102"), Want: Exact(200, `{}`)},
		{Path: p("with type option", `when ["application/octet-stream", "application/vnd+octets"]`, `should parse "application/octet-stream"`),
			Raw:    parsers.RawConfig{Type: []string{ctOctets, "application/vnd+octets"}},
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: hexb("000102"), Want: Exact(200, `{"buf":"000102"}`)},
		{Path: p("with type option", `when ["application/octet-stream", "application/vnd+octets"]`, `should parse "application/vnd+octets"`),
			Raw:    parsers.RawConfig{Type: []string{ctOctets, "application/vnd+octets"}},
			Header: hdr("Content-Type", "application/vnd+octets"), Chunked: true, Body: hexb("000102"), Want: Exact(200, `{"buf":"000102"}`)},
		{Path: p("with type option", `when ["application/octet-stream", "application/vnd+octets"]`, `should ignore "application/x-foo"`),
			Raw:    parsers.RawConfig{Type: []string{ctOctets, "application/vnd+octets"}},
			Header: hdr("Content-Type", "application/x-foo"), Chunked: true, Body: hexb("000102"), Want: Exact(200, `{}`)},
		{Path: p("with type option", "when a function", "should parse when truthy value returned"),
			Raw:    parsers.RawConfig{TypeFunc: typeEquals("application/vnd.octet")},
			Header: hdr("Content-Type", "application/vnd.octet"), Chunked: true, Body: hexb("000102"), Want: Exact(200, `{"buf":"000102"}`)},
		{Path: p("with type option", "when a function", "should work without content-type"),
			Raw: parsers.RawConfig{TypeFunc: acceptAll}, Chunked: true, Body: hexb("000102"), Want: Exact(200, `{"buf":"000102"}`)},
		{Path: p("with type option", "when a function", "should not invoke without a body"),
			Raw: parsers.RawConfig{TypeFunc: typeThrows}, Method: "GET", Want: Status(404)},

		{Path: p("with verify option", "should assert value is function"),
			Skip: "verify: 'lol' cannot be written in Go: VerifyFunc is a typed field, the compiler rejects a string"},
		{Path: p("with verify option", "should error from verify"), Raw: parsers.RawConfig{Verify: noNull},
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: hexb("000102"),
			Want: Exact(403, "[entity.verify.failed] no leading null")},
		{Path: p("with verify option", "should allow custom codes"),
			Raw:    parsers.RawConfig{Verify: rejectFirst(0x00, "no leading null", 400, "")},
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: hexb("000102"),
			Want: Exact(400, "[entity.verify.failed] no leading null")},
		{Path: p("with verify option", "should allow pass-through"), Raw: parsers.RawConfig{Verify: noNull},
			Header: hdr("Content-Type", ctOctets), Chunked: true, Body: hexb("0102"), Want: Exact(200, `{"buf":"0102"}`)},
	}
	als := "AsyncLocalStorage is the request's context in Go (fasthttp.RequestCtx.Value); the parsers tests, which have no middleware, check the response only"
	cases = append(cases, []Case{
		{Path: p("async local storage", "should presist store"), Header: hdr("Content-Type", ctOctets), Body: tobi,
			Want: Exact(200, tobiHex), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when unmatched content-type"), Header: hdr("Content-Type", "application/fizzbuzz"),
			Body: []byte("buzz"), Want: Exact(200, `{}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when inflated"), Header: hdr("Content-Encoding", "gzip", "Content-Type", ctOctets),
			Chunked: true, Body: hexb(gzForm), Want: Exact(200, `{"buf":"6e616d653de8aeba"}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when inflate error"), Header: hdr("Content-Encoding", "gzip", "Content-Type", ctOctets),
			Chunked: true, Body: hexb(gzFormBroken), Want: Status(400), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when limit exceeded"), Header: hdr("Content-Type", ctOctets),
			Body: []byte("the user is " + dots(1024*100)), Want: Status(413), Store: true, Note: als},

		{Path: p("charset", "should ignore charset"), Header: hdr("Content-Type", "application/octet-stream; charset=utf-8"), Chunked: true,
			Body: hexb("6e616d6520697320e8aeba"), Want: Exact(200, `{"buf":"6e616d6520697320e8aeba"}`)},

		{Path: p("encoding", "should parse without encoding"), Raw: limit10kb, Header: hdr("Content-Type", ctOctets), Chunked: true,
			Body: hexb("6e616d653de8aeba"), Want: Exact(200, `{"buf":"6e616d653de8aeba"}`)},
		{Path: p("encoding", "should support identity encoding"), Raw: limit10kb,
			Header: hdr("Content-Encoding", "identity", "Content-Type", ctOctets), Chunked: true,
			Body: hexb("6e616d653de8aeba"), Want: Exact(200, `{"buf":"6e616d653de8aeba"}`)},
		{Path: p("encoding", "should support gzip encoding"), Raw: limit10kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctOctets), Chunked: true,
			Body: hexb(gzForm), Want: Exact(200, `{"buf":"6e616d653de8aeba"}`)},
		{Path: p("encoding", "should support deflate encoding"), Raw: limit10kb,
			Header: hdr("Content-Encoding", "deflate", "Content-Type", ctOctets), Chunked: true,
			Body: hexb("789ccb4bcc4db57db16e17001068042f"), Want: Exact(200, `{"buf":"6e616d653de8aeba"}`)},
		{Path: p("encoding", "should be case-insensitive"), Raw: limit10kb,
			Header: hdr("Content-Encoding", "GZIP", "Content-Type", ctOctets), Chunked: true,
			Body: hexb(gzForm), Want: Exact(200, `{"buf":"6e616d653de8aeba"}`)},
		{Path: p("encoding", "should 415 on unknown encoding"), Raw: limit10kb,
			Header: hdr("Content-Encoding", "nulls", "Content-Type", ctOctets), Chunked: true,
			Body: hexb("000000000000"), Want: Exact(415, `[encoding.unsupported] unsupported content encoding "nulls"`)},
	}...)
	for i := range cases {
		cases[i].Kind = Raw
	}
	return cases
}
