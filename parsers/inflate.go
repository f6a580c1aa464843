package parsers

import (
	"errors"
	"hash/crc32"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// Node's zlib (which body-parser pipes gzip and deflate bodies through)
// reports a corrupt stream with zlib's own messages; these are the ones the
// framing checks below reproduce. Corruption inside the deflate data itself
// is reported by klauspost/compress without a reason, and gets
// msgCorrupt where zlib would name the defect ("invalid block type",
// "invalid distance too far back", ...).
const (
	msgUnexpectedEOF  = "unexpected end of file"
	msgHeaderCheck    = "incorrect header check"
	msgUnknownMethod  = "unknown compression method"
	msgUnknownFlags   = "unknown header flags set"
	msgHeaderCRC      = "header crc mismatch"
	msgInvalidWindow  = "invalid window size"
	msgDataCheck      = "incorrect data check"
	msgLengthCheck    = "incorrect length check"
	msgMissingDict    = "Missing dictionary"
	msgCorrupt        = "invalid compressed data"
	codeBufError      = "Z_BUF_ERROR"
	codeDataError     = "Z_DATA_ERROR"
	codeNeedDict      = "Z_NEED_DICT"
	gzipFlagHCRC      = 1 << 1
	gzipFlagExtra     = 1 << 2
	gzipFlagName      = 1 << 3
	gzipFlagComment   = 1 << 4
	gzipFlagsReserved = 0xE0
)

// zlibError is a failure of the compressed stream; read turns it into a 400
// with Express's (undefined) type.
type zlibError struct {
	msg, code string
}

func (e *zlibError) Error() string { return e.msg }

func errZlib(msg string) error {
	code := codeDataError
	switch msg {
	case msgUnexpectedEOF:
		code = codeBufError
	case msgMissingDict:
		code = codeNeedDict
	}
	return &zlibError{msg: msg, code: code}
}

// errCompressedTooLarge stops reading a compressed body whose compressed
// size alone exceeds what any body within the limit could need.
var errCompressedTooLarge = errors.New("parsers: compressed body too large")

// compressedCap bounds the compressed bytes read for a body with the given
// decompressed limit. Express does not bound them (only the inflated size),
// so a stream of empty deflate blocks would keep it reading forever; the
// bound leaves room for stored (incompressible) data, whose overhead is 5
// bytes per 64 KiB, and for generous gzip headers.
func compressedCap(limit int64) int64 {
	if limit < 0 {
		limit = 0
	}
	c := limit + limit/64 + 64<<10
	if c < limit { // overflow
		return 1<<63 - 1
	}
	return c
}

// source is the compressed input: a byte reader over the body or stream,
// counting what it hands out and failing past a cap.
type source struct {
	r     io.Reader
	mem   []byte // when reading from memory
	buf   []byte // read-ahead from r
	off   int    // next byte in mem or buf
	n     int64  // bytes handed out
	limit int64
	err   error
}

func (s *source) fill() bool {
	if s.mem != nil || s.err != nil {
		return false
	}
	n, err := s.r.Read(s.buf[:cap(s.buf)])
	s.buf = s.buf[:n]
	s.off = 0
	if err != nil {
		s.err = err
	}
	return n > 0
}

func (s *source) avail() []byte {
	if s.mem != nil {
		return s.mem[s.off:]
	}
	return s.buf[s.off:]
}

// ReadByte implements io.ByteReader for the flate decompressor.
func (s *source) ReadByte() (byte, error) {
	for len(s.avail()) == 0 {
		if !s.fill() {
			return 0, s.eofErr()
		}
	}
	if s.n >= s.limit {
		return 0, errCompressedTooLarge
	}
	b := s.avail()[0]
	s.off++
	s.n++
	return b, nil
}

func (s *source) Read(p []byte) (int, error) {
	for len(s.avail()) == 0 {
		if !s.fill() {
			return 0, s.eofErr()
		}
	}
	if s.n >= s.limit {
		return 0, errCompressedTooLarge
	}
	a := s.avail()
	n := copy(p, a[:min(int64(len(a)), s.limit-s.n)])
	s.off += n
	s.n += int64(n)
	return n, nil
}

func (s *source) eofErr() error {
	if s.err == nil || s.err == io.EOF {
		return io.EOF
	}
	return s.err
}

// peek returns the next byte without consuming it.
func (s *source) peek() (byte, bool) {
	for len(s.avail()) == 0 {
		if !s.fill() {
			return 0, false
		}
	}
	return s.avail()[0], true
}

// inflater decodes one gzip or zlib body. Pooled: the flate state is large.
type inflater struct {
	src  source
	fr   io.ReadCloser
	gzip bool
	done bool // the stream ended; trailing data is ignored
	crc  uint32
	size uint32
	adl  uint32
	hdr  [10]byte // scratch for header and trailer fields
}

var inflaterPool sync.Pool

func getInflater(gzip bool, in *Input, limit int64) *inflater {
	z, _ := inflaterPool.Get().(*inflater)
	if z == nil {
		z = &inflater{}
		z.src.buf = make([]byte, 0, readChunk)
	}
	z.gzip = gzip
	z.done = false
	z.src.r, z.src.mem = in.Stream, nil
	if in.Stream == nil {
		z.src.mem = in.Body
		if z.src.mem == nil {
			z.src.mem = []byte{}
		}
	}
	z.src.buf, z.src.off, z.src.n, z.src.err = z.src.buf[:0], 0, 0, nil
	z.src.limit = compressedCap(limit)
	return z
}

func putInflater(z *inflater) {
	z.src.r, z.src.mem = nil, nil
	clear(z.src.buf[:cap(z.src.buf)])
	inflaterPool.Put(z)
}

// start reads the stream header and readies the deflate decoder.
func (z *inflater) start() error {
	if z.gzip {
		if err := z.gzipHeader(); err != nil {
			return err
		}
		z.crc, z.size = 0, 0
	} else {
		if err := z.zlibHeader(); err != nil {
			return err
		}
		z.adl = 1
	}
	if z.fr == nil {
		z.fr = flate.NewReader(&z.src)
	} else if err := z.fr.(flate.Resetter).Reset(&z.src, nil); err != nil {
		return err
	}
	return nil
}

// need reads the next n (at most 10) bytes of framing into z.hdr.
func (z *inflater) need(n int) ([]byte, error) {
	for i := 0; i < n; i++ {
		c, err := z.src.ReadByte()
		if err != nil {
			return nil, noEOF(err)
		}
		z.hdr[i] = c
	}
	return z.hdr[:n], nil
}

// noEOF maps running out of input to zlib's "unexpected end of file".
func noEOF(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errZlib(msgUnexpectedEOF)
	}
	return err
}

