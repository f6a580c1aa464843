package adaptor

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
)

// errWriterEnded is returned by writes after the exchange ended.
var errWriterEnded = errors.New("adaptor: write after the handler returned")

// errClientGone ends a stream whose client went away.
var errClientGone = errors.New("adaptor: client gone")

// writerState is where a responseWriter's bytes go.
type writerState uint8

const (
	buffering writerState = iota // into buf, committed to ctx.Response at the end
	streaming                    // through the pipe into ctx.Response's body stream
	relaying                     // through the pipe to a hijacked connection
	hijacked                     // the net/http handler owns the connection
)

// handoff is how a flushed response leaves: by fasthttp's body stream,
// keeping the connection alive, or over the hijacked connection, which keeps
// ctx with G2 until the exchange ends (a Middleware's downstream may still
// run on it).
type handoff uint8

const (
	handoffStream handoff = iota
	handoffRelay
)

// responseWriter is the http.ResponseWriter of an exchange on a native
// fasthttp.Server (one that does not come through Server). Like net/http's,
// it buffers the body; at the end it moves status, header fields and body
// into ctx.Response. A Flush hands the response off to the client at once
// and streams the rest; an http.Hijacker Hijack gives the handler the
// connection. It implements http.Flusher and http.Hijacker, and the
// FlushError method http.ResponseController uses.
//
// Unlike net/http, header changes made after WriteHeader still apply until
// the response is flushed or the handler returns, and informational (1xx)
// statuses other than 101 are ignored.
type responseWriter struct {
	x       *exchange
	handoff handoff
	header  http.Header
	status  int
	state   writerState
	ended   bool
	buf     *[]byte // the body while buffering, from bodyPool

	// After the hand-off.
	pr       *io.PipeReader
	pw       *io.PipeWriter
	bw       *bufio.Writer
	head     []byte        // relaying: the serialised response head
	chunked  bool          // relaying: frame the body in chunks
	bodyless bool          // relaying: HEAD, 204 or 304
	started  chan struct{} // relaying: closed when the hijack handler runs
	finished chan struct{} // closed when G2 is done with ctx
}

var (
	bodyPool     = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}
	bufioPool    sync.Pool // *bufio.Writer
	maxPooledBuf = 64 << 10
)

func newResponseWriter(x *exchange, h handoff) *responseWriter {
	w := &responseWriter{x: x, handoff: h, header: make(http.Header)}
	w.buf = bodyPool.Get().(*[]byte)
	*w.buf = (*w.buf)[:0]
	return w
}

// handedOff reports whether the response has left ctx's normal path.
func (w *responseWriter) handedOff() bool { return w.state != buffering }

// Header implements http.ResponseWriter.
func (w *responseWriter) Header() http.Header { return w.header }

// WriteHeader implements http.ResponseWriter.
func (w *responseWriter) WriteHeader(code int) {
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	if w.ended || w.status != 0 {
		return
	}
	if code < 200 && code != http.StatusSwitchingProtocols {
		return
	}
	w.status = code
}

// Write implements http.ResponseWriter.
func (w *responseWriter) Write(p []byte) (int, error) {
	if w.ended {
		return 0, errWriterEnded
	}
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if !bodyAllowed(w.status) {
		return 0, http.ErrBodyNotAllowed
	}
	switch w.state {
	case buffering:
		*w.buf = append(*w.buf, p...)
		return len(p), nil
	case streaming, relaying:
		return w.bw.Write(p)
	}
	return 0, http.ErrHijacked
}

// WriteString implements io.StringWriter.
func (w *responseWriter) WriteString(s string) (int, error) {
	return w.Write(bytesconv.S2B(s))
}

// Flush implements http.Flusher.
func (w *responseWriter) Flush() { _ = w.FlushError() }

// FlushError flushes the response to the client, handing it off from
// ctx.Response on the first call; http.ResponseController calls it.
func (w *responseWriter) FlushError() error {
	if w.ended {
		return errWriterEnded
	}
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	switch w.state {
	case buffering:
		w.handOff()
	case hijacked:
		return http.ErrHijacked
	}
	return w.bw.Flush()
}

