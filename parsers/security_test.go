package parsers

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// The body-parser and qs rows of shared/reference/security-regressions.md,
// one named test each. Performance is not timed here: the bounded work
// shows in alloc_test.go (allocation counts) and in the inputs finishing at
// all under go test's timeout.

func form(t *testing.T, c URLEncodedConfig, body string) (*Object, *Error) {
	t.Helper()
	p, err := NewURLEncoded(c)
	if err != nil {
		t.Fatal(err)
	}
	in := &Input{ContentType: "application/x-www-form-urlencoded", ContentLength: int64(len(body)), Body: []byte(body)}
	o, perr := p.Parse(in)
	if perr != nil {
		return nil, perr.(*Error)
	}
	return o, nil
}

// CVE-2024-45590 (body-parser 1.20.3): a key nested 10^5 deep gets 400 "The
// input exceeded the depth" (depth 32, strictDepth), quickly.
func TestCVE_2024_45590_UrlencodedDepth(t *testing.T) {
	t.Parallel()
	body := "a" + strings.Repeat("[a]", 100000) + "=x"
	_, err := form(t, URLEncodedConfig{Limit: "1mb"}, body)
	if err == nil || err.Status != 400 || err.Type != "querystring.parse.rangeError" || err.Message != "The input exceeded the depth" {
		t.Fatalf("err = %v; want 400 [querystring.parse.rangeError] The input exceeded the depth", err)
	}
	// 32 levels are accepted, 33 are not.
	if _, err := form(t, URLEncodedConfig{}, "a"+strings.Repeat("[a]", 32)+"=x"); err != nil {
		t.Errorf("depth 32: %v", err)
	}
	if _, err := form(t, URLEncodedConfig{}, "a"+strings.Repeat("[a]", 33)+"=x"); err == nil {
		t.Error("depth 33 accepted")
	}
}

// CVE-2025-13466 (body-parser 2.2.0): a body of a million '&' gets 413
// "parameters.too.many" after counting with an early exit, before anything
// is split or allocated.
func TestCVE_2025_13466_ParameterCountFirst(t *testing.T) {
	t.Parallel()
	body := bytes.Repeat([]byte{'&'}, 1<<20)
	p, err := NewURLEncoded(URLEncodedConfig{Limit: "2mb"})
	if err != nil {
		t.Fatal(err)
	}
	_, perr := p.ParseText(body)
	if e, ok := perr.(*Error); !ok || e.Status != 413 || e.Type != "parameters.too.many" {
		t.Fatalf("err = %v; want 413 parameters.too.many", perr)
	}
	// alloc_test.go checks that rejecting it allocates only the error.
	for _, extended := range []Switch{On, Off} {
		if _, e := form(t, URLEncodedConfig{Extended: extended, Limit: "2mb"}, string(body)); e == nil || e.Status != 413 {
			t.Errorf("extended %v: err = %v; want 413", extended, e)
		}
	}
}

// CVE-2026-12590 (body-parser 1.20.6): an invalid limit is an error when the
// parser is built and never turns the limit off; an absent one is 100kb.
func TestCVE_2026_12590_InvalidLimit(t *testing.T) {
	t.Parallel()
	for _, limit := range []string{"abc", "NaN", "Infinity", " ", "kb", ".5kb", "-", "+kb"} {
		if _, err := NewJSON(JSONConfig{Limit: limit}); err == nil {
			t.Errorf("NewJSON with limit %q: no error", limit)
		}
		if _, err := NewRaw(RawConfig{Limit: limit}); err == nil {
			t.Errorf("NewRaw with limit %q: no error", limit)
		}
		if _, err := NewText(TextConfig{Limit: limit}); err == nil {
			t.Errorf("NewText with limit %q: no error", limit)
		}
		if _, err := NewURLEncoded(URLEncodedConfig{Limit: limit}); err == nil {
			t.Errorf("NewURLEncoded with limit %q: no error", limit)
		}
	}
	p, err := NewRaw(RawConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Limit() != 100<<10 {
		t.Errorf("default limit %d; want 102400", p.Limit())
	}
	in := &Input{ContentType: "application/octet-stream", ContentLength: 100<<10 + 1, Body: make([]byte, 100<<10+1)}
	if _, err := p.Parse(in); err == nil || err.(*Error).Status != 413 {
		t.Errorf("body one byte over the default limit: err = %v; want 413", err)
	}
}

// CVE-2022-24999 (qs 6.9.7): prototype keys neither hang the parser nor
// appear in the result, with allowPrototypes on as Express sets it.
func TestCVE_2022_24999_ProtoKeys(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		// recorded from qs 6.16.2 with {allowPrototypes: true, arrayLimit: 1000}
		{"a[__proto__]b&a[__proto__]&a[length]=100000000", `{"a":{"length":"100000000"}}`},
		{"__proto__[a]=b", `{}`},
		{"a[__proto__][b]=c", `{"a":{}}`},
		{"constructor[prototype][x]=1", `{"constructor":{"prototype":{"x":"1"}}}`},
	}
	for _, tt := range tests {
		got := js(ParseQuery([]byte(tt.in)))
		if got != tt.want {
			t.Errorf("ParseQuery(%q) = %s; want %s", tt.in, got, tt.want)
		}
	}
	// The body parser (depth 32, strictDepth) agrees.
	o, err := form(t, URLEncodedConfig{}, "a[__proto__]b&a[__proto__]&a[length]=100000000")
	if err != nil || js(o) != `{"a":{"length":"100000000"}}` {
		t.Errorf("urlencoded: %s, %v", js(o), err)
	}
}