func (z *inflater) gzipHeader() error {
	h, err := z.need(2)
	if err != nil {
		return err
	}
	if h[0] != 0x1f || h[1] != 0x8b {
		return errZlib(msgHeaderCheck)
	}
	crc := crc32.Update(0, crc32.IEEETable, h)
	h, err = z.need(2)
	if err != nil {
		return err
	}
	if h[0] != 8 {
		return errZlib(msgUnknownMethod)
	}
	flags := h[1]
	if flags&gzipFlagsReserved != 0 {
		return errZlib(msgUnknownFlags)
	}
	crc = crc32.Update(crc, crc32.IEEETable, h)
	if h, err = z.need(6); err != nil { // MTIME, XFL, OS
		return err
	}
	crc = crc32.Update(crc, crc32.IEEETable, h)
	if flags&gzipFlagExtra != 0 {
		if h, err = z.need(2); err != nil {
			return err
		}
		crc = crc32.Update(crc, crc32.IEEETable, h)
		for n := int(h[0]) | int(h[1])<<8; n > 0; n-- {
			c, err := z.src.ReadByte()
			if err != nil {
				return noEOF(err)
			}
			z.hdr[0] = c
			crc = crc32.Update(crc, crc32.IEEETable, z.hdr[:1])
		}
	}
	for _, f := range [2]byte{gzipFlagName, gzipFlagComment} {
		if flags&f == 0 {
			continue
		}
		for {
			c, err := z.src.ReadByte()
			if err != nil {
				return noEOF(err)
			}
			z.hdr[0] = c
			crc = crc32.Update(crc, crc32.IEEETable, z.hdr[:1])
			if c == 0 {
				break
			}
		}
	}
	if flags&gzipFlagHCRC != 0 {
		if h, err = z.need(2); err != nil {
			return err
		}
		if uint16(h[0])|uint16(h[1])<<8 != uint16(crc) {
			return errZlib(msgHeaderCRC)
		}
	}
	return nil
}

