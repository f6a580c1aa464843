package main

import (
	"errors"
	"strconv"

	"github.com/fwgo/fw/fast"
)

// formField returns body[group][name] of an extended urlencoded body, as
// req.body.group.name, and whether body[group] is an object.
func formField(req *fast.Request, group, name string) (string, bool) {
	body, ok := req.Body().(*fast.Object)
	if !ok {
		return "", false
	}
	g, _ := body.Get(group)
	o, ok := g.(*fast.Object)
	if !ok {
		return "", false
	}
	v, _ := o.Get(name)
	s, _ := v.(string)
	return s, true
}

// errNoForm is what reading req.body.user.name throws in the original
// when the form has no user[...] fields.
var errNoForm = errors.New("Cannot read properties of undefined (reading 'name')")

// controllers are the controllers/ of the original, in the order its
// readdirSync lists them.
func (d *db) controllers() []controller {
	return []controller{
		{dir: "main", actions: []action{{"index", d.mainIndex}}},
		{dir: "pet", engine: "html", before: d.petBefore, actions: []action{
			{"show", d.petShow}, {"edit", d.petEdit}, {"update", d.petUpdate},
		}},
		{dir: "user", engine: "tmpl", before: d.userBefore, actions: []action{
			{"list", d.userList}, {"edit", d.userEdit}, {"show", d.userShow}, {"update", d.userUpdate},
		}},
		{dir: "user-pet", name: "pet", prefix: "/user/:user_id", actions: []action{{"create", d.userPetCreate}}},
	}
}

// main

func (d *db) mainIndex(req *fast.Request, res *fast.Response, next fast.Next) {
	res.Redirect("/users")
}

// pet

func (d *db) petBefore(req *fast.Request, res *fast.Response, next fast.Next) {
	d.mu.Lock()
	p := index(d.pets, req.Params().Get("pet_id"))
	d.mu.Unlock()
	if p == nil {
		next.SkipRoute()
		return
	}
	res.Locals()["loadedPet"] = p
	next()
}

func (d *db) petShow(req *fast.Request, res *fast.Response, next fast.Next) {
	d.mu.Lock()
	defer d.mu.Unlock()
	res.Render("show", map[string]any{"pet": res.Locals()["loadedPet"]}, nil)
}

func (d *db) petEdit(req *fast.Request, res *fast.Response, next fast.Next) {
	d.mu.Lock()
	defer d.mu.Unlock()
	res.Render("edit", map[string]any{"pet": res.Locals()["loadedPet"]}, nil)
}

func (d *db) petUpdate(req *fast.Request, res *fast.Response, next fast.Next) {
	name, ok := formField(req, "pet", "name")
	if !ok {
		next(errNoForm)
		return
	}
	p := res.Locals()["loadedPet"].(*pet)
	d.mu.Lock()
	p.Name = name
	d.mu.Unlock()
	message(req, "Information updated!")
	res.Redirect("/pet/" + strconv.Itoa(p.ID))
}

// user

func (d *db) userBefore(req *fast.Request, res *fast.Response, next fast.Next) {
	id := req.Params().Get("user_id")
	if id == "" {
		next()
		return
	}
	// Pretend to query a database.
	d.mu.Lock()
	u := index(d.users, id)
	d.mu.Unlock()
	if u == nil {
		// Can't find that user.
		next.SkipRoute()
		return
	}
	// Found it, move on to the routes.
	res.Locals()["loadedUser"] = u
	next()
}

func (d *db) userList(req *fast.Request, res *fast.Response, next fast.Next) {
	d.mu.Lock()
	defer d.mu.Unlock()
	res.Render("list", map[string]any{"users": d.users}, nil)
}

func (d *db) userEdit(req *fast.Request, res *fast.Response, next fast.Next) {
	d.mu.Lock()
	defer d.mu.Unlock()
	res.Render("edit", map[string]any{"user": res.Locals()["loadedUser"]}, nil)
}

func (d *db) userShow(req *fast.Request, res *fast.Response, next fast.Next) {
	d.mu.Lock()
	defer d.mu.Unlock()
	res.Render("show", map[string]any{"user": res.Locals()["loadedUser"]}, nil)
}

func (d *db) userUpdate(req *fast.Request, res *fast.Response, next fast.Next) {
	name, ok := formField(req, "user", "name")
	if !ok {
		next(errNoForm)
		return
	}
	u := res.Locals()["loadedUser"].(*user)
	d.mu.Lock()
	u.Name = name
	d.mu.Unlock()
	message(req, "Information updated!")
	res.Redirect("/user/" + strconv.Itoa(u.ID))
}

// user-pet

func (d *db) userPetCreate(req *fast.Request, res *fast.Response, next fast.Next) {
	id := req.Params().Get("user_id")
	d.mu.Lock()
	u := index(d.users, id)
	d.mu.Unlock()
	if u == nil {
		next.SkipRoute()
		return
	}
	name, ok := formField(req, "pet", "name")
	if !ok {
		next(errNoForm)
		return
	}
	d.mu.Lock()
	p := &pet{Name: name, ID: len(d.pets)}
	d.pets = append(d.pets, p)
	u.Pets = append(u.Pets, p)
	d.mu.Unlock()
	message(req, "Added pet "+name)
	res.Redirect("/user/" + id)
}
