// Package logger is the morgan 1.12 HTTP request logger for fast: one line
// per request, in a predefined format ("combined", "common", "default",
// "dev", "short", "tiny") or a format string of :tokens, written to a
// writer (standard output by default).
//
//	app.Use(logger.New(logger.Config{Format: "dev"}))
//	app.Use(logger.New(logger.Config{
//		Format: ":method :url :status :res[content-length] - :response-time ms :user",
//		Tokens: map[string]logger.TokenFunc{
//			"user": func(req *fast.Request, res *fast.Response, arg string) string { ... },
//		},
//	}))
//
// Formats and tokens are morgan's, byte for byte: a token is ":name" or
// ":name[argument]" (a name of two or more characters of [-A-Za-z0-9_]);
// a token whose value is empty is written "-"; every token value is
// escaped for line-oriented logs (control characters, U+007F to U+009F,
// U+2028, U+2029, '"' and '\' as in a JSON string). Request headers are
// read as Node reads them, each byte one Latin-1 character, so a UTF-8
// User-Agent is logged as Node logs it (as the UTF-8 of those
// characters).
//
// morgan writes its line when the response has been written (on-finished)
// and takes :response-time when the headers are written. fast writes a
// response when the handler chain returns (see fast's package
// documentation), so the line is written, and the response time taken,
// when the handlers after the logger return: both then include all the
// work of the handlers, and a response cut off by the client is logged all
// the same. With Immediate the line is written before the handlers run, as
// morgan's immediate option does (no status, no response headers).
//
// Not supported: morgan's deprecated buffer option and morgan(options)
// form; format functions get tokens through the Tokens value, not through
// a global object.
package logger

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/fwgo/fw/fast"
)

// Config configures New.
type Config struct {
	// Format is a predefined format name ("combined", "common",
	// "default", "dev", "short", "tiny") or a format string of tokens.
	// Optional. Default: "default", the format morgan uses when none is
	// given (combined with the :date in its web form).
	Format string
	// Func formats a line itself, as a morgan format function; it
	// replaces Format. Returning ok false writes no line, as returning
	// null or undefined does. Optional. Default: nil.
	Func FormatFunc
	// Tokens defines tokens for this logger, or replaces built-in ones
	// of the same name, as morgan.token does for every logger. Optional.
	// Default: none (the built-in tokens and those given to Token).
	Tokens map[string]TokenFunc
	// Output receives each line, followed by "\n", in one Write call;
	// calls are serialized. Optional. Default: os.Stdout.
	Output io.Writer
	// Immediate writes the line when the request comes in, before the
	// handlers run. Optional. Default: false.
	Immediate bool
	// Skip, when it returns true, writes no line for the request. It is
	// called when the line would be written. Optional. Default: nil
	// (never skip).
	Skip func(req *fast.Request, res *fast.Response) bool
}

// FormatFunc formats a log line as a morgan format function (tokens, req,
// res) does; ok false writes no line.
type FormatFunc func(t *Tokens, req *fast.Request, res *fast.Response) (line string, ok bool)

// New returns morgan(format, options). It panics, with a "logger:"
// prefix, on a format that names an unknown token or gives
// :response-time or :total-time more than 100 digits. Only the first
// config is used.
func New(config ...Config) fast.Handler {
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	l := &logger{out: c.Output, immediate: c.Immediate, skip: c.Skip}
	if l.out == nil {
		l.out = os.Stdout
	}
	l.tokens = newTokens(c.Tokens)
	switch {
	case c.Func != nil:
		l.format = c.Func
	default:
		l.format = l.tokens.formatFunc(c.Format)
	}
	return l.handle
}

type logger struct {
	mu        sync.Mutex
	out       io.Writer
	format    FormatFunc
	tokens    *Tokens
	immediate bool
	skip      func(req *fast.Request, res *fast.Response) bool
}

func (l *logger) handle(req *fast.Request, res *fast.Response, next fast.Next) {
	start := time.Now()
	t := &timing{start: start}
	req.Ctx().SetUserValue(timingKey{}, t)
	if l.immediate {
		l.log(req, res)
		next()
		return
	}
	next()
	t.headers = time.Now()
	l.log(req, res)
}

func (l *logger) log(req *fast.Request, res *fast.Response) {
	if l.skip != nil && l.skip(req, res) {
		return
	}
	line, ok := l.format(l.tokens, req, res)
	if !ok {
		return
	}
	b := make([]byte, 0, len(line)+1)
	b = append(append(b, line...), '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = l.out.Write(b)
}

// timing holds morgan's req._startAt and res._startAt.
type timing struct {
	start   time.Time
	headers time.Time // zero until the response was made
}

type timingKey struct{}

func timingOf(req *fast.Request) *timing {
	t, _ := req.Ctx().UserValue(timingKey{}).(*timing)
	return t
}
