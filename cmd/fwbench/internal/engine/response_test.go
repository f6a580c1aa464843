package engine

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// oneByte returns its data one byte per Read, to exercise buffer refills.
type oneByte struct{ s string }

func (o *oneByte) Read(p []byte) (int, error) {
	if o.s == "" {
		return 0, io.EOF
	}
	p[0] = o.s[0]
	o.s = o.s[1:]
	return 1, nil
}

func TestResponseReader(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		wire      string
		head      bool
		status    []int // statuses of the responses read in order
		closeConn bool  // of the last response
		err       error // of the read after the statuses
	}{
		{name: "content-length", wire: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhelloHTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n", status: []int{200, 404}, err: io.EOF},
		{name: "chunked with extension and trailer", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=1\r\nhello\r\n6\r\n world\r\n0\r\nX-T: 1\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx", status: []int{200, 201}, err: io.EOF},
		{name: "head response has no body", wire: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", head: true, status: []int{200}, err: io.EOF},
		{name: "204 and 304 have no body", wire: "HTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\nHTTP/1.1 304 Not Modified\r\n\r\n", status: []int{204, 304}, err: io.EOF},
		{name: "interim 100 is skipped", wire: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", status: []int{200}, err: io.EOF},
		{name: "connection close", wire: "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", status: []int{200}, closeConn: true, err: io.EOF},
		{name: "HTTP/1.0 closes unless keep-alive", wire: "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", status: []int{200}, closeConn: true, err: io.EOF},
		{name: "HTTP/1.0 keep-alive", wire: "HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok", status: []int{200}, err: io.EOF},
		{name: "body until close", wire: "HTTP/1.1 200 OK\r\n\r\nall of this", status: []int{200}, closeConn: true, err: io.EOF},
		{name: "garbage", wire: "SSH-2.0-OpenSSH\r\n\r\n", err: errMalformed},
		{name: "bad status", wire: "HTTP/1.1 2x0 OK\r\n\r\n", err: errMalformed},
		{name: "conflicting lengths", wire: "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", err: errMalformed},
		{name: "bad chunk size", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", err: errMalformed},
		{name: "truncated body", wire: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", err: io.ErrUnexpectedEOF},
		{name: "truncated head", wire: "HTTP/1.1 200 OK\r\nContent-Len", err: io.ErrUnexpectedEOF},
		{name: "header line without colon", wire: "HTTP/1.1 200 OK\r\nBroken\r\n\r\n", err: errMalformed},
		{name: "oversized head", wire: "HTTP/1.1 200 OK\r\nX: " + strings.Repeat("a", 70<<10) + "\r\n\r\n", err: errMalformed},
	}
	for _, tc := range tests {
		for _, slow := range []bool{false, true} {
			name := tc.name
			if slow {
				name += " one byte at a time"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				var src io.Reader = strings.NewReader(tc.wire)
				if slow {
					src = &oneByte{tc.wire}
				}
				rd := newResponseReader(src, 64)
				var last response
				for i, want := range tc.status {
					res, err := rd.read(tc.head)
					if err != nil {
						t.Fatalf("response %d: %v", i, err)
					}
					if res.status != want {
						t.Fatalf("response %d: status %d, want %d", i, res.status, want)
					}
					last = res
				}
				if len(tc.status) > 0 && last.closeConn != tc.closeConn {
					t.Errorf("closeConn = %v, want %v", last.closeConn, tc.closeConn)
				}
				if len(tc.status) > 0 && tc.closeConn {
					return // nothing may follow a closing response
				}
				if _, err := rd.read(tc.head); !errors.Is(err, tc.err) {
					t.Errorf("final read: %v, want %v", err, tc.err)
				}
			})
		}
	}
}

func TestResponseReaderCountsBytes(t *testing.T) {
	t.Parallel()
	wire := "HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\nHello, World!"
	rd := newResponseReader(strings.NewReader(wire), 16)
	res, err := rd.read(false)
	if err != nil {
		t.Fatal(err)
	}
	if res.bytes != int64(len(wire)) {
		t.Errorf("bytes = %d, want %d", res.bytes, len(wire))
	}
}

func FuzzResponseReader(f *testing.F) {
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"), false)
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"), false)
	f.Add([]byte("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"), true)
	f.Fuzz(func(t *testing.T, wire []byte, head bool) {
		rd := newResponseReader(strings.NewReader(string(wire)), 32)
		total := int64(0)
		for range 100 {
			res, err := rd.read(head)
			total += res.bytes
			if total > int64(len(wire)) {
				t.Fatalf("counted %d bytes of %d", total, len(wire))
			}
			if err != nil || res.closeConn {
				return
			}
			if res.status < 200 || res.status > 999 {
				t.Fatalf("status %d", res.status)
			}
		}
	})
}
