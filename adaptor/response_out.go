package adaptor

import (
	"errors"
	"io"
	"net/http"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
)

// sendOptions tell sendResponse how the response leaves.
type sendOptions struct {
	// head: the request method is HEAD, so no body is sent.
	head bool
	// h2: w is an HTTP/2 stream, which forbids connection-specific fields.
	h2 bool
	// final: w is the last stop before the client, so Content-Length is
	// computed the way fasthttp.Server writes it. Otherwise (a net/http
	// middleware wraps w) only a Content-Length the handler set explicitly
	// is passed on, leaving the middleware free to transform the body.
	final bool
	// noDefaultDate: suppress the Date field net/http adds.
	noDefaultDate bool
}

// streamError is a failure reading the response body stream: the response
// is cut short, and the client must see it fail rather than end cleanly.
type streamError struct{ err error }

func (e streamError) Error() string {
	return "adaptor: reading the response body stream: " + e.err.Error()
}
func (e streamError) Unwrap() error { return e.err }

// sendResponse writes resp to w the way fasthttp.Server would write it on
// the wire, within what net/http lets a handler control: status (net/http
// writes its own reason phrase), header fields, body. A body stream is
// copied as it is produced; when its length is unknown each piece is flushed
// to the client at once, as fasthttp does with each chunk, so server-sent
// events reach the client as they are written.
//
// It always closes resp's body stream. drained reports whether the stream
// was read to its end (the goroutine of a SetBodyStreamWriter is then done
// with ctx). err is the error of a write to w (the client is gone) or a
// streamError.
func sendResponse(w http.ResponseWriter, resp *fasthttp.Response, o sendOptions, buf []byte) (drained bool, err error) {
	h := &resp.Header
	status := h.StatusCode()
	if status < 100 || status > 999 {
		status = http.StatusInternalServerError
	}
	skipBody := o.head || resp.SkipBody || status < 200 || status == http.StatusNoContent || status == http.StatusNotModified
	stream := resp.BodyStream()
	var body []byte
	length := -1 // the Content-Length sendResponse sets; -1: none
	ctLength := 0
	if stream != nil {
		size := h.ContentLength()
		if size < 0 {
			if lr, ok := stream.(*io.LimitedReader); ok && lr.N >= 0 && int64(int(lr.N)) == lr.N {
				size = int(lr.N)
			}
		}
		if size >= 0 && o.final {
			length = size
		}
		ctLength = size
		if size < 0 {
			ctLength = -1
		}
	} else {
		body = resp.Body()
		ctLength = h.ContentLength()
		if !skipBody || len(body) > 0 {
			ctLength = len(body)
			// A middleware cannot transform the body of a HEAD response,
			// so its length goes along even when w is not final.
			if o.final || o.head && len(body) > 0 {
				length = len(body)
			}
		}
	}
	trailers := h.PeekTrailerKeys()
	if len(trailers) > 0 {
		// Declared trailers make net/http frame the body in chunks.
		length = -1
	}

	// fasthttp sends a Content-Type when one was set, or its default for a
	// non-empty body; net/http would sniff one, so an absent type is
	// suppressed explicitly (a nil value).
	sendType := explicitContentType(h) != nil || ctLength != 0 && len(h.ContentType()) > 0
	hdr := w.Header()
	skip := headerSkip{
		contentType:   !sendType,
		contentLength: length >= 0,
		date:          !o.noDefaultDate,
		connection:    o.h2,
		trailers:      len(trailers) > 0,
	}
	copyHeader(hdr, h, skip, length)
	if _, ok := hdr["Content-Type"]; !ok && !sendType {
		hdr["Content-Type"] = nil
	}
	if o.noDefaultDate {
		if _, ok := hdr["Date"]; !ok {
			hdr["Date"] = nil
		}
	}
	if len(trailers) > 0 {
		names := make([]string, len(trailers))
		for i, t := range trailers {
			names[i] = string(t)
		}
		hdr["Trailer"] = names
	}

	w.WriteHeader(status)
	// Trailer values go in after WriteHeader; net/http sends the declared
	// names as trailers when the body ends.
	for _, t := range trailers {
		var vs []string
		for _, v := range h.PeekAll(bytesconv.B2S(t)) {
			vs = append(vs, string(v))
		}
		hdr[string(t)] = vs
	}
	if skipBody {
		if stream != nil {
			_ = resp.CloseBodyStream()
		}
		return stream == nil, nil
	}
	if stream == nil {
		if len(body) > 0 {
			_, err = w.Write(body)
		}
		return true, err
	}
	drained, err = pump(w, stream, ctLength, resp.ImmediateHeaderFlush, buf)
	_ = resp.CloseBodyStream()
	return drained, err
}

// pump copies a response body stream to w. With an unknown size (-1) every
// piece read is flushed at once.
func pump(w http.ResponseWriter, stream io.Reader, size int, flushHeader bool, buf []byte) (bool, error) {
	rc := http.NewResponseController(w)
	if flushHeader {
		if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return false, err
		}
	}
	remaining := size
	for remaining != 0 {
		p := buf
		if remaining > 0 && remaining < len(p) {
			p = p[:remaining]
		}
		n, rerr := stream.Read(p)
		if n > 0 {
			if _, err := w.Write(p[:n]); err != nil {
				return false, err
			}
			if size < 0 {
				if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
					return false, err
				}
			} else {
				remaining -= n
			}
		}
		if rerr == io.EOF {
			if remaining > 0 {
				return true, streamError{io.ErrUnexpectedEOF}
			}
			return true, nil
		}
		if rerr != nil {
			return false, streamError{rerr}
		}
	}
	return true, nil
}