// handOff starts sending the response while the handler goes on. It runs
// on G2, which owns ctx until it signals G1.
func (w *responseWriter) handOff() {
	x := w.x
	ctx := x.ctx
	w.pr, w.pw = io.Pipe()
	w.bw = acquireBufio(w.pw)
	w.finished = make(chan struct{})
	prefix := *w.buf
	resp := &ctx.Response
	w.apply(resp, prefix)
	if w.handoff == handoffStream {
		w.state = streaming
		resp.SetBodyStream(&streamBody{w: w, prefix: prefix}, -1)
		x.ctx = nil // fasthttp's from here on
		x.events <- event{kind: evStreamed}
		return
	}

	// Relay over the hijacked connection: serialise the head now, while
	// G2 owns ctx, for the hijack handler to write.
	w.state = relaying
	h := &resp.Header
	w.chunked = ctx.Request.Header.IsHTTP11()
	w.bodyless = ctx.IsHead() || !bodyAllowed(w.status)
	h.SetContentLength(-1)
	if !w.chunked || w.bodyless {
		h.Del(fasthttp.HeaderTransferEncoding)
	}
	h.SetConnectionClose()
	w.head = h.AppendBytes(nil)
	clearHeader(h)
	w.started = make(chan struct{})
	ctx.HijackSetNoResponse(true)
	ctx.Hijack(w.relay)
	x.events <- event{kind: evHijacked}
	// fasthttp still reads and writes ctx.Response until it calls the
	// hijack handler; only then is ctx G2's again.
	<-w.started
}

