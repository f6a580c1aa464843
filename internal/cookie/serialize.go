package cookie

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/fwgo/fw/internal/uri"
)

// The errors of Serialize. Their text after "cookie: " is the message of
// the TypeError cookie.serialize throws, which Express's error page shows.
var (
	ErrName     = errors.New("cookie: argument name is invalid")
	ErrValue    = errors.New("cookie: argument val is invalid")
	ErrMaxAge   = errors.New("cookie: option maxAge is invalid")
	ErrDomain   = errors.New("cookie: option domain is invalid")
	ErrPath     = errors.New("cookie: option path is invalid")
	ErrExpires  = errors.New("cookie: option expires is invalid")
	ErrPriority = errors.New("cookie: option priority is invalid")
	ErrSameSite = errors.New("cookie: option sameSite is invalid")
	// ErrEncode is encodeURIComponent's URIError ("URI malformed"): the
	// value is not valid UTF-8, the Go form of a lone surrogate.
	ErrEncode = errors.New("cookie: URI malformed")
)

// Options are the attributes of cookie.serialize. The zero value writes
// none. Express's res.cookie fills them from its own options: maxAge in
// milliseconds becomes MaxAge = floor(ms/1000) plus Expires = now + ms,
// path defaults to "/", sameSite true is "strict", and a Date is an
// Expires.
type Options struct {
	// MaxAge is the Max-Age attribute in seconds, written when HasMaxAge
	// is set. It is floored; NaN or an infinity is ErrMaxAge.
	MaxAge    float64
	HasMaxAge bool
	// Domain is written when not empty; it must be a host name, optionally
	// with a leading dot, or it is ErrDomain.
	Domain string
	// Path is written when not empty; ';', '<' and characters outside
	// printable ASCII are ErrPath.
	Path string
	// Expires is written in toUTCString form ("Thu, 01 Jan 1970 00:00:00
	// GMT") when HasExpires is set; a time outside JavaScript's Date range
	// (±8.64e15 ms) is ErrExpires.
	Expires    time.Time
	HasExpires bool
	// HTTPOnly, Secure and Partitioned write the flags of those names.
	HTTPOnly    bool
	Secure      bool
	Partitioned bool
	// Priority is "low", "medium" or "high" in any case, or empty.
	Priority string
	// SameSite is "lax", "strict" or "none" in any case, or empty.
	SameSite string
	// Encode replaces encodeURIComponent for the value when not nil (the
	// encode option). The result must still be a valid cookie value.
	Encode func(value string) string
}

