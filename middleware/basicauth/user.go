package basicauth

import (
	"reflect"
	"sync"

	"github.com/fwgo/fw/fast"
)

// userKey is the request user value under which User is kept.
type userKey struct{}

// User returns req.user (and req.remoteUser): the user the middleware
// authenticated in this request (the user name, or the value an Async
// check passed to done), or what SetUser set; nil when none. The value
// lives as long as the request.
func User(req *fast.Request) any {
	return req.Ctx().UserValue(userKey{})
}

// SetUser sets req.user, as another authentication middleware would; a
// request whose user is truthy passes the basicauth middleware without
// being asked for credentials, as in connect.
func SetUser(req *fast.Request, user any) {
	req.Ctx().SetUserValue(userKey{}, user)
}

// truthy reports whether v is truthy as JavaScript reads the value it
// stands for: nil, false, "", and zero numbers are falsy.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int() != 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return rv.Uint() != 0
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		return f != 0 && f == f
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return !rv.IsNil()
	}
	return true
}

// result is the outcome of an Async check.
type result struct {
	once sync.Once
	ch   chan struct{}
	err  error
	user any
}

func newResult() *result { return &result{ch: make(chan struct{})} }

func (r *result) done(err error, user any) {
	r.once.Do(func() {
		r.err, r.user = err, user
		close(r.ch)
	})
}
