package logger

import (
	"os"
	"strconv"
	"strings"

	"github.com/fwgo/fw/fast"
)

// The predefined formats, as morgan defines them.
const (
	// Combined is the Apache combined log format.
	Combined = `:remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"`
	// Common is the Apache common log format.
	Common = `:remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]`
	// Default is morgan's deprecated default format: combined with the
	// date in its web form.
	Default = `:remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"`
	// Short is shorter than the default, with the response time.
	Short = `:remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms`
	// Tiny is the minimal output.
	Tiny = `:method :url :status :res[content-length] - :response-time ms`
)

var named = map[string]string{
	"combined": Combined, "common": Common, "default": Default, "short": Short, "tiny": Tiny,
}

// segment is a piece of a compiled format: literal text, or a token call.
type segment struct {
	text  string
	token TokenFunc // nil for text
	arg   string
}

// compiled is a format string compiled to segments.
type compiled []segment

// compile compiles a format string as morgan's compile does: each match
// of /:([-\w]{2,})(?:\[([^\]]+)\])?/ is a token. Tokens are resolved now.
func (t *Tokens) compile(format string) compiled {
	var out compiled
	lit := 0
	for i := 0; i < len(format); i++ {
		if format[i] != ':' {
			continue
		}
		j := i + 1
		for j < len(format) && isNameByte(format[j]) {
			j++
		}
		if j-(i+1) < 2 {
			continue
		}
		name := format[i+1 : j]
		arg, hasArg := "", false
		if j < len(format) && format[j] == '[' {
			if k := strings.IndexByte(format[j+1:], ']'); k > 0 {
				arg, hasArg = format[j+1:j+1+k], true
				j += k + 2
			}
		}
		fn := t.lookup(name)
		if fn == nil {
			panic("logger: unknown token :" + name + " in format " + strconv.Quote(format))
		}
		if name == "response-time" || name == "total-time" {
			if hasArg && digitsArg(arg) > 100 {
				panic("logger: toFixed() digits argument must be between 0 and 100 (" + strconv.Quote(arg) + ")")
			}
		}
		if i > lit {
			out = append(out, segment{text: format[lit:i]})
		}
		out = append(out, segment{token: fn, arg: arg})
		lit = j
		i = j - 1
	}
	if lit < len(format) {
		out = append(out, segment{text: format[lit:]})
	}
	return out
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// line runs the format: each token's value, escaped, or "-" when empty.
func (f compiled) line(req *fast.Request, res *fast.Response) string {
	var b strings.Builder
	for _, s := range f {
		if s.token == nil {
			b.WriteString(s.text)
			continue
		}
		if v := s.token(req, res, s.arg); v != "" {
			b.WriteString(v)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// formatFunc returns the format function for a format name or string.
func (t *Tokens) formatFunc(format string) FormatFunc {
	if format == "" {
		format = "default"
	}
	if format == "dev" {
		return t.dev()
	}
	if s, ok := named[format]; ok {
		format = s
	}
	c := t.compile(format)
	return func(_ *Tokens, req *fast.Request, res *fast.Response) (string, bool) {
		return c.line(req, res), true
	}
}

// dev is morgan's dev format: the status colored by class (red for 5xx,
// yellow 4xx, cyan 3xx, green 2xx, none otherwise), or, when the
// NO_COLOR environment variable is set and not empty, without escape
// sequences.
func (t *Tokens) dev() FormatFunc {
	if os.Getenv("NO_COLOR") != "" {
		c := t.compile(":method :url :status :response-time ms - :res[content-length]")
		return func(_ *Tokens, req *fast.Request, res *fast.Response) (string, bool) {
			return c.line(req, res), true
		}
	}
	var byColor [5]compiled
	for i, color := range []string{"0", "32", "36", "33", "31"} {
		byColor[i] = t.compile("\x1b[0m:method :url \x1b[" + color + "m:status\x1b[0m :response-time ms - :res[content-length]\x1b[0m")
	}
	return func(_ *Tokens, req *fast.Request, res *fast.Response) (string, bool) {
		color := 0
		if res.HeadersSent() {
			switch s := res.StatusCode(); {
			case s >= 500:
				color = 4
			case s >= 400:
				color = 3
			case s >= 300:
				color = 2
			case s >= 200:
				color = 1
			}
		}
		return byColor[color].line(req, res), true
	}
}

// Compile compiles a format string into a format function, as
// morgan.compile does, with the tokens of t.
func (t *Tokens) Compile(format string) FormatFunc {
	c := t.compile(format)
	return func(_ *Tokens, req *fast.Request, res *fast.Response) (string, bool) {
		return c.line(req, res), true
	}
}