// apply moves status, header fields and the Content-Type decision into resp.
// net/http's rules: a missing Content-Type is sniffed from the body, a nil
// one is suppressed.
func (w *responseWriter) apply(resp *fasthttp.Response, body []byte) {
	h := &resp.Header
	clearHeader(h)
	status := w.status
	if status == 0 {
		status = http.StatusOK
	}
	h.SetStatusCode(status)
	for k, vs := range w.header {
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	if vs, ok := w.header["Content-Type"]; !ok {
		if len(body) > 0 && bodyAllowed(status) {
			h.SetContentType(http.DetectContentType(body[:min(len(body), 512)]))
		}
	} else if len(vs) == 0 {
		h.SetNoDefaultContentType(true)
	}
}

// commit moves a response that was never flushed into ctx.Response.
func (w *responseWriter) commit() {
	resp := &w.x.ctx.Response
	body := *w.buf
	w.apply(resp, body)
	resp.ResetBody()
	*w.buf = resp.SwapBody(body)[:0]
	w.release()
}

// finishStream ends a handed-off response after the handler returned.
func (w *responseWriter) finishStream() {
	if w.state == streaming || w.state == relaying {
		_ = w.bw.Flush()
		_ = w.pw.Close()
	}
	w.ended = true
}

// abort ends a handed-off response with err: the client sees it cut short.
func (w *responseWriter) abort(err error) {
	if w.state == streaming || w.state == relaying {
		_ = w.pw.CloseWithError(err)
	}
	w.ended = true
}

// done tells the consumer of the stream that G2 no longer uses ctx.
func (w *responseWriter) done() {
	w.ended = true
	if w.finished != nil {
		close(w.finished)
	}
}

// release returns the pooled buffers of a writer that will not write again.
func (w *responseWriter) release() {
	w.ended = true
	if w.buf != nil {
		if cap(*w.buf) <= maxPooledBuf {
			bodyPool.Put(w.buf)
		}
		w.buf = nil
	}
}

// streamBody is the body stream of a handed-off response: the bytes written
// before the flush, then what the handler writes on.
type streamBody struct {
	w      *responseWriter
	prefix []byte
}

func (s *streamBody) Read(p []byte) (int, error) {
	if len(s.prefix) > 0 {
		n := copy(p, s.prefix)
		s.prefix = s.prefix[n:]
		return n, nil
	}
	return s.w.pr.Read(p)
}

// Close is called by fasthttp when it stops reading, at the end of the body
// or because the client is gone. It unblocks the handler's writes and waits
// until G2 no longer uses ctx, which fasthttp resets next.
func (s *streamBody) Close() error {
	s.w.pr.CloseWithError(errClientGone)
	s.w.x.cancel(context.Canceled)
	<-s.w.finished
	s.w.release()
	return nil
}

// relay is the hijack handler of a relayed response: it writes the head and
// then the body, in chunks for HTTP/1.1, flushing each piece as the handler
// flushes it.
func (w *responseWriter) relay(c net.Conn) {
	close(w.started)
	defer func() {
		w.pr.CloseWithError(errClientGone)
		<-w.finished
		w.release()
	}()
	bw := acquireBufio(c)
	defer releaseBufio(bw)
	if _, err := bw.Write(w.head); err != nil {
		w.x.cancel(context.Canceled)
		return
	}
	out := io.Writer(bw)
	if w.bodyless {
		out = io.Discard
	}
	data := *w.buf
	buf := make([]byte, 4096)
	for {
		var n int
		var err error
		if len(data) > 0 {
			n = copy(buf, data)
			data = data[n:]
		} else {
			n, err = w.pr.Read(buf)
		}
		if n > 0 {
			if werr := writeChunk(out, buf[:n], w.chunked); werr != nil {
				w.x.cancel(context.Canceled)
				return
			}
			if werr := bw.Flush(); werr != nil {
				w.x.cancel(context.Canceled)
				return
			}
		}
		if err == io.EOF {
			if w.chunked && !w.bodyless {
				bw.WriteString("0\r\n\r\n")
			}
			bw.Flush()
			return
		}
		if err != nil {
			// The handler failed: leave the body cut short.
			return
		}
	}
}

func writeChunk(w io.Writer, p []byte, chunked bool) error {
	if !chunked {
		_, err := w.Write(p)
		return err
	}
	if _, err := fmt.Fprintf(w, "%x\r\n", len(p)); err != nil {
		return err
	}
	if _, err := w.Write(p); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\r\n")
	return err
}

// Hijack implements http.Hijacker: fasthttp hands the connection over
// once the fasthttp handler returns, so Hijack lets G1 return and waits for
// it. The connection is fasthttp's again, and closed, when the handler
// closes it.
func (w *responseWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if w.ended || w.state != buffering {
		return nil, nil, http.ErrHijacked
	}
	x := w.x
	ctx := x.ctx
	ready := make(chan net.Conn)
	hc := &hijackedConn{released: make(chan struct{})}
	ctx.HijackSetNoResponse(true)
	ctx.Hijack(func(c net.Conn) {
		ready <- c
		<-hc.released
	})
	w.state = hijacked
	x.body.end() // net/http: the body must not be read after Hijack
	x.ctx = nil
	x.events <- event{kind: evHijacked}
	hc.Conn = <-ready
	return hc, bufio.NewReadWriter(bufio.NewReader(hc), bufio.NewWriter(hc)), nil
}

// hijackedConn is a connection handed to a net/http handler; closing it
// lets fasthttp finish the connection.
type hijackedConn struct {
	net.Conn
	once     sync.Once
	released chan struct{}
}

func (c *hijackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { close(c.released) })
	return err
}

func bodyAllowed(status int) bool {
	return status >= 200 && status != http.StatusNoContent && status != http.StatusNotModified
}

func acquireBufio(wr io.Writer) *bufio.Writer {
	if bw, ok := bufioPool.Get().(*bufio.Writer); ok {
		bw.Reset(wr)
		return bw
	}
	return bufio.NewWriterSize(wr, 4096)
}

func releaseBufio(bw *bufio.Writer) {
	bw.Reset(nil)
	bufioPool.Put(bw)
}

// clearHeader deletes every header field of h, keeping its flags (default
// Content-Type, default Date), which fasthttp.Server set per request and
// which Reset would lose.
func clearHeader(h *fasthttp.ResponseHeader) {
	for {
		keys := h.PeekKeys()
		n := len(keys)
		if n == 0 {
			return
		}
		for _, k := range keys {
			h.DelBytes(k)
		}
		if len(h.PeekKeys()) >= n {
			// Only fields that cannot be deleted remain (the default
			// Content-Type is listed but is not a field).
			return
		}
	}
}
