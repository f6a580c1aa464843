package fast

import (
	"sync/atomic"
	"testing"
)

// storeKey is the key of the request-scoped store of the "async local
// storage" ports.
type storeKey struct{}

// storeTests ports the "async local storage" cases of Express's
// res.sendFile, res.sendfile and res.download tests. Go's counterpart of
// an AsyncLocalStorage store is the request's context: a middleware puts
// {foo: "bar"} into it (RequestCtx.SetUserValue), and the transfer's
// callback must still read it through req.Ctx().Value, on success and on
// error. send calls the method under test with a fixture path
// ("name.txt" or "does-not-exist") and the callback.
func storeTests(t *testing.T, send func(req *Request, res *Response, name string, cb func(error)), disposition string) {
	storeApp := func(name string, cb func(req *Request, res *Response) func(error)) *App {
		app := New()
		app.Use(func(req *Request, res *Response, next Next) {
			req.Ctx().SetUserValue(storeKey{}, map[string]string{"foo": "bar"})
			next()
		})
		app.Use(func(req *Request, res *Response, next Next) { send(req, res, name, cb(req, res)) })
		return app
	}
	t.Run("should presist store", func(t *testing.T) {
		t.Parallel()
		var seen atomic.Int32
		app := storeApp("name.txt", func(req *Request, res *Response) func(error) {
			return func(err error) {
				if err != nil {
					t.Errorf("callback error %v", err)
					return
				}
				local, _ := req.Ctx().Value(storeKey{}).(map[string]string)
				if local["foo"] != "bar" {
					t.Errorf("store in the callback = %v", local)
				}
				seen.Add(1)
			}
		})
		r := serveTest(t, app).do("GET", "/")
		r.expect(t, 200, "tobi")
		r.expectHeader(t, "Content-Type", "text/plain; charset=UTF-8")
		if disposition != "" {
			r.expectHeader(t, "Content-Disposition", disposition)
		}
		if seen.Load() != 1 {
			t.Errorf("callback saw the store %d times, want 1", seen.Load())
		}
	})
	t.Run("should presist store on error", func(t *testing.T) {
		t.Parallel()
		app := storeApp("does-not-exist", func(req *Request, res *Response) func(error) {
			return func(err error) {
				if local, ok := req.Ctx().Value(storeKey{}).(map[string]string); ok {
					res.Set("x-store-foo", local["foo"])
				}
				if err != nil {
					res.Send("got " + itoa(StatusCode(err)) + " error")
				} else {
					res.Send("no error")
				}
			}
		})
		r := serveTest(t, app).do("GET", "/")
		r.expect(t, 200, "got 404 error")
		r.expectHeader(t, "x-store-foo", "bar")
	})
}
