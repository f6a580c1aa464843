package main

import (
	"strconv"
	"sync"

	"github.com/fwgo/fw/fast"
)

// user is an entry of the fake users database.
type user struct{ Name, Email string }

// userRoutes are the user pages over a fake database, one per app.
type userRoutes struct {
	mu    sync.Mutex
	users []*user
}

func newUserRoutes() *userRoutes {
	return &userRoutes{users: []*user{
		{"TJ", "tj@vision-media.ca"},
		{"Tobi", "tobi@vision-media.ca"},
	}}
}

// notFound is the error of a missing user: err.status = 404.
type notFound struct{ id string }

func (e *notFound) Error() string   { return "cannot find user " + e.id }
func (e *notFound) StatusCode() int { return 404 }

func (u *userRoutes) list(req *fast.Request, res *fast.Response, next fast.Next) {
	u.mu.Lock()
	users := make([]user, len(u.users))
	for i, p := range u.users {
		users[i] = *p
	}
	u.mu.Unlock()
	res.Render("users", map[string]any{"title": "Users", "users": users}, nil)
}

// load finds the user of :id (users[id] in JavaScript: a decimal index).
func (u *userRoutes) load(req *fast.Request, res *fast.Response, next fast.Next) {
	id := req.Params().Get("id")
	u.mu.Lock()
	var found *user
	if i, err := strconv.Atoi(id); err == nil && i >= 0 && i < len(u.users) && strconv.Itoa(i) == id {
		found = u.users[i]
	}
	u.mu.Unlock()
	if found == nil {
		next(&notFound{id})
		return
	}
	res.Locals()["loaded"] = found
	next()
}

// loaded returns a copy of the user load found.
func (u *userRoutes) loaded(res *fast.Response) user {
	u.mu.Lock()
	defer u.mu.Unlock()
	return *res.Locals()["loaded"].(*user)
}

func (u *userRoutes) view(req *fast.Request, res *fast.Response, next fast.Next) {
	usr := u.loaded(res)
	res.Render("users/view", map[string]any{"title": "Viewing user " + usr.Name, "user": usr}, nil)
}

func (u *userRoutes) edit(req *fast.Request, res *fast.Response, next fast.Next) {
	usr := u.loaded(res)
	res.Render("users/edit", map[string]any{"title": "Editing user " + usr.Name, "user": usr}, nil)
}

// update saves the form's user[name] and user[email]; normally you would
// validate them first.
func (u *userRoutes) update(req *fast.Request, res *fast.Response, next fast.Next) {
	var name, email string
	if body, ok := req.Body().(*fast.Object); ok {
		if form, ok := body.Get("user"); ok {
			if o, ok := form.(*fast.Object); ok {
				n, _ := o.Get("name")
				e, _ := o.Get("email")
				name, _ = n.(string)
				email, _ = e.(string)
			}
		}
	}
	u.mu.Lock()
	p := res.Locals()["loaded"].(*user)
	p.Name, p.Email = name, email
	u.mu.Unlock()
	res.Redirect("back")
}
