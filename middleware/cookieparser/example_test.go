package cookieparser_test

import (
	"fmt"
	"strings"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookieparser"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

func ExampleNew() {
	app := fast.New()
	app.Use(cookieparser.New("keyboard cat"))
	app.Get("/login", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Signed with req.Secret(), the first secret.
		res.Cookie("user", "tobi", fast.CookieOptions{Signed: true})
		res.SendString("ok")
	})
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Cookie values are views of request memory, valid until the
		// request ends.
		theme, _ := req.Cookies().Get("theme")
		user, ok := req.SignedCookies().Get("user")
		res.SendString(fmt.Sprintf("theme=%s user=%s verified=%t", theme, user, ok))
	})

	s := testserver.Start(app)
	defer s.Close()
	signed := strings.SplitN(s.Get("/login").Get("Set-Cookie"), ";", 2)[0]
	fmt.Println(s.Get("/", "Cookie: theme=dark; "+signed).Body)
	fmt.Println(s.Get("/", "Cookie: theme=dark; user=s%3Atobi.forged").Body)
	// Output:
	// theme=dark user=tobi verified=true
	// theme=dark user= verified=false
}

func ExampleSignedCookie() {
	value, ok := cookieparser.SignedCookie("plain")
	fmt.Println(value, ok)
	_, ok = cookieparser.SignedCookie("s:tobi.forged", "keyboard cat")
	fmt.Println(ok)
	// Output:
	// plain true
	// false
}

func ExampleJSONCookie() {
	fmt.Println(cookieparser.JSONCookie(`j:{"cart":[1,2]}`))
	fmt.Println(cookieparser.JSONCookie("j:{oops"))
	// Output:
	// {"cart":[1,2]} true
	//  false
}
