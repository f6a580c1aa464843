// Package vary adds field names to a Vary header value as vary 1.1.2 does
// under Express 4.22.3 (res.vary, and res.format and res.redirect, which
// vary on Accept).
//
// The functions are safe for concurrent use. The result is header itself,
// or the field when header is empty, whenever nothing else is needed;
// otherwise one new string.
package vary

import "strings"

// Error is a TypeError thrown by vary 1.1.2; its text is the module's
// message.
type Error string

// Error returns the message.
func (e Error) Error() string { return string(e) }

// The TypeErrors of vary.append.
const (
	// ErrFieldRequired: the field argument is an empty string.
	ErrFieldRequired Error = "field argument is required"
	// ErrInvalidField: a field name is not a token.
	ErrInvalidField Error = "field argument contains an invalid header name"
)

// Append is vary.append(header, field) with field a string: field is a
// comma-separated list of header names (spaces around names ignored), each
// appended to header unless header already lists it (case-insensitively).
// The result is "*" when header is "*" or either lists "*". Names keep their
// case. An empty field or a name that is not a token is an error, and so is
// an empty name in the list ("a,,b").
func Append(header, field string) (string, error) {
	if field == "" {
		return "", ErrFieldRequired
	}
	return appendFields(header, fields{list: field})
}

// AppendFields is vary.append(header, fields) with fields an array: each
// element must itself be a header name (it is not split at commas). An
// empty slice leaves header unchanged.
func AppendFields(header string, names []string) (string, error) {
	return appendFields(header, fields{array: names, isArray: true})
}

// fields is the field argument: a comma-separated list or an array.
type fields struct {
	list    string
	array   []string
	isArray bool
}

// next returns the field at pos and the position of the next (-1 after the
// last).
func (f *fields) next(pos int) (string, int) {
	if !f.isArray {
		return nextToken(f.list, pos)
	}
	if pos < 0 || pos >= len(f.array) {
		return "", -1
	}
	return f.array[pos], pos + 1
}

// appendFields is vary.append.
func appendFields(header string, fs fields) (string, error) {
	star := false
	for f, next := fs.next(0); next >= 0; f, next = fs.next(next) {
		if !isToken(f) {
			return "", ErrInvalidField
		}
		star = star || f == "*"
	}
	if header == "*" {
		return header, nil
	}
	for v, next := nextToken(header, 0); next >= 0 && !star; v, next = nextToken(header, next) {
		star = v == "*"
	}
	if star {
		return "*", nil
	}
	val := header
	var b []byte
	for f, next := fs.next(0); next >= 0; f, next = fs.next(next) {
		// A field is skipped when the header lists it or an earlier field
		// is the same name: that one was added, or the header lists it.
		if listed(header, f) || seenBefore(&fs, f, next) {
			continue
		}
		switch {
		case b != nil:
			b = append(b, ", "...)
			b = append(b, f...)
		case val == "":
			val = f
		default:
			b = make([]byte, 0, len(val)+2+len(f)+16)
			b = append(b, val...)
			b = append(b, ", "...)
			b = append(b, f...)
		}
	}
	if b != nil {
		return string(b), nil
	}
	return val, nil
}

// seenBefore reports whether a field before the one ending at end has the
// name f, ignoring case.
func seenBefore(fs *fields, f string, end int) bool {
	for g, next := fs.next(0); next >= 0 && next < end; g, next = fs.next(next) {
		if strings.EqualFold(g, f) {
			return true
		}
	}
	return false
}

// listed reports whether the lower-cased header lists f.
func listed(header, f string) bool {
	for v, next := nextToken(header, 0); next >= 0; v, next = nextToken(header, next) {
		if equalLower(v, f) {
			return true
		}
	}
	return false
}

// equalLower reports whether v.toLowerCase() equals f.toLowerCase() for a
// token f: v must be ASCII, except that JavaScript lower-cases KELVIN SIGN
// (U+212A) to "k".
func equalLower(v, f string) bool {
	j := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c >= 0x80 {
			if !strings.HasPrefix(v[i:], "\u212a") {
				return false
			}
			c = 'k'
			i += 2
		}
		if j >= len(f) || lower(c) != lower(f[j]) {
			return false
		}
		j++
	}
	return j == len(f)
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// nextToken returns the token of a comma-separated list starting at pos and
// where the next starts (-1 after the last), as vary's parse does: spaces
// before a token are skipped, spaces after it dropped, spaces inside kept;
// an empty list has one empty token.
func nextToken(s string, pos int) (tok string, next int) {
	if pos < 0 || pos > len(s) {
		return "", -1
	}
	start, end := pos, pos
	for i := pos; i < len(s); i++ {
		switch s[i] {
		case ' ':
			if start == end {
				start, end = i+1, i+1
			}
		case ',':
			return s[start:end], i + 1
		default:
			end = i + 1
		}
	}
	return s[start:end], len(s) + 1
}

// isToken is vary's FIELD_NAME_REGEXP: one or more of
// [!#$%&'*+\-.^_`|~0-9A-Za-z].
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}
