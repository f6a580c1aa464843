package fast

// Helpers shared by the ports of Express 4.22's routing test suites
// (app_use_test.go, app_router_test.go, Router_test.go ...). Each port names
// its subtests with the exact describe/it sentences of the Express file;
// cases that cannot apply to Go are listed, with the reason, in
// testdata/express-routing-skips.md.
//
// Express's tests often end a response with res.end(body), which sends the
// body without a Content-Type; fast has End() without a body, so the ports
// use SendString where only the body is asserted.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// setHit returns middleware that sets header name to "hit" and calls next,
// the fn1/fn2 helpers of Express's tests.
func setHit(name string) Handler {
	return func(req *Request, res *Response, next Next) {
		res.Set(name, "hit")
		next()
	}
}

// expectHeader checks the first value of a response header; want "" means
// the header must be absent.
func (r *testResponse) expectHeader(t testing.TB, name, want string) {
	t.Helper()
	if want == "" {
		if r.has(name) {
			t.Errorf("header %s = %q, want none", name, r.header(name))
		}
		return
	}
	if got := r.header(name); got != want {
		t.Errorf("header %s = %q, want %q", name, got, want)
	}
}

// expectStatus checks the status only.
func (r *testResponse) expectStatus(t testing.TB, status int) {
	t.Helper()
	if r.status != status {
		t.Errorf("status %d, want %d (body %q)", r.status, status, r.body)
	}
}

// expectPanic runs fn and checks that it panics with a message containing
// every one of want, as assert.throws(fn, /re/) does.
func expectPanic(t testing.TB, fn func(), want ...string) {
	t.Helper()
	msg, ok := panicMessage(fn)
	if !ok {
		t.Fatalf("no panic, want one containing %q", want)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("panic %q does not contain %q", msg, w)
		}
	}
}

func panicMessage(fn func()) (msg string, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			msg, panicked = fmt.Sprint(r), true
		}
	}()
	fn()
	return "", false
}

// sendJSONValue sends v as JSON, as res.json does for the values these tests
// send (the full res.JSON is not the subject of these ports).
func sendJSONValue(res *Response, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	res.Set("Content-Type", "application/json")
	res.SendBytes(b)
}

// sendParams sends req.params as res.send(req.params) does.
func sendParams(req *Request, res *Response) {
	b, _ := req.Params().MarshalJSON()
	res.Set("Content-Type", "application/json")
	res.SendBytes(b)
}

// sortedParams is the tests' keys.map(k => [k, req.params[k]]) over
// Object.keys(req.params).sort(), as JSON: undefined values become null.
func sortedParams(req *Request) string {
	var pairs [][2]any
	req.Params().each(func(p param) bool {
		var v any
		if p.set {
			v = p.value
		}
		pairs = append(pairs, [2]any{p.name, v})
		return true
	})
	slices.SortFunc(pairs, func(a, b [2]any) int { return strings.Compare(a[0].(string), b[0].(string)) })
	if pairs == nil {
		pairs = [][2]any{}
	}
	out, _ := json.Marshal(pairs)
	return string(out)
}

// sendSortedParams sends sortedParams as JSON.
func sendSortedParams(req *Request, res *Response) {
	res.Set("Content-Type", "application/json")
	res.SendString(sortedParams(req))
}
