// Package compress is Express 3.x's compress() for fast: the compression
// 1.5.2 middleware that connect 2.30.2 (the connect of Express 3.21)
// bundles. It compresses response bodies with gzip or deflate, as the
// request's Accept-Encoding allows.
//
//	app.Use(compress.New())
//	app.Use(compress.New(compress.Config{Threshold: compress.NoThreshold}))
//
// As compression 1.5.2 does, a response is compressed when:
//
//   - Filter accepts it (by default, its Content-Type is compressible:
//     mime-db says so, or it is text/* or +json, +text, +xml);
//   - its size is not below Threshold (1 KiB; the Content-Length, or the
//     length of the body when none is set; a streamed body of unknown size
//     counts as large enough);
//   - it has no Content-Encoding other than identity, and the request is
//     not HEAD;
//   - the client accepts gzip or deflate (negotiator 0.5.3's choice among
//     gzip, deflate and identity; deflate is used only when gzip is not
//     acceptable). Without an Accept-Encoding header nothing is
//     compressed.
//
// Vary: Accept-Encoding is added to every response that passes the filter,
// compressed or not (a response below the threshold too). A compressed
// response gets Content-Encoding, loses its Content-Length and is sent
// chunked, as Node sends it; its ETag is kept. compression 1.5.2 predates
// the Cache-Control: no-transform rule of compression 1.6: such a response
// is compressed, as Express 3 compresses it.
//
// compression compresses as the body is written; fast writes a response
// when the handler chain returns (see fast's package documentation), so
// the middleware compresses the made response then. A streamed body (a
// file served by fast.Static or SendFile) is compressed in memory before
// the response is sent, because fasthttp closes a response's stream when
// it is replaced: one larger than MaxStream, or of unknown length (a
// fasthttp stream writer), is sent uncompressed, where compression would
// compress it as it streams. fast has no res.write, so compression's
// res.flush() has no counterpart.
//
// gzip and deflate come from github.com/klauspost/compress at zlib's
// default level 6: their bytes differ from Node's zlib output, their
// decompressed content and the gzip header (no name, no time, OS Unix) do
// not. Of compression's options passed through to zlib only the level is
// supported (not chunkSize, memLevel, strategy or windowBits).
package compress

import (
	"bytes"
	"io"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/vary"
)

// Config configures New.
type Config struct {
	// Filter decides whether a response may be compressed, as
	// compression's filter option. Optional. Default: ShouldCompress.
	Filter func(req *fast.Request, res *fast.Response) bool
	// Threshold is the size in bytes below which a response is not
	// compressed. Optional. Default: 1024 ("1kb"). Use NoThreshold to
	// compress responses of any size.
	Threshold int
	// Level is the gzip and deflate compression level, 1 (fastest) to 9
	// (smallest), as zlib's level option. Optional. Default: zlib's
	// default level, 6.
	Level int
	// MaxStream is the largest streamed body (a large file) compressed,
	// in bytes. Optional. Default: 32 MiB.
	MaxStream int
}

// NoThreshold, as Config.Threshold, compresses responses of any size.
const NoThreshold = -1

type middleware struct {
	filter    func(*fast.Request, *fast.Response) bool
	threshold int
	level     int
	maxStream int
}

// New returns compression(options). It panics, with a "compress:" prefix,
// on a level out of range. Only the first config is used. The handler is
// safe for concurrent use.
func New(config ...Config) fast.Handler {
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	m := &middleware{filter: c.Filter, threshold: c.Threshold, level: c.Level, maxStream: c.MaxStream}
	if m.filter == nil {
		m.filter = ShouldCompress
	}
	switch {
	case m.threshold == 0:
		m.threshold = 1024
	case m.threshold < 0:
		m.threshold = 0
	}
	if m.level == 0 {
		m.level = 6
	}
	if m.level < 1 || m.level > 9 {
		panic("compress: Level must be 1 to 9")
	}
	if m.maxStream <= 0 {
		m.maxStream = 32 << 20
	}
	return m.handle
}

// ShouldCompress is compression's default filter (compression.filter):
// the response's Content-Type is Compressible.
func ShouldCompress(req *fast.Request, res *fast.Response) bool {
	ct := res.Get("Content-Type")
	return ct != "" && Compressible(ct)
}

func (m *middleware) handle(req *fast.Request, res *fast.Response, next fast.Next) {
	next()
	m.compress(req, res)
}

// compress is compression's header listener, run on the made response.
func (m *middleware) compress(req *fast.Request, res *fast.Response) {
	if !m.filter(req, res) {
		return
	}
	resp := &req.Ctx().Response
	h := &resp.Header
	if v, err := vary.Append(joinValues(res.Values("Vary")), "Accept-Encoding"); err == nil {
		h.Set("Vary", v)
	}
	if size, known := m.size(resp); known && size < m.threshold {
		return
	}
	if enc := res.Get("Content-Encoding"); enc != "" && enc != "identity" {
		return
	}
	if req.Method() == "HEAD" {
		return
	}
	method := method(req.Get("Accept-Encoding"))
	if method == "" || method == "identity" {
		return
	}
	switch resp.StatusCode() {
	case 204, 304:
		return // fasthttp sends no body; nothing to compress
	}
	var src io.Reader
	if resp.IsBodyStream() {
		if n := resp.Header.ContentLength(); n < 0 || n > m.maxStream {
			return // see MaxStream
		}
		src = resp.BodyStream()
	} else {
		src = bytes.NewReader(resp.Body())
	}
	out := new(bytes.Buffer)
	if err := encode(out, src, method, m.level); err != nil {
		// A read error of a streamed body: the response cannot be
		// completed; close the connection after what was made, as Node
		// destroys the socket.
		req.Ctx().SetConnectionClose()
	}
	h.Set("Content-Encoding", method)
	h.Del("Content-Length")
	resp.SetBodyStream(bytes.NewReader(out.Bytes()), -1)
}

// size returns the length compression compares with the threshold: the
// length of an in-memory body, or the Content-Length of a streamed one;
// known is false for a streamed body of unknown length.
func (m *middleware) size(resp *fasthttp.Response) (n int, known bool) {
	if !resp.IsBodyStream() {
		// fasthttp sends an in-memory body with its own length.
		return len(resp.Body()), true
	}
	n = resp.Header.ContentLength()
	return n, n >= 0
}

func joinValues(vs []string) string {
	switch len(vs) {
	case 0:
		return ""
	case 1:
		return vs[0]
	}
	b := vs[0]
	for _, v := range vs[1:] {
		b += ", " + v
	}
	return b
}
