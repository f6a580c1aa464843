package static

import (
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"strings"
	"time"

	"github.com/fwgo/fw/internal/bytesconv"
)

// Switch is an on/off option whose zero value means Express's default.
type Switch uint8

const (
	// Unset leaves the option at Express's default.
	Unset Switch = iota
	// On turns the option on.
	On
	// Off turns the option off.
	Off
)

func (s Switch) or(def bool) bool {
	switch s {
	case On:
		return true
	case Off:
		return false
	}
	return def
}

// Dotfiles is send's dotfiles option: what to do with a path that has a
// segment starting with a dot.
type Dotfiles uint8

const (
	// DotfilesDefault is send's behaviour when the option is not given: a
	// file whose own name starts with a dot is ignored (404), a file inside
	// a dot-directory is served.
	DotfilesDefault Dotfiles = iota
	// DotfilesAllow serves dotfiles and dot-directories like any other.
	DotfilesAllow
	// DotfilesDeny answers 403 for any path with a dot segment.
	DotfilesDeny
	// DotfilesIgnore answers 404 for any path with a dot segment, as if it
	// did not exist.
	DotfilesIgnore
)

// NoIndex, given as Config.Index, disables index files, as index: false.
var NoIndex = []string{}

// DefaultCacheTTL is how long a Sender trusts what it learnt about a file
// when Config.CacheTTL is zero.
const DefaultCacheTTL = time.Second

// maxMaxAge is send's cap on maxAge: one year, in milliseconds.
const maxMaxAge = 60 * 60 * 24 * 365 * 1000

// Config holds the options of the send module, as res.sendFile and
// express.static take them. The zero value is send's defaults.
type Config struct {
	// Root is the directory relative paths are served from; a relative
	// Root is resolved against the working directory when the Sender is
	// made. Optional for SendFile (then paths must be absolute); required
	// by Send and NewHandler.
	Root string
	// AcceptRanges sends Accept-Ranges: bytes and honours Range requests.
	// Optional. Default: On.
	AcceptRanges Switch
	// CacheControl sends Cache-Control: public, max-age=... Optional.
	// Default: On.
	CacheControl Switch
	// Dotfiles says how paths with a segment starting with a dot are
	// served. Optional. Default: DotfilesDefault.
	Dotfiles Dotfiles
	// ETag sends a weak ETag made of the file's size and modification
	// time. Optional. Default: On.
	ETag Switch
	// Extensions are tried in order, as "path.ext", when path has no
	// extension and does not exist. Optional. Default: none.
	Extensions []string
	// Immutable adds the immutable directive to Cache-Control. Optional.
	// Default: false.
	Immutable bool
	// Index names the files served for a path ending in '/', tried in
	// order. Optional. Default: ["index.html"]; NoIndex (an empty, non-nil
	// slice) disables index files.
	Index []string
	// LastModified sends Last-Modified from the file's modification time.
	// Optional. Default: On.
	LastModified Switch
	// MaxAge is the max-age of Cache-Control: a number of milliseconds
	// (any Go integer or float, as Express's number), a time.Duration, or
	// a string in the syntax of the ms package ("30d", "1h", "2.5 hrs",
	// "20000"). It is floored to seconds and capped between 0 and one
	// year; a string ms cannot read counts as 0, as in send. Optional.
	// Default: 0.
	MaxAge any
	// Start is the first byte of the file to serve, as send's start
	// option. Optional. Default: 0.
	Start int64
	// End is the last byte of the file to serve (inclusive), as send's
	// end option. Optional. Default: nil, the end of the file.
	End *int64
	// Cache keeps what was learnt about files (their metadata, the content
	// of small ones, their absence) between requests. Optional. Default:
	// a Sender made by NewSender has its own cache of DefaultCacheTTL, and
	// the SendFile function shares one of DefaultCacheTTL; NoCache asks
	// the file system on every request, as send does.
	Cache *Cache
}

// options is a Config resolved for serving.
type options struct {
	root         string // resolved, no trailing slash (unless "/"); "" for none
	acceptRanges bool
	cacheControl bool
	dotfiles     Dotfiles
	etag         bool
	lastModified bool
	extensions   []string
	index        []string
	cacheHeader  []byte // Cache-Control value
	start        int64
	end          int64
	hasEnd       bool
}

