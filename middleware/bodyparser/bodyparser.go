// Package bodyparser is Express 3.x's bodyParser(): connect 2.30.2's
// bodyParser, which runs json(), urlencoded() and multipart() in turn.
//
//	app.Use(bodyparser.New(bodyparser.Config{UploadDir: "/var/uploads"}))
//	app.Post("/profile", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		body := req.Body().(*fast.Object)
//		files, _ := bodyparser.Files(req)
//		avatar, _ := files.Get("avatar")
//		...
//	})
//
// JSON and URL-encoded bodies are parsed by fast.JSON and fast.URLEncoded
// with connect's settings: a 1mb limit, JSON for application/json and
// application/*+json, URL-encoded bodies with qs and unlimited nesting
// (body-parser 1.13 passes depth: Infinity; here parsers.MaxDepth, deeper
// keys being a 400 error, the guard of CVE-2024-45590). Their errors are
// fast's (400 bad JSON, 413 too large, 415 charset ...).
//
// Multipart bodies (multipart/form-data and multipart/related; another
// multipart type is a 400 error) are parsed as multiparty 3.3.2 parses
// them: fields fill req.body and files req.files (see Files), both
// nested by qs from their names ("user[name]", "docs[]") with qs 4's depth
// 5 and arrayLimit 20; a repeated name gives an array. Every upload is
// written, as it arrives, to a new file in UploadDir (upload_ and random
// digits, plus, with KeepExtensions, the extension multiparty keeps). The
// limits are enforced while reading: a Content-Length above Limit (100mb)
// is refused with 413 before anything is read, a body that grows past it
// with 413 and the connection closed (connect destroys the socket);
// MaxFields parts (1000), MaxFieldsSize bytes of fields (2 MiB),
// MaxFilesSize bytes of files (unlimited) and a malformed body (a
// truncated boundary, a bad header line, an unknown
// Content-Transfer-Encoding, a body ending inside a part, a client that
// goes away) are 400 errors.
//
// Cleanup: when the form fails, every file it created is closed and
// deleted before the error is passed on (connect 2.30 left the files
// already completed behind). When it succeeds, the files stay: move them,
// or call RemoveFiles when the request is done.
//
// Divergences from connect 2.30: the spec's keepExtensions option (false
// by default: a stored path has no extension) where multiparty always
// keeps a sanitized one; formidable's LastModifiedDate and the getters
// Length, Filename and Mime on File; a part's header line is limited to
// 64 KiB; a base64 part is decoded as a whole (Node decodes each network
// chunk alone); names are parsed by qs 6's rules with qs 4's options, so
// __proto__ keys are dropped where qs 4 made odd objects of them; the
// defer option and a multipart parser after bodyParser are not supported.
package bodyparser

import (
	"os"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/parsers"
)

// Config holds bodyParser's options (connect passes the same object to
// the three parsers). The zero value is connect's defaults.
type Config struct {
	// Limit is the largest body accepted, as a byte size ("1mb", "512kb",
	// "100"). Optional. Default: "1mb" for JSON and URL-encoded bodies,
	// "100mb" for multipart ones.
	Limit string
	// UploadDir is the directory uploads are written to. Optional.
	// Default: os.TempDir().
	UploadDir string
	// KeepExtensions keeps the extension of the client's file name on the
	// stored path. Optional. Default: false.
	KeepExtensions bool
	// MaxFields is the largest number of parts. Optional. Default: 1000.
	MaxFields int
	// MaxFieldsSize is the largest total size of the fields in bytes.
	// Optional. Default: 2 MiB.
	MaxFieldsSize int64
	// MaxFilesSize is the largest total size of the files in bytes.
	// Optional. Default: unlimited.
	MaxFilesSize int64
	// Hash computes File.Hash: "md5", "sha1", "sha256" or "sha512".
	// Optional. Default: none.
	Hash string
	// JSON holds further options of the JSON parser (Strict, Reviver,
	// Verify ...); its Limit and Type default to connect's. Optional.
	JSON fast.JSONConfig
	// URLEncoded holds further options of the URL-encoded parser; its
	// Limit, Extended and Depth default to connect's. Optional.
	URLEncoded fast.URLEncodedConfig
}

// New returns bodyParser(options). It panics, with a "bodyparser:"
// prefix, on an invalid limit or hash name. Only the first config is
// used. The handler is safe for concurrent use.
func New(config ...Config) fast.Handler {
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	jc := c.JSON
	if jc.Limit == "" {
		jc.Limit = or(c.Limit, "1mb")
	}
	if jc.Type == nil && jc.TypeFunc == nil {
		jc.Type = []string{"application/json", "application/*+json"}
	}
	uc := c.URLEncoded
	if uc.Limit == "" {
		uc.Limit = or(c.Limit, "1mb")
	}
	if uc.Extended == fast.Unset {
		uc.Extended = fast.On
	}
	if uc.Depth == 0 {
		uc.Depth = parsers.MaxDepth
	}
	mp, err := newMultipart(c)
	if err != nil {
		panic("bodyparser: " + err.Error())
	}
	json, form := safe("JSON", func() fast.Handler { return fast.JSON(jc) }), safe("URLEncoded", func() fast.Handler { return fast.URLEncoded(uc) })
	return func(req *fast.Request, res *fast.Response, next fast.Next) {
		json(req, res, func(errs ...error) {
			if len(errs) > 0 && errs[0] != nil {
				next(errs...)
				return
			}
			form(req, res, func(errs ...error) {
				if len(errs) > 0 && errs[0] != nil {
					next(errs...)
					return
				}
				mp.handle(req, res, next)
			})
		})
	}
}

// Multipart returns connect's multipart() alone: bodyParser without JSON
// and URL-encoded parsing, for the options that concern uploads.
func Multipart(config ...Config) fast.Handler {
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	mp, err := newMultipart(c)
	if err != nil {
		panic("bodyparser: " + err.Error())
	}
	return mp.handle
}

func newMultipart(c Config) (*multipart, error) {
	limit, err := parsers.ParseBytes(or(c.Limit, "100mb"))
	if err != nil {
		return nil, err
	}
	m := &multipart{
		limit: limit, uploadDir: or(c.UploadDir, os.TempDir()), keepExt: c.KeepExtensions,
		maxFields: c.MaxFields, maxFieldsSize: c.MaxFieldsSize, maxFilesSize: c.MaxFilesSize,
	}
	if m.maxFields <= 0 {
		m.maxFields = 1000
	}
	if m.maxFieldsSize <= 0 {
		m.maxFieldsSize = 2 << 20
	}
	if m.maxFilesSize <= 0 {
		m.maxFilesSize = 1<<63 - 1
	}
	if c.Hash != "" {
		h, ok := hashes[c.Hash]
		if !ok {
			return nil, errorString("unknown hash " + c.Hash)
		}
		m.hash = h
	}
	return m, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// safe turns fast's "fast: JSON: ..." panic into a "bodyparser:" one.
func safe(name string, mk func() fast.Handler) (h fast.Handler) {
	defer func() {
		if r := recover(); r != nil {
			panic("bodyparser: " + name + ": " + toString(r))
		}
	}()
	return mk()
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	if e, ok := v.(error); ok {
		return e.Error()
	}
	return "invalid option"
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
