package static

import (
	"bufio"
	"io"
	"os"
	"sync"
)

// fileBody streams part of an open file into a response. fasthttp calls
// WriteTo (it is a fasthttp.BodyWriterTo), which hands the file to the
// connection's ReadFrom: on a TCP connection that is sendfile, so the
// bytes never pass through user memory. Close closes the file.
type fileBody struct {
	f  *os.File
	lr io.LimitedReader
}

var fileBodies = sync.Pool{New: func() any { return new(fileBody) }}

func newFileBody(f *os.File, n int64) *fileBody {
	b := fileBodies.Get().(*fileBody)
	b.f = f
	b.lr = io.LimitedReader{R: f, N: n}
	return b
}

// Read reads the next bytes of the range.
func (b *fileBody) Read(p []byte) (int, error) { return b.lr.Read(p) }

// SupportsBodyWriteTo tells fasthttp to use WriteTo.
func (b *fileBody) SupportsBodyWriteTo() bool { return true }

// WriteTo writes the range to w, with sendfile when w leads to a TCP
// connection: the buffered headers are flushed first so that the
// connection's ReadFrom is reached.
func (b *fileBody) WriteTo(w io.Writer) (int64, error) {
	if bw, ok := w.(*bufio.Writer); ok && bw.Buffered() > 0 && b.lr.N > int64(bw.Available()) {
		if err := bw.Flush(); err != nil {
			return 0, err
		}
	}
	if rf, ok := w.(io.ReaderFrom); ok {
		return rf.ReadFrom(&b.lr)
	}
	return io.Copy(w, &b.lr)
}

// Close closes the file; the fileBody must not be used after.
func (b *fileBody) Close() error {
	err := b.f.Close()
	*b = fileBody{}
	fileBodies.Put(b)
	return err
}
