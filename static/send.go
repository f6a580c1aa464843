package static

import (
	"errors"
	"os"
	"strings"
	"sync"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/uri"
)

// HeadersFunc is send's "headers" event: it is called with the file's path
// and stat once the file is chosen, before send sets its own headers, so
// that headers it sets (Cache-Control, Content-Type ...) win. path is
// valid only during the call; copy it to keep it.
type HeadersFunc func(path string, stat os.FileInfo)

// Sender serves files as the send module does. It is safe for concurrent
// use.
type Sender struct {
	o     options
	cache *Cache
}

// scratch holds the per-request buffers of a Sender.
type scratch struct {
	a, b, c, d []byte
	opt        []byte // compiled options of a SendFile call
	ranges     []rangeT
}

// scratches are the per-request buffers of all Senders.
var scratches = sync.Pool{New: func() any { return new(scratch) }}

// NewSender compiles c. It fails on an invalid option.
func NewSender(c Config) (*Sender, error) {
	o, _, err := compile(&c, nil)
	if err != nil {
		return nil, err
	}
	s := &Sender{o: o.own(), cache: c.Cache}
	if s.cache == nil {
		s.cache = NewCache(0)
	}
	return s, nil
}

// SendFile serves the file at path with the options c, as
// res.sendFile(path, options) does: it is NewSender(c).SendFile(ctx, path,
// onHeaders) without building a Sender, and shares one Cache among calls
// unless c names one. c is only read during the call.
func SendFile(ctx *fasthttp.RequestCtx, path string, c *Config, onHeaders HeadersFunc) error {
	return sendOnce(ctx, path, false, c, onHeaders)
}

// SendURL serves the file named by urlPath, a percent-encoded path, with
// the options c, as send(req, path, options) does when piped: urlPath is
// decoded, then resolved under c.Root, or, without a root, as a file path
// (relative to the working directory, with ".." segments refused). It is
// what the deprecated res.sendfile does. c is only read during the call.
func SendURL(ctx *fasthttp.RequestCtx, urlPath string, c *Config, onHeaders HeadersFunc) error {
	return sendOnce(ctx, urlPath, true, c, onHeaders)
}

func sendOnce(ctx *fasthttp.RequestCtx, p string, decode bool, c *Config, onHeaders HeadersFunc) error {
	sc := scratches.Get().(*scratch)
	defer scratches.Put(sc)
	o, buf, err := compile(c, sc.opt[:0])
	sc.opt = buf
	if err != nil {
		return err
	}
	s := Sender{o: o, cache: c.Cache}
	if s.cache == nil {
		s.cache = sharedCache
	}
	r := s.pipe(ctx, sc, p, decode, onHeaders)
	if r.status == 0 && !r.dir {
		return nil
	}
	return r.failed()
}

// Root returns the resolved root directory, or "" when there is none.
func (s *Sender) Root() string { return s.o.root }

// result is the outcome of one send.
type result struct {
	status  int    // 0 when the response is ready
	dir     bool   // the path is a directory without a trailing slash
	file    bool   // a file was chosen (send's "file" event) before an error
	ent     *entry // for a stat error: the entry holding it
	err     *Error // an error already built
	rangeSz int64  // for 416: the size in Content-Range
}

// failed builds the error of r, as send's error event gives it.
func (r *result) failed() *Error {
	switch {
	case r.err != nil:
		return r.err
	case r.ent != nil:
		return fsError(r.ent.err, "stat", r.ent.path)
	case r.dir:
		e := *errIsDir
		return &e
	}
	e := &Error{Status: r.status}
	if r.status == 416 {
		e.Headers = map[string][]string{"Content-Range": {"bytes */" + itoa(r.rangeSz)}}
	}
	return e
}

// Send serves the file named by urlPath, a URL path (percent-encoded, as a
// request carries it) below the Sender's root, as send(req, path, {root})
// piped into the response does. It returns nil when the response is
// ready (200, 206, 304, or the headers of a HEAD request), or the *Error
// send would emit: 400, 403, 404, 412, 416 or 500, or the EISDIR error
// (see IsDirectory) for a directory named without a trailing slash.
// onHeaders, if not nil, is send's "headers" event.
func (s *Sender) Send(ctx *fasthttp.RequestCtx, urlPath string, onHeaders HeadersFunc) error {
	if s.o.root == "" {
		return errors.New("static: Send needs a root")
	}
	sc := scratches.Get().(*scratch)
	r := s.pipe(ctx, sc, urlPath, true, onHeaders)
	scratches.Put(sc)
	if r.status == 0 && !r.dir {
		return nil
	}
	return r.failed()
}

