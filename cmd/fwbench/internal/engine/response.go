package engine

import (
	"bytes"
	"errors"
	"io"
)

// maxHeaderBytes bounds a response head; a larger head is a protocol error.
const maxHeaderBytes = 64 << 10

// errMalformed reports a response fwbench cannot parse.
var errMalformed = errors.New("malformed HTTP response")

// responseReader reads HTTP/1.1 responses from a connection with its own
// buffer. It keeps no body: bodies are counted and skipped.
type responseReader struct {
	src  io.Reader
	buf  []byte
	r, w int // unread data is buf[r:w]
}

func newResponseReader(src io.Reader, size int) *responseReader {
	return &responseReader{src: src, buf: make([]byte, size)}
}

// reset points the reader at a new connection and drops buffered data.
func (rd *responseReader) reset(src io.Reader) {
	rd.src, rd.r, rd.w = src, 0, 0
}

// buffered returns how many unread bytes are buffered.
func (rd *responseReader) buffered() int { return rd.w - rd.r }

// fill reads more bytes from the connection, compacting or growing the buffer
// when it is full. It returns io.ErrUnexpectedEOF on EOF.
func (rd *responseReader) fill() error {
	if rd.r == rd.w {
		rd.r, rd.w = 0, 0
	}
	if rd.r > 0 && rd.w == len(rd.buf) {
		n := copy(rd.buf, rd.buf[rd.r:rd.w])
		rd.r, rd.w = 0, n
	}
	if rd.w == len(rd.buf) {
		if len(rd.buf) >= maxHeaderBytes {
			return errMalformed
		}
		nb := make([]byte, 2*len(rd.buf))
		copy(nb, rd.buf[rd.r:rd.w])
		rd.buf, rd.w, rd.r = nb, rd.w-rd.r, 0
	}
	n, err := rd.src.Read(rd.buf[rd.w:])
	rd.w += n
	if n > 0 {
		return nil
	}
	if err == io.EOF || err == nil {
		return io.ErrUnexpectedEOF
	}
	return err
}

// response is what fwbench keeps of a response.
type response struct {
	status    int
	bytes     int64 // head and body bytes read
	closeConn bool  // the connection cannot carry another request
}

// read reads one response. noBody is true for the response to a HEAD
// request. Interim 1xx responses are skipped (their bytes counted).
func (rd *responseReader) read(noBody bool) (response, error) {
	var res response
	for {
		status, keepAlive, length, chunked, headLen, err := rd.readHead()
		if err != nil {
			return res, err
		}
		res.bytes += int64(headLen)
		if status == 101 {
			return res, errors.New("unexpected 101 Switching Protocols")
		}
		if status < 200 {
			continue
		}
		res.status = status
		res.closeConn = !keepAlive
		switch {
		case noBody || status == 204 || status == 304:
		case chunked:
			n, err := rd.skipChunked()
			res.bytes += n
			if err != nil {
				return res, err
			}
		case length >= 0:
			if err := rd.skip(length); err != nil {
				return res, err
			}
			res.bytes += length
		default: // body until the server closes
			res.closeConn = true
			for {
				res.bytes += int64(rd.w - rd.r)
				rd.r = rd.w
				if err := rd.fill(); err != nil {
					if err == io.ErrUnexpectedEOF {
						return res, nil
					}
					return res, err
				}
			}
		}
		return res, nil
	}
}

