package bodyparser

// b64Decoder decodes a base64 part as it streams: characters outside the
// base64 and base64url alphabets are skipped, and the first '=' ends the
// content, as Node's lenient decoder reads a whole part.
type b64Decoder struct {
	quad [4]byte
	n    int
	done bool
}

func b64Value(c byte) (byte, bool) {
	switch {
	case 'A' <= c && c <= 'Z':
		return c - 'A', true
	case 'a' <= c && c <= 'z':
		return c - 'a' + 26, true
	case '0' <= c && c <= '9':
		return c - '0' + 52, true
	case c == '+' || c == '-':
		return 62, true
	case c == '/' || c == '_':
		return 63, true
	}
	return 0, false
}

// decode returns the bytes of the complete groups of b and what came
// before it.
func (d *b64Decoder) decode(b []byte) []byte {
	var out []byte
	for _, c := range b {
		if d.done {
			break
		}
		if c == '=' {
			d.done = true
			break
		}
		v, ok := b64Value(c)
		if !ok {
			continue
		}
		d.quad[d.n] = v
		d.n++
		if d.n == 4 {
			out = append(out, d.quad[0]<<2|d.quad[1]>>4, d.quad[1]<<4|d.quad[2]>>2, d.quad[2]<<6|d.quad[3])
			d.n = 0
		}
	}
	return out
}

// flush returns the bytes of a last, incomplete group.
func (d *b64Decoder) flush() []byte {
	var out []byte
	switch d.n {
	case 2:
		out = []byte{d.quad[0]<<2 | d.quad[1]>>4}
	case 3:
		out = []byte{d.quad[0]<<2 | d.quad[1]>>4, d.quad[1]<<4 | d.quad[2]>>2}
	}
	d.n = 0
	return out
}
