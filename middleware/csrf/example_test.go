package csrf_test

import (
	"fmt"
	"net/url"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/csrf"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/session"
)

func ExampleNew() {
	app := fast.New()
	app.Use(session.New(session.Config{Secret: []string{"keyboard cat"}}))
	app.Use(fast.URLEncoded())
	app.Use(csrf.New())
	app.Get("/form", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString(csrf.Token(req)) // in a page: <input type="hidden" name="_csrf" value="...">
	})
	app.Post("/process", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("data is being processed")
	})

	s := testserver.Start(app)
	defer s.Close()
	form := s.Get("/form")
	cookie := "Cookie: " + testserver.CookiePairs(form.Header)
	body := "_csrf=" + url.QueryEscape(form.Body)
	ok := s.Do(testserver.Request("POST", "/process", body, cookie, "Content-Type: application/x-www-form-urlencoded"))
	bad := s.Do(testserver.Request("POST", "/process", "_csrf=forged", cookie, "Content-Type: application/x-www-form-urlencoded"))
	fmt.Println(ok.Status, ok.Body)
	fmt.Println(bad.Status)
	// Output:
	// 200 data is being processed
	// 403
}
