package parsers

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"
)

func unhexString(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestInflateMatchesNodeZlib pins the inflater's outcome and message to
// what Node's zlib (createGunzip/createInflate) gives for the same bytes,
// recorded with node.
func TestInflateMatchesNodeZlib(t *testing.T) {
	t.Parallel()
	hello := func() []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte("hello world"))
		w.Close()
		return b.Bytes()
	}()
	zhello := unhexString(t, "789ccb48cdc9c95728cf2fca4901001a0b045d")
	flip := func(b []byte, i int, x byte) []byte {
		c := bytes.Clone(b)
		c[(i+len(c))%len(c)] ^= x
		return c
	}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tests := []struct {
		name string
		gzip bool
		in   []byte
		out  string // expected output, or
		err  string // the zlib message
	}{
		{"gzip ok", true, hello, "hello world", ""},
		{"gzip+garbage", true, cat(hello, []byte("garbage")), "", msgHeaderCheck},
		{"gzip+gzip", true, cat(hello, hello), "hello worldhello world", ""},
		{"gzip+zeros", true, cat(hello, make([]byte, 10)), "hello world", ""},
		{"gzip+x", true, cat(hello, []byte("x")), "", msgUnexpectedEOF},
		{"gzip+zero then garbage", true, cat(hello, []byte("\x00garbage")), "hello world", ""},
		{"gzip+1f", true, cat(hello, []byte{0x1f}), "", msgUnexpectedEOF},
		{"gzip+1f8b+garbage", true, cat(hello, []byte("\x1f\x8bgarbage")), "", msgUnknownMethod},
		{"gzip trunc", true, hello[:len(hello)-3], "", msgUnexpectedEOF},
		{"gzip trunc hdr", true, hello[:5], "", msgUnexpectedEOF},
		{"gzip empty", true, nil, "", msgUnexpectedEOF},
		{"gzip bad magic", true, []byte("hello world"), "", msgHeaderCheck},
		{"gzip bad crc", true, flip(hello, -5, 1), "", msgDataCheck},
		{"gzip bad len", true, flip(hello, -1, 1), "", msgLengthCheck},
		{"gzip bad method", true, flip(hello, 2, 0x0f), "", msgUnknownMethod},
		{"gzip bad flags", true, flip(hello, 3, 0xe0), "", msgUnknownFlags},
		{"express malformed", true, unhexString(t, "1f8b080000000000000bab56cc4d55b2527ab16e97522d00515be1cc0e000000"), "", msgDataCheck},
		{"deflate ok", false, zhello, "hello world", ""},
		{"deflate+garbage", false, cat(zhello, []byte("garbage")), "hello world", ""},
		{"deflate raw", false, zhello[2 : len(zhello)-4], "", msgHeaderCheck},
		{"deflate gzip", false, hello, "", msgHeaderCheck},
		{"deflate trunc", false, zhello[:len(zhello)-2], "", msgUnexpectedEOF},
		{"deflate bad adler", false, flip(zhello, -1, 1), "", msgDataCheck},
		{"deflate bad hdr check", false, cat([]byte{0x78, 0x9d}, zhello[2:]), "", msgHeaderCheck},
		{"deflate empty", false, nil, "", msgUnexpectedEOF},
		{"deflate dict", false, []byte{0x78, 0xbb, 0, 0, 0, 0, 1, 2}, "", msgMissingDict},
		{"express deflate", false, unhexString(t, "789cab56ca4bcc4d55b2527ab16e97522d00274505ac"), `{"name":"论"}`, ""},
	}
	for _, tt := range tests {
		for _, stream := range []bool{false, true} {
			in := &Input{Body: tt.in, ContentLength: -1}
			if stream {
				in = &Input{Stream: iotestOneByte(tt.in), ContentLength: -1}
			}
			r := &reader{limit: 1 << 20, inflate: true}
			b := getBuffer()
			got, err := r.readInflated(in, tt.gzip, b)
			switch {
			case tt.err != "":
				if err == nil || err.Message != tt.err || err.Status != 400 || err.Type != "" {
					t.Errorf("%s (stream %v): got %q, %v; want 400 %q", tt.name, stream, got, err, tt.err)
				}
			case err != nil || string(got) != tt.out:
				t.Errorf("%s (stream %v): got %q, %v; want %q", tt.name, stream, got, err, tt.out)
			}
			putBuffer(b)
		}
	}
}

