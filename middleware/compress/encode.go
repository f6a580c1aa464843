package compress

import (
	"bytes"
	"io"
	"math"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
)

var (
	nan    = math.NaN()
	posInf = math.Inf(1)
)

// encode compresses all of src with method ("gzip" or "deflate", the zlib
// format as Node's zlib.createDeflate writes it) into dst.
func encode(dst *bytes.Buffer, src io.Reader, method string, level int) error {
	var w io.WriteCloser
	if method == "gzip" {
		gw, err := gzip.NewWriterLevel(dst, level)
		if err != nil {
			return err
		}
		gw.Header.OS = 3                    // Unix, as zlib writes it
		gw.Header.ModTime = time.Unix(0, 0) // no time, as zlib writes it
		w = gw
	} else {
		zw, err := zlib.NewWriterLevel(dst, level)
		if err != nil {
			return err
		}
		w = zw
	}
	if _, err := io.Copy(w, src); err != nil {
		return err
	}
	return w.Close()
}
