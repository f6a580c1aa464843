package parserstest

import (
	"encoding/json"

	"github.com/fwgo/fw/parsers"
)

const (
	jsonSuite = "express.json()"
	ctJSON    = "application/json"
	// gzip of {"name":"论"} and variants, from the test file.
	gzName       = "1f8b080000000000000bab56ca4bcc4d55b2527ab16e97522d00515be1cc0e000000"
	gzNameBroken = "1f8b080000000000000bab56cc4d55b2527ab16e97522d00515be1cc0e000000"
)

func dotsJSON(n int) string {
	b, _ := json.Marshal(map[string]string{"str": dots(n)})
	return string(b)
}

// JSONCases returns the 61 cases of test/express.json.js.
func JSONCases() []Case {
	p := func(path ...string) []string { return append([]string{jsonSuite}, path...) }
	limit1kb := parsers.JSONConfig{Limit: "1kb"}
	noArrays := rejectFirst(0x5b, "no arrays", 0, "")
	cases := []Case{
		{Path: p("should parse JSON"), Header: hdr("Content-Type", ctJSON), Body: []byte(`{"user":"tobi"}`),
			Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("should handle Content-Length: 0"), Header: hdr("Content-Type", ctJSON, "Content-Length", "0"),
			Want: Exact(200, `{}`)},
		{Path: p("should handle empty message-body"), Header: hdr("Content-Type", ctJSON), Chunked: true,
			Want: Exact(200, `{}`)},
		{Path: p("should handle no message-body"), Header: hdr("Content-Type", ctJSON),
			Want: Exact(200, `{}`)},
		{Path: p("should 400 when only whitespace"), Header: hdr("Content-Type", ctJSON), Body: []byte("  \n"),
			Want: Exact(400, "[entity.parse.failed] "+parseError(" "))},
		{Path: p("should 400 when invalid content-length"), Header: hdr("Content-Type", ctJSON), Body: []byte(`{"str":`),
			SetContentLength: "20", Want: Matches(400, "content length")},
		{Path: p("should 500 if stream not readable"), Header: hdr("Content-Type", ctJSON), Body: []byte(`{"user":"tobi"}`),
			StreamConsumed: true, Want: Exact(500, "[stream.not.readable] stream is not readable")},
		{Path: p("should handle duplicated middleware"), Header: hdr("Content-Type", ctJSON), Body: []byte(`{"user":"tobi"}`),
			Twice: true, Want: Exact(200, `{"user":"tobi"}`)},

		{Path: p("when JSON is invalid", "should 400 for bad token"), Header: hdr("Content-Type", ctJSON), Body: []byte("{:"),
			Want: Exact(400, "[entity.parse.failed] "+parseError("{:"))},
		{Path: p("when JSON is invalid", "should 400 for incomplete"), Header: hdr("Content-Type", ctJSON), Body: []byte(`{"user"`),
			Want: Exact(400, "[entity.parse.failed] "+parseError(`{"user"`))},
		{Path: p("when JSON is invalid", "should include original body on error object"),
			Header: hdr("Content-Type", ctJSON, "X-Error-Property", "body"), Body: []byte(` {"user"`),
			Want: Exact(400, ` {"user"`)},

		{Path: p("with limit option", "should 413 when over limit with Content-Length"), JSON: limit1kb,
			Header: hdr("Content-Type", ctJSON, "Content-Length", "1034"), Body: []byte(dotsJSON(1024)),
			Want: Exact(413, "[entity.too.large] request entity too large")},
		{Path: p("with limit option", "should 413 when over limit with chunked encoding"), JSON: limit1kb,
			Header: hdr("Content-Type", ctJSON), Chunked: true, Body: []byte(`{"str":"` + dots(1024) + `"}`),
			Want: Status(413)},
		{Path: p("with limit option", "should 413 when inflated body over limit"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON), Chunked: true,
			Body: hexb("1f8b080000000000000aab562a2e2952b252d21b05a360148c58a0540b0066f7ce1e0a040000"), Want: Status(413)},
		{Path: p("with limit option", "should accept number of bytes"), JSON: parsers.JSONConfig{Limit: "1024"},
			Header: hdr("Content-Type", ctJSON), Body: []byte(dotsJSON(1024)), Want: Status(413),
			Note: "limit: 1024 (a number) is written \"1024\" in Go"},
		{Path: p("with limit option", "should not change when options altered"), JSON: limit1kb,
			Header: hdr("Content-Type", ctJSON), Body: []byte(dotsJSON(1024)), Want: Status(413),
			AlterOptions: true, Note: "Go configurations are copied by value at construction"},
		{Path: p("with limit option", "should not hang response"), JSON: parsers.JSONConfig{Limit: "8kb"},
			Header: hdr("Content-Type", ctJSON), Chunked: true, Body: []byte(dots(3 * 10240)), Want: Status(413)},
		{Path: p("with limit option", "should not error when inflating"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON), Chunked: true,
			Body: hexb("1f8b080000000000000aab562a2e2952b252d21b05a360148c58a0540b0066f7ce1e0a0400"), Want: Status(413)},

		{Path: p("with inflate option", "when false", "should not accept content-encoding"),
			JSON:   parsers.JSONConfig{Inflate: parsers.Off},
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON), Chunked: true, Body: hexb(gzName),
			Want: Exact(415, "[encoding.unsupported] content encoding unsupported")},
		{Path: p("with inflate option", "when true", "should accept content-encoding"),
			JSON:   parsers.JSONConfig{Inflate: parsers.On},
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON), Chunked: true, Body: hexb(gzName),
			Want: Exact(200, `{"name":"论"}`)},

		{Path: p("with strict option", "when undefined", "should 400 on primitives"),
			Header: hdr("Content-Type", ctJSON), Body: []byte("true"),
			Want: Exact(400, "[entity.parse.failed] "+parseError("#rue"))},
		{Path: p("with strict option", "when false", "should parse primitives"), JSON: parsers.JSONConfig{Strict: parsers.Off},
			Header: hdr("Content-Type", ctJSON), Body: []byte("true"), Want: Exact(200, "true")},
		{Path: p("with strict option", "when true", "should not parse primitives"), JSON: parsers.JSONConfig{Strict: parsers.On},
			Header: hdr("Content-Type", ctJSON), Body: []byte("true"),
			Want: Exact(400, "[entity.parse.failed] "+parseError("#rue"))},
		{Path: p("with strict option", "when true", "should not parse primitives with leading whitespaces"),
			JSON: parsers.JSONConfig{Strict: parsers.On}, Header: hdr("Content-Type", ctJSON), Body: []byte("    true"),
			Want: Exact(400, "[entity.parse.failed] "+parseError("    #rue"))},
		{Path: p("with strict option", "when true", "should allow leading whitespaces in JSON"),
			JSON: parsers.JSONConfig{Strict: parsers.On}, Header: hdr("Content-Type", ctJSON), Body: []byte(`   { "user": "tobi" }`),
			Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with strict option", "when true", "should include correct message in stack trace"),
			JSON: parsers.JSONConfig{Strict: parsers.On}, Header: hdr("Content-Type", ctJSON, "X-Error-Property", "stack"),
			Body: []byte("true"), Want: Contains(400, parseError("#rue")),
			Note: "err.stack is Go's Name + \": \" + Message"},

		{Path: p("with type option", `when "application/vnd.api+json"`, "should parse JSON for custom type"),
			JSON:   parsers.JSONConfig{Type: []string{"application/vnd.api+json"}},
			Header: hdr("Content-Type", "application/vnd.api+json"), Body: []byte(`{"user":"tobi"}`),
			Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", `when "application/vnd.api+json"`, "should ignore standard type"),
			JSON:   parsers.JSONConfig{Type: []string{"application/vnd.api+json"}},
			Header: hdr("Content-Type", ctJSON), Body: []byte(`{"user":"tobi"}`), Want: Exact(200, `{}`)},
		{Path: p("with type option", `when ["application/json", "application/vnd.api+json"]`, `should parse JSON for "application/json"`),
			JSON:   parsers.JSONConfig{Type: []string{"application/json", "application/vnd.api+json"}},
			Header: hdr("Content-Type", ctJSON), Body: []byte(`{"user":"tobi"}`), Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", `when ["application/json", "application/vnd.api+json"]`, `should parse JSON for "application/vnd.api+json"`),
			JSON:   parsers.JSONConfig{Type: []string{"application/json", "application/vnd.api+json"}},
			Header: hdr("Content-Type", "application/vnd.api+json"), Body: []byte(`{"user":"tobi"}`), Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", `when ["application/json", "application/vnd.api+json"]`, `should ignore "application/x-json"`),
			JSON:   parsers.JSONConfig{Type: []string{"application/json", "application/vnd.api+json"}},
			Header: hdr("Content-Type", "application/x-json"), Body: []byte(`{"user":"tobi"}`), Want: Exact(200, `{}`)},
		{Path: p("with type option", "when a function", "should parse when truthy value returned"),
			JSON:   parsers.JSONConfig{TypeFunc: typeEquals("application/vnd.api+json")},
			Header: hdr("Content-Type", "application/vnd.api+json"), Body: []byte(`{"user":"tobi"}`), Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", "when a function", "should work without content-type"),
			JSON: parsers.JSONConfig{TypeFunc: acceptAll}, Chunked: true, Body: []byte(`{"user":"tobi"}`),
			Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with type option", "when a function", "should not invoke without a body"),
			JSON: parsers.JSONConfig{TypeFunc: typeThrows}, Method: "GET", Want: Status(404)},

		{Path: p("with verify option", "should assert value if function"),
			Skip: "verify: 'lol' cannot be written in Go: VerifyFunc is a typed field, the compiler rejects a string"},
		{Path: p("with verify option", "should error from verify"), JSON: parsers.JSONConfig{Verify: noArrays},
			Header: hdr("Content-Type", ctJSON), Body: []byte(`["tobi"]`), Want: Exact(403, "[entity.verify.failed] no arrays")},
		{Path: p("with verify option", "should allow custom codes"),
			JSON:   parsers.JSONConfig{Verify: rejectFirst(0x5b, "no arrays", 400, "")},
			Header: hdr("Content-Type", ctJSON), Body: []byte(`["tobi"]`), Want: Exact(400, "[entity.verify.failed] no arrays")},
		{Path: p("with verify option", "should allow custom type"),
			JSON:   parsers.JSONConfig{Verify: rejectFirst(0x5b, "no arrays", 0, "foo.bar")},
			Header: hdr("Content-Type", ctJSON), Body: []byte(`["tobi"]`), Want: Exact(403, "[foo.bar] no arrays")},
		{Path: p("with verify option", "should include original body on error object"), JSON: parsers.JSONConfig{Verify: noArrays},
			Header: hdr("Content-Type", ctJSON, "X-Error-Property", "body"), Body: []byte(`["tobi"]`), Want: Exact(403, `["tobi"]`)},
		{Path: p("with verify option", "should allow pass-through"), JSON: parsers.JSONConfig{Verify: noArrays},
			Header: hdr("Content-Type", ctJSON), Body: []byte(`{"user":"tobi"}`), Want: Exact(200, `{"user":"tobi"}`)},
		{Path: p("with verify option", "should work with different charsets"), JSON: parsers.JSONConfig{Verify: noArrays},
			Header: hdr("Content-Type", "application/json; charset=utf-16"), Chunked: true,
			Body: hexb("feff007b0022006e0061006d00650022003a00228bba0022007d"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("with verify option", "should 415 on unknown charset prior to verify"), JSON: parsers.JSONConfig{Verify: neverCalled},
			Header: hdr("Content-Type", "application/json; charset=x-bogus"), Chunked: true, Body: hexb("00000000"),
			Want: Exact(415, `[charset.unsupported] unsupported charset "X-BOGUS"`)},
	}
	// async local storage: the app keeps a store in the request's context
	// through the parser (Store).
	als := "AsyncLocalStorage is the request's context in Go (fasthttp.RequestCtx.Value); the parsers tests, which have no middleware, check the response only"
	cases = append(cases, []Case{
		{Path: p("async local storage", "should presist store"), Header: hdr("Content-Type", ctJSON), Body: []byte(`{"user":"tobi"}`),
			Want: Exact(200, `{"user":"tobi"}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when unmatched content-type"), Header: hdr("Content-Type", "application/fizzbuzz"),
			Body: []byte("buzz"), Want: Exact(200, `{}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when inflated"), Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON),
			Chunked: true, Body: hexb(gzName), Want: Exact(200, `{"name":"论"}`), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when inflate error"), Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON),
			Chunked: true, Body: hexb(gzNameBroken), Want: Status(400), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when parse error"), Header: hdr("Content-Type", ctJSON),
			Body: []byte(`{"user":`), Want: Status(400), Store: true, Note: als},
		{Path: p("async local storage", "should presist store when limit exceeded"), Header: hdr("Content-Type", ctJSON),
			Body: []byte(`{"user":"` + dots(1024*100) + `"}`), Want: Status(413), Store: true, Note: als},

		{Path: p("charset", "should parse utf-8"), Header: hdr("Content-Type", "application/json; charset=utf-8"), Chunked: true,
			Body: hexb("7b226e616d65223a22e8aeba227d"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("charset", "should parse utf-16"), Header: hdr("Content-Type", "application/json; charset=utf-16"), Chunked: true,
			Body: hexb("feff007b0022006e0061006d00650022003a00228bba0022007d"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("charset", "should parse when content-length != char length"),
			Header: hdr("Content-Type", "application/json; charset=utf-8", "Content-Length", "13"),
			Body:   hexb("7b2274657374223a22c3a5227d"), Want: Exact(200, `{"test":"å"}`)},
		{Path: p("charset", "should default to utf-8"), Header: hdr("Content-Type", ctJSON), Chunked: true,
			Body: hexb("7b226e616d65223a22e8aeba227d"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("charset", "should fail on unknown charset"), Header: hdr("Content-Type", "application/json; charset=koi8-r"), Chunked: true,
			Body: hexb("7b226e616d65223a22cec5d4227d"), Want: Exact(415, `[charset.unsupported] unsupported charset "KOI8-R"`)},

		{Path: p("encoding", "should parse without encoding"), JSON: limit1kb, Header: hdr("Content-Type", ctJSON), Chunked: true,
			Body: hexb("7b226e616d65223a22e8aeba227d"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should support identity encoding"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "identity", "Content-Type", ctJSON), Chunked: true,
			Body: hexb("7b226e616d65223a22e8aeba227d"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should support gzip encoding"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON), Chunked: true,
			Body: hexb(gzName), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should support deflate encoding"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "deflate", "Content-Type", ctJSON), Chunked: true,
			Body: hexb("789cab56ca4bcc4d55b2527ab16e97522d00274505ac"), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should be case-insensitive"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "GZIP", "Content-Type", ctJSON), Chunked: true,
			Body: hexb(gzName), Want: Exact(200, `{"name":"论"}`)},
		{Path: p("encoding", "should 415 on unknown encoding"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "nulls", "Content-Type", ctJSON), Chunked: true,
			Body: hexb("000000000000"), Want: Exact(415, `[encoding.unsupported] unsupported content encoding "nulls"`)},
		{Path: p("encoding", "should 400 on malformed encoding"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON), Chunked: true,
			Body: hexb(gzNameBroken), Want: Status(400)},
		{Path: p("encoding", "should 413 when inflated value exceeds limit"), JSON: limit1kb,
			Header: hdr("Content-Encoding", "gzip", "Content-Type", ctJSON), Chunked: true,
			Body: hexb("1f8b080000000000000bedc1010d000000c2a0f74f6d0f071400000000000000" +
				"0000000000000000000000000000000000000000000000000000000000000000" +
				"0000000000000000004f0625b3b71650c30000"), Want: Status(413)},
	}...)
	for i := range cases {
		cases[i].Kind = JSON
	}
	return cases
}
