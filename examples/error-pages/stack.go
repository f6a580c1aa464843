package main

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
)

// pageError is an error with a status and the stack where it was made,
// as a JavaScript Error with err.status set.
type pageError struct {
	status  int
	message string
	stack   string
}

// newError returns an error with message and status (0: none) and the
// caller's stack.
func newError(status int, message string) *pageError {
	return &pageError{status: status, message: message, stack: stackOf("Error: "+message, 2)}
}

func (e *pageError) Error() string   { return e.message }
func (e *pageError) StatusCode() int { return e.status }

// errorView is what the 500 view shows of an error: error.message and
// error.stack.
type errorView struct{ Message, Stack string }

// viewOf returns the view of any error; one made without newError shows
// its message as the first and only line of its stack.
func viewOf(err error) errorView {
	var pe *pageError
	if errors.As(err, &pe) {
		return errorView{pe.message, pe.stack}
	}
	return errorView{err.Error(), "Error: " + err.Error()}
}

// stackOf writes the stack above skip frames as V8 writes err.stack: the
// first line, then one "    at function (file:line)" line a frame.
func stackOf(first string, skip int) string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(skip+1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var b strings.Builder
	b.WriteString(first)
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "runtime.") {
			break
		}
		fmt.Fprintf(&b, "\n    at %s (%s:%d)", f.Function, f.File, f.Line)
		if !more {
			break
		}
	}
	return b.String()
}
