package fast

import (
	"github.com/fwgo/fw/internal/disposition"
	"github.com/fwgo/fw/static"
)

// SendFileOptions are the options of SendFile and Download, those of
// res.sendFile (send 0.19's options). The zero value is Express's
// defaults. The on/off options and the dotfiles values are package
// static's types: static.On, static.Off, static.DotfilesAllow ...
type SendFileOptions struct {
	// MaxAge is Cache-Control's max-age: milliseconds as a Go number, a
	// time.Duration, or an ms string ("1d", "2h", "30000"); capped at one
	// year. Optional. Default: 0.
	MaxAge any
	// Root is the directory a relative path is served from; the path may
	// not leave it (403). Optional. Default: none, the path must then be
	// absolute.
	Root string
	// LastModified sends Last-Modified from the file's modification time.
	// Optional. Default: static.On.
	LastModified static.Switch
	// Headers are set on the response when the file is found, in order,
	// before the default headers (a later one replaces an earlier one of
	// the same name, case-insensitively). Values are set as given: a
	// Content-Type gets no charset added. Optional.
	Headers [][2]string
	// Dotfiles says how a path with a segment starting with a dot is
	// served. Without Root every segment of the absolute path counts.
	// Optional. Default: static.DotfilesDefault (a file whose own name
	// starts with a dot is 404).
	Dotfiles static.Dotfiles
	// AcceptRanges sends Accept-Ranges: bytes and honours Range requests.
	// Optional. Default: static.On.
	AcceptRanges static.Switch
	// CacheControl sends Cache-Control. Optional. Default: static.On.
	CacheControl static.Switch
	// Immutable adds the immutable directive to Cache-Control. Optional.
	// Default: false.
	Immutable bool
	// ETag sends a weak ETag of size and modification time. Optional.
	// Default: static.On.
	ETag static.Switch
	// Extensions are tried, as "path.ext", when the path has no extension
	// and is not found. Optional. Default: none.
	Extensions []string
	// Index names the files served for a path ending in '/'. Optional.
	// Default: ["index.html"]; static.NoIndex disables them.
	Index []string
	// Start is the first byte sent. Optional. Default: 0.
	Start int64
	// End is the last byte sent (inclusive). Optional. Default: nil, the
	// end of the file.
	End *int64
	// Cache keeps file metadata and small files between calls; see
	// static.Cache. Optional. Default: one cache of one second shared by
	// all calls; static.NoCache asks the file system every time.
	Cache *static.Cache
}

// errHeadersAlreadySent is send's error for a file sent after the
// response.
var errHeadersAlreadySent = &HTTPError{Status: 500, Message: "Can't set headers after they are sent."}

// SendFile sends the file at path, as res.sendFile(path, options, fn):
// the Content-Type of its extension and the headers of express.static
// (Accept-Ranges, Cache-Control, Last-Modified, a weak ETag), with 304
// and 412 for conditional requests and 206 and 416 for ranges. path must
// be absolute unless opts.Root is set; with a root a relative path may not
// leave it (403). opts may be nil.
//
// cb, if not nil, is Express's callback: it is called before SendFile
// returns, with nil once the response is ready (the file, a 304, or the
// headers of a HEAD) or with the error: a *static.Error with the status
// (404 for a missing file, 403, 400, 412, 416) and, for a file system
// error, the Node code in Code ("ENOENT"); a directory gives the EISDIR
// error (static.IsDirectory). The callback must then respond or pass
// control on; Response.HeadersSent tells whether the response went out.
// Without cb an error goes to next(err) when the handler returns or calls
// next (see Response), and a directory to next(), as in Express.
//
// SendFile returns the error it met, nil on success. A missing or
// relative path (without Root) is the TypeError Express throws; it goes
// to next(err), never to cb. Large files are streamed with sendfile when
// the response is written, after the handler returns; an error then (the
// client went away) reaches no callback.
func (r *Response) SendFile(path string, opts *SendFileOptions, cb func(err error)) error {
	c := r.c
	if path == "" {
		return c.fail(jsTypeError("path argument is required to res.sendFile"))
	}
	if (opts == nil || opts.Root == "") && !isAbsolute(path) {
		return c.fail(jsTypeError("path must be absolute or specify root to res.sendFile"))
	}
	return r.sendFile(path, false, opts, cb)
}