var defaultIndex = []string{"index.html"}

// compile resolves c. The root and the Cache-Control value are appended to
// buf, which is returned; the options refer to it, and to c's slices, so
// the caller copies them when the options must outlive c and buf.
func compile(c *Config, buf []byte) (options, []byte, error) {
	o := options{
		acceptRanges: c.AcceptRanges.or(true),
		cacheControl: c.CacheControl.or(true),
		dotfiles:     c.Dotfiles,
		etag:         c.ETag.or(true),
		lastModified: c.LastModified.or(true),
		extensions:   c.Extensions,
		index:        c.Index,
		start:        c.Start,
	}
	if c.Dotfiles > DotfilesIgnore {
		return o, buf, errors.New(`static: dotfiles option must be "allow", "deny", or "ignore"`)
	}
	if c.Start < 0 {
		return o, buf, errors.New("static: start option must not be negative")
	}
	if o.index == nil {
		o.index = defaultIndex
	}
	if c.End != nil {
		o.end, o.hasEnd = *c.End, true
	}
	ms, err := MaxAgeMillis(c.MaxAge)
	if err != nil {
		return o, buf, err
	}
	start := len(buf)
	if c.Root != "" {
		if buf, err = appendResolve(buf, c.Root); err != nil {
			return o, buf, err
		}
	}
	rootEnd := len(buf)
	buf = append(buf, "public, max-age="...)
	buf = appendInt(buf, int64(math.Floor(ms/1000)))
	if c.Immutable {
		buf = append(buf, ", immutable"...)
	}
	o.root = bytesconv.B2S(buf[start:rootEnd])
	o.cacheHeader = buf[rootEnd:]
	return o, buf, nil
}

// own copies what o refers to, so that it outlives the Config and buffer
// it was compiled from.
func (o options) own() options {
	o.root = strings.Clone(o.root)
	o.extensions = append([]string(nil), o.extensions...)
	o.index = append([]string(nil), o.index...)
	o.cacheHeader = append([]byte(nil), o.cacheHeader...)
	return o
}

// Resolve returns path.resolve(p): p made absolute against the working
// directory and normalized as Node normalizes, without a trailing slash.
func Resolve(p string) (string, error) {
	b, err := appendResolve(nil, p)
	return string(b), err
}

// appendResolve appends path.resolve(p): absolute (against the working
// directory) and normalized, without a trailing slash.
func appendResolve(dst []byte, p string) ([]byte, error) {
	start := len(dst)
	if p == "" || p[0] != '/' {
		wd, err := os.Getwd()
		if err != nil {
			return dst, fmt.Errorf("static: resolving %q: %w", p, err)
		}
		tmp := wd + "/" + p
		dst = appendNormalize(dst, tmp)
	} else {
		dst = appendNormalize(dst, p)
	}
	if n := len(dst); n-start > 1 && dst[n-1] == '/' {
		dst = dst[:n-1]
	}
	return dst, nil
}

// MaxAgeMillis returns the max-age send computes from a maxAge option, in
// milliseconds, capped between 0 and one year: v is nil, a number of
// milliseconds (any Go integer or float), a time.Duration, or a string in
// the ms package's syntax (a string ms cannot read gives 0). Other types
// are an error.
func MaxAgeMillis(v any) (float64, error) {
	var ms float64
	switch x := v.(type) {
	case nil:
		return 0, nil
	case int:
		ms = float64(x)
	case int64:
		ms = float64(x)
	case float64:
		ms = x
	case time.Duration:
		ms = float64(x) / float64(time.Millisecond)
	case string:
		if x == "" {
			return 0, nil // falsy: the option is absent
		}
		var ok bool
		if ms, ok = ParseMS(x); !ok {
			return 0, nil
		}
	default:
		rv := reflect.ValueOf(v)
		switch rv.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			ms = float64(rv.Int())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			ms = float64(rv.Uint())
		case reflect.Float32, reflect.Float64:
			ms = rv.Float()
		default:
			return 0, fmt.Errorf("static: maxAge must be a number of milliseconds, a time.Duration or a string, got %T", v)
		}
	}
	if math.IsNaN(ms) {
		return 0, nil
	}
	return math.Min(math.Max(0, ms), maxMaxAge), nil
}
