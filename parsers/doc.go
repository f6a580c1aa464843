// Package parsers reads and parses request bodies and query strings as
// Express 4.22.3 does on Node 20: body-parser 1.20 (json, raw, text,
// urlencoded) with raw-body, iconv-lite and bytes underneath, qs 6.16 for
// the extended parsers and Node's querystring for the simple ones.
//
// It is a leaf: bytes and headers in, values and typed errors out. It does
// not import the framework; the framework's middleware wraps it.
//
// # Value model
//
// Parsed values are what JavaScript would hold, in Go types: string,
// float64, bool, nil, []any and *Object. Object keeps V8's key order
// (array-index keys ascending, then the others in insertion order), so that
// AppendJSON writes exactly the bytes JSON.stringify writes for the same
// value, and an application echoing a parsed body echoes it byte for byte.
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
// result. The exception, stated where it applies, is a raw body returned
// as a view of the caller's own body bytes.
//
// # Differences from Express
//
//   - Charsets: iconv-lite's multi-byte East Asian code pages (Shift_JIS,
//     GBK, GB18030, Big5, EUC-JP, EUC-KR, ...) and UTF-7 are not decoded:
//     they get 415 "unsupported charset", as unknown charsets do. All of
//     iconv-lite's Unicode and single-byte charsets are decoded as it does.
//   - A "utf-16" body without a BOM has its byte order guessed from its first
//     64 bytes; iconv-lite guesses from the first chunk the socket delivered.
//   - Corruption inside deflate data (as opposed to its gzip or zlib framing,
//     checksums and length, which give zlib's messages) is reported as
//     "invalid compressed data" where zlib names the defect.
//   - A compressed body is also bounded by its compressed size (the limit
//     plus 1/64 of it plus 64 KiB); Express bounds only the inflated size.
package parsers
