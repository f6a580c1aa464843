package cookiesession

import (
	"errors"
	"strings"
	"time"

	"github.com/fwgo/fw/fast"
)

// getCookie is the cookies 0.9 module's get(name) without signing: the
// value of the first "name=" in the Cookie header that starts the header
// or follows a ';' and spaces, up to the next ';', with a first '"' and
// the last character removed when it starts with '"'. ok is false when
// there is no such cookie.
func getCookie(header, name string) (string, bool) {
	i := 0
	for {
		j := strings.Index(header[i:], name+"=")
		if j < 0 {
			return "", false
		}
		at := i + j
		k := at
		for k > 0 && header[k-1] == ' ' {
			k--
		}
		if k == 0 || header[k-1] == ';' {
			v := header[at+len(name)+1:]
			if e := strings.IndexByte(v, ';'); e >= 0 {
				v = v[:e]
			}
			if strings.HasPrefix(v, `"`) {
				if len(v) >= 2 {
					v = v[1 : len(v)-1]
				} else {
					v = ""
				}
			}
			return v, true
		}
		i = at + 1
	}
}

// setCookie is one cookie as the cookies module's Cookie and its
// toHeader build it.
type setCookie struct {
	name, value string
	path        string
	expires     time.Time // zero: none
	domain      string
	priority    string
	sameSite    string
	secure      bool
	httpOnly    bool
	partitioned bool
}

var (
	errCookieName  = errors.New("argument name is invalid")
	errCookieValue = errors.New("argument value is invalid")
	errPath        = errors.New("option path is invalid")
	errDomain      = errors.New("option domain is invalid")
	errPriority    = errors.New("option priority is invalid")
	errSameSite    = errors.New("option sameSite is invalid")
	errInsecure    = errors.New("Cannot send secure cookie over unencrypted connection")
)

// fieldContent reports whether s matches /^[\t\x20-\x7e\x80-\xff]+$/,
// each byte read as a Latin-1 character (a Go string's UTF-8 bytes are
// all in 0x80-0xff).
func fieldContent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\t' && (c < 0x20 || c == 0x7f) {
			return false
		}
	}
	return true
}

// check validates the cookie as the Cookie constructor does.
func (c *setCookie) check() error {
	if !fieldContent(c.name) || strings.ContainsAny(c.name, ";=") {
		return errCookieName
	}
	if c.value != "" && (!fieldContent(c.value) || strings.Contains(c.value, ";")) {
		return errCookieValue
	}
	if c.path != "" && !fieldContent(c.path) {
		return errPath
	}
	if c.domain != "" && !fieldContent(c.domain) {
		return errDomain
	}
	if c.priority != "" {
		switch strings.ToLower(c.priority) {
		case "low", "medium", "high":
		default:
			return errPriority
		}
	}
	if c.sameSite != "" {
		switch strings.ToLower(c.sameSite) {
		case "lax", "none", "strict", "true":
		default:
			return errSameSite
		}
	}
	return nil
}

// header is the cookies module's toHeader.
func (c *setCookie) header() string {
	var b strings.Builder
	b.WriteString(c.name + "=" + c.value)
	if c.path != "" {
		b.WriteString("; path=" + c.path)
	}
	if !c.expires.IsZero() {
		b.WriteString("; expires=" + c.expires.UTC().Format("Mon, 02 Jan 2006 15:04:05 GMT"))
	}
	if c.domain != "" {
		b.WriteString("; domain=" + c.domain)
	}
	if c.priority != "" {
		b.WriteString("; priority=" + strings.ToLower(c.priority))
	}
	if c.sameSite != "" {
		s := strings.ToLower(c.sameSite)
		if s == "true" {
			s = "strict"
		}
		b.WriteString("; samesite=" + s)
	}
	if c.secure {
		b.WriteString("; secure")
	}
	if c.httpOnly {
		b.WriteString("; httponly")
	}
	if c.partitioned {
		b.WriteString("; partitioned")
	}
	return b.String()
}

// push adds the cookie's Set-Cookie line to the response, first removing
// the lines that set a cookie of the same name when overwrite is set, as
// the module's pushCookie does.
func push(req *fast.Request, c *setCookie, overwrite bool) {
	h := &req.Ctx().Response.Header
	if overwrite {
		h.DelCookie(c.name)
	}
	h.Add("Set-Cookie", c.header())
}
