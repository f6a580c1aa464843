// Package parsers reads and parses request bodies and query strings as
// Express 4.22.3 does on Node 20: body-parser 1.20 (json, raw, text,
// urlencoded) with raw-body, iconv-lite and bytes underneath, qs 6.16 for
// the extended parsers and Node's querystring for the simple ones.
//
// It is a leaf: bytes and headers in (Input), values and typed errors out.
// It does not import the framework; the framework's middleware wraps it:
//
//	p, err := parsers.NewJSON(parsers.JSONConfig{Limit: "1mb"}) // at registration
//	...
//	in := parsers.Input{ContentType: ..., ContentLength: ..., Body: ...} // per request
//	if p.Match(&in) {
//		body, err := p.Parse(&in) // err is a *parsers.Error: Status, Type, Message
//	}
//
// Every Config's zero value is Express's default (express.json() and so
// on); Switch fields carry the options whose default is true. An invalid
// limit makes the constructor fail; it never means "no limit".
//
// # Value model
//
// Parsed values are what JavaScript would hold, in Go types: string,
// float64, bool, nil, []any and *Object. Object keeps V8's key order
// (array-index keys ascending, then the others in insertion order), so that
// AppendJSON writes exactly the bytes JSON.stringify writes for the same
// value, and an application echoing a parsed body echoes it byte for byte.
// JSON.Decode and URLEncoded.Decode (with Bind) fill a caller's struct
// instead.
//
// Strings are Go strings in WTF-8: valid UTF-8, except that a lone
// surrogate, which a JavaScript string may hold (JSON "\ud800", UTF-16
// bodies), is kept as its three-byte form; AppendQuote writes it back as
// "\ud800", as JSON.stringify does.
//
// # Memory
//
// Values returned by the parsers never point into the input or into pooled
// memory: each parse copies its strings into one allocation owned by the
// result. The exception is Raw.Parse, which returns in.Body itself when the
// body was in memory and not compressed. Bodies read from a stream or
// inflated go through pooled buffers that are cleared and returned before
// Parse returns. Reading stops one byte past the limit, so an endless
// chunked body or a gzip bomb costs at most the limit in memory.
//
// Matching the type, reading the charset, checking limits and reading
// allocate nothing: a parse allocates only what its values need.
//
// # Differences from Express
//
//   - Charsets: iconv-lite's multi-byte East Asian code pages (Shift_JIS,
//     GBK, GB18030, Big5, EUC-JP, EUC-KR, ...) are not decoded: they get
//     415 "unsupported charset", as unknown charsets do. All of iconv-lite's
//     Unicode (UTF-8, UTF-16, CESU-8, UTF-7) and single-byte charsets are
//     decoded as it decodes them.
//   - A "utf-16" body without a BOM has its byte order guessed from its first
//     64 bytes; iconv-lite guesses from the first chunk the socket delivered.
//   - Corruption inside deflate data (as opposed to its gzip or zlib framing,
//     checksums and length, which give zlib's messages) is reported as
//     "invalid compressed data" where zlib names the defect.
//   - A compressed body is also bounded by its compressed size (the limit
//     plus 1/64 of it plus 64 KiB); Express bounds only the inflated size.
//   - After an error the rest of a streamed body is left unread; Express
//     reads it off before responding. The framework closes or drains.
//   - Any read error of Input.Stream is 400 "request.aborted"; Node tells an
//     aborted request from other stream errors.
//   - A JSON reviver walks at most 2,500 levels and a value nested deeper
//     than MaxJSONDepth (4,000) does not stringify: both fail with "Maximum
//     call stack size exceeded", where V8's limit depends on its stack. A
//     reviver returning undefined for the root value gives nil.
//   - Options are typed: limit is a string ("1024" for a number of bytes),
//     verify and type functions are Go functions over Input, and the zero
//     value means the default, so parameterLimit 0 and depth 0 (which
//     body-parser rejects or takes literally) mean 1000 and 32; qs's depth 0
//     is NoNesting, Infinity is Unlimited, and a depth above MaxDepth is
//     refused.
//   - JSON syntax errors carry V8's (Node 20) messages; Node 22 appends
//     "(line L column C)".
package parsers