// SendFile serves the file at path, as res.sendFile(path, options) does:
// path is a file path, not URL-encoded; with a root it is relative to the
// root (and may not leave it), without one it must be absolute (a
// relative path is resolved against the working directory). Results are
// those of Send.
func (s *Sender) SendFile(ctx *fasthttp.RequestCtx, path string, onHeaders HeadersFunc) error {
	sc := scratches.Get().(*scratch)
	r := s.pipe(ctx, sc, path, false, onHeaders)
	scratches.Put(sc)
	if r.status == 0 && !r.dir {
		return nil
	}
	return r.failed()
}

// pipe is SendStream.prototype.pipe: resolve the path, apply the dotfile
// rules, then serve the index or the file.
func (s *Sender) pipe(ctx *fasthttp.RequestCtx, sc *scratch, p string, decode bool, hook HeadersFunc) result {
	r := s.pipeResolve(sc, p, decode)
	if r.status != 0 {
		return result{status: r.status}
	}
	if len(s.o.index) != 0 && r.trailing {
		return s.sendIndex(ctx, sc, r.full, hook)
	}
	return s.sendFile(ctx, sc, r.full, hook)
}

// resolved is the file path a request path names.
type resolved struct {
	full     string // the file path, in sc.c
	trailing bool   // the request path ends with '/'
	status   int    // an error status instead
}

// pipeResolve is the first half of pipe: decode p (with decode), reject
// NUL bytes and ".." segments, resolve under the root, apply the dotfile
// rules.
func (s *Sender) pipeResolve(sc *scratch, p string, decode bool) resolved {
	path := p
	if decode && uri.NeedsDecode(p) {
		dec, ok := uri.AppendDecodeComponent(sc.a[:0], p)
		sc.a = dec
		if !ok {
			return resolved{status: 400}
		}
		path = bytesconv.B2S(dec)
	}
	if strings.IndexByte(path, 0) >= 0 {
		return resolved{status: 400}
	}
	full, parts, st := s.resolve(sc, path)
	if st == 0 {
		st = s.dotfiles(parts)
	}
	if st != 0 {
		return resolved{status: st}
	}
	return resolved{full: full, trailing: p != "" && p[len(p)-1] == '/'}
}

// resolve turns the decoded path into the file path, as pipe does, and
// returns the parts the dotfile rules look at. It never returns a path
// outside the root: a ".." segment is a 403, and the result is checked
// against the root once more.
func (s *Sender) resolve(sc *scratch, path string) (full, parts string, status int) {
	if s.o.root != "" {
		norm, ok := cleanRelative(path)
		if !ok && path != "" {
			sc.d = append(append(sc.d[:0], '.', '/'), path...)
			sc.b = appendNormalize(sc.b[:0], bytesconv.B2S(sc.d))
			norm = bytesconv.B2S(sc.b)
		}
		if hasUpSegment(norm) {
			return "", "", 403
		}
		sc.c = appendUnder(sc.c[:0], s.o.root, norm)
		full = bytesconv.B2S(sc.c)
		if !withinRoot(full, s.o.root) {
			return "", "", 403
		}
		return full, norm, 0
	}
	if hasUpSegment(path) {
		return "", "", 403
	}
	if _, ok := cleanRelative(path); ok {
		// an absolute path that normalize leaves as it is
		return strings.TrimSuffix(path, "/"), path, 0
	}
	sc.b = appendNormalize(sc.b[:0], path)
	parts = bytesconv.B2S(sc.b)
	abs := path
	if abs == "" || abs[0] != '/' {
		wd, err := os.Getwd()
		if err != nil {
			return "", "", 500
		}
		abs = wd + "/" + path
	}
	sc.c = appendNormalize(sc.c[:0], abs)
	if n := len(sc.c); n > 1 && sc.c[n-1] == '/' {
		sc.c = sc.c[:n-1] // path.resolve drops the trailing slash
	}
	return bytesconv.B2S(sc.c), parts, 0
}

// cleanRelative is normalize('./' + p) for the common path that needs no
// normalizing: '/' followed by segments that are neither empty (but the
// last) nor "." nor "..". It returns p without its leading slash.
func cleanRelative(p string) (string, bool) {
	if len(p) < 2 || p[0] != '/' {
		return "", false
	}
	start := 1
	for i := 1; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch seg := p[start:i]; seg {
		case "":
			if i < len(p) {
				return "", false
			}
		case ".", "..":
			return "", false
		}
		start = i + 1
	}
	return p[1:], true
}

// appendUnder is path.join(root, rel) for a normalized absolute root and
// a normalized relative path without ".." segments.
func appendUnder(dst []byte, root, rel string) []byte {
	dst = append(dst, root...)
	switch rel {
	case "", ".":
		return dst
	case "./":
		rel = ""
	}
	if root != "/" {
		dst = append(dst, '/')
	}
	return append(dst, rel...)
}

