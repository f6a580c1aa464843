package scenarios

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/parsers"
)

// body-parsers: express.json, urlencoded, text and raw with their
// options, each app the tests' createApp.
func init() {
	errorHandler := func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		status := fast.StatusCode(err)
		if status == 0 {
			status = 500
		}
		res.Status(status)
		var be *fast.BodyError
		if !errors.As(err, &be) {
			res.Send("[undefined] " + err.Error())
			return
		}
		if prop := req.Get("X-Error-Property"); prop != "" {
			switch prop {
			case "status":
				res.Send(fmt.Sprint(be.Status))
			case "body":
				res.Send(be.Body)
			case "type":
				res.Send(be.Type)
			default:
				res.Send("undefined")
			}
			return
		}
		typ := be.Type
		if typ == "" {
			typ = "undefined"
		}
		res.Send("[" + typ + "] " + be.Message)
	}
	echo := func(req *fast.Request, res *fast.Response, next fast.Next) {
		if b, ok := req.Body().([]byte); ok {
			res.JSON(map[string]string{"buf": hex.EncodeToString(b)})
			return
		}
		if req.Body() == nil {
			res.JSON(map[string]any{})
			return
		}
		res.JSON(req.Body())
	}
	createApp := func(parser func() fast.Handler, twice bool) func(Env) *fast.App {
		return func(env Env) *fast.App {
			app := newApp(env)
			app.Use(parser())
			if twice {
				app.Use(parser())
			}
			app.Use(errorHandler)
			app.Post("/", echo)
			return app
		}
	}
	acceptVnd := func(in *fast.BodyInput) bool { return strings.Contains(in.ContentType, "vnd") }
	acceptAll := func(in *fast.BodyInput) bool { return true }
	verifyReject := func(prefix byte, status int) fast.VerifyFunc {
		return func(in *fast.BodyInput, body []byte, charset string) error {
			if len(body) > 0 && body[0] == prefix {
				if status != 0 {
					return &fast.HTTPError{Status: status, Message: "no arrays"}
				}
				return errors.New("no arrays")
			}
			return nil
		}
	}
	verifyPass := func(in *fast.BodyInput, body []byte, charset string) error { return nil }

	type opts struct {
		limit    string
		inflate  parsers.Switch
		typeFunc fast.TypeFunc
		verify   fast.VerifyFunc
	}
	makers := map[string]func(o opts) func() fast.Handler{
		"json": func(o opts) func() fast.Handler {
			return func() fast.Handler {
				return fast.JSON(fast.JSONConfig{Limit: o.limit, Inflate: o.inflate, TypeFunc: o.typeFunc, Verify: o.verify})
			}
		},
		"urlencoded": func(o opts) func() fast.Handler {
			return func() fast.Handler {
				return fast.URLEncoded(fast.URLEncodedConfig{Limit: o.limit, Inflate: o.inflate, TypeFunc: o.typeFunc, Verify: o.verify})
			}
		},
		"text": func(o opts) func() fast.Handler {
			return func() fast.Handler {
				return fast.Text(fast.TextConfig{Limit: o.limit, Inflate: o.inflate, TypeFunc: o.typeFunc, Verify: o.verify})
			}
		},
		"raw": func(o opts) func() fast.Handler {
			return func() fast.Handler {
				return fast.Raw(fast.RawConfig{Limit: o.limit, Inflate: o.inflate, TypeFunc: o.typeFunc, Verify: o.verify})
			}
		},
	}
	apps := map[string]func(Env) *fast.App{}
	for p, mk := range makers {
		prefix := byte(' ')
		if p == "json" {
			prefix = '['
		}
		apps[p] = createApp(mk(opts{}), false)
		apps[p+"-dup"] = createApp(mk(opts{}), true)
		apps[p+"-limit-1kb"] = createApp(mk(opts{limit: "1kb"}), false)
		apps[p+"-limit-1024"] = createApp(mk(opts{limit: "1024"}), false)
		apps[p+"-limit-8kb"] = createApp(mk(opts{limit: "8kb"}), false)
		apps[p+"-inflate-false"] = createApp(mk(opts{inflate: fast.Off}), false)
		apps[p+"-type-fn"] = createApp(mk(opts{typeFunc: acceptVnd}), false)
		apps[p+"-type-all"] = createApp(mk(opts{typeFunc: acceptAll}), false)
		apps[p+"-verify"] = createApp(mk(opts{verify: verifyReject(prefix, 0)}), false)
		apps[p+"-verify-code"] = createApp(mk(opts{verify: verifyReject(prefix, 400)}), false)
		apps[p+"-verify-pass"] = createApp(mk(opts{verify: verifyPass}), false)
	}
	single := func(h func() fast.Handler) func(Env) *fast.App { return createApp(h, false) }
	apps["json-strict-false"] = single(func() fast.Handler { return fast.JSON(fast.JSONConfig{Strict: fast.Off}) })
	apps["json-strict-true"] = single(func() fast.Handler { return fast.JSON(fast.JSONConfig{Strict: fast.On}) })
	apps["json-type-vnd"] = single(func() fast.Handler { return fast.JSON(fast.JSONConfig{Type: []string{"application/vnd.api+json"}}) })
	apps["json-type-list"] = single(func() fast.Handler {
		return fast.JSON(fast.JSONConfig{Type: []string{"application/json", "application/vnd.api+json"}})
	})
	apps["json-reviver"] = single(func() fast.Handler {
		return fast.JSON(fast.JSONConfig{Reviver: func(holder any, key string, value any) (any, bool) {
			if key == "x" {
				return "revived", true
			}
			return value, true
		}})
	})
	apps["urlencoded-simple"] = single(func() fast.Handler { return fast.URLEncoded(fast.URLEncodedConfig{Extended: fast.Off}) })
	apps["urlencoded-type-vnd"] = single(func() fast.Handler {
		return fast.URLEncoded(fast.URLEncodedConfig{Type: []string{"application/vnd.x-www-form-urlencoded"}})
	})
	apps["urlencoded-type-list"] = single(func() fast.Handler {
		return fast.URLEncoded(fast.URLEncodedConfig{Type: []string{"urlencoded", "application/x-pairs"}})
	})
	apps["urlencoded-params-10"] = single(func() fast.Handler { return fast.URLEncoded(fast.URLEncodedConfig{ParameterLimit: 10}) })
	apps["urlencoded-simple-params-10"] = single(func() fast.Handler {
		return fast.URLEncoded(fast.URLEncodedConfig{Extended: fast.Off, ParameterLimit: 10})
	})
	apps["urlencoded-params-infinity"] = single(func() fast.Handler {
		return fast.URLEncoded(fast.URLEncodedConfig{ParameterLimit: fast.Unlimited})
	})
	apps["urlencoded-verify-type"] = single(func() fast.Handler {
		return fast.URLEncoded(fast.URLEncodedConfig{Verify: func(in *fast.BodyInput, body []byte, charset string) error {
			if len(body) > 0 && body[0] == ' ' {
				return &fast.BodyError{Type: "foo.bar", Message: "no leading space"}
			}
			return nil
		}})
	})
	apps["text-default-charset"] = single(func() fast.Handler { return fast.Text(fast.TextConfig{DefaultCharset: "koi8-r"}) })
	apps["text-type-html"] = single(func() fast.Handler { return fast.Text(fast.TextConfig{Type: []string{"text/html"}}) })
	apps["text-type-list"] = single(func() fast.Handler { return fast.Text(fast.TextConfig{Type: []string{"text/html", "text/plain"}}) })
	apps["raw-type-vnd"] = single(func() fast.Handler { return fast.Raw(fast.RawConfig{Type: []string{"application/vnd+octets"}}) })
	apps["raw-type-list"] = single(func() fast.Handler {
		return fast.Raw(fast.RawConfig{Type: []string{"application/octet-stream", "application/vnd+octets"}})
	})
	for name, b := range apps {
		Register(Name("body-parsers", name), b)
	}
}
