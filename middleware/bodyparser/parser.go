package bodyparser

import (
	"errors"
	"fmt"
)

// The states of the multipart parser, multiparty 3.3.2's.
const (
	stStart = iota
	stStartBoundary
	stHeaderFieldStart
	stHeaderField
	stHeaderValueStart
	stHeaderValue
	stHeaderValueAlmostDone
	stHeadersAlmostDone
	stPartDataStart
	stPartData
	stCloseBoundary
	stEnd
)

// events receives what the parser finds. A non-nil error from a method
// stops parsing with that error.
type events interface {
	partBegin()
	header(field, value []byte)
	headersEnd() error
	partData(b []byte) error
	partEnd() error
}

// parser is a streaming multipart/form-data parser with multiparty
// 3.3.2's grammar: a preamble before the first "--boundary" is skipped;
// header names hold ASCII letters and '-' only; a header value starts
// after the spaces that follow the colon; parts end at CRLF "--boundary",
// the body at "--boundary--" (what follows is ignored). The body may also
// end right after a delimiter, without the closing "--". Memory use is
// bounded by the boundary and one header line's length, which the caller
// limits.
type parser struct {
	ev       events
	boundary []byte // "\r\n--" + boundary
	state    int
	index    int
	flag     bool // a CR followed a delimiter
	// carry is where a part's data began matching the delimiter: a
	// header line without a colon ("A\r\n") ends the headers with
	// multiparty's index left at its length, so the data is matched
	// against the delimiter from there. 0 outside such a match.
	carry int
	field []byte
	value []byte
	err   error
}

func newParser(boundary string, ev events) *parser {
	return &parser{ev: ev, boundary: []byte("\r\n--" + boundary), state: stStart}
}

// maxHeaderBytes bounds one header line of a part (multiparty has no such
// bound but the request's limit).
const maxHeaderBytes = 64 << 10

// errMalformed is the class of the parser's own errors; multiparty's
// messages are kept in them.
var errMalformed = errors.New("malformed multipart body")

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errMalformed}, args...)...)
}

