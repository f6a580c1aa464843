package cookiesession_test

import (
	"fmt"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookiesession"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

func ExampleNew() {
	app := fast.New()
	app.Use(cookiesession.New(cookiesession.Config{Keys: []string{"key1", "key2"}}))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		sess := cookiesession.Get(req)
		n, _ := sess.Get("views").(float64)
		sess.Set("views", n+1)
		res.SendString(fmt.Sprintf("%v views", n+1))
	})
	s := testserver.Start(app)
	defer s.Close()
	first := s.Get("/")
	fmt.Println(first.Body)
	fmt.Println(first.Header.Values("Set-Cookie")[0])
	fmt.Println(s.Get("/", "Cookie: "+testserver.CookiePairs(first.Header)).Body)
	// Output:
	// 1 views
	// session=eyJ2aWV3cyI6MX0=; path=/; httponly
	// 2 views
}