// CVE-2014-7191, CVE-2025-15284, CVE-2026-2391, CVE-2026-82562 (qs): the
// array limit applies in every notation; past it the result is an object
// keyed by index, built without allocating the index range; the parameter
// limit bounds the total. (qs's comma option, the subject of two of these,
// is off in Express.)
func TestCVE_2014_7191_ArrayLimit(t *testing.T) {
	t.Parallel()
	if got := js(ParseQuery([]byte("a[999999999]=x"))); got != `{"a":{"999999999":"x"}}` {
		t.Errorf("a[999999999]=x: %s", got)
	}
	// alloc_test.go bounds its allocations.
	// req.query: arrays up to 1000 items (Express 4.22.2), then an object.
	var b strings.Builder
	for i := range 1000 {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString("a[]=" + strconv.Itoa(i))
	}
	o := ParseQuery([]byte(b.String()))
	if v, _ := o.Get("a"); len(asSlice(v)) != 1000 {
		t.Errorf("1000 a[]=: not an array of 1000")
	}
	// a 1001st value is cut by the parameter limit (1000)
	o = ParseQuery([]byte(b.String() + "&a[]=1000"))
	if v, _ := o.Get("a"); len(asSlice(v)) != 1000 {
		t.Errorf("1001 a[]= with parameterLimit 1000: want the first 1000 as an array")
	}
	// with a larger parameter limit the array limit turns it into an object
	q := QS{ArrayLimit: 1000, Depth: 5, ParameterLimit: 2000}
	o, _ = q.Parse([]byte(b.String() + "&a[]=1000"))
	if v, _ := o.Get("a"); v == nil {
		t.Error("missing a")
	} else if obj, ok := v.(*Object); !ok || obj.Len() != 1001 {
		t.Errorf("1001 a[]=: got %T; want an object of 1001 keys", v)
	}
	// repeated plain keys, and indices, past the limit
	o, _ = QS{ArrayLimit: 20, Depth: 5, ParameterLimit: 1000}.Parse([]byte(strings.Repeat("a=x&", 21) + "a[21]=y"))
	if got := js(o); !strings.HasPrefix(got, `{"a":{"0":"x",`) {
		t.Errorf("repeated a past arrayLimit 20: %.60s", got)
	}
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

// GHSA-qx2q-88mx-vhg7 (Fiber 2.52.9): a form key with a huge slice index,
// test.18446744073704=x, made Fiber's binder allocate a slice of that
// length. The index makes an object keyed by it (past the array limit),
// which Bind refuses for a slice field with a 400, and the dotted form is a
// plain key (qs's allowDots is off) that no field takes: nothing is sized
// by the index.
func TestGHSA_qx2q_88mx_vhg7_BindHugeIndex(t *testing.T) {
	t.Parallel()
	type target struct {
		Test []string `form:"test"`
	}
	p, _ := NewURLEncoded(URLEncodedConfig{})
	for _, body := range []string{"test[18446744073704]=x", "test[18446744073704][0]=x", "test[2147483648]=x&test[0]=y"} {
		var got target
		err := p.Decode(&Input{ContentType: "application/x-www-form-urlencoded", ContentLength: int64(len(body)), Body: []byte(body)}, &got)
		e, ok := err.(*Error)
		if !ok || e.Status != 400 || e.Type != "entity.parse.failed" {
			t.Errorf("%s: err %v; want a 400 entity.parse.failed", body, err)
		}
		if len(got.Test) > 1 {
			t.Errorf("%s: %d elements", body, len(got.Test))
		}
	}
	var got target
	body := "test.18446744073704=x"
	if err := p.Decode(&Input{ContentType: "application/x-www-form-urlencoded", ContentLength: int64(len(body)), Body: []byte(body)}, &got); err != nil || got.Test != nil {
		t.Errorf("%s: %v, %v; want no error and no elements", body, got.Test, err)
	}
}
