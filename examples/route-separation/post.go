package main

import "github.com/fwgo/fw/fast"

// post is an entry of the fake posts database.
type post struct{ Title, Body string }

var posts = []post{
	{"Foo", "some foo bar"},
	{"Foo bar", "more foo bar"},
	{"Foo bar baz", "more foo bar baz"},
}

// postList renders the posts.
func postList(req *fast.Request, res *fast.Response, next fast.Next) {
	res.Render("posts", map[string]any{"title": "Posts", "posts": posts}, nil)
}
