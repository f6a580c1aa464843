// Command auth is Express's examples/auth in Go: a login form, a password
// checked with PBKDF2 against a salted hash, and a session
// (middleware/session, express-session) that remembers the user and a
// message for the next page. Log in as "tj" with "foobar". It listens on
// $PORT (default 3000). The views are html/template ports of the
// original's ejs views.
package main

import (
	"html/template"
	"log"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/examples/internal/views"
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/session"
)

type user struct {
	name, salt, hash string
}

// db is the dummy database: when a user is created, a salt is generated
// and the password ("foobar" here) hashed with it.
type db map[string]*user

func newDB() (db, error) {
	tj := &user{name: "tj", salt: newSalt()}
	h, err := hash("foobar", tj.salt)
	if err != nil {
		return nil, err
	}
	tj.hash = h
	return db{"tj": tj}, nil
}

// authenticate applies the same algorithm to the posted password, with
// the user's salt: the user when the hashes match, nil otherwise.
func (d db) authenticate(name, pass string, verbose bool) (*user, error) {
	if verbose {
		log.Printf("authenticating %s", name) // the original logs the password too
	}
	u := d[name]
	if u == nil {
		return nil, nil
	}
	h, err := hash(pass, u.salt)
	if err != nil {
		return nil, err
	}
	if sameHash(h, u.hash) {
		return u, nil
	}
	return nil, nil
}

// restrict lets only a logged-in user through.
func restrict(req *fast.Request, res *fast.Response, next fast.Next) {
	sess := session.Get(req)
	if sess.Get("user") != nil {
		next()
		return
	}
	sess.Set("error", "Access denied!")
	res.Redirect("/login")
}

// field returns a string field of a parsed urlencoded body.
func field(req *fast.Request, name string) string {
	if o, ok := req.Body().(*fast.Object); ok {
		v, _ := o.Get(name)
		s, _ := v.(string)
		return s
	}
	return ""
}

func newApp(viewsDir string) *fast.App {
	users, err := newDB()
	if err != nil {
		panic(err)
	}
	app := fast.New()
	verbose := app.Setting("env") != "test"

	// Config.
	app.Engine("html", views.Engine)
	app.Set("view engine", "html")
	app.Set("views", viewsDir)

	// Middleware.
	app.Use(fast.URLEncoded(fast.URLEncodedConfig{Extended: fast.Off}))
	app.Use(session.New(session.Config{
		NoResave:            true, // don't save session if unmodified
		NoSaveUninitialized: true, // don't create session until something stored
		Secret:              []string{"shhhh, very secret"},
	}))

	// Session-persisted message middleware.
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		sess := session.Get(req)
		errMsg, _ := sess.Get("error").(string)
		msg, _ := sess.Get("success").(string)
		sess.Delete("error")
		sess.Delete("success")
		// The messages hold HTML (links), written as they are.
		message := template.HTML("")
		if errMsg != "" {
			message = template.HTML(`<p class="msg error">` + errMsg + `</p>`)
		}
		if msg != "" {
			message = template.HTML(`<p class="msg success">` + msg + `</p>`)
		}
		res.Locals()["message"] = message
		next()
	})

	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Redirect("/login")
	})
	app.Get("/restricted", restrict, func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send(`Wahoo! restricted area, click to <a href="/logout">logout</a>`)
	})
	app.Get("/logout", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Destroy the user's session to log them out; it will be
		// re-created next request.
		session.Get(req).Destroy()
		res.Redirect("/")
	})
	app.Get("/login", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Render("login", nil, nil)
	})
	app.Post("/login", func(req *fast.Request, res *fast.Response, next fast.Next) {
		u, err := users.authenticate(field(req, "username"), field(req, "password"), verbose)
		if err != nil {
			next(err)
			return
		}
		sess := session.Get(req)
		if u == nil {
			sess.Set("error", "Authentication failed, please check your "+
				" username and password."+
				` (use "tj" and "foobar")`)
			res.Redirect("/login")
			return
		}
		// Regenerate the session when signing in, to prevent fixation.
		if err := sess.Regenerate(); err != nil {
			next(err)
			return
		}
		// Store the user's primary key in the session.
		sess.Set("user", u.name)
		sess.Set("success", "Authenticated as "+u.name+
			` click to <a href="/logout">logout</a>. `+
			` You may now access <a href="/restricted">/restricted</a>.`)
		res.Redirect("back")
	})
	return app
}

func main() {
	srv, err := newApp(extest.Dir("auth", "views")).Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
