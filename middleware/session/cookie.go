package session

import (
	"math"
	"strings"
	"time"

	"github.com/fwgo/fw/internal/cookie"
	"github.com/fwgo/fw/parsers"
)

// CookieConfig are the settings of the session cookie, express-session's
// cookie option.
type CookieConfig struct {
	// Path is the cookie's Path; the middleware also ignores requests
	// whose path does not start with it. Optional. Default: "/".
	Path string
	// Domain is the cookie's Domain. Optional. Default: none.
	Domain string
	// MaxAge makes the cookie expire MaxAge after the response that set
	// it (an Expires attribute; express-session writes no Max-Age), and
	// the session with it. Optional. Default: 0, a browser-session
	// cookie that expires when the browser closes (maxAge: null).
	MaxAge time.Duration
	// NoHTTPOnly leaves the HttpOnly flag out. Optional. Default: false
	// (the cookie is HttpOnly, as express-session's httpOnly: true).
	NoHTTPOnly bool
	// Secure sets the Secure flag; the cookie is then only sent over
	// HTTPS (see Config.Proxy): on a plain HTTP request the session works
	// but its cookie is not set. Optional. Default: false.
	Secure bool
	// SecureAuto sets Secure when the request that creates the session
	// is secure, as secure: 'auto'. Optional. Default: false.
	SecureAuto bool
	// SameSite is the SameSite attribute: "strict", "lax" or "none" (any
	// case), or "auto" for "none" on secure requests and "lax" otherwise.
	// Optional. Default: none.
	SameSite string
	// Partitioned sets the Partitioned flag. Optional. Default: false.
	Partitioned bool
	// Priority is the Priority attribute: "low", "medium" or "high".
	// Optional. Default: none.
	Priority string
}

// Cookie is req.session.cookie: the settings the session's cookie is set
// with. A session keeps the cookie settings it was created with (they are
// stored with it), even when the middleware's configuration changes.
type Cookie struct {
	// Path, Domain, HTTPOnly, Secure, Partitioned, Priority and SameSite
	// are the cookie's attributes; they may be changed for this session.
	Path        string
	Domain      string
	HTTPOnly    bool
	Secure      bool
	Partitioned bool
	Priority    string
	SameSite    string

	// secureSet records that Secure was decided (secure: 'auto'), so
	// that false is stored, as express-session stores it.
	secureSet bool
	// expires is the cookie's expiry in milliseconds since the epoch
	// (hasExpires false: a browser-session cookie).
	expires    int64
	hasExpires bool
	// originalMaxAge in milliseconds (hasOriginal false: null).
	originalMaxAge int64
	hasOriginal    bool
}

func nowMillis() int64 { return time.Now().UnixMilli() }

// newCookie is new Cookie(options) for the configured options.
func newCookie(c *CookieConfig) *Cookie {
	ck := &Cookie{
		Path:        c.Path,
		Domain:      c.Domain,
		HTTPOnly:    !c.NoHTTPOnly,
		Secure:      c.Secure,
		Partitioned: c.Partitioned,
		Priority:    c.Priority,
		SameSite:    c.SameSite,
	}
	if ck.Path == "" {
		ck.Path = "/"
	}
	if c.MaxAge != 0 {
		ck.SetMaxAge(c.MaxAge)
	}
	return ck
}

// Expires returns when the cookie expires, or the zero Time for a
// browser-session cookie (cookie.expires).
func (c *Cookie) Expires() time.Time {
	if !c.hasExpires {
		return time.Time{}
	}
	return time.UnixMilli(c.expires)
}

// SetExpires sets the expiry (the zero Time for none), as assigning
// cookie.expires does; OriginalMaxAge becomes the time left.
func (c *Cookie) SetExpires(t time.Time) {
	if t.IsZero() {
		c.hasExpires = false
		c.hasOriginal = false
		return
	}
	c.expires, c.hasExpires = t.UnixMilli(), true
	c.originalMaxAge, c.hasOriginal = c.expires-nowMillis(), true
}

// MaxAge returns the time left before the cookie expires (cookie.maxAge),
// and false for a browser-session cookie.
func (c *Cookie) MaxAge() (time.Duration, bool) {
	if !c.hasExpires {
		return 0, false
	}
	return time.Duration(c.expires-nowMillis()) * time.Millisecond, true
}

// SetMaxAge makes the cookie expire d from now, as assigning
// cookie.maxAge does ("remember me"); OriginalMaxAge becomes d.
//
// express-session reads the clock twice here (once for expires, once in
// the expires setter), so on a millisecond boundary Node records
// originalMaxAge as d-1ms; fw reads it once and records exactly d, the
// value Node records every other time.
func (c *Cookie) SetMaxAge(d time.Duration) {
	c.setMaxAgeMillis(d.Milliseconds())
}

