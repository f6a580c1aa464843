package fast

import (
	"reflect"
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
