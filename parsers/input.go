package parsers

import "io"

// Input is one request body with the request headers body-parser reads.
// A framework fills it from its request (converting header bytes with
// bytesconv.B2S costs nothing); the parsers only read it and never retain
// it or anything it points to.
type Input struct {
	// ContentType is the Content-Type header, "" when absent.
	ContentType string
	// ContentEncoding is the Content-Encoding header, "" when absent.
	ContentEncoding string
	// ContentLength is the Content-Length header's value, or -1 when the
	// request has no Content-Length header.
	ContentLength int64
	// Chunked reports that the request has a Transfer-Encoding header.
	Chunked bool
	// Body is the body when it is already in memory (fasthttp's default).
	Body []byte
	// Stream, when not nil, is read instead of Body (fasthttp's
	// RequestBodyStream when the server streams request bodies). It is read
	// at most up to the limit plus one read buffer; on an error the rest is
	// left unread, and the caller should close the connection or drain it.
	Stream io.Reader
	// Req is handed untouched to TypeFunc and Verify, so that a framework
	// can pass its own request object through.
	Req any
}

// HasBody reports whether the request has a body, as type-is's hasBody
// decides it: a Transfer-Encoding header or a Content-Length header is
// present. "Content-Length: 0" counts as a body, an empty one.
func (in *Input) HasBody() bool {
	return in.Chunked || in.ContentLength >= 0
}
