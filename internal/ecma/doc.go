// Package ecma holds the few JavaScript built-ins whose exact results the
// jshttp modules (negotiator, type-is, fresh, range-parser, proxy-addr,
// bytes, qs) depend on: what counts as white space, String.prototype.trim,
// parseFloat, parseInt and whether Number(s) is a number.
//
// Node hands header values to JavaScript as Latin-1 strings, one character
// per byte, so the functions taking a header value work on bytes and treat
// 0xA0 as NO-BREAK SPACE. ParseInt takes a UTF-8 string (a body or query
// value) and skips any Unicode white space.
package ecma
