package static

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"time"
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
	// CacheTTL is how long what was learnt about a file (its metadata, the
	// content of a small file, or its absence) is trusted before the file
	// system is asked again. Optional. Default: DefaultCacheTTL; a
	// negative value disables the cache, so that every request asks the
	// file system, as send does.
	CacheTTL time.Duration
}

// options is a Config resolved once.
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

func compile(c Config) (options, error) {
	o := options{
		acceptRanges: c.AcceptRanges.or(true),
		cacheControl: c.CacheControl.or(true),
		dotfiles:     c.Dotfiles,
		etag:         c.ETag.or(true),
		lastModified: c.LastModified.or(true),
		extensions:   append([]string(nil), c.Extensions...),
		start:        c.Start,
	}
	if c.Dotfiles > DotfilesIgnore {
		return o, errors.New(`static: dotfiles option must be "allow", "deny", or "ignore"`)
	}
	if c.Index == nil {
		o.index = []string{"index.html"}
	} else {
		o.index = append([]string(nil), c.Index...)
	}
	if c.End != nil {
		o.end, o.hasEnd = *c.End, true
	}
	if c.Start < 0 {
		return o, errors.New("static: start option must not be negative")
	}
	if c.Root != "" {
		root, err := resolveRoot(c.Root)
		if err != nil {
			return o, err
		}
		o.root = root
	}
	ms, err := MaxAgeMillis(c.MaxAge)
	if err != nil {
		return o, err
	}
	h := fmt.Appendf(nil, "public, max-age=%d", int64(math.Floor(ms/1000)))
	if c.Immutable {
		h = append(h, ", immutable"...)
	}
	o.cacheHeader = h
	return o, nil
}

// resolveRoot is path.resolve(root): absolute and normalized, without a
// trailing slash.
func resolveRoot(root string) (string, error) {
	if !filepath.IsAbs(root) {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("static: resolving root: %w", err)
		}
		root = wd + "/" + root
	}
	r := string(appendNormalize(nil, root))
	if len(r) > 1 && r[len(r)-1] == '/' {
		r = r[:len(r)-1]
	}
	return r, nil
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
