package fast

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// HTTPError is an error that carries an HTTP status, as Express errors carry
// err.status. The final handler answers with Status, and with Headers,
// when the status is a 4xx or 5xx.
type HTTPError struct {
	// Status is the HTTP status code.
	Status int
	// Name is the error's class name shown first in development error
	// pages ("NotFoundError"); empty means "Error".
	Name string
	// Message is the error message.
	Message string
	// Headers are set on the error response by the final handler.
	Headers http.Header
	// Err is the wrapped cause, if any.
	Err error
}

// NewHTTPError returns an HTTPError with the given status and message; an
// empty message takes Node's reason phrase.
func NewHTTPError(status int, message string) *HTTPError {
	if message == "" {
		message = statusText(status)
	}
	return &HTTPError{Status: status, Message: message}
}

// Error returns the message.
func (e *HTTPError) Error() string {
	if e.Message == "" && e.Err != nil {
		return e.Err.Error()
	}
	return e.Message
}

// Unwrap returns the cause.
func (e *HTTPError) Unwrap() error { return e.Err }

// StatusCode returns the HTTP status.
func (e *HTTPError) StatusCode() int { return e.Status }

// ErrorName returns the class name shown in development error pages.
func (e *HTTPError) ErrorName() string {
	if e.Name == "" {
		return "Error"
	}
	return e.Name
}

// ErrorHeaders returns the headers the final handler adds.
func (e *HTTPError) ErrorHeaders() http.Header { return e.Headers }

// StatusCode returns the HTTP status an error carries, through any wrapping:
// the result of a StatusCode() int method, or 0 when there is none.
func StatusCode(err error) int {
	var sc interface{ StatusCode() int }
	if errors.As(err, &sc) {
		return sc.StatusCode()
	}
	return 0
}

// errorName returns the name development error pages print before the
// message, as JavaScript's err.stack starts with err.name.
func errorName(err error) string {
	var n interface{ ErrorName() string }
	if errors.As(err, &n) {
		return n.ErrorName()
	}
	return "Error"
}

// PanicError is the error a recovered handler panic becomes; it is passed
// to next, as Express passes a thrown error.
type PanicError struct {
	// Value is what the handler panicked with.
	Value any
	// Stack is the goroutine's stack where the panic was recovered.
	Stack []byte
}

// Error returns the panic value as text.
func (e *PanicError) Error() string {
	switch v := e.Value.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return fmt.Sprint(e.Value)
}

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// ErrorName returns the panic value's error name, or "Error".
func (e *PanicError) ErrorName() string {
	if err, ok := e.Value.(error); ok {
		return errorName(err)
	}
	return "Error"
}

// ErrorStack returns the stack captured when the panic was recovered.
func (e *PanicError) ErrorStack() []byte { return e.Stack }

func statusText(code int) string {
	if t := statusTextOrEmpty(code); t != "" {
		return t
	}
	return strconv.Itoa(code)
}
