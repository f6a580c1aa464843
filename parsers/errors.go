package parsers

import (
	"errors"

	"github.com/fwgo/fw/internal/status"

	"strings"
)

// Error is a body-parsing failure as body-parser 1.20 reports it: an HTTP
// status, a type naming the failure and a message. Express applications
// commonly echo "[" + err.type + "] " + err.message; the fields below carry
// what those handlers read.
type Error struct {
	// Status is the HTTP status: 400, 403, 413, 415 or 500, or a status the
	// Verify function chose.
	Status int
	// Type is body-parser's err.type: "entity.too.large",
	// "entity.parse.failed", "entity.verify.failed", "encoding.unsupported",
	// "charset.unsupported", "parameters.too.many", "request.aborted",
	// "request.size.invalid", "stream.not.readable",
	// "querystring.parse.rangeError", or a type chosen by Verify. It is empty
	// where Express leaves err.type undefined: errors of the inflater.
	Type string
	// Message is err.message, for example "request entity too large".
	Message string
	// Name is the JavaScript error's name, which Express's default error
	// handler prints before the message: "PayloadTooLargeError",
	// "SyntaxError", "Error", ...
	Name string
	// Body is err.body: the decoded body text for parse failures, the raw
	// body for verify failures. Empty otherwise.
	Body string
	// Charset is err.charset for "charset.unsupported" (lower case).
	Charset string
	// Encoding is err.encoding for "encoding.unsupported".
	Encoding string
	// Code is err.code where Node sets one: "ECONNABORTED" for an aborted
	// request, the zlib code ("Z_DATA_ERROR", "Z_BUF_ERROR") for a corrupt
	// compressed body.
	Code string
	// Limit, Length, Received and Expected are the byte counts raw-body
	// attaches to "entity.too.large" and "request.size.invalid" errors; -1
	// where it attaches none.
	Limit, Length, Received, Expected int64
	// Err is the underlying error: what Verify returned, a read error, or a
	// *SyntaxError.
	Err error
}

// Error returns the message.
func (e *Error) Error() string { return e.Message }

// StatusCode returns the HTTP status.
func (e *Error) StatusCode() int { return e.Status }

// ErrorName returns Name, or "Error" when it is empty: the name an
// Express-style final handler prints before the message.
func (e *Error) ErrorName() string {
	if e.Name == "" {
		return "Error"
	}
	return e.Name
}

// Expose reports whether the message is safe to show to the client, as
// http-errors decides it: true for statuses below 500.
func (e *Error) Expose() bool { return e.Status < 500 }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// statusNames maps a status to the name http-errors gives its error class.
func statusName(status int) string {
	switch status {
	case 400:
		return "BadRequestError"
	case 403:
		return "ForbiddenError"
	case 413:
		return "PayloadTooLargeError"
	case 415:
		return "UnsupportedMediaTypeError"
	case 500:
		return "InternalServerError"
	}
	return "Error"
}

func newError(status int, typ, msg string) *Error {
	return &Error{
		Status: status, Type: typ, Message: msg, Name: statusName(status),
		Limit: -1, Length: -1, Received: -1, Expected: -1,
	}
}

func errTooLarge(limit, length, received int64) *Error {
	e := newError(413, "entity.too.large", "request entity too large")
	e.Limit, e.Length, e.Expected, e.Received = limit, length, length, received
	return e
}

func errSizeMismatch(length, received int64) *Error {
	e := newError(400, "request.size.invalid", "request size did not match content length")
	e.Length, e.Expected, e.Received = length, length, received
	return e
}

func errAborted(length, received int64, cause error) *Error {
	e := newError(400, "request.aborted", "request aborted")
	e.Code = "ECONNABORTED"
	e.Length, e.Expected, e.Received = length, length, received
	e.Err = cause
	return e
}

// ErrNotReadable returns the 500 error body-parser gives when the request
// stream was already consumed by something else: "[stream.not.readable]
// stream is not readable".
func ErrNotReadable() *Error {
	return newError(500, "stream.not.readable", "stream is not readable")
}

func errCharset(charset string) *Error {
	e := newError(415, "charset.unsupported", `unsupported charset "`+strings.ToUpper(charset)+`"`)
	e.Charset = strings.ToLower(charset)
	return e
}

func errEncoding(encoding string) *Error {
	e := newError(415, "encoding.unsupported", `unsupported content encoding "`+encoding+`"`)
	e.Encoding = encoding
	return e
}

func errInflateOff(encoding string) *Error {
	e := newError(415, "encoding.unsupported", "content encoding unsupported")
	e.Encoding = encoding
	return e
}

func errTooManyParams() *Error {
	return newError(413, "parameters.too.many", "too many parameters")
}

func errDepth() *Error {
	return newError(400, "querystring.parse.rangeError", "The input exceeded the depth")
}

func errParse(body string, cause *SyntaxError) *Error {
	e := newError(400, "entity.parse.failed", cause.Message)
	e.Name = "SyntaxError"
	e.Body = body
	e.Err = cause
	return e
}

// errVerify wraps what a Verify function returned as body-parser does:
// status 403 unless the error carries its own (an *Error with a Status, or
// any error with a StatusCode method), type "entity.verify.failed" unless an
// *Error names its own.
func errVerify(err error, body []byte) *Error {
	e := newError(403, "entity.verify.failed", err.Error())
	e.Name = "Error"
	e.Body = string(body)
	e.Err = err
	var pe *Error
	if errors.As(err, &pe) {
		if pe.Status != 0 {
			e.Status = pe.Status
		}
		if pe.Type != "" {
			e.Type = pe.Type
		}
		if pe.Name != "" {
			e.Name = pe.Name
		}
	} else {
		var sc interface{ StatusCode() int }
		if errors.As(err, &sc) && sc.StatusCode() != 0 {
			e.Status = sc.StatusCode()
		}
	}
	// http-errors turns an unknown non-error status into 500.
	if (e.Status < 400 || e.Status >= 600) && status.Text(e.Status) == "" {
		e.Status = 500
	}
	return e
}

// String returns "[type] message", the echo Express's tests use, with
// "undefined" for an empty type.
func (e *Error) String() string {
	t := e.Type
	if t == "" {
		t = "undefined"
	}
	return "[" + t + "] " + e.Message
}
