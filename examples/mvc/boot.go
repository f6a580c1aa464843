package main

import (
	"path/filepath"

	"github.com/fwgo/fw/examples/internal/views"
	"github.com/fwgo/fw/fast"
)

// action is one exported handler of a controller, by its conventional
// name: show, list, edit, update, create or index.
type action struct {
	name    string
	handler fast.Handler
}

// controller is what a controller module exports in the original: an
// optional name and path prefix, a view engine, a before middleware and
// its actions, in the order they are declared.
type controller struct {
	dir     string // directory under controllers/, the default name
	name    string
	prefix  string
	engine  string
	before  fast.Handler
	actions []action
}

// boot mounts one sub-app per controller on parent, generating each
// action's route from its name, as the original's lib/boot.js does. It
// panics on an unknown action name.
func boot(parent *fast.App, controllersDir string, controllers []controller) {
	for _, c := range controllers {
		name := c.name
		if name == "" {
			name = c.dir
		}
		app := fast.New()
		app.Engine("html", views.Engine)
		app.Engine("tmpl", views.Engine)
		// Allow specifying the view engine.
		if c.engine != "" {
			app.Set("view engine", c.engine)
		}
		app.Set("views", filepath.Join(controllersDir, name, "views"))
		for _, a := range c.actions {
			var method, url string
			switch a.name {
			case "show":
				method, url = "GET", "/"+name+"/:"+name+"_id"
			case "list":
				method, url = "GET", "/"+name+"s"
			case "edit":
				method, url = "GET", "/"+name+"/:"+name+"_id/edit"
			case "update":
				method, url = "PUT", "/"+name+"/:"+name+"_id"
			case "create":
				method, url = "POST", "/"+name
			case "index":
				method, url = "GET", "/"
			default:
				panic("unrecognized route: " + name + "." + a.name)
			}
			url = c.prefix + url
			// Before middleware support.
			if c.before != nil {
				app.Route(url).Method(method, c.before, a.handler)
			} else {
				app.Route(url).Method(method, a.handler)
			}
		}
		// Mount the app.
		parent.Use(app)
	}
}
