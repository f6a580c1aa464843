package bodyparser_test

import (
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/bodyparser"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

// TestMultipartOnLegacy3App checks that the multipart parser reads a form
// on an app of fast.NewLegacy3, whose req.is is Express 3's (connect's
// multipart middleware tests the type with type-is, whatever the app).
func TestMultipartOnLegacy3App(t *testing.T) {
	t.Parallel()
	app := fast.NewLegacy3()
	app.Use(bodyparser.Multipart())
	app.Post("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		body := req.Body().(*fast.Object)
		v, _ := body.Get("a")
		s, _ := v.(string)
		res.SendString(s)
	})
	s := testserver.New(t, app)
	if r := s.Do(multipartRequest(part("a", "", "value") + "--" + boundary + "--\r\n")); r.Body != "value" {
		t.Errorf("multipart: %d %q", r.Status, r.Body)
	}
}
