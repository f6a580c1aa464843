package fast

import (
	"strings"
	"testing"
)

// queryLookupAgrees checks QueryValue's raw scan against the parsed object
// for one query string and key, under each parser with a fast path.
func queryLookupAgrees(t *testing.T, s, key string) {
	t.Helper()
	for _, qp := range []*queryParser{queryExtended, querySimpleP, queryMissing, queryNoneP} {
		c := &state{}
		v, found, ok := qp.lookup(c, s, key)
		if !ok {
			continue
		}
		want, wantFound := firstString(qp.parse(s), key)
		if v != want || found != wantFound {
			t.Errorf("parser %d, query %q, key %q: scan gives %q %v, the object %q %v", qp.kind, s, key, v, found, want, wantFound)
		}
	}
}

var queryLookupSeeds = []string{
	"a=1&a=2", "user[name]=tj", "a%5Bb%5D=c", "a+b=c+d", "%zz=1&b=%E2%82%AC%zz", "q=hello%20world",
	"__proto__=1&toString=2", "=1&a", "x=1", "ids[]=1&ids[]=2", "a=%E2%82%AC&q=%F0%9F%98%80", "q=a&q[]=b",
	"a=1&&b=2&", "%C3%A9=e&x=%", "a=b=c&q=%2B%20+", "user.name=tj&q", "q=1;b=2", "q=%ED%A0%80", "q%00=1",
	"a]=1&a=2", "a=b]=c", "q=%41%4", "+=+", "%2B=1&+=2", "q=" + strings.Repeat("&q=x", 30),
	strings.Repeat("a=1&", 1000) + "q=late",
}

// TestQueryValueAgreesWithQuery checks the raw scan of QueryValue against
// Query's object on chosen query strings.
func TestQueryValueAgreesWithQuery(t *testing.T) {
	t.Parallel()
	keys := []string{"a", "q", "b", "x", "user", "user[name]", "user.name", "ids", "a b", "", "é", "%zz", "__proto__", "toString", "+", " ", "a]", "q\x00"}
	for _, s := range queryLookupSeeds {
		for _, k := range keys {
			queryLookupAgrees(t, s, k)
		}
	}
}

// FuzzQueryValue checks the raw scan of QueryValue against Query's object.
func FuzzQueryValue(f *testing.F) {
	for _, s := range queryLookupSeeds {
		f.Add(s, "q")
		f.Add(s, "a")
	}
	f.Fuzz(func(t *testing.T, s, key string) {
		if len(s) > 4096 {
			return
		}
		queryLookupAgrees(t, s, key)
	})
}

// TestQueryValueRequest checks QueryValue in requests: the parser is the
// top app's, fixed when its router was created; after Query it reads the
// (possibly modified) object.
func TestQueryValueRequest(t *testing.T) {
	t.Parallel()
	t.Run("parser fixed when the router is created", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Get("/", func(req *Request, res *Response, next Next) {
			v, ok := req.QueryValue("a[b]")
			o, _ := parsersJSON(req.Query())
			res.SendString(v + " " + jsBool(ok) + " " + o)
		})
		// Express reads "query parser fn" in lazyrouter: too late here.
		app.Set("query parser", "simple")
		sendRequest(t, app, "GET", "/?a[b]=1").expect(t, 200, ` false {"a":{"b":"1"}}`)
	})
	t.Run("sub-app parser is not used", func(t *testing.T) {
		t.Parallel()
		app, sub := New(), New()
		sub.Set("query parser", "simple")
		sub.Get("/", func(req *Request, res *Response, next Next) {
			o, _ := parsersJSON(req.Query())
			res.SendString(o)
		})
		app.Use("/sub", sub)
		sendRequest(t, app, "GET", "/sub?a[b]=1").expect(t, 200, `{"a":{"b":"1"}}`)
	})
	t.Run("reads the modified object", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Get("/", func(req *Request, res *Response, next Next) {
			req.Query().Set("a", "changed")
			v, _ := req.QueryValue("a")
			res.SendString(v)
		})
		sendRequest(t, app, "GET", "/?a=1").expect(t, 200, "changed")
	})
	t.Run("original URL", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Use(func(req *Request, res *Response, next Next) {
			req.SetURL("/?a=rewritten")
			next()
		})
		app.Get("/", func(req *Request, res *Response, next Next) {
			v, _ := req.QueryValue("a")
			res.SendString(v)
		})
		sendRequest(t, app, "GET", "/?a=original").expect(t, 200, "original")
	})
	t.Run("function parser", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Set("query parser", func(s string) any { return objectOf("raw", s) })
		app.Get("/", func(req *Request, res *Response, next Next) {
			v, ok := req.QueryValue("raw")
			_, ok2 := req.QueryValue("a")
			res.SendString(v + " " + jsBool(ok) + " " + jsBool(ok2))
		})
		sendRequest(t, app, "GET", "/?a=1&b").expect(t, 200, "a=1&b true false")
	})
	t.Run("function parser returning another type", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Set("query parser", func(s string) any { return 42 })
		app.Get("/", func(req *Request, res *Response, next Next) {
			o, _ := parsersJSON(req.Query())
			res.SendString(o)
		})
		sendRequest(t, app, "GET", "/?a=1").expect(t, 200, "{}")
	})
}
