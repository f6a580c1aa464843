package fast

import (
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/disposition"
	"github.com/fwgo/fw/internal/mime"
	"github.com/fwgo/fw/internal/vary"
)

// Type sets the Content-Type, as res.type(type) (alias ContentType): typ
// itself when it contains '/', else the type mime 1.6 gives the extension
// of typ ("json", ".html", "file.png"), application/octet-stream for an
// unknown one. The charset is added as Set adds it. It chains and fails
// as Set does.
func (r *Response) Type(typ string) *Response {
	r.c.setType(typ)
	return r
}

// setType is res.type(typ).
func (c *state) setType(typ string) error {
	if strings.IndexByte(typ, '/') < 0 {
		typ = mime.Send.Lookup(typ)
	}
	return c.set("Content-Type", []string{typ})
}

// ContentType is an alias of Type, as res.contentType.
func (r *Response) ContentType(typ string) *Response { return r.Type(typ) }

// Attachment sets Content-Disposition to attachment, as
// res.attachment([filename]): with a filename, also the Content-Type of its
// extension (as Type does) and the filename parameter of its base name,
// with filename* (RFC 6266, UTF-8) when the name is not ISO-8859-1 text.
// It chains and fails as Set does.
func (r *Response) Attachment(filename ...string) *Response {
	name := ""
	if len(filename) > 0 {
		name = filename[0]
	}
	v := "attachment"
	if name != "" {
		if r.c.setType(extname(name)) != nil {
			return r
		}
		v = disposition.Attachment(name)
	}
	r.c.set("Content-Disposition", []string{v})
	return r
}

// extname is Node's path.extname (POSIX): the last component's extension
// from its last '.', "" when the component has none or starts with its
// only dot.
func extname(path string) string {
	startDot, startPart, end := -1, 0, -1
	matchedSlash := true
	preDotState := 0
	for i := len(path) - 1; i >= 0; i-- {
		c := path[i]
		if c == '/' {
			if !matchedSlash {
				startPart = i + 1
				break
			}
			continue
		}
		if end == -1 {
			matchedSlash = false
			end = i + 1
		}
		if c == '.' {
			if startDot == -1 {
				startDot = i
			} else if preDotState != 1 {
				preDotState = 1
			}
		} else if startDot != -1 {
			preDotState = -1
		}
	}
	if startDot == -1 || end == -1 || preDotState == 0 ||
		preDotState == 1 && startDot == end-1 && startDot == startPart+1 {
		return ""
	}
	return path[startDot:end]
}

// Vary adds fields to the Vary header unless it lists them already, as
// res.vary(field): each argument is a header name or a comma-separated
// list of them. Without fields it changes nothing (Express deprecates
// that). A field that is not a header name is vary's TypeError. It chains
// and fails as Set does.
func (r *Response) Vary(fields ...string) *Response {
	r.c.vary(fields)
	return r
}

// vary is res.vary(fields).
func (c *state) vary(fields []string) error {
	switch {
	case len(fields) == 0 || len(fields) == 1 && fields[0] == "":
		return nil
	case len(fields) == 1:
		return c.varyField(fields[0])
	}
	// A copy, so that the caller's variadic slice does not escape.
	names := append([]string(nil), fields...)
	v, err := vary.AppendFields(bytesconv.B2S(c.fctx.Response.Header.PeekCanonical(hVary)), names)
	if err != nil {
		return c.fail(jsTypeError(err.Error()))
	}
	return c.set("Vary", []string{v})
}

// varyField is res.vary(field) for one string field.
func (c *state) varyField(field string) error {
	v, err := vary.Append(bytesconv.B2S(c.fctx.Response.Header.PeekCanonical(hVary)), field)
	if err != nil {
		return c.fail(jsTypeError(err.Error()))
	}
	return c.set("Vary", []string{v})
}

// Link is one entry of a Link header: a URL and its relation.
type Link struct {
	Rel string
	URL string
}

// Links adds entries to the Link header, as res.links(links), in the given
// order: each is written <URL>; rel="Rel" and appended after the entries
// already there. URLs are written as given, as Express writes them (a URL
// holding ',' or '>' can therefore fake entries: pass only URLs you
// trust or have encoded). It chains and fails as Set does.
func (r *Response) Links(links ...Link) *Response {
	c := r.c
	out := append(r.aux[:0], c.fctx.Response.Header.PeekCanonical(hLink)...)
	if len(out) != 0 {
		out = append(out, ',', ' ')
	}
	for i, l := range links {
		if i > 0 {
			out = append(out, ',', ' ')
		}
		out = append(out, '<')
		out = append(out, l.URL...)
		out = append(out, ">; rel=\""...)
		out = append(out, l.Rel...)
		out = append(out, '"')
	}
	r.aux = out
	c.set("Link", []string{bytesconv.B2S(out)})
	return r
}

var (
	hVary = []byte("Vary")
	hLink = []byte("Link")
)
