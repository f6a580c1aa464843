package fast

import (
	"fmt"
	"regexp"
)

type handleKind uint8

const (
	kindHandler handleKind = iota
	kindError
	kindRouter
	kindApp
)

// handle is one registered callback, classified once at registration as
// Express classifies functions by their arity at call time.
type handle struct {
	kind   handleKind
	fn     Handler
	efn    ErrorHandler
	router *Router
	app    *App
}

// flatten appends the callbacks in args to dst, flattening slices of any
// depth. Anything else panics, naming call and the type received, as
// Express throws a TypeError.
func flatten(call, what string, args []any, dst []handle) []handle {
	for _, a := range args {
		switch v := a.(type) {
		case Handler:
			dst = appendHandler(call, what, dst, v)
		case func(*Request, *Response, Next):
			dst = appendHandler(call, what, dst, v)
		case ErrorHandler:
			dst = appendError(call, what, dst, v)
		case func(error, *Request, *Response, Next):
			dst = appendError(call, what, dst, v)
		case *Router:
			if v == nil {
				panic(typeError(call, what, a))
			}
			dst = append(dst, handle{kind: kindRouter, router: v})
		case *App:
			if v == nil {
				panic(typeError(call, what, a))
			}
			dst = append(dst, handle{kind: kindApp, app: v})
		case []any:
			dst = flatten(call, what, v, dst)
		case []Handler:
			for _, h := range v {
				dst = appendHandler(call, what, dst, h)
			}
		case []ErrorHandler:
			for _, h := range v {
				dst = appendError(call, what, dst, h)
			}
		case []func(*Request, *Response, Next):
			for _, h := range v {
				dst = appendHandler(call, what, dst, h)
			}
		case []*Router:
			for _, r := range v {
				dst = flatten(call, what, []any{r}, dst)
			}
		default:
			if h, ok := adaptForeign(a); ok {
				dst = append(dst, h)
				continue
			}
			panic(typeError(call, what, a))
		}
	}
	return dst
}

func appendHandler(call, what string, dst []handle, h Handler) []handle {
	if h == nil {
		panic(typeError(call, what, nil))
	}
	return append(dst, handle{kind: kindHandler, fn: h})
}

func appendError(call, what string, dst []handle, h ErrorHandler) []handle {
	if h == nil {
		panic(typeError(call, what, nil))
	}
	return append(dst, handle{kind: kindError, efn: h})
}

// adaptForeign turns other handler shapes (net/http ones, through the
// adaptor) into handles. It is a hook for the net/http bridge.
var adaptForeign = func(any) (handle, bool) { return handle{}, false }

func typeError(call, what string, got any) string {
	return fmt.Sprintf("fast: %s requires a %s but got a %s", call, what, typeName(got))
}

func typeName(v any) string {
	if v == nil {
		return "nil"
	}
	return fmt.Sprintf("%T", v)
}

// isCallback reports whether v is something flatten accepts, looking
// through leading slices as Express does to tell a path from a callback.
func isCallback(v any) bool {
	for {
		switch s := v.(type) {
		case []any:
			if len(s) == 0 {
				return false
			}
			v = s[0]
			continue
		case Handler, func(*Request, *Response, Next), ErrorHandler, func(error, *Request, *Response, Next),
			*Router, *App, []Handler, []ErrorHandler, []func(*Request, *Response, Next), []*Router:
			return true
		case string, []string, *regexp.Regexp, nil:
			return false
		}
		_, ok := adaptForeign(v)
		return ok
	}
}
