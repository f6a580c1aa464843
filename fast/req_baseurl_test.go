package fast

import (
	"strings"
	"testing"
)

// TestReqBaseURL ports Express 4.22's test/req.baseUrl.js.
func TestReqBaseURL(t *testing.T) {
	t.Parallel()
	t.Run("req", func(t *testing.T) {
		t.Parallel()
		t.Run(".baseUrl", func(t *testing.T) {
			t.Parallel()
			sendBase := func(req *Request, res *Response, next Next) { res.SendString(req.BaseURL()) }

			t.Run("should be empty for top-level route", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/:a", sendBase)
				serveTest(t, app).do("GET", "/foo").expect(t, 200, "")
			})

			t.Run("should contain lower path", func(t *testing.T) {
				t.Parallel()
				app := New()
				sub := NewRouter()
				sub.Get("/:b", sendBase)
				app.Use("/:a", sub)
				serveTest(t, app).do("GET", "/foo/bar").expect(t, 200, "/foo")
			})

			t.Run("should contain full lower path", func(t *testing.T) {
				t.Parallel()
				app := New()
				sub1, sub2, sub3 := NewRouter(), NewRouter(), NewRouter()
				sub3.Get("/:d", sendBase)
				sub2.Use("/:c", sub3)
				sub1.Use("/:b", sub2)
				app.Use("/:a", sub1)
				serveTest(t, app).do("GET", "/foo/bar/baz/zed").expect(t, 200, "/foo/bar/baz")
			})

			t.Run("should travel through routers correctly", func(t *testing.T) {
				t.Parallel()
				var urls []string
				push := func(tag string) Handler {
					return func(req *Request, res *Response, next Next) {
						urls = append(urls, tag+"@"+req.BaseURL())
						next()
					}
				}
				app := New()
				sub1, sub2, sub3 := NewRouter(), NewRouter(), NewRouter()
				sub3.Get("/:d", push("0"))
				sub2.Use("/:c", sub3)
				sub1.Use("/", push("1"))
				sub1.Use("/bar", sub2)
				sub1.Use("/bar", push("2"))
				app.Use(push("3"))
				app.Use("/:a", sub1)
				app.Use(func(req *Request, res *Response, next Next) {
					urls = append(urls, "4@"+req.BaseURL())
					res.SendString(strings.Join(urls, ","))
				})
				serveTest(t, app).do("GET", "/foo/bar/baz/zed").expect(t, 200, "3@,1@/foo,0@/foo/bar/baz,2@/foo/bar,4@")
			})
		})
	})
}
