package fast

import (
	"os"

	"github.com/fwgo/fw/static"
)

// StaticOptions are the options of Static, those of express.static
// (serve-static 1.16 over send 0.19). The zero value is Express's
// defaults. The on/off options and the dotfiles values are package
// static's types: static.On, static.Off, static.DotfilesDeny ...
type StaticOptions struct {
	// AcceptRanges sends Accept-Ranges: bytes and honours Range requests.
	// Optional. Default: static.On.
	AcceptRanges static.Switch
	// CacheControl sends Cache-Control. Optional. Default: static.On.
	CacheControl static.Switch
	// Dotfiles says how a path with a segment starting with a dot is
	// served: static.DotfilesAllow, DotfilesDeny (403), DotfilesIgnore
	// (404, dot-directories included). Optional. Default:
	// static.DotfilesDefault, send's default: a file whose name starts
	// with a dot is ignored, a file inside a dot-directory is served.
	Dotfiles static.Dotfiles
	// ETag sends a weak ETag of the file's size and modification time
	// (the "etag" setting does not apply). Optional. Default: static.On.
	ETag static.Switch
	// Extensions are tried in order ("html" serves /about from
	// about.html) when a path without extension is not found. Optional.
	// Default: none.
	Extensions []string
	// Fallthrough passes client errors on with next() (a missing file, a
	// malformed path, a method other than GET and HEAD); static.Off passes
	// them with next(err), 404 included, and answers other methods with
	// 405 and Allow: GET, HEAD. Optional. Default: static.On.
	Fallthrough static.Switch
	// Immutable adds the immutable directive to Cache-Control; set MaxAge
	// too. Optional. Default: false.
	Immutable bool
	// Index names the files served for a directory, in order. Optional.
	// Default: ["index.html"]; static.NoIndex disables index files.
	Index []string
	// LastModified sends Last-Modified from the file's modification time.
	// Optional. Default: static.On.
	LastModified static.Switch
	// MaxAge is Cache-Control's max-age: milliseconds as a Go number, a
	// time.Duration, or an ms string ("1d", "2h", "30000"); capped at one
	// year. Optional. Default: 0.
	MaxAge any
	// Redirect answers a directory named without a trailing slash with a
	// 301 to the path with the slash. Optional. Default: static.On.
	Redirect static.Switch
	// SetHeaders is called with the response, the file's path and its
	// stat once a file is chosen (before a 304 or 412 too, but not for a
	// missing file or a redirect), before the default headers, which it
	// may therefore replace. path is valid only during the call.
	// Optional.
	SetHeaders func(res *Response, path string, stat os.FileInfo)
	// Cache keeps what was learnt about files (metadata, the content of
	// small files) between requests; see static.Cache. Optional. Default:
	// a cache of one second for this middleware; static.NoCache asks the
	// file system on every request, as send does.
	Cache *static.Cache
}

// Static returns middleware serving the files under root, as
// express.static(root, options): the file is chosen by joining root with
// req.url's path (below the mount point); GET and HEAD only. A missing
// file, a directory without index, or a path rejected as malformed falls
// through to next(), unless Fallthrough is off. A relative root is
// resolved against the working directory now. It panics on an empty root
// or an invalid option, as Express throws.
//
// The response carries Accept-Ranges, Cache-Control, Last-Modified, a weak
// ETag and the Content-Type of the file's extension (charset=UTF-8 for
// text); it answers conditional requests (304, 412) and byte ranges (206,
// 416). A request path never resolves outside root. Small files are
// served from memory, large ones with sendfile.
func Static(root string, opts ...StaticOptions) Handler {
	var o StaticOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	if root == "" {
		panic("fast: Static() root path required")
	}
	h, err := static.NewHandler(root, static.HandlerConfig{
		Config: static.Config{
			AcceptRanges: o.AcceptRanges,
			CacheControl: o.CacheControl,
			Dotfiles:     o.Dotfiles,
			ETag:         o.ETag,
			Extensions:   o.Extensions,
			Immutable:    o.Immutable,
			Index:        o.Index,
			LastModified: o.LastModified,
			MaxAge:       o.MaxAge,
			Cache:        o.Cache,
		},
		Fallthrough: o.Fallthrough,
		Redirect:    o.Redirect,
	})
	if err != nil {
		panic("fast: Static(): " + err.Error())
	}
	setHeaders := o.SetHeaders
	return func(req *Request, res *Response, next Next) {
		c := req.c
		if c.sent {
			next()
			return
		}
		var hook static.HeadersFunc
		if setHeaders != nil {
			c.file.setHeaders, c.touched = setHeaders, true
			hook = c.headersHook()
		}
		goOn, err := h.Serve(c.fctx, c.method, pathname(c.url), c.uriStr, hook)
		c.file.reset()
		if !goOn {
			c.sent = true
			return
		}
		if err != nil {
			next(err)
			return
		}
		next()
	}
}

// fileHooks is the per-request state of send's "headers" event, for
// Static's SetHeaders and SendFile's Headers.
//
// NOTE: reset must clear every field but bound.
type fileHooks struct {
	bound      static.HeadersFunc // c.fileHeaders, made once per pooled state
	setHeaders func(res *Response, path string, stat os.FileInfo)
	headers    [][2]string
}

func (f *fileHooks) reset() { f.setHeaders, f.headers = nil, nil }

// headersHook returns the state's "headers" event handler without
// allocating after the first request.
func (c *state) headersHook() static.HeadersFunc {
	if c.file.bound == nil {
		c.file.bound = c.fileHeaders
	}
	return c.file.bound
}

// fileHeaders is send's "headers" event: setHeaders, then the headers
// option, each set as res.setHeader sets it (no charset added).
func (c *state) fileHeaders(path string, stat os.FileInfo) {
	if fn := c.file.setHeaders; fn != nil {
		fn(&c.res, path, stat)
	}
	h := &c.fctx.Response.Header
	for _, kv := range c.file.headers {
		h.Set(kv[0], kv[1])
	}
}