// iotestOneByte returns a reader that hands out one byte per Read.
func iotestOneByte(b []byte) io.Reader {
	return &oneByteReader{b: b}
}

type oneByteReader struct{ b []byte }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.b[0]
	r.b = r.b[1:]
	return 1, nil
}

// countingReader counts what was read from it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// endless yields an endless body of one byte value.
type endless byte

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(e)
	}
	return len(p), nil
}

// TestReadLimitWhileStreaming checks that an endless chunked body, a gzip
// bomb and an endless run of empty deflate blocks all end in 413 after
// reading a bounded amount, with bounded memory.
func TestReadLimitWhileStreaming(t *testing.T) {
	t.Parallel()
	const limit = 100 << 10
	r := &reader{limit: limit, inflate: true}

	t.Run("chunked 1 GiB", func(t *testing.T) {
		t.Parallel()
		src := &countingReader{r: io.LimitReader(endless('x'), 1<<30)}
		b := getBuffer()
		defer putBuffer(b)
		_, err := r.read(&Input{Stream: src, ContentLength: -1, Chunked: true}, "", false, b)
		if err == nil || err.Status != 413 || err.Type != "entity.too.large" {
			t.Fatalf("err = %v; want 413 entity.too.large", err)
		}
		if src.n > limit+1 {
			t.Errorf("read %d bytes; want at most limit+1", src.n)
		}
	})

	t.Run("gzip bomb", func(t *testing.T) {
		t.Parallel()
		pr, pw := io.Pipe()
		go func() {
			w, _ := gzip.NewWriterLevel(pw, gzip.BestCompression)
			zero := make([]byte, 1<<20)
			for i := 0; i < 1024; i++ { // 1 GiB of zeros, about 1 MiB compressed
				if _, err := w.Write(zero); err != nil {
					return
				}
			}
			w.Close()
			pw.Close()
		}()
		src := &countingReader{r: pr}
		b := getBuffer()
		defer putBuffer(b)
		_, err := r.read(&Input{Stream: src, ContentEncoding: "gzip", ContentLength: -1, Chunked: true}, "", false, b)
		pr.CloseWithError(errors.New("done"))
		if err == nil || err.Status != 413 {
			t.Fatalf("err = %v; want 413", err)
		}
		if cap(b.b) > 4*limit {
			t.Errorf("buffer grew to %d bytes", cap(b.b))
		}
		if src.n > 64<<10 {
			t.Errorf("read %d compressed bytes for a 100kb limit", src.n)
		}
	})

	t.Run("empty deflate blocks", func(t *testing.T) {
		t.Parallel()
		// A zlib header, then stored blocks of length 0 forever.
		head := []byte{0x78, 0x9c}
		block := []byte{0x00, 0x00, 0x00, 0xff, 0xff}
		src := &countingReader{r: io.MultiReader(bytes.NewReader(head), &repeatReader{pat: block})}
		b := getBuffer()
		defer putBuffer(b)
		_, err := r.read(&Input{Stream: src, ContentEncoding: "deflate", ContentLength: -1, Chunked: true}, "", false, b)
		if err == nil || err.Status != 413 {
			t.Fatalf("err = %v; want 413", err)
		}
		if max := compressedCap(limit) + readChunk; src.n > max {
			t.Errorf("read %d compressed bytes; want at most %d", src.n, max)
		}
	})
}

// repeatReader yields its pattern forever.
type repeatReader struct {
	pat []byte
	off int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.pat[r.off]
		r.off = (r.off + 1) % len(r.pat)
	}
	return len(p), nil
}