// withinRoot reports whether full is root or lies below it.
func withinRoot(full, root string) bool {
	if !strings.HasPrefix(full, root) {
		return false
	}
	return len(full) == len(root) || root == "/" || full[len(root)] == '/'
}

// hasUpSegment is send's UP_PATH_REGEXP, /(?:^|[\\/])\.\.(?:[\\/]|$)/: a
// ".." segment, with '/' or '\' as separators.
func hasUpSegment(p string) bool {
	for i := 0; i+1 < len(p); i++ {
		if p[i] != '.' || p[i+1] != '.' {
			continue
		}
		if i > 0 && p[i-1] != '/' && p[i-1] != '\\' {
			continue
		}
		if j := i + 2; j == len(p) || p[j] == '/' || p[j] == '\\' {
			return true
		}
	}
	return false
}

// dotfiles applies the dotfiles option to the parts of the path: 0 to go
// on, or the error status.
func (s *Sender) dotfiles(parts string) int {
	if !containsDotFile(parts) {
		return 0
	}
	access := s.o.dotfiles
	if access == DotfilesDefault {
		// send's legacy rule: only the last part counts.
		last := parts[strings.LastIndexByte(parts, '/')+1:]
		access = DotfilesAllow
		if last != "" && last[0] == '.' {
			access = DotfilesIgnore
		}
	}
	switch access {
	case DotfilesAllow:
		return 0
	case DotfilesDeny:
		return 403
	}
	return 404
}

// containsDotFile reports whether a '/'-separated part of p starts with a
// dot and is longer than one byte.
func containsDotFile(p string) bool {
	for i := 0; i < len(p); i++ {
		if p[i] == '.' && (i == 0 || p[i-1] == '/') && i+1 < len(p) && p[i+1] != '/' {
			return true
		}
	}
	return false
}

// sendFile is SendStream.prototype.sendFile: stat the path, try the
// extensions when it is missing and has none, redirect a directory.
func (s *Sender) sendFile(ctx *fasthttp.RequestCtx, sc *scratch, full string, hook HeadersFunc) result {
	e := s.cache.get(bytesconv.S2B(full))
	if e.err != nil {
		if e.code == "ENOENT" && !errors.Is(e.err, errNotRegular) && !hasExtname(full) && full[len(full)-1] != '/' {
			return s.tryExtensions(ctx, sc, full, e, hook)
		}
		return result{status: e.status, ent: e}
	}
	if e.dir {
		return result{dir: true}
	}
	return s.transfer(ctx, sc, e, hook)
}

// tryExtensions is sendFile's next(err): "path.ext" for each extension in
// order; a directory is skipped.
func (s *Sender) tryExtensions(ctx *fasthttp.RequestCtx, sc *scratch, full string, last *entry, hook HeadersFunc) result {
	for _, ext := range s.o.extensions {
		sc.d = append(append(append(sc.d[:0], full...), '.'), ext...)
		e := s.cache.get(sc.d)
		if e.err != nil {
			last = e
			continue
		}
		if e.dir {
			last = nil
			continue
		}
		return s.transfer(ctx, sc, e, hook)
	}
	if last != nil {
		return result{status: last.status, ent: last}
	}
	return result{status: 404}
}

// sendIndex is SendStream.prototype.sendIndex: the first index file that
// exists and is not a directory.
func (s *Sender) sendIndex(ctx *fasthttp.RequestCtx, sc *scratch, full string, hook HeadersFunc) result {
	var last *entry
	for _, name := range s.o.index {
		var p []byte
		p, sc.a = appendJoin(sc.d[:0], sc.a, full, name)
		sc.d = p
		e := s.cache.get(p)
		if e.err != nil {
			last = e
			continue
		}
		if e.dir {
			last = nil
			continue
		}
		return s.transfer(ctx, sc, e, hook)
	}
	if last != nil {
		return result{status: last.status, ent: last}
	}
	return result{status: 404}
}

// statusOf is onStatError's choice for a Node error code: 404 for a
// missing file, else 500.
func statusOf(code string) int {
	switch code {
	case "ENOENT", "ENOTDIR", "ENAMETOOLONG":
		return 404
	}
	return 500
}

// hasExtname reports whether Node's path.extname(p) is not empty.
func hasExtname(p string) bool {
	end := len(p)
	for end > 0 && p[end-1] == '/' {
		end--
	}
	seg := p[strings.LastIndexByte(p[:end], '/')+1 : end]
	dot := strings.LastIndexByte(seg, '.')
	return dot > 0 && seg != ".."
}

func itoa(n int64) string {
	var b [20]byte
	return string(appendInt(b[:0], n))
}

func appendInt(dst []byte, n int64) []byte {
	if n < 0 {
		dst = append(dst, '-')
		n = -n
	}
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(dst, b[i:]...)
}
