package bench

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
)

// The body-parsing comparison: a 1 KiB JSON body and a 20-field form,
// decoded by express.json()/express.urlencoded() on fw (into the value
// model, and with BindJSON/BindForm into a struct), by Fiber v2's
// c.BodyParser (into the same struct), and by encoding/json on raw
// fasthttp as the floor. Every handler answers "ok"; TestBodyParseSame
// checks that each decoded the body in full.

// json1KiB is the parsers package's 1 KiB benchmark body.
var json1KiB = func() []byte {
	var b strings.Builder
	b.WriteString(`{"id":12345,"name":"Tobi Ferret","email":"tobi@example.com","active":true,"score":98.6,"manager":null,`)
	b.WriteString(`"tags":["admin","ops","on-call","beta"],"address":{"street":"1 Infinite Loop","city":"Cupertino","zip":"95014"},"items":[`)
	for i := 0; b.Len() < 1000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"sku":"SKU-` + strconv.Itoa(1000+i) + `","qty":` + strconv.Itoa(i+1) + `,"price":19.99}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}()

// form20 is a URL-encoded body of 20 fields, field0=value+0%21 ...
var form20 = func() []byte {
	var b strings.Builder
	for i := range 20 {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString("field" + strconv.Itoa(i) + "=value+" + strconv.Itoa(i) + "%21")
	}
	return []byte(b.String())
}()

type item struct {
	SKU   string  `json:"sku"`
	Qty   int     `json:"qty"`
	Price float64 `json:"price"`
}

type user struct {
	ID      int               `json:"id"`
	Name    string            `json:"name"`
	Email   string            `json:"email"`
	Active  bool              `json:"active"`
	Score   float64           `json:"score"`
	Manager *string           `json:"manager"`
	Tags    []string          `json:"tags"`
	Address map[string]string `json:"address"`
	Items   []item            `json:"items"`
}

type form struct {
	Field0  string `form:"field0"`
	Field1  string `form:"field1"`
	Field2  string `form:"field2"`
	Field3  string `form:"field3"`
	Field4  string `form:"field4"`
	Field5  string `form:"field5"`
	Field6  string `form:"field6"`
	Field7  string `form:"field7"`
	Field8  string `form:"field8"`
	Field9  string `form:"field9"`
	Field10 string `form:"field10"`
	Field11 string `form:"field11"`
	Field12 string `form:"field12"`
	Field13 string `form:"field13"`
	Field14 string `form:"field14"`
	Field15 string `form:"field15"`
	Field16 string `form:"field16"`
	Field17 string `form:"field17"`
	Field18 string `form:"field18"`
	Field19 string `form:"field19"`
}

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
	{"JSON1KiB/fasthttp-encodingjson", ctJSON, json1KiB, func() fasthttp.RequestHandler {
		return func(ctx *fasthttp.RequestCtx) {
			var u user
			if err := json.Unmarshal(ctx.PostBody(), &u); err != nil {
				ctx.Error(err.Error(), 400)
				return
			}
			sink = &u
			ctx.SetBodyString("ok")
		}
	}},
	{"JSON1KiB/fiber-BodyParser", ctJSON, json1KiB, func() fasthttp.RequestHandler {
		return fiberBody(func() any { return new(user) })
	}},
	{"JSON1KiB/fast-JSON", ctJSON, json1KiB, func() fasthttp.RequestHandler {
		return fastBody(fast.JSON(), func(req *fast.Request) error { sink = req.Body(); return nil })
	}},
	{"JSON1KiB/fast-BindJSON", ctJSON, json1KiB, func() fasthttp.RequestHandler {
		return fastBody(nil, func(req *fast.Request) error {
			var u user
			err := req.BindJSON(&u)
			sink = &u
			return err
		})
	}},
	{"Form20/fiber-BodyParser", ctForm, form20, func() fasthttp.RequestHandler {
		return fiberBody(func() any { return new(form) })
	}},
	{"Form20/fast-URLEncoded", ctForm, form20, func() fasthttp.RequestHandler {
		return fastBody(fast.URLEncoded(), func(req *fast.Request) error { sink = req.Body(); return nil })
	}},
	{"Form20/fast-BindForm", ctForm, form20, func() fasthttp.RequestHandler {
		return fastBody(nil, func(req *fast.Request) error {
			var f form
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
	var wantUser user
	if err := json.Unmarshal(json1KiB, &wantUser); err != nil {
		t.Fatal(err)
	}
	var wantForm form
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
		case *user:
			if !reflect.DeepEqual(*v, wantUser) {
				t.Errorf("%s: decoded %+v", c.name, *v)
			}
		case *form:
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
				json.Unmarshal(json1KiB, &want)
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
