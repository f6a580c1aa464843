package fast

import (
	"reflect"
	"regexp"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/cookie"
	"github.com/fwgo/fw/internal/rangeparser"
	"github.com/fwgo/fw/parsers"
)

// TestResetClearsBodyState checks that Reset, which clears the body
// fields only when bodyUsed is set, leaves them as a new context has them
// after each way a request writes them.
func TestResetClearsBodyState(t *testing.T) {
	t.Parallel()
	writers := []struct {
		name string
		use  func(c *state)
	}{
		{"SetBody", func(c *state) { c.req.SetBody("x") }},
		{"BodyReader", func(c *state) { c.req.BodyReader() }},
		{"bodyInput", func(c *state) { c.bodyInput() }},
		{"takeBody", func(c *state) { _ = c.takeBody(c.bodyInput()) }},
		{"setBytesBody", func(c *state) { c.setBytesBody([]byte("x")) }},
		{"noteBodyError", func(c *state) { c.noteBodyError(&parsers.Error{Type: "entity.too.large"}) }},
		{"body parser", func(c *state) {
			c.fctx.Request.Header.SetContentType("application/json")
			c.fctx.Request.SetBodyString(`{"a":1}`)
			JSON()(&c.req, &c.res, func(...error) {})
		}},
		{"Bind", func(c *state) {
			c.fctx.Request.Header.SetContentType("application/json")
			c.fctx.Request.SetBodyString(`{"a":1}`)
			var v map[string]any
			_ = NewBinder(BinderConfig{}).Bind(&c.req, &v)
		}},
	}
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			t.Parallel()
			c := newContext()
			c.fctx = new(fasthttp.RequestCtx)
			c.settings = New().resolved()
			w.use(c)
			c.Reset()
			if c.bodyUsed || c.body != nil || c.bodyKind != bodyNone || c.bodyParsed || c.bodyRead || c.bodyOver {
				t.Fatalf("body state left: used %v body %v kind %v parsed %v read %v over %v",
					c.bodyUsed, c.body, c.bodyKind, c.bodyParsed, c.bodyRead, c.bodyOver)
			}
			if !reflect.DeepEqual(c.bodyEmpty, Object{}) || !reflect.DeepEqual(c.bodyIn, parsers.Input{}) || c.bodyReader.Len() != 0 {
				t.Fatalf("body buffers left: empty %v in %+v reader %d", c.bodyEmpty, c.bodyIn, c.bodyReader.Len())
			}
		})
	}
}

// TestResetClearsRequestCaches checks that Request.reset empties every
// req.* cache whichever of them a request filled.
func TestResetClearsRequestCaches(t *testing.T) {
	t.Parallel()
	fills := []struct {
		name string
		fill func(r *Request)
	}{
		{"remote", func(r *Request) { r.remote, r.remoteDone = "1.2.3.4", true }},
		{"query", func(r *Request) { r.query = new(Object) }},
		{"ips", func(r *Request) { r.ips = append(r.ips, "a") }},
		{"subdomains", func(r *Request) { r.subdomains = append(r.subdomains, "a") }},
		{"ranges", func(r *Request) { r.ranges = append(r.ranges, Range{}) }},
		{"rangeBuf", func(r *Request) { r.rangeBuf = append(r.rangeBuf, rangeparser.Range{}) }},
		// ParseCookies sets the cookie slices and secrets only with cookiesParsed.
		{"cookies", func(r *Request) { r.cookies, r.cookiesParsed = append(r.cookies, cookie.Pair{}), true }},
		{"signedCookies", func(r *Request) { r.signedCookies, r.cookiesParsed = append(r.signedCookies, cookie.Pair{}), true }},
		{"cookiesParsed", func(r *Request) { r.cookiesParsed, r.c.secrets = true, []string{"s"} }},
	}
	for _, f := range fills {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			r := &newContext().req
			f.fill(r)
			r.reset()
			if r.c.secrets != nil {
				t.Fatalf("secrets left: %v", r.c.secrets)
			}
			if r.remote != "" || r.remoteDone || r.query != nil || len(r.ips) != 0 || len(r.subdomains) != 0 ||
				len(r.ranges) != 0 || len(r.rangeBuf) != 0 || len(r.cookies) != 0 || len(r.signedCookies) != 0 || r.cookiesParsed {
				t.Fatalf("cache left: %+v", *r)
			}
		})
	}
}

// TestResetClearsTouchedState checks that each writer of the fields Reset
// clears only when c.touched is set (the req.* caches, locals, the file
// hooks, Express 3's charset and captures) sets it, through the API a
// handler calls: after Reset the context has none of the request's values.
func TestResetClearsTouchedState(t *testing.T) {
	t.Parallel()
	writers := []struct {
		name string
		use  func(c *state)
	}{
		{"Locals", func(c *state) { c.res.Locals()["k"] = 1 }},
		{"SetCharset", func(c *state) { c.res.SetCharset("latin1") }},
		{"RegexpParam", func(c *state) {
			RegexpParam("id", regexp.MustCompile(`^(\d)\d*$`))(&c.req, &c.res, func(...error) {}, "42", "id")
		}},
		{"Query", func(c *state) { c.req.Query() }},
		{"IPs", func(c *state) { c.req.IPs() }},
		{"Subdomains", func(c *state) { c.req.Subdomains() }},
		{"IP", func(c *state) { c.req.IP() }},
		{"Range", func(c *state) { c.req.Range(100, false) }},
		{"ParseCookies", func(c *state) { c.req.ParseCookies([]string{"s"}) }},
	}
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			t.Parallel()
			c := newContext()
			c.fctx = new(fasthttp.RequestCtx)
			c.fctx.Request.Header.SetHost("tobi.ferrets.example.com")
			c.fctx.Request.Header.Set("X-Forwarded-For", "1.2.3.4")
			c.fctx.Request.Header.Set("Range", "bytes=0-9")
			c.fctx.Request.Header.Set("Cookie", "a=b")
			c.fctx.Request.SetRequestURI("/x?a=1")
			app := New()
			c.top, c.app, c.settings = app, app, app.resolved()
			c.uriStr = string(c.fctx.Request.Header.RequestURI())
			w.use(c)
			if !c.touched {
				t.Fatal("touched not set")
			}
			c.Reset()
			if c.touched || len(c.locals) != 0 || c.legacy.charset != "" || len(c.legacy.captures) != 0 ||
				c.file.setHeaders != nil || c.file.headers != nil || c.req.cached() || c.secrets != nil {
				t.Fatalf("state left: touched %v locals %v legacy %+v cached %v secrets %v",
					c.touched, c.locals, c.legacy, c.req.cached(), c.secrets)
			}
		})
	}
}