// write parses the next bytes of the body.
func (p *parser) write(buf []byte) error {
	if p.err != nil {
		return p.err
	}
	b := p.boundary
	blen := len(b)
	dataMark := -1
	if p.state == stPartData && p.index == 0 {
		dataMark = 0
	}
	// flushData emits buf[dataMark:end] as part data.
	flushData := func(end int) error {
		if dataMark >= 0 && end > dataMark {
			if err := p.ev.partData(buf[dataMark:end]); err != nil {
				return err
			}
		}
		dataMark = -1
		return nil
	}
	fail := func(err error) error {
		p.err = err
		return err
	}
	for i := 0; i < len(buf); i++ {
		c := buf[i]
		switch p.state {
		case stStart:
			p.index = 0
			p.state = stStartBoundary
			fallthrough
		case stStartBoundary:
			switch {
			case p.index == blen-2 && c == '-':
				p.index = 1
				p.state = stCloseBoundary
				continue
			case p.index == blen-2:
				if c != '\r' {
					return fail(malformed("Expected CR Received %d", c))
				}
				p.index++
				continue
			case p.index == blen-1:
				if c != '\n' {
					return fail(malformed("Expected LF Received %d", c))
				}
				p.index = 0
				p.partBegin()
				p.state = stHeaderFieldStart
				continue
			}
			if c != b[p.index+2] {
				p.index = -2
			}
			if c == b[p.index+2] {
				p.index++
			}
		case stHeaderFieldStart:
			p.state = stHeaderField
			p.index = 0
			fallthrough
		case stHeaderField:
			if c == '\r' {
				p.state = stHeadersAlmostDone
				continue
			}
			p.index++
			if len(p.field)+len(p.value) >= maxHeaderBytes {
				return fail(malformed("header too large"))
			}
			if c == '-' {
				p.field = append(p.field, c)
				continue
			}
			if c == ':' {
				if p.index == 1 {
					return fail(malformed("Empty header field"))
				}
				p.state = stHeaderValueStart
				continue
			}
			if l := c | 0x20; l < 'a' || l > 'z' {
				return fail(malformed("Expected alphabetic character, received %d", c))
			}
			p.field = append(p.field, c)
		case stHeaderValueStart:
			if c == ' ' {
				continue
			}
			p.state = stHeaderValue
			fallthrough
		case stHeaderValue:
			if c == '\r' {
				p.ev.header(p.field, p.value)
				p.field, p.value = p.field[:0], p.value[:0]
				p.state = stHeaderValueAlmostDone
				continue
			}
			if len(p.field)+len(p.value) >= maxHeaderBytes {
				return fail(malformed("header too large"))
			}
			p.value = append(p.value, c)
		case stHeaderValueAlmostDone:
			if c != '\n' {
				return fail(malformed("Expected LF Received %d", c))
			}
			p.state = stHeaderFieldStart
		case stHeadersAlmostDone:
			if c != '\n' {
				return fail(malformed("Expected LF Received %d", c))
			}
			if err := p.ev.headersEnd(); err != nil {
				return fail(err)
			}
			p.state = stPartDataStart
		case stPartDataStart:
			p.state = stPartData
			// A carried match holds its bytes like any partial
			// delimiter: they are data only if the match fails (as
			// the lookbehind) or the body ends there (finish), never
			// at a chunk's end, so that the network's splits do not
			// show.
			p.carry = p.index
			if p.index == 0 {
				dataMark = i
			}
			fallthrough
		case stPartData:
			prev := p.index
			switch {
			case p.index < blen:
				if b[p.index] == c {
					if p.index == 0 {
						if err := flushData(i); err != nil {
							return fail(err)
						}
					}
					p.index++
				} else {
					p.index = 0
				}
			case p.index == blen:
				p.index++
				switch c {
				case '\r':
					p.flag = true
				case '-':
					p.index = 1
					p.carry = 0
					p.state = stCloseBoundary
					continue
				default:
					p.index = 0
				}
			case p.index-1 == blen:
				if p.flag {
					p.index = 0
					if c == '\n' {
						p.flag = false
						p.carry = 0
						if err := p.ev.partEnd(); err != nil {
							return fail(err)
						}
						p.partBegin()
						p.state = stHeaderFieldStart
						continue
					}
				} else {
					p.index = 0
				}
			}
			if p.index == 0 {
				p.carry = 0
			}
			if p.index == 0 && prev > 0 {
				// A false lead: what matched is data after all, and c
				// is looked at again.
				if err := p.ev.partData(p.lookbehind(prev)); err != nil {
					return fail(err)
				}
				dataMark = i
				i--
			} else if p.index == 0 && dataMark < 0 {
				dataMark = i
			}
		case stCloseBoundary:
			if c != '-' {
				return fail(malformed("Expected HYPHEN Received %d", c))
			}
			if p.index == 1 {
				if err := p.ev.partEnd(); err != nil {
					return fail(err)
				}
				p.state = stEnd
			} else if p.index > 1 {
				return fail(malformed("Parser has invalid state."))
			}
			p.index++
		case stEnd:
			return nil
		}
	}
	if p.state == stPartData {
		if err := flushData(len(buf)); err != nil {
			return fail(err)
		}
	}
	return nil
}

// lookbehind is the text a partial delimiter match of n bytes held: the
// delimiter's first n bytes, and a CR after all of it.
func (p *parser) lookbehind(n int) []byte {
	if n <= len(p.boundary) {
		return p.boundary[:n]
	}
	return append(append([]byte(nil), p.boundary...), '\r')
}

func (p *parser) partBegin() {
	p.field, p.value = p.field[:0], p.value[:0]
	p.ev.partBegin()
}

// finish is the end of the body: complete after the closing delimiter, or
// right after a delimiter; an error anywhere else.
func (p *parser) finish() error {
	if p.err != nil {
		return p.err
	}
	switch {
	case p.state == stPartData && p.index == len(p.boundary) && p.carry > 0:
		// The body ends inside a carried match: what matched is the
		// part's data (multiparty emits it, split or not).
		if err := p.ev.partData(p.boundary[p.carry:]); err != nil {
			p.err = err
			return err
		}
		p.carry = 0
		return p.ev.partEnd()
	case p.state == stHeaderFieldStart && p.index == 0,
		p.state == stPartData && p.index == len(p.boundary):
		return p.ev.partEnd()
	case p.state != stEnd:
		p.err = malformed("stream ended unexpectedly")
		return p.err
	}
	return nil
}
