package parsers

import "sync"

// readChunk is the size of one read from a body stream or from the
// inflater: a body over the limit is detected after at most limit+readChunk
// bytes were taken.
const readChunk = 16 << 10

// maxPooled is the largest buffer kept in the pool; larger ones, needed
// only for bodies bigger than that, are left to the garbage collector.
const maxPooled = 1 << 20

// buffer is a pooled byte slice. Bytes handed out from it are valid only
// until the buffer is put back, which the parsers do before they return:
// nothing they return points into a buffer.
type buffer struct {
	b []byte
}

var bufferPool = sync.Pool{New: func() any { return &buffer{b: make([]byte, 0, readChunk)} }}

func getBuffer() *buffer {
	return bufferPool.Get().(*buffer)
}

func putBuffer(b *buffer) {
	if cap(b.b) > maxPooled {
		return
	}
	clear(b.b) // no body bytes of one request linger for the next
	b.b = b.b[:0]
	bufferPool.Put(b)
}

// grow makes room for at least n more bytes after len(b.b).
func (b *buffer) grow(n int) {
	if cap(b.b)-len(b.b) >= n {
		return
	}
	nb := make([]byte, len(b.b), max(2*cap(b.b), len(b.b)+n))
	copy(nb, b.b)
	b.b = nb
}
