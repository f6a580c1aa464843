package bench

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/benchbody"
)

// The body-parsing comparison: a 1 KiB JSON body and a 20-field form,
// decoded by express.json()/express.urlencoded() on fw (into the value
// model, and with BindJSON/BindForm into a struct), by Fiber v2's
// c.BodyParser (into the same struct), and by encoding/json on raw
// fasthttp as the floor. Every handler answers "ok"; TestBodyParseSame
// checks that each decoded the body in full.

// sink receives what each handler decoded, for TestBodyParseSame.
var sink any

type bodyContender struct {
	name    string
	ct      string
	body    []byte
	handler func() fasthttp.RequestHandler
}

func fastBody(mw fast.Handler, keep func(req *fast.Request) error) fasthttp.RequestHandler {
	app := fast.New()
	app.Disable("x-powered-by").Set("etag", false)
	h := func(req *fast.Request, res *fast.Response, next fast.Next) {
		if err := keep(req); err != nil {
			next(err)
			return
		}
		res.SendString("ok")
	}
	if mw != nil {
		app.Post("/", mw, h)
	} else {
		app.Post("/", h)
	}
	return app.Handler()
}

func fiberBody(newDst func() any) fasthttp.RequestHandler {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Post("/", func(c *fiber.Ctx) error {
		dst := newDst()
		if err := c.BodyParser(dst); err != nil {
			return err
		}
		sink = dst
		return c.SendString("ok")
	})
	return app.Handler()
}

const (
	ctJSON = "application/json"
	ctForm = "application/x-www-form-urlencoded"
)

var bodyContenders = []bodyContender{
	{"JSON1KiB/fasthttp-encodingjson", ctJSON, benchbody.JSON1KiB, func() fasthttp.RequestHandler {
		return func(ctx *fasthttp.RequestCtx) {
			var u benchbody.User
			if err := json.Unmarshal(ctx.PostBody(), &u); err != nil {
				ctx.Error(err.Error(), 400)
				return
			}
			sink = &u
			ctx.SetBodyString("ok")
		}
	}},
	{"JSON1KiB/fiber-BodyParser", ctJSON, benchbody.JSON1KiB, func() fasthttp.RequestHandler {
		return fiberBody(func() any { return new(benchbody.User) })
	}},
	{"JSON1KiB/fast-JSON", ctJSON, benchbody.JSON1KiB, func() fasthttp.RequestHandler {
		return fastBody(fast.JSON(), func(req *fast.Request) error { sink = req.Body(); return nil })
	}},
	{"JSON1KiB/fast-BindJSON", ctJSON, benchbody.JSON1KiB, func() fasthttp.RequestHandler {
		return fastBody(nil, func(req *fast.Request) error {
			var u benchbody.User
			err := req.BindJSON(&u)
			sink = &u
			return err
		})
	}},
	{"Form20/fiber-BodyParser", ctForm, benchbody.Form20, func() fasthttp.RequestHandler {
		return fiberBody(func() any { return new(benchbody.Form) })
	}},
	{"Form20/fast-URLEncoded", ctForm, benchbody.Form20, func() fasthttp.RequestHandler {
		return fastBody(fast.URLEncoded(), func(req *fast.Request) error { sink = req.Body(); return nil })
	}},
	{"Form20/fast-BindForm", ctForm, benchbody.Form20, func() fasthttp.RequestHandler {
		return fastBody(nil, func(req *fast.Request) error {
			var f benchbody.Form
			err := req.BindForm(&f)
			sink = &f
			return err
		})
	}},
}

func newBodyCtx(ct string, body []byte) *fasthttp.RequestCtx {
	ctx := newCtx("POST", "/")
	ctx.Request.Header.SetContentType(ct)
	ctx.Request.SetBody(body)
	ctx.Request.Header.SetContentLength(len(body))
	return ctx
}

// TestBodyParseSame checks that every contender answers "ok" having
// decoded the whole body: the structs equal encoding/json's result (for
// the form, the expected field values), and fw's value-model bodies
// re-encode to the same JSON.
func TestBodyParseSame(t *testing.T) {
	var wantUser benchbody.User
	if err := json.Unmarshal(benchbody.JSON1KiB, &wantUser); err != nil {
		t.Fatal(err)
	}
	var wantForm benchbody.Form
	rv := reflect.ValueOf(&wantForm).Elem()
	for i := range 20 {
		rv.Field(i).SetString(fmt.Sprintf("value %d!", i))
	}
	for _, c := range bodyContenders {
		h := c.handler()
		ctx := newBodyCtx(c.ct, c.body)
		sink = nil
		h(ctx)
		if got := string(ctx.Response.Body()); got != "ok" {
			t.Errorf("%s: body %q", c.name, got)
			continue
		}
		switch v := sink.(type) {
		case *benchbody.User:
			if !reflect.DeepEqual(*v, wantUser) {
				t.Errorf("%s: decoded %+v", c.name, *v)
			}
		case *benchbody.Form:
			if *v != wantForm {
				t.Errorf("%s: decoded %+v", c.name, *v)
			}
		case *fast.Object:
			out, err := v.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			var got, want any
			json.Unmarshal(out, &got)
			if c.ct == ctJSON {
				json.Unmarshal(benchbody.JSON1KiB, &want)
			} else {
				m := map[string]any{}
				for i := range 20 {
					m["field"+strconv.Itoa(i)] = fmt.Sprintf("value %d!", i)
				}
				want = m
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: decoded %s", c.name, out)
			}
		default:
			t.Errorf("%s: decoded %T", c.name, sink)
		}
	}
}

// BenchmarkBodyParse measures one POST through each contender's handler,
// the body already read (as fasthttp hands it over for a small body).
func BenchmarkBodyParse(b *testing.B) {
	for _, c := range bodyContenders {
		b.Run(c.name, func(b *testing.B) {
			h := c.handler()
			ctx := newBodyCtx(c.ct, c.body)
			b.ReportAllocs()
			b.SetBytes(int64(len(c.body)))
			for b.Loop() {
				ctx.Response.Reset()
				h(ctx)
			}
		})
	}
}