// readHead parses a status line and header fields. length is -1 when absent.
func (rd *responseReader) readHead() (status int, keepAlive bool, length int64, chunked bool, headLen int, err error) {
	var end int
	for {
		if i := bytes.Index(rd.buf[rd.r:rd.w], crlfcrlf); i >= 0 {
			end = rd.r + i + 4
			break
		}
		if err := rd.fill(); err != nil {
			if err == io.ErrUnexpectedEOF && rd.w == rd.r {
				return 0, false, 0, false, 0, io.EOF // clean close between responses
			}
			return 0, false, 0, false, 0, err
		}
	}
	head := rd.buf[rd.r:end]
	headLen = end - rd.r
	rd.r = end
	// Status line: HTTP/1.x SP 3DIGIT [SP reason] CRLF
	if len(head) < 14 || string(head[:7]) != "HTTP/1." || head[8] != ' ' {
		return 0, false, 0, false, 0, errMalformed
	}
	minor := head[7]
	for i := 9; i < 12; i++ {
		c := head[i]
		if c < '0' || c > '9' {
			return 0, false, 0, false, 0, errMalformed
		}
		status = status*10 + int(c-'0')
	}
	if status < 100 || head[12] != ' ' && head[12] != '\r' {
		return 0, false, 0, false, 0, errMalformed
	}
	keepAlive = minor == '1'
	length = -1
	line := bytes.IndexByte(head, '\n') + 1
	for line < len(head)-2 {
		nl := bytes.IndexByte(head[line:], '\n')
		if nl < 0 {
			return 0, false, 0, false, 0, errMalformed
		}
		field := head[line : line+nl]
		line += nl + 1
		if n := len(field); n > 0 && field[n-1] == '\r' {
			field = field[:n-1]
		}
		colon := bytes.IndexByte(field, ':')
		if colon <= 0 {
			return 0, false, 0, false, 0, errMalformed
		}
		name, value := field[:colon], bytes.TrimSpace(field[colon+1:])
		switch {
		case equalFold(name, "content-length"):
			n, ok := parseLength(value)
			if !ok || length >= 0 && n != length {
				return 0, false, 0, false, 0, errMalformed
			}
			length = n
		case equalFold(name, "transfer-encoding"):
			chunked = hasToken(value, "chunked")
		case equalFold(name, "connection"):
			if hasToken(value, "close") {
				keepAlive = false
			} else if hasToken(value, "keep-alive") {
				keepAlive = true
			}
		}
	}
	return status, keepAlive, length, chunked, headLen, nil
}

var crlfcrlf = []byte("\r\n\r\n")

// skip discards n body bytes.
func (rd *responseReader) skip(n int64) error {
	for {
		avail := int64(rd.w - rd.r)
		if avail >= n {
			rd.r += int(n)
			return nil
		}
		n -= avail
		rd.r, rd.w = 0, 0
		if err := rd.fill(); err != nil {
			return err
		}
	}
}

// skipChunked discards a chunked body and its trailers, returning its size
// on the wire.
func (rd *responseReader) skipChunked() (int64, error) {
	var total int64
	for {
		line, err := rd.line()
		if err != nil {
			return total, err
		}
		total += int64(len(line))
		if i := bytes.IndexByte(line, ';'); i >= 0 {
			line = line[:i]
		}
		size, ok := parseHex(bytes.TrimSpace(line))
		if !ok {
			return total, errMalformed
		}
		if size == 0 {
			for { // trailers up to an empty line
				tl, err := rd.line()
				if err != nil {
					return total, err
				}
				total += int64(len(tl))
				if len(bytes.TrimRight(tl, "\r\n")) == 0 {
					return total, nil
				}
			}
		}
		if err := rd.skip(size); err != nil {
			return total, err
		}
		total += size
		crlf, err := rd.line()
		if err != nil {
			return total, err
		}
		total += int64(len(crlf))
		if len(bytes.TrimRight(crlf, "\r\n")) != 0 {
			return total, errMalformed
		}
	}
}

// line returns the next line including its '\n'; valid until the next read.
func (rd *responseReader) line() ([]byte, error) {
	for {
		if i := bytes.IndexByte(rd.buf[rd.r:rd.w], '\n'); i >= 0 {
			l := rd.buf[rd.r : rd.r+i+1]
			rd.r += i + 1
			return l, nil
		}
		if rd.w-rd.r >= 4096 {
			return nil, errMalformed
		}
		if err := rd.fill(); err != nil {
			return nil, err
		}
	}
}

func parseLength(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

func parseHex(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			n = n<<4 | int64(c-'0')
		case c >= 'a' && c <= 'f':
			n = n<<4 | int64(c-'a'+10)
		case c >= 'A' && c <= 'F':
			n = n<<4 | int64(c-'A'+10)
		default:
			return 0, false
		}
	}
	return n, true
}

// equalFold compares an ASCII header name with a lower-case constant.
func equalFold(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i := range b {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// hasToken reports whether the comma-separated list v contains tok
// (case-insensitive).
func hasToken(v []byte, tok string) bool {
	for len(v) > 0 {
		i := bytes.IndexByte(v, ',')
		var item []byte
		if i < 0 {
			item, v = v, nil
		} else {
			item, v = v[:i], v[i+1:]
		}
		if equalFold(bytes.TrimSpace(item), tok) {
			return true
		}
	}
	return false
}