func TestReadContentLength(t *testing.T) {
	t.Parallel()
	r := &reader{limit: 1024, inflate: true}
	tests := []struct {
		name   string
		in     Input
		status int
		typ    string
	}{
		{"over limit by header, before reading", Input{ContentLength: 1025, Stream: strings.NewReader(""), Chunked: false}, 413, "entity.too.large"},
		{"length mismatch in memory", Input{ContentLength: 20, Body: []byte("{\"str\":")}, 400, "request.size.invalid"},
		{"length mismatch streamed", Input{ContentLength: 20, Stream: strings.NewReader("{\"str\":")}, 400, "request.size.invalid"},
		{"exact", Input{ContentLength: 3, Body: []byte("abc")}, 0, ""},
		{"aborted", Input{ContentLength: 10, Stream: io.MultiReader(strings.NewReader("abc"), errReader{})}, 400, "request.aborted"},
		{"unknown coding", Input{ContentEncoding: "nulls", ContentLength: 6, Body: make([]byte, 6)}, 415, "encoding.unsupported"},
		{"two codings", Input{ContentEncoding: "gzip, deflate", ContentLength: 6, Body: make([]byte, 6)}, 415, "encoding.unsupported"},
	}
	for _, tt := range tests {
		b := getBuffer()
		_, err := r.read(&tt.in, "", false, b)
		putBuffer(b)
		if tt.status == 0 {
			if err != nil {
				t.Errorf("%s: unexpected %v", tt.name, err)
			}
			continue
		}
		if err == nil || err.Status != tt.status || err.Type != tt.typ {
			t.Errorf("%s: err = %v; want %d %s", tt.name, err, tt.status, tt.typ)
		}
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// failReader fails the test if anything reads it.
type failReader struct{ t *testing.T }

func (f failReader) Read([]byte) (int, error) {
	f.t.Error("the body was read")
	return 0, io.EOF
}

// TestTooLargeContentLengthIsNotRead checks raw-body's order: a
// Content-Length over the limit is a 413 before any byte is read, and so is
// an unsupported Content-Encoding (415) or, without a verify function, an
// unknown charset after the length check.
func TestTooLargeContentLengthIsNotRead(t *testing.T) {
	t.Parallel()
	j, _ := NewJSON(JSONConfig{Limit: "1kb"})
	tests := []struct {
		in     Input
		status int
		typ    string
	}{
		{Input{ContentType: "application/json", ContentLength: 1025}, 413, "entity.too.large"},
		{Input{ContentType: "application/json; charset=utf-bogus", ContentLength: 1025}, 413, "entity.too.large"},
		{Input{ContentType: "application/json; charset=utf-bogus", ContentLength: 10}, 415, "charset.unsupported"},
		{Input{ContentType: "application/json", ContentEncoding: "br", ContentLength: 1025}, 415, "encoding.unsupported"},
		{Input{ContentType: "application/json; charset=koi8-r", ContentLength: 10}, 415, "charset.unsupported"},
	}
	for _, tt := range tests {
		in := tt.in
		in.Stream = failReader{t}
		_, err := j.Parse(&in)
		e, ok := err.(*Error)
		if !ok || e.Status != tt.status || e.Type != tt.typ {
			t.Errorf("%+v: err = %v; want %d %s", tt.in, err, tt.status, tt.typ)
		}
		if ok && e.Status == 413 && (e.Length != in.ContentLength || e.Limit != 1024) {
			t.Errorf("413 error lacks length/limit: %+v", e)
		}
	}
	// With a verify function, the charset is checked first (body-parser
	// asserts it before creating the decompression stream).
	v, _ := NewJSON(JSONConfig{Limit: "1kb", Verify: func(*Input, []byte, string) error { return nil }})
	in := Input{ContentType: "application/json; charset=utf-bogus", ContentLength: 1025, Stream: failReader{t}}
	if _, err := v.Parse(&in); err == nil || err.(*Error).Status != 415 {
		t.Errorf("with verify: err = %v; want 415 first", err)
	}
}
