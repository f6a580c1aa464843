package session_test

import (
	"fmt"
	"strings"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/session"
)

func ExampleNew() {
	app := fast.New()
	app.Use(session.New(session.Config{Secret: []string{"keyboard cat"}}))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		sess := session.Get(req)
		views, _ := sess.Get("views").(float64) // JSON numbers come back as float64
		sess.Set("views", views+1)
		res.SendString(fmt.Sprintf("views: %v", views+1))
	})

	s := testserver.Start(app)
	defer s.Close()
	first := s.Get("/")
	cookie, _, _ := strings.Cut(first.Get("Set-Cookie"), ";")
	fmt.Println(first.Body)
	fmt.Println(s.Get("/", "Cookie: "+cookie).Body)
	// Output:
	// views: 1
	// views: 2
}

func ExampleSession_Regenerate() {
	app := fast.New()
	app.Use(session.New(session.Config{Secret: []string{"keyboard cat"}, NoSaveUninitialized: true}))
	app.Post("/login", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// ... check the credentials, then give the session a new ID so that
		// an ID planted before the login is worthless.
		sess := session.Get(req)
		if err := sess.Regenerate(); err != nil {
			next(err)
			return
		}
		sess.Set("user", "tobi")
		res.Redirect("/")
	})
	s := testserver.Start(app)
	defer s.Close()
	r := s.Do(testserver.Request("POST", "/login", ""))
	fmt.Println(r.Status, strings.HasPrefix(r.Get("Set-Cookie"), "connect.sid=s%3A"))
	// Output:
	// 302 true
}
