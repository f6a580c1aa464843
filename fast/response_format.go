package fast

import (
	"strings"

	"github.com/fwgo/fw/internal/mime"
)

// Format is one entry of a FormatMap: a media type ("text/plain",
// parameters allowed), an extension name ("json") or "default", and the
// handler for it.
type Format struct {
	Type    string
	Handler Handler
}

// FormatMap is the object of res.format: its entries in order, which is
// the order of preference when the request has no Accept header. Types
// should be unique; the first of equal types is used.
type FormatMap []Format

// NotAcceptableError is the 406 error Format passes to next when no entry
// matches the Accept header and there is no "default": Express's
// createError(406, {types}).
type NotAcceptableError struct {
	// Types are the media types offered, extension names resolved.
	Types []string
}

// Error returns "Not Acceptable".
func (e *NotAcceptableError) Error() string { return "Not Acceptable" }

// StatusCode returns 406.
func (e *NotAcceptableError) StatusCode() int { return 406 }

// ErrorName returns "NotAcceptableError".
func (e *NotAcceptableError) ErrorName() string { return "NotAcceptableError" }

// Format responds by content negotiation, as res.format(object): it picks
// the entry the Accept header prefers (q-values and wildcards honoured; the
// first entry without an Accept header), sets Vary: Accept and, for a
// match, the entry's Content-Type (its media type without parameters, or
// the type mime 1.6 gives the extension), then calls the entry's handler
// with the request, the response and the current handler's next. Without
// a match it calls the "default" entry, or next(err) with a
// *NotAcceptableError (406) and returns that error.
func (r *Response) Format(formats FormatMap) error {
	c := r.c
	var buf [8]string
	keys := buf[:0]
	var def Handler
	for _, f := range formats {
		if f.Type == "default" {
			if def == nil {
				def = f.Handler
			}
			continue
		}
		keys = append(keys, f.Type)
	}
	key, ok := "", false
	legacy := c.top.legacy != nil
	switch {
	case len(keys) > 0 && legacy: // Express 3's req.accepts (legacy_format.go)
		key, ok = c.req.Legacy3().acceptsArray(keys)
	case len(keys) > 0:
		key, ok = c.negotiateType(keys...)
	}
	if err := c.varyAccept(); err != nil {
		return err
	}
	c.fill() // c.next
	next := c.next
	if next == nil {
		next = func(...error) {}
	}
	switch {
	case ok:
		if legacy {
			if err := c.legacyFormatType(key); err != nil {
				return err
			}
		} else if err := c.set("Content-Type", []string{normalizeType(key)}); err != nil {
			return err
		}
		for _, f := range formats {
			if f.Type == key {
				f.Handler(&c.req, r, next)
				break
			}
		}
	case def != nil:
		def(&c.req, r, next)
	default:
		types := make([]string, len(keys))
		for i, k := range keys {
			types[i] = normalizeType(k)
		}
		err := &NotAcceptableError{Types: types}
		next(err)
		return err
	}
	return nil
}

// normalizeType is Express's normalizeType(type).value: a media type up to
// its parameters, or the mime 1.6 type of an extension name.
func normalizeType(t string) string {
	if strings.IndexByte(t, '/') < 0 {
		return mime.Send.Lookup(t)
	}
	if i := strings.IndexByte(t, ';'); i >= 0 {
		return strings.TrimRight(t[:i], " ")
	}
	return t
}