// Sendfile is the deprecated res.sendfile(path, options, fn): as SendFile,
// but path is percent-encoded, as a URL path ("%25%20of%20dogs.txt" names
// "% of dogs.txt"), and without Root a relative path is served from the
// working directory (a ".." segment is then refused with 403).
//
// Deprecated: use SendFile, as Express 4.8 deprecated res.sendfile.
func (r *Response) Sendfile(path string, opts *SendFileOptions, cb func(err error)) error {
	return r.sendFile(path, true, opts, cb)
}

// sendFile is the transfer of res.sendFile and res.sendfile: send piped
// into the response, with Express's sendfile callback rules.
func (r *Response) sendFile(path string, urlPath bool, opts *SendFileOptions, cb func(err error)) error {
	c := r.c
	var o SendFileOptions
	if opts != nil {
		o = *opts
	}
	if c.failErr != nil && !c.sent {
		return c.failErr // a pending error: Express would have thrown before this call
	}
	for _, kv := range o.Headers {
		if err := checkHeaderField(kv[0], kv[1]); err != nil {
			return c.fail(err)
		}
	}
	var err error
	if c.sent {
		err = errHeadersAlreadySent
	} else {
		cfg := static.Config{
			Root:         o.Root,
			AcceptRanges: o.AcceptRanges,
			CacheControl: o.CacheControl,
			Dotfiles:     o.Dotfiles,
			ETag:         o.ETag,
			Extensions:   o.Extensions,
			Immutable:    o.Immutable,
			Index:        o.Index,
			LastModified: o.LastModified,
			MaxAge:       o.MaxAge,
			Start:        o.Start,
			End:          o.End,
			Cache:        o.Cache,
		}
		var hook static.HeadersFunc
		if len(o.Headers) != 0 {
			c.file.headers, c.touched = o.Headers, true
			hook = c.headersHook()
		}
		if urlPath {
			err = static.SendURL(c.fctx, path, &cfg, hook)
		} else {
			err = static.SendFile(c.fctx, path, &cfg, hook)
		}
		c.file.reset()
		if err == nil {
			c.sent = true
		}
	}
	switch {
	case cb != nil:
		cb(err)
		return err
	case err == nil:
		return nil
	case static.IsDirectory(err):
		c.fill() // c.next
		if c.next != nil {
			c.next()
		}
		return nil
	}
	return c.fail(err)
}

// isAbsolute is Express's utils.isAbsolute: a POSIX absolute path, or a
// Windows drive or UNC path.
func isAbsolute(p string) bool {
	switch {
	case p != "" && p[0] == '/':
		return true
	case len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/'):
		return true
	case len(p) > 1 && p[0] == '\\' && p[1] == '\\':
		return true
	}
	return false
}

// Download sends the file at path as an attachment, as
// res.download(path, filename, options, fn): SendFile with a
// Content-Disposition header (set only when the file is found) naming
// filename, or the base name of path when filename is empty; it is an
// ASCII "filename" with a UTF-8 "filename*" when the name needs one (RFC
// 6266). A Content-Disposition in opts.Headers is ignored. Without
// opts.Root, a relative path is resolved against the working directory.
// opts and cb are as for SendFile.
func (r *Response) Download(path, filename string, opts *SendFileOptions, cb func(err error)) error {
	if path == "" {
		return r.SendFile(path, opts, cb)
	}
	name := filename
	if name == "" {
		name = path
	}
	var o SendFileOptions
	if opts != nil {
		o = *opts
	}
	headers := make([][2]string, 1, 1+len(o.Headers))
	headers[0] = [2]string{"Content-Disposition", disposition.Attachment(name)}
	for _, kv := range o.Headers {
		if !equalFoldASCII(kv[0], "content-disposition") {
			headers = append(headers, kv)
		}
	}
	o.Headers = headers
	full := path
	if o.Root == "" {
		var err error
		if full, err = static.Resolve(path); err != nil {
			return r.c.fail(err)
		}
	}
	return r.SendFile(full, &o, cb)
}

// checkHeaderField is the check of Node's res.setHeader: a token name and
// a value without control characters.
func checkHeaderField(name, value string) error {
	var buf [64]byte
	if _, ok := canonicalHeader(buf[:0], name); !ok {
		return &HTTPError{Name: "TypeError [ERR_INVALID_HTTP_TOKEN]",
			Message: "Header name must be a valid HTTP token [\"" + name + "\"]"}
	}
	if !validHeaderValue(value) {
		return &HTTPError{Name: "TypeError [ERR_INVALID_CHAR]",
			Message: "Invalid character in header content [\"" + name + "\"]"}
	}
	return nil
}
