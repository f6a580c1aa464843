package runner

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"
)

// DefaultHost is the Host header sent when a case names none.
const DefaultHost = "example.com"

// Response is a response as read off the wire: the status line's parts,
// the header lines in order with their names as sent, and the body with
// any chunked framing removed.
type Response struct {
	Status  int         `json:"status"`
	Reason  string      `json:"reason"`
	Headers [][2]string `json:"headers"`
	// Body is the payload; it is stored as text when it is valid UTF-8 and
	// as BodyB64 otherwise (see Golden).
	Body []byte `json:"-"`
	// Chunked reports that the body came with Transfer-Encoding: chunked.
	Chunked bool `json:"chunked,omitempty"`
	// Sent and Received are the client's clock just before the request was
	// written and just after the response was read (zero when unknown, as
	// in a stored golden). Clean checks a cookie's Expires against them:
	// the server computed it between the two instants.
	Sent     time.Time `json:"-"`
	Received time.Time `json:"-"`
}

// Header returns the first value of the named header, matched
// case-insensitively, and whether it is present.
func (r *Response) Header(name string) (string, bool) {
	for _, h := range r.Headers {
		if strings.EqualFold(h[0], name) {
			return h[1], true
		}
	}
	return "", false
}

// RequestBytes renders a case as the bytes put on the wire.
func RequestBytes(c *Case) ([]byte, error) {
	body, err := c.BodyBytes()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(c.Method)
	b.WriteByte(' ')
	b.WriteString(c.Target)
	b.WriteString(" HTTP/1.1\r\n")
	hasHost, framed := false, false
	for _, h := range c.Headers {
		switch strings.ToLower(h[0]) {
		case "host":
			hasHost = true
		case "content-length", "transfer-encoding":
			framed = true
		}
	}
	if !hasHost && !c.NoHost {
		b.WriteString("Host: " + DefaultHost + "\r\n")
	}
	for _, h := range c.Headers {
		b.WriteString(h[0])
		b.WriteString(": ")
		b.WriteString(h[1])
		b.WriteString("\r\n")
	}
	if !framed {
		switch {
		case c.Chunked:
			b.WriteString("Transfer-Encoding: chunked\r\n")
		case len(body) > 0:
			b.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n")
		}
	}
	b.WriteString("\r\n")
	if c.Chunked {
		// Two chunks, to exercise reassembly.
		half := len(body) / 2
		for _, part := range [][]byte{body[:half], body[half:]} {
			if len(part) == 0 {
				continue
			}
			fmt.Fprintf(&b, "%x\r\n", len(part))
			b.Write(part)
			b.WriteString("\r\n")
		}
		b.WriteString("0\r\n\r\n")
	} else {
		b.Write(body)
	}
	return b.Bytes(), nil
}

// Do sends the case on a new connection from dial and reads one response.
// The connection is closed afterwards.
func Do(dial func() (net.Conn, error), c *Case, timeout time.Duration) (*Response, error) {
	raw, err := RequestBytes(c)
	if err != nil {
		return nil, err
	}
	conn, err := dial()
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(timeout)); err != nil {
		return nil, err
	}
	sent := time.Now()
	if _, err := conn.Write(raw); err != nil {
		return nil, err
	}
	r, err := ReadResponse(bufio.NewReader(conn), c.Method)
	if r != nil {
		r.Sent, r.Received = sent, time.Now()
	}
	return r, err
}

// ReadResponse reads one response to a request of method, skipping interim
// 1xx responses.
func ReadResponse(br *bufio.Reader, method string) (*Response, error) {
	for {
		r, err := readHead(br)
		if err != nil {
			return nil, err
		}
		if r.Status >= 100 && r.Status < 200 && r.Status != 101 {
			continue
		}
		if err := readBody(br, r, method); err != nil {
			return r, err
		}
		return r, nil
	}
}

func readHead(br *bufio.Reader) (*Response, error) {
	line, err := readLine(br)
	if err != nil {
		return nil, fmt.Errorf("reading the status line: %w", err)
	}
	proto, rest, ok := strings.Cut(line, " ")
	if !ok || !strings.HasPrefix(proto, "HTTP/1.") {
		return nil, fmt.Errorf("malformed status line %q", line)
	}
	code, reason, _ := strings.Cut(rest, " ")
	n, err := strconv.Atoi(code)
	if err != nil || len(code) != 3 {
		return nil, fmt.Errorf("malformed status line %q", line)
	}
	r := &Response{Status: n, Reason: reason}
	for {
		line, err := readLine(br)
		if err != nil {
			return nil, fmt.Errorf("reading headers: %w", err)
		}
		if line == "" {
			return r, nil
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("malformed header line %q", line)
		}
		r.Headers = append(r.Headers, [2]string{name, strings.Trim(value, " \t")})
	}
}

func readLine(br *bufio.Reader) (string, error) {
	line, err := br.ReadString('\n')
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), nil
}

func readBody(br *bufio.Reader, r *Response, method string) error {
	if method == "HEAD" || r.Status == 204 || r.Status == 304 {
		return nil
	}
	if te, ok := r.Header("Transfer-Encoding"); ok && strings.EqualFold(te, "chunked") {
		r.Chunked = true
		return readChunked(br, r)
	}
	if cl, ok := r.Header("Content-Length"); ok {
		n, err := strconv.Atoi(cl)
		if err != nil || n < 0 {
			return fmt.Errorf("bad Content-Length %q", cl)
		}
		r.Body = make([]byte, n)
		_, err = io.ReadFull(br, r.Body)
		return err
	}
	b, err := io.ReadAll(br)
	r.Body = b
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return err
	}
	return nil
}

func readChunked(br *bufio.Reader, r *Response) error {
	var body bytes.Buffer
	for {
		line, err := readLine(br)
		if err != nil {
			return err
		}
		size, _, _ := strings.Cut(line, ";")
		n, err := strconv.ParseInt(strings.TrimSpace(size), 16, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("bad chunk size %q", line)
		}
		if n == 0 {
			for { // trailers
				l, err := readLine(br)
				if err != nil {
					return err
				}
				if l == "" {
					r.Body = body.Bytes()
					return nil
				}
			}
		}
		if _, err := io.CopyN(&body, br, n); err != nil {
			return err
		}
		if _, err := readLine(br); err != nil {
			return err
		}
	}
}

// gzipBytes compresses b with a fixed header, so that the same case always
// sends the same bytes.
func gzipBytes(b []byte) []byte {
	var out bytes.Buffer
	w, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return out.Bytes()
}
