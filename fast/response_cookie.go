package fast

import (
	"math"
	"strings"
	"time"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/cookie"
)

// CookieOptions are the options of res.cookie (spec 2.10). The zero value
// is Express's default: Path=/ and no other attribute.
type CookieOptions struct {
	// Domain is the Domain attribute, a host name. Optional. Default:
	// none (the browser uses the request's host).
	Domain string
	// Encode encodes the value. Optional. Default: encodeURIComponent.
	// Its result must be a valid cookie value.
	Encode func(value string) string
	// Expires is the Expires attribute. Optional. Default: none, a session
	// cookie. A time outside JavaScript's Date range is an error.
	Expires time.Time
	// HTTPOnly writes the HttpOnly flag. Optional. Default: false.
	HTTPOnly bool
	// MaxAge is Express's maxAge: the Max-Age attribute (floored to
	// seconds) and an Expires of now plus MaxAge. Optional. Default: none;
	// zero means none (ZeroMaxAge is Express's maxAge: 0).
	MaxAge time.Duration
	// ZeroMaxAge, with a zero MaxAge, is Express's maxAge: 0: Max-Age=0
	// and an Expires of now, so that a browser drops the cookie at once.
	// Optional. Default: false.
	ZeroMaxAge bool
	// Path is the Path attribute. Optional. Default: "/".
	Path string
	// NoPath, with an empty Path, is Express's path: "": no Path
	// attribute, so that a browser uses the directory of the request's
	// path. Optional. Default: false.
	NoPath bool
	// Secure writes the Secure flag. Optional. Default: false.
	Secure bool
	// Signed signs the value with the request's first cookie-parser
	// secret: "s:" + value + "." + its HMAC-SHA256. Optional. Default:
	// false.
	Signed bool
	// SameSite is the SameSite attribute: "strict", "lax" or "none", any
	// case (Express's sameSite: true is "strict"). Optional. Default: none.
	SameSite string
	// Partitioned writes the Partitioned flag. Optional. Default: false.
	Partitioned bool
	// Priority is the Priority attribute: "low", "medium" or "high", any
	// case. Optional. Default: none.
	Priority string
}

// errNoSecret is the Error res.cookie throws for a signed cookie without
// cookie-parser's secret.
var errNoSecret = &HTTPError{Name: "Error", Message: `cookieParser("secret") required for signed cookies`}

// Cookie adds a Set-Cookie header line, as res.cookie(name, value,
// options), keeping every line set before, in order. value is written as
// JavaScript's String(value) for strings, booleans and numbers, and as
// "j:" followed by its JSON (AppendJSON) for anything else, nil included;
// Undefined is "undefined". The value is then signed when Signed is set,
// and encoded; attributes come in the cookie module's order (Max-Age,
// Domain, Path, Expires, HttpOnly, Secure, Partitioned, Priority,
// SameSite). Only the first opts is used.
//
// It chains. It fails, changing nothing, as res.cookie throws: for a name
// that is not a token, a value or option that cookie 0.7 rejects (RFC
// 6265: no ';', control characters ...), a signed cookie without a secret,
// and the errors of Set.
func (r *Response) Cookie(name string, value any, opts ...CookieOptions) *Response {
	var o CookieOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	r.c.cookie(name, value, &o)
	return r
}

// ClearCookie clears a cookie, as res.clearCookie(name, options): a
// Set-Cookie line with an empty value, Path=/ and an Expires of 1 ms after
// the epoch, unless opts say otherwise (a MaxAge also sets Max-Age and an
// Expires of now plus MaxAge, as Express does). A browser clears the
// cookie only when Path and Domain match the ones it was set with.
func (r *Response) ClearCookie(name string, opts ...CookieOptions) *Response {
	var o CookieOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	if o.Expires.IsZero() {
		o.Expires = time.UnixMilli(1)
	}
	r.c.cookie(name, "", &o)
	return r
}

func (c *state) cookie(name string, value any, o *CookieOptions) error {
	var secret string
	if len(c.secrets) > 0 {
		secret = c.secrets[0]
	}
	if o.Signed && secret == "" {
		return c.fail(errNoSecret)
	}
	val, err := cookieValue(value)
	if err != nil {
		return c.fail(err)
	}
	if o.Signed {
		val = "s:" + cookie.Sign(val, secret)
	}
	opt := cookie.Options{
		Domain:      o.Domain,
		Path:        o.Path,
		HTTPOnly:    o.HTTPOnly,
		Secure:      o.Secure,
		Partitioned: o.Partitioned,
		Priority:    o.Priority,
		SameSite:    o.SameSite,
		Encode:      o.Encode,
	}
	if opt.Path == "" && !o.NoPath {
		opt.Path = "/"
	}
	if !o.Expires.IsZero() {
		opt.Expires, opt.HasExpires = o.Expires, true
	}
	if o.MaxAge != 0 || o.ZeroMaxAge {
		ms := float64(o.MaxAge) / float64(time.Millisecond)
		now := float64(time.Now().UnixMilli())
		opt.Expires, opt.HasExpires = time.UnixMilli(int64(math.Trunc(now+ms))), true
		opt.MaxAge, opt.HasMaxAge = math.Floor(ms/1000), true
	}
	line, err := cookie.AppendSerialize(c.res.aux[:0], name, val, &opt)
	if err != nil {
		return c.fail(cookieError(err))
	}
	c.res.aux = line
	return c.appendHeader(hSetCookie, "Set-Cookie", bytesconv.B2S(line))
}

// cookieValue is res.cookie's value: String(value), or "j:" + JSON for an
// object.
func cookieValue(value any) (string, error) {
	if s, ok := jsPrimitive(value); ok && value != nil {
		return s, nil
	}
	b, err := AppendJSON([]byte("j:"), value)
	if err != nil {
		return "", err
	}
	if len(b) == 2 {
		return "j:undefined", nil
	}
	return string(b), nil
}

// cookieError turns an error of the cookie module into the error
// res.cookie throws: a TypeError with the module's message, or the
// URIError of encodeURIComponent.
func cookieError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "cookie: ")
	if err == cookie.ErrEncode {
		return &HTTPError{Name: "URIError", Message: msg, Err: err}
	}
	return &HTTPError{Name: "TypeError", Message: msg, Err: err}
}

// appendHeader is res.append(field, value) for one value of a header with
// canonical name k.
func (c *state) appendHeader(k []byte, field, value string) error {
	if err := c.checkSetHeader(true, field, []string{value}); err != nil {
		return err
	}
	c.fctx.Response.Header.AddBytesKV(k, bytesconv.S2B(value))
	return nil
}

var hSetCookie = []byte("Set-Cookie")
