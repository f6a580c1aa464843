package main

import "github.com/fwgo/fw/fast"

// siteIndex renders the home page.
func siteIndex(req *fast.Request, res *fast.Response, next fast.Next) {
	res.Render("index", map[string]any{"title": "Route Separation Example"}, nil)
}
