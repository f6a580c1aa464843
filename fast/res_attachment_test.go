package fast

import (
	"bytes"
	"testing"
)

// TestResAttachment ports Express 4.22's test/res.attachment.js.
func TestResAttachment(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".attachment()", func(t *testing.T) {
			t.Parallel()
			t.Run("should Content-Disposition to attachment", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Attachment().Send("foo") })
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Disposition", "attachment")
			})
		})

		t.Run(".attachment(filename)", func(t *testing.T) {
			t.Parallel()
			t.Run("should add the filename param", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Attachment("/path/to/image.png")
					res.Send("foo")
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Disposition", `attachment; filename="image.png"`)
			})

			t.Run("should set the Content-Type", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Attachment("/path/to/image.png")
					res.SendBytes(bytes.Repeat([]byte("."), 4))
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Type", "image/png")
			})
		})

		t.Run(".attachment(utf8filename)", func(t *testing.T) {
			t.Parallel()
			t.Run("should add the filename and filename* params", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Attachment("/locales/日本語.txt")
					res.Send("japanese")
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Disposition", `attachment; filename="???.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.txt`)
				r.expectStatus(t, 200)
			})

			t.Run("should set the Content-Type", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Attachment("/locales/日本語.txt")
					res.Send("japanese")
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Type", "text/plain; charset=utf-8")
			})
		})
	})
}
