package parsers

import (
	"errors"
	"io"
	"strings"
)

// reader holds the options every parser shares and reads bodies as
// body-parser's read() and raw-body do.
type reader struct {
	limit   int64
	inflate bool
	verify  func(in *Input, body []byte, charset string) error
}

// contentCoding is a supported Content-Encoding.
type contentCoding uint8

const (
	codingIdentity contentCoding = iota
	codingGzip
	codingDeflate
)

// asciiEqualFold compares s with a lower-case ASCII word.
func asciiEqualFold(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// coding checks the Content-Encoding as body-parser's contentstream does.
func (r *reader) coding(header string) (contentCoding, *Error) {
	var c contentCoding
	switch {
	case header == "" || asciiEqualFold(header, "identity"):
		return codingIdentity, nil
	case asciiEqualFold(header, "gzip"):
		c = codingGzip
	case asciiEqualFold(header, "deflate"):
		c = codingDeflate
	default:
		if !r.inflate {
			return 0, errInflateOff(strings.ToLower(header))
		}
		return 0, errEncoding(strings.ToLower(header))
	}
	if !r.inflate {
		return 0, errInflateOff(strings.ToLower(header))
	}
	return c, nil
}

// read reads in's body and returns its bytes, after the checks body-parser
// makes in this order: the charset (first, when there is a verify
// function), the Content-Encoding, the Content-Length against the limit,
// the charset (otherwise), the limit while reading, the Content-Length
// against what was read, and the verify function. charset is the encoding
// the body will be decoded with; hasCharset is false for raw bodies.
//
// The returned bytes alias in.Body when the body is in memory and not
// compressed; otherwise they live in b and are valid until b is put back.
func (r *reader) read(in *Input, charset string, hasCharset bool, b *buffer) ([]byte, *Error) {
	if r.verify != nil && hasCharset {
		if _, ok := lookupCharset(charset); !ok {
			return nil, errCharset(charset)
		}
	}
	coding, err := r.coding(in.ContentEncoding)
	if err != nil {
		return nil, err
	}
	length := int64(-1)
	if coding == codingIdentity {
		length = in.ContentLength
	}
	if length >= 0 && length > r.limit {
		return nil, errTooLarge(r.limit, length, -1)
	}
	if r.verify == nil && hasCharset {
		if _, ok := lookupCharset(charset); !ok {
			return nil, errCharset(charset)
		}
	}
	var body []byte
	switch {
	case coding != codingIdentity:
		body, err = r.readInflated(in, coding == codingGzip, b)
	case in.Stream != nil:
		body, err = r.readStream(in.Stream, length, b)
	default:
		body = in.Body
		if n := int64(len(body)); n > r.limit {
			return nil, errTooLarge(r.limit, length, n)
		} else if length >= 0 && n != length {
			return nil, errSizeMismatch(length, n)
		}
	}
	if err != nil {
		return nil, err
	}
	if r.verify != nil {
		enc := charset
		if !hasCharset {
			enc = ""
		}
		if verr := r.verify(in, body, enc); verr != nil {
			return nil, errVerify(verr, body)
		}
	}
	return body, nil
}

// nextRead returns how much to ask for next: a chunk, but never more than
// one byte past the limit, so that an oversized body is detected after
// reading limit+1 bytes.
func (r *reader) nextRead(received int64) int {
	n := int64(readChunk)
	if left := r.limit - received + 1; left < n {
		n = max(left, 1)
	}
	return int(n)
}

// readStream reads an uncompressed body stream into b, at most one byte
// past the limit.
func (r *reader) readStream(s io.Reader, length int64, b *buffer) ([]byte, *Error) {
	var received int64
	for {
		want := r.nextRead(received)
		b.grow(want)
		n, err := s.Read(b.b[len(b.b) : len(b.b)+want])
		b.b = b.b[:len(b.b)+n]
		received += int64(n)
		if received > r.limit {
			return nil, errTooLarge(r.limit, length, received)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errAborted(length, received, err)
		}
		if n == 0 {
			// A reader returning neither data nor an error: treat as the end
			// rather than spin.
			break
		}
	}
	if length >= 0 && received != length {
		return nil, errSizeMismatch(length, received)
	}
	return b.b, nil
}

// readInflated decompresses a gzip or deflate body into b, enforcing the
// limit on the decompressed size (as raw-body does on the inflated stream)
// and a bound on the compressed size.
func (r *reader) readInflated(in *Input, gzip bool, b *buffer) ([]byte, *Error) {
	z := getInflater(gzip, in, r.limit)
	defer putInflater(z)
	var received int64
	err := z.start()
	for err == nil {
		want := r.nextRead(received)
		b.grow(want)
		var n int
		n, err = z.Read(b.b[len(b.b) : len(b.b)+want])
		b.b = b.b[:len(b.b)+n]
		received += int64(n)
		if received > r.limit {
			return nil, errTooLarge(r.limit, -1, received)
		}
	}
	if err == io.EOF {
		return b.b, nil
	}
	var ze *zlibError
	switch {
	case errors.As(err, &ze):
		e := newError(400, "", ze.msg)
		e.Name = "Error"
		e.Code = ze.code
		e.Err = err
		return nil, e
	case errors.Is(err, errCompressedTooLarge):
		return nil, errTooLarge(r.limit, -1, received)
	}
	return nil, errAborted(-1, received, err)
}