// Serialize returns the Set-Cookie value for name and value with the
// attributes of opt (nil for none), as cookie.serialize does.
func Serialize(name, value string, opt *Options) (string, error) {
	b, err := AppendSerialize(make([]byte, 0, len(name)+len(value)+32), name, value, opt)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendSerialize appends the Set-Cookie value for name and value to dst.
// The name must be an RFC 6265 token and the encoded value a cookie-octet
// string, optionally within double quotes; the attributes follow in
// cookie's order: Max-Age, Domain, Path, Expires, HttpOnly, Secure,
// Partitioned, Priority, SameSite. On error dst is returned unchanged. It
// allocates nothing when dst has room and Encode is nil.
func AppendSerialize(dst []byte, name, value string, opt *Options) ([]byte, error) {
	orig := len(dst)
	fail := func(err error) ([]byte, error) { return dst[:orig], err }
	if !isToken(name) {
		return fail(ErrName)
	}
	dst = append(dst, name...)
	dst = append(dst, '=')
	valStart := len(dst)
	if opt != nil && opt.Encode != nil {
		dst = append(dst, opt.Encode(value)...)
	} else {
		var ok bool
		if dst, ok = uri.AppendEncodeURIComponent(dst, value); !ok {
			return fail(ErrEncode)
		}
	}
	if !isCookieValue(dst[valStart:]) {
		return fail(ErrValue)
	}
	if opt == nil {
		return dst, nil
	}
	if opt.HasMaxAge {
		m := math.Floor(opt.MaxAge)
		if math.IsNaN(m) || math.IsInf(m, 0) {
			return fail(ErrMaxAge)
		}
		dst = append(dst, "; Max-Age="...)
		dst = appendJSNumber(dst, m)
	}
	if opt.Domain != "" {
		if !isDomain(opt.Domain) {
			return fail(ErrDomain)
		}
		dst = append(dst, "; Domain="...)
		dst = append(dst, opt.Domain...)
	}
	if opt.Path != "" {
		if !isPath(opt.Path) {
			return fail(ErrPath)
		}
		dst = append(dst, "; Path="...)
		dst = append(dst, opt.Path...)
	}
	if opt.HasExpires {
		// Check seconds first: UnixMilli overflows far outside the range.
		sec := opt.Expires.Unix()
		if sec < -maxTime/1000-1 || sec > maxTime/1000+1 {
			return fail(ErrExpires)
		}
		ms := opt.Expires.UnixMilli()
		if ms < -maxTime || ms > maxTime {
			return fail(ErrExpires)
		}
		dst = append(dst, "; Expires="...)
		dst = AppendUTCString(dst, ms)
	}
	if opt.HTTPOnly {
		dst = append(dst, "; HttpOnly"...)
	}
	if opt.Secure {
		dst = append(dst, "; Secure"...)
	}
	if opt.Partitioned {
		dst = append(dst, "; Partitioned"...)
	}
	if opt.Priority != "" {
		switch {
		case strings.EqualFold(opt.Priority, "low"):
			dst = append(dst, "; Priority=Low"...)
		case strings.EqualFold(opt.Priority, "medium"):
			dst = append(dst, "; Priority=Medium"...)
		case strings.EqualFold(opt.Priority, "high"):
			dst = append(dst, "; Priority=High"...)
		default:
			return fail(ErrPriority)
		}
	}
	if opt.SameSite != "" {
		switch {
		case strings.EqualFold(opt.SameSite, "lax"):
			dst = append(dst, "; SameSite=Lax"...)
		case strings.EqualFold(opt.SameSite, "strict"):
			dst = append(dst, "; SameSite=Strict"...)
		case strings.EqualFold(opt.SameSite, "none"):
			dst = append(dst, "; SameSite=None"...)
		default:
			return fail(ErrSameSite)
		}
	}
	return dst, nil
}

// maxTime is the largest magnitude of a JavaScript Date, in milliseconds.
const maxTime = 8.64e15

// appendJSNumber appends an integral float64 as JavaScript's String(n)
// writes it: plain digits below 1e21, exponent form above, and -0 as "0".
func appendJSNumber(dst []byte, n float64) []byte {
	if n == 0 {
		return append(dst, '0')
	}
	if math.Abs(n) < 1e21 {
		return strconv.AppendFloat(dst, n, 'f', -1, 64)
	}
	return strconv.AppendFloat(dst, n, 'g', -1, 64) // "1e+21", "1.5e+300"
}

var (
	shortDays   = [7]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
	shortMonths = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
)

// AppendUTCString appends the time ms (milliseconds since the epoch, within
// ±8.64e15) as JavaScript's Date#toUTCString renders it: "Thu, 01 Jan 1970
// 00:00:00 GMT", with four-digit years, five characters for negative years
// ("-0001") and more digits beyond 9999.
func AppendUTCString(dst []byte, ms int64) []byte {
	t := time.UnixMilli(ms).UTC()
	year, month, day := t.Date()
	hour, minute, sec := t.Clock()
	dst = append(dst, shortDays[t.Weekday()]...)
	dst = append(dst, ", "...)
	dst = append2(dst, day)
	dst = append(dst, ' ')
	dst = append(dst, shortMonths[month-1]...)
	dst = append(dst, ' ')
	// V8 formats years with "%04d", and negative ones with "%05d": a
	// sign and at least four digits.
	if year < 0 {
		dst = append(dst, '-')
		year = -year
	}
	for p := 1000; p > 1 && year < p; p /= 10 {
		dst = append(dst, '0')
	}
	dst = strconv.AppendInt(dst, int64(year), 10)
	dst = append(dst, ' ')
	dst = append2(dst, hour)
	dst = append(dst, ':')
	dst = append2(dst, minute)
	dst = append(dst, ':')
	dst = append2(dst, sec)
	return append(dst, " GMT"...)
}

func append2(dst []byte, n int) []byte {
	return append(dst, byte('0'+n/10), byte('0'+n%10))
}
