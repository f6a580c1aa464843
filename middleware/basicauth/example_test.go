package basicauth_test

import (
	"fmt"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/basicauth"
)

func ExampleNew() {
	app := fast.New()
	app.Use(basicauth.New("tj", "wahoo"))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("hello " + basicauth.User(req).(string))
	})
	fmt.Println(get(app, "Basic dGo6d2Fob28="))
	fmt.Println(get(app, ""))
	// Output:
	// 200 hello tj
	// 401 Unauthorized Basic realm="Authorization Required"
}

func ExampleAsync() {
	users := map[string]string{"tj": "wahoo"}
	app := fast.New()
	app.Use(basicauth.Async(func(user, pass string, done func(error, any)) {
		// A database lookup would run here, possibly on another goroutine.
		if users[user] == pass {
			done(nil, map[string]string{"name": user})
			return
		}
		done(nil, nil)
	}))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.JSON(basicauth.User(req))
	})
	fmt.Println(get(app, "Basic dGo6d2Fob28="))
	// Output:
	// 200 {"name":"tj"}
}

func ExampleParse() {
	user, pass, ok := basicauth.Parse("basic Zm9vOmJhcg==")
	fmt.Println(user, pass, ok)
	// Output:
	// foo bar true
}