// setMaxAgeMillis makes the cookie expire ms from one reading of the
// clock, with originalMaxAge exactly ms.
func (c *Cookie) setMaxAgeMillis(ms int64) {
	c.expires, c.hasExpires = nowMillis()+ms, true
	c.originalMaxAge, c.hasOriginal = ms, true
}

// OriginalMaxAge returns the max age the cookie was given
// (cookie.originalMaxAge), which Touch restarts it from; false for a
// browser-session cookie.
func (c *Cookie) OriginalMaxAge() (time.Duration, bool) {
	return time.Duration(c.originalMaxAge) * time.Millisecond, c.hasOriginal
}

// resetMaxAge is session.resetMaxAge: maxAge = originalMaxAge.
func (c *Cookie) resetMaxAge() {
	if !c.hasOriginal {
		c.hasExpires = false
		return
	}
	c.setMaxAgeMillis(c.originalMaxAge)
}

// appendJSON appends the cookie as express-session stores it (its
// toJSON), members in its order.
func (c *Cookie) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"originalMaxAge":`...)
	if c.hasOriginal {
		dst = parsers.AppendNumber(dst, float64(c.originalMaxAge))
	} else {
		dst = append(dst, "null"...)
	}
	if c.Partitioned {
		dst = append(dst, `,"partitioned":true`...)
	}
	if c.Priority != "" {
		dst = append(append(dst, `,"priority":`...), quote(c.Priority)...)
	}
	if c.hasExpires {
		dst = append(dst, `,"expires":"`...)
		dst = time.UnixMilli(c.expires).UTC().AppendFormat(dst, "2006-01-02T15:04:05.000Z")
		dst = append(dst, '"')
	} else {
		dst = append(dst, `,"expires":null`...) // maxAge: null leaves expires null
	}
	if c.Secure {
		dst = append(dst, `,"secure":true`...)
	} else if c.secureSet {
		dst = append(dst, `,"secure":false`...)
	}
	if c.HTTPOnly {
		dst = append(dst, `,"httpOnly":true`...)
	} else {
		dst = append(dst, `,"httpOnly":false`...)
	}
	if c.Domain != "" {
		dst = append(append(dst, `,"domain":`...), quote(c.Domain)...)
	}
	dst = append(append(dst, `,"path":`...), quote(c.Path)...)
	if c.SameSite != "" {
		dst = append(append(dst, `,"sameSite":`...), quote(c.SameSite)...)
	}
	return append(dst, '}')
}

func quote(s string) []byte { return parsers.AppendQuote(nil, s) }

// cookieFromJSON is new Cookie(sess.cookie) for a stored session.
func cookieFromJSON(o *parsers.Object) *Cookie {
	c := &Cookie{Path: "/", HTTPOnly: true}
	if o == nil {
		return c
	}
	str := func(k string) string {
		v, _ := o.Get(k)
		s, _ := v.(string)
		return s
	}
	truthy := func(k string) (bool, bool) {
		v, ok := o.Get(k)
		b, _ := v.(bool)
		return b, ok
	}
	if o.Has("path") {
		c.Path = str("path")
	}
	c.Domain, c.Priority, c.SameSite = str("domain"), str("priority"), str("sameSite")
	if b, ok := truthy("httpOnly"); ok {
		c.HTTPOnly = b
	}
	c.Secure, c.secureSet = truthy("secure")
	c.Partitioned, _ = truthy("partitioned")
	if v, ok := o.Get("expires"); ok {
		if s, ok := v.(string); ok {
			if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
				c.expires, c.hasExpires = t.UnixMilli(), true
			}
		}
	}
	if v, ok := o.Get("originalMaxAge"); ok {
		if f, ok := v.(float64); ok && !math.IsNaN(f) && !math.IsInf(f, 0) {
			c.originalMaxAge, c.hasOriginal = int64(f), true
		}
	}
	return c
}

// serialize is cookie.serialize(name, value, cookie.data).
func (c *Cookie) serialize(dst []byte, name, value string) ([]byte, error) {
	opt := cookie.Options{
		Domain:      c.Domain,
		Path:        c.Path,
		HTTPOnly:    c.HTTPOnly,
		Secure:      c.Secure,
		Partitioned: c.Partitioned,
		Priority:    c.Priority,
		SameSite:    sameSiteAttr(c.SameSite),
	}
	if c.hasExpires {
		opt.Expires, opt.HasExpires = time.UnixMilli(c.expires), true
	}
	return cookie.AppendSerialize(dst, name, value, &opt)
}

// sameSiteAttr maps express-session's sameSite to the cookie module's:
// "true" is strict (a JSON true cannot be stored here, so the string
// stands for it).
func sameSiteAttr(s string) string {
	if strings.EqualFold(s, "true") {
		return "strict"
	}
	return s
}
