package fast

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"testing"
)

// FuzzBodyRequest sends fuzzed Content-Type, Content-Encoding and bodies
// through an app with the four body parsers (and, on another path, Bind),
// with the body in memory, streamed with its length, or streamed chunked:
// nothing panics, the app answers 200 with JSON or a body parser's 400,
// 403, 413 or 415, and a request whose body is left unread is settled.
func FuzzBodyRequest(f *testing.F) {
	seeds := []struct {
		ct, ce, body string
		mode         uint8
	}{
		{"application/json", "", `{"user":"tobi"}`, 0},
		{"application/json; charset=utf-16", "", "\xff\xfe{\x00}\x00", 1},
		{"application/x-www-form-urlencoded", "", "a[b][c]=1&a[]=2", 2},
		{"application/x-www-form-urlencoded", "gzip", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x0b\xcbK\xccM\xb5}\xb1n\x17\x00\x99\xa4\xba\xd6\x08\x00\x00\x00", 2},
		{"text/plain; charset=latin1", "", "caf\xe9", 0},
		{"application/octet-stream", "deflate", "x\x9c\xcbK\xccM\xb5}\xb1n\x17\x00\x10h\x04/", 1},
		{"image/png", "", "\x89PNG", 2},
		{"application/json", "br", "{}", 3},
	}
	for _, s := range seeds {
		f.Add(s.ct, s.ce, []byte(s.body), s.mode)
	}
	app := New()
	app.Post("/bind", func(req *Request, res *Response, next Next) {
		var v struct {
			A any `json:"a" form:"a"`
		}
		if err := req.Bind(&v); err != nil {
			next(err)
			return
		}
		res.Set("Content-Type", "application/json")
		res.SendString("{}")
	})
	app.Use(JSON(JSONConfig{Limit: "2kb", Type: []string{"json", "+json"}}),
		URLEncoded(URLEncodedConfig{Limit: "2kb"}),
		Text(TextConfig{Limit: "2kb", Type: []string{"text/*"}}),
		Raw(RawConfig{Limit: "2kb", Type: []string{"application/*"}}))
	app.Post("/", func(req *Request, res *Response, next Next) {
		v := req.Body()
		if b, ok := v.([]byte); ok {
			v = hex.EncodeToString(b)
		}
		var out []byte
		var err error
		if o, ok := v.(*Object); ok {
			out, err = o.MarshalJSON()
		} else {
			out, err = json.Marshal(v)
		}
		if err != nil {
			next(err)
			return
		}
		res.Set("Content-Type", "application/json")
		res.SendBytes(out)
	})
	app.Use(func(err error, req *Request, res *Response, next Next) {
		var be *BodyError
		if e, ok := err.(*BodyError); ok {
			be = e
		}
		if be == nil {
			res.Status(599).Send(err.Error())
			return
		}
		res.Status(be.Status).Send(be.String())
	})
	h := app.Handler()
	f.Fuzz(func(t *testing.T, ct, ce string, body []byte, mode uint8) {
		for _, target := range []string{"/", "/bind"} {
			ctx := newRequestCtx("POST", target)
			ctx.Request.Header.SetContentType(ct)
			if ce != "" {
				ctx.Request.Header.Set("Content-Encoding", ce)
			}
			switch mode % 4 {
			case 0:
				ctx.Request.SetBody(body)
				ctx.Request.Header.SetContentLength(len(body))
			case 1:
				ctx.Request.SetBodyStream(bytes.NewReader(body), len(body))
			case 2:
				ctx.Request.SetBodyStream(bytes.NewReader(body), -1)
			case 3: // a Content-Length that does not match
				ctx.Request.SetBody(body)
				ctx.Request.Header.SetContentLength(len(body) + 1)
			}
			h(ctx)
			code := ctx.Response.StatusCode()
			out := ctx.Response.Body()
			switch code {
			case 200:
				if !json.Valid(out) {
					t.Fatalf("%s %q %q %q mode %d: 200 with %q", target, ct, ce, body, mode, out)
				}
			case 400, 403, 413, 415:
			default:
				t.Fatalf("%s %q %q %q mode %d: %d %q", target, ct, ce, body, mode, code, out)
			}
		}
	})
}
