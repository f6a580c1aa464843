package fast

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/fwgo/fw/parsers"
)

// echoBody answers with req.body as JSON, or "undefined" for nil.
func echoBody(req *Request, res *Response, next Next) {
	v := req.Body()
	if v == nil {
		res.Send("undefined")
		return
	}
	if b, ok := v.([]byte); ok {
		res.Send(fmt.Sprintf("bytes %q", b))
		return
	}
	out, err := parsers.AppendJSON(nil, v)
	if err != nil {
		next(err)
		return
	}
	res.Send(string(out))
}

// echoError answers with the error's status and "[type] message".
func echoError(err error, req *Request, res *Response, next Next) {
	var be *BodyError
	if !errors.As(err, &be) {
		res.Status(500).Send(fmt.Sprintf("%T %v", err, err))
		return
	}
	res.Status(be.Status).Send(be.String())
}

func TestBodyParser(t *testing.T) {
	t.Parallel()
	form := "application/x-www-form-urlencoded"
	tests := []struct {
		name    string
		mw      []any
		method  string
		headers []string
		status  int
		body    string
	}{
		{"req.body is undefined without a body parser", nil, "POST",
			[]string{"Content-Type", "application/json", "body", `{"a":1}`}, 200, "undefined"},
		{"req.body is {} on a GET", []any{JSON()}, "GET", nil, 200, "{}"},
		{"req.body is {} for another type", []any{JSON()}, "POST",
			[]string{"Content-Type", "text/plain", "body", `{"a":1}`}, 200, "{}"},
		{"a POST without Content-Length or Transfer-Encoding has no body", []any{Raw()}, "POST",
			[]string{"Content-Type", "application/octet-stream"}, 200, "{}"},
		{"an empty body is a body", []any{Raw()}, "POST",
			[]string{"Content-Type", "application/octet-stream", "Content-Length", "0"}, 200, `bytes ""`},
		{"JSON", []any{JSON()}, "POST",
			[]string{"Content-Type", "application/json", "body", `{"b":[1,true,null],"a":"x"}`}, 200, `{"b":[1,true,null],"a":"x"}`},
		{"Text", []any{Text()}, "POST", []string{"Content-Type", "text/plain", "body", "hi"}, 200, `"hi"`},
		{"Raw", []any{Raw()}, "POST", []string{"Content-Type", "application/octet-stream", "body", "hi"}, 200, `bytes "hi"`},
		{"URLEncoded", []any{URLEncoded()}, "POST", []string{"Content-Type", form, "body", "a[b]=1&c=2"}, 200, `{"a":{"b":"1"},"c":"2"}`},
		{"URLEncoded not extended", []any{URLEncoded(URLEncodedConfig{Extended: Off})}, "POST",
			[]string{"Content-Type", form, "body", "a[b]=1&a[b]=2"}, 200, `{"a[b]":["1","2"]}`},
		{"the first matching parser wins", []any{Text(TextConfig{Type: []string{"*/*"}}), JSON()}, "POST",
			[]string{"Content-Type", "application/json", "body", `{"a":1}`}, 200, `"{\"a\":1}"`},
		{"a later parser of another type sees req._body", []any{JSON(JSONConfig{Type: []string{"*/*"}}), Text(TextConfig{Type: []string{"*/*"}})}, "POST",
			[]string{"Content-Type", "text/plain", "body", `"x"`}, 400, ""},
		{"a truthy req.body set before is kept", []any{func(req *Request, res *Response, next Next) { req.SetBody("kept"); next() }, JSON()}, "POST",
			[]string{"Content-Type", "text/plain", "body", "x"}, 200, `"kept"`},
		{"a falsy req.body set before becomes {}", []any{func(req *Request, res *Response, next Next) { req.SetBody(""); next() }, JSON()}, "POST",
			[]string{"Content-Type", "text/plain", "body", "x"}, 200, `{}`},
		{"an error passes a *BodyError to next", []any{JSON()}, "POST",
			[]string{"Content-Type", "application/json", "body", `{"a":`}, 400, "[entity.parse.failed] Unexpected end of JSON input"},
		{"a body read with BodyReader is not readable", []any{func(req *Request, res *Response, next Next) {
			io.Copy(io.Discard, req.BodyReader())
			next()
		}, JSON()}, "POST", []string{"Content-Type", "application/json", "body", `{}`}, 500, "[stream.not.readable] stream is not readable"},
		{"TypeFunc and Verify receive the *Request", []any{JSON(JSONConfig{
			TypeFunc: func(in *BodyInput) bool { return in.Req.(*Request).Get("X-Parse") == "yes" },
			Verify: func(in *BodyInput, body []byte, charset string) error {
				in.Req.(*Request).Res().Set("X-Verified", charset)
				return nil
			},
		})}, "POST", []string{"Content-Type", "text/plain", "X-Parse", "yes", "body", `[1]`}, 200, `[1]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app := New()
			if len(tc.mw) > 0 {
				app.Use(tc.mw...)
			}
			app.All("/", echoBody)
			app.Use(echoError)
			r := serveTest(t, app).do(tc.method, "/", tc.headers...)
			if r.status != tc.status || tc.body != "" && r.body != tc.body {
				t.Errorf("got %d %q, want %d %q", r.status, r.body, tc.status, tc.body)
			}
		})
	}
}

func TestBodyParserOptionsPanic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		fn   func()
		want string
	}{
		{"JSON limit", func() { JSON(JSONConfig{Limit: "abc"}) }, `fast: JSON: parsers: json: option limit "abc" is invalid`},
		{"Raw limit", func() { Raw(RawConfig{Limit: "parsec"}) }, `fast: Raw: parsers: raw: option limit "parsec" is invalid`},
		{"Text limit", func() { Text(TextConfig{Limit: "Infinity"}) }, `fast: Text: parsers: text: option limit "Infinity" is invalid`},
		{"URLEncoded parameterLimit", func() { URLEncoded(URLEncodedConfig{ParameterLimit: -1}) }, "fast: URLEncoded: parsers: urlencoded: option parameterLimit must be a positive number"},
		{"URLEncoded depth", func() { URLEncoded(URLEncodedConfig{Depth: 1 << 20}) }, "fast: URLEncoded: parsers: urlencoded: option depth"},
		{"two options values", func() { JSON(JSONConfig{}, JSONConfig{}) }, "fast: JSON() takes at most one options value"},
		{"NewBinder", func() { NewBinder(BinderConfig{JSON: JSONConfig{Limit: "x"}}) }, `fast: NewBinder: parsers: json: option limit "x" is invalid`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			expectPanic(t, tc.fn, tc.want)
		})
	}
}

type bindTarget struct {
	Name  string   `json:"name" form:"name"`
	Age   int      `json:"age" form:"age"`
	Tags  []string `json:"tags" form:"tags"`
	Extra string   `json:"-" form:"-"`
}

func TestRequestBind(t *testing.T) {
	t.Parallel()
	form := "application/x-www-form-urlencoded"
	small := NewBinder(BinderConfig{JSON: JSONConfig{Limit: "10b"}, URLEncoded: URLEncodedConfig{Limit: "10b"}})
	bindWith := func(bind func(req *Request, v *bindTarget) error) Handler {
		return func(req *Request, res *Response, next Next) {
			v := bindTarget{Extra: "untouched"}
			if err := bind(req, &v); err != nil {
				next(err)
				return
			}
			res.Send(fmt.Sprintf("%+v", v))
		}
	}
	bind := bindWith(func(req *Request, v *bindTarget) error { return req.Bind(v) })
	tests := []struct {
		name    string
		mw      []any
		headers []string
		status  int
		body    string
	}{
		{"JSON", []any{bind}, []string{"Content-Type", "application/json", "body", `{"name":"tobi","age":3,"tags":["a","b"],"Extra":"x"}`},
			200, "{Name:tobi Age:3 Tags:[a b] Extra:untouched}"},
		{"JSON with a charset", []any{bind}, []string{"Content-Type", "application/json; charset=utf-16", "body", "\xfe\xff\x00{\x00}"},
			200, "{Name: Age:0 Tags:[] Extra:untouched}"},
		{"form", []any{bind}, []string{"Content-Type", form, "body", "name=tobi&age=3&tags=a&tags=b&Extra=x"},
			200, "{Name:tobi Age:3 Tags:[a b] Extra:untouched}"},
		{"no body leaves the value alone", []any{bind}, []string{"Content-Type", "application/json"},
			200, "{Name: Age:0 Tags:[] Extra:untouched}"},
		{"another type is 415", []any{bind}, []string{"Content-Type", "text/plain", "body", "x"},
			415, `[content.type.unsupported] unsupported content type "text/plain"`},
		{"bad JSON is V8's 400", []any{bind}, []string{"Content-Type", "application/json", "body", `{"name":`},
			400, "[entity.parse.failed] Unexpected end of JSON input"},
		{"strict", []any{bind}, []string{"Content-Type", "application/json", "body", `"x"`},
			400, `[entity.parse.failed] Unexpected token '"', ""x"" is not valid JSON`},
		{"a JSON value that does not fit is 400", []any{bind}, []string{"Content-Type", "application/json", "body", `{"age":"x"}`},
			400, "[entity.parse.failed] json: cannot unmarshal string into Go struct field bindTarget.age of type int"},
		{"a form value that does not fit is 400", []any{bind}, []string{"Content-Type", form, "body", "age=x"},
			400, `[entity.parse.failed] cannot bind "age": "x" into int: strconv.ParseInt: parsing "x": invalid syntax`},
		{"the limit of a Binder", []any{bindWith(func(req *Request, v *bindTarget) error { return small.Bind(req, v) })},
			[]string{"Content-Type", "application/json", "body", `{"name":"tobi"}`}, 413, "[entity.too.large] request entity too large"},
		{"the limit of a Binder for forms", []any{bindWith(func(req *Request, v *bindTarget) error { return small.BindForm(req, v) })},
			[]string{"Content-Type", "text/plain", "body", `name=tobi&age=3`}, 413, "[entity.too.large] request entity too large"},
		{"BindJSON ignores the Content-Type", []any{bindWith(func(req *Request, v *bindTarget) error { return req.BindJSON(v) })},
			[]string{"Content-Type", "text/plain", "body", `{"name":"tobi"}`}, 200, "{Name:tobi Age:0 Tags:[] Extra:untouched}"},
		{"BindForm ignores the Content-Type", []any{bindWith(func(req *Request, v *bindTarget) error { return req.BindForm(v) })},
			[]string{"body", `name=tobi`}, 200, "{Name:tobi Age:0 Tags:[] Extra:untouched}"},
		{"after fast.JSON, the parsed value", []any{JSON(), bind},
			[]string{"Content-Type", "application/json", "body", `{"name":"tobi","age":3}`}, 200, "{Name:tobi Age:3 Tags:[] Extra:untouched}"},
		{"after fast.URLEncoded, the parsed form", []any{URLEncoded(), bind},
			[]string{"Content-Type", form, "body", `name=tobi&age=3`}, 200, "{Name:tobi Age:3 Tags:[] Extra:untouched}"},
		{"after fast.Text, 415", []any{Text(), bind},
			[]string{"Content-Type", "text/plain", "body", `x`}, 415, `[content.type.unsupported] unsupported content type "text/plain"`},
		{"twice: the body is gone", []any{func(req *Request, res *Response, next Next) {
			var v bindTarget
			if err := req.Bind(&v); err != nil {
				next(err)
				return
			}
			next()
		}, bind}, []string{"Content-Type", "application/json", "body", `{"name":"tobi"}`}, 500, "[stream.not.readable] stream is not readable"},
		{"a body parser after Bind skips", []any{func(req *Request, res *Response, next Next) {
			var v bindTarget
			if err := req.Bind(&v); err != nil {
				next(err)
				return
			}
			next()
		}, JSON(), echoBody}, []string{"Content-Type", "application/json", "body", `{"name":"tobi"}`}, 200, "undefined"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Post("/", tc.mw...)
			app.Use(echoError)
			r := serveTest(t, app).do("POST", "/", tc.headers...)
			if r.status != tc.status || r.body != tc.body {
				t.Errorf("got %d %q, want %d %q", r.status, r.body, tc.status, tc.body)
			}
		})
	}
}

// TestBodyParserRecoversFromTypeFuncPanic checks that a TypeFunc that
// panics is a 500 passed to the error handlers, as a throw is in Express.
func TestBodyParserTypeFuncPanic(t *testing.T) {
	t.Parallel()
	app := New()
	app.Use(JSON(JSONConfig{TypeFunc: func(*BodyInput) bool { panic("oops!") }}))
	app.Post("/", echoBody)
	r := serveTest(t, app).do("POST", "/", "Content-Type", "application/json", "body", "{}")
	if r.status != 500 || !strings.Contains(r.body, "oops!") {
		t.Errorf("got %d %q", r.status, r.body)
	}
}