func (z *inflater) zlibHeader() error {
	h, err := z.need(2)
	if err != nil {
		return err
	}
	if (uint16(h[0])<<8|uint16(h[1]))%31 != 0 {
		return errZlib(msgHeaderCheck)
	}
	if h[0]&0x0F != 8 {
		return errZlib(msgUnknownMethod)
	}
	if h[0]>>4+8 > 15 {
		return errZlib(msgInvalidWindow)
	}
	if h[1]&0x20 != 0 { // FDICT: zlib wants the dictionary id, then a dictionary
		if _, err := z.need(4); err != nil {
			return err
		}
		return errZlib(msgMissingDict)
	}
	return nil
}

// Read decompresses into p. At the end of a gzip member another member may
// follow, as Node's gunzip accepts, unless the next byte is zero (padding,
// which ends the body); a zlib stream ignores what follows it.
func (z *inflater) Read(p []byte) (int, error) {
	for {
		if z.done {
			return 0, io.EOF
		}
		n, err := z.fr.Read(p)
		if n > 0 {
			if z.gzip {
				z.crc = crc32.Update(z.crc, crc32.IEEETable, p[:n])
				z.size += uint32(n)
			} else {
				z.adl = adler32Update(z.adl, p[:n])
			}
		}
		switch {
		case err == nil:
			return n, nil
		case err == io.EOF:
			if terr := z.trailer(); terr != nil {
				return n, terr
			}
			if n > 0 {
				return n, nil
			}
		case errors.Is(err, errCompressedTooLarge):
			return n, errCompressedTooLarge
		case err == io.ErrUnexpectedEOF:
			return n, errZlib(msgUnexpectedEOF)
		default:
			var ce flate.CorruptInputError
			if errors.As(err, &ce) {
				return n, errZlib(msgCorrupt)
			}
			return n, err // a read error of the stream
		}
	}
}

// trailer checks the end of a member and looks for the next one.
func (z *inflater) trailer() error {
	if !z.gzip {
		h, err := z.need(4)
		if err != nil {
			return err
		}
		if uint32(h[0])<<24|uint32(h[1])<<16|uint32(h[2])<<8|uint32(h[3]) != z.adl {
			return errZlib(msgDataCheck)
		}
		z.done = true
		return nil
	}
	h, err := z.need(8)
	if err != nil {
		return err
	}
	if uint32(h[0])|uint32(h[1])<<8|uint32(h[2])<<16|uint32(h[3])<<24 != z.crc {
		return errZlib(msgDataCheck)
	}
	if uint32(h[4])|uint32(h[5])<<8|uint32(h[6])<<16|uint32(h[7])<<24 != z.size {
		return errZlib(msgLengthCheck)
	}
	if c, ok := z.src.peek(); !ok || c == 0 {
		z.done = true
		if !ok && z.src.err != nil && z.src.err != io.EOF {
			return z.src.err
		}
		return nil
	}
	return z.start()
}

func adler32Update(adler uint32, p []byte) uint32 {
	// hash/adler32 has no streaming update over a given value; use a
	// digest seeded by hand.
	const mod = 65521
	s1, s2 := adler&0xffff, adler>>16
	for len(p) > 0 {
		chunk := p
		if len(chunk) > 5552 {
			chunk = p[:5552]
		}
		p = p[len(chunk):]
		for _, c := range chunk {
			s1 += uint32(c)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return s2<<16 | s1
}
