package static

import (
	"errors"
	"net/http"
	"syscall"

	"github.com/fwgo/fw/internal/status"
)

// Error is an error send reports, as the http-errors object it emits:
// an HTTP status, and for a file system error the Node error code and
// system call. It implements the StatusCode, ErrorName and ErrorHeaders
// methods package fast reads.
//
// The message never names a file: send's messages do ("ENOENT: no such
// file or directory, stat '/srv/www/x'"), which discloses the root; here
// the path is in the Path field only.
type Error struct {
	// Status is the HTTP status: 400, 403, 404, 412, 416 or 500; 0 for
	// the EISDIR error of a directory given to SendFile.
	Status int
	// Code is the Node error code of a file system error ("ENOENT",
	// "EACCES", "EISDIR"), empty for an error made from a status.
	Code string
	// Syscall is the system call that failed ("stat", "open", "read").
	Syscall string
	// Path is the file the system call was given, for a file system error.
	Path string
	// Headers are headers of the error response: Content-Range for 416.
	Headers http.Header
	// Err is the Go error behind a file system error.
	Err error
}

// Error returns the message: the status text for an HTTP error ("Not
// Found"), "CODE: description, syscall" for a file system error.
func (e *Error) Error() string {
	if e.Code == "" {
		return statusMessage(e.Status)
	}
	if e.Code == "EISDIR" && e.Syscall == "" {
		return "EISDIR, read" // Express's sendfile directory error
	}
	return e.Code + ": " + errnoText(e.Code) + ", " + e.Syscall
}

// StatusCode returns Status.
func (e *Error) StatusCode() int { return e.Status }

// ErrorName returns the class name of the error, as JavaScript would
// print it: the http-errors class for an error made from a status
// ("NotFoundError"), "Error" for a file system error.
func (e *Error) ErrorName() string {
	if e.Code != "" {
		return "Error"
	}
	switch e.Status {
	case 400:
		return "BadRequestError"
	case 403:
		return "ForbiddenError"
	case 404:
		return "NotFoundError"
	case 412:
		return "PreconditionFailedError"
	case 416:
		return "RangeNotSatisfiableError"
	}
	return "InternalServerError"
}

// ErrorHeaders returns Headers.
func (e *Error) ErrorHeaders() http.Header { return e.Headers }

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// IsDirectory reports whether err is the error SendFile returns for a
// directory (Express's EISDIR, which res.sendFile turns into next()).
func IsDirectory(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == "EISDIR" && e.Syscall == ""
}

func statusMessage(code int) string {
	if t := status.Text(code); t != "" {
		return t
	}
	return "Internal Server Error"
}

// errIsDir is the EISDIR error of Express's sendfile; it is copied before
// it is returned.
var errIsDir = &Error{Code: "EISDIR"}

// fsError turns a file system error into send's error: 404 for a missing
// file (ENOENT, ENOTDIR, ENAMETOOLONG), 500 for any other.
func fsError(err error, syscallName, path string) *Error {
	code := errnoCode(err)
	return &Error{Status: statusOf(code), Code: code, Syscall: syscallName, Path: path, Err: err}
}

// errnoCode returns the Node code of the errno inside err.
func errnoCode(err error) string {
	var no syscall.Errno
	if !errors.As(err, &no) {
		if errors.Is(err, errNotRegular) {
			return "ENOENT"
		}
		return "UNKNOWN"
	}
	for _, e := range errnos {
		if e.no == no {
			return e.code
		}
	}
	return "UNKNOWN"
}

func errnoText(code string) string {
	for _, e := range errnos {
		if e.code == code {
			return e.text
		}
	}
	return "unknown error"
}

// errnos are libuv's names and descriptions of the errors a file system
// call can meet.
var errnos = []struct {
	no   syscall.Errno
	code string
	text string
}{
	{syscall.ENOENT, "ENOENT", "no such file or directory"},
	{syscall.ENOTDIR, "ENOTDIR", "not a directory"},
	{syscall.ENAMETOOLONG, "ENAMETOOLONG", "name too long"},
	{syscall.EACCES, "EACCES", "permission denied"},
	{syscall.EPERM, "EPERM", "operation not permitted"},
	{syscall.ELOOP, "ELOOP", "too many symbolic links encountered"},
	{syscall.EMFILE, "EMFILE", "too many open files"},
	{syscall.ENFILE, "ENFILE", "file table overflow"},
	{syscall.EIO, "EIO", "i/o error"},
	{syscall.EISDIR, "EISDIR", "illegal operation on a directory"},
	{syscall.EINVAL, "EINVAL", "invalid argument"},
	{syscall.EOVERFLOW, "EOVERFLOW", "value too large for defined data type"},
	{syscall.EBUSY, "EBUSY", "resource busy or locked"},
	{syscall.EAGAIN, "EAGAIN", "resource temporarily unavailable"},
}

// errNotRegular marks a path that exists but is neither a regular file
// nor a directory (a FIFO, device or socket); it is served as missing.
var errNotRegular = errors.New("static: not a regular file")
