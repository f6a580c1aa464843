package router_test

import (
	"fmt"

	"github.com/fwgo/fw/router"
)

func ExampleCompile() {
	p, err := router.Compile("/user/:id/:op?", router.Options{End: true})
	if err != nil {
		panic(err)
	}
	path := "/User/42"
	caps := make([]int32, 2*len(p.Keys()))
	_, _, ok := p.Match(path, caps)
	fmt.Println(ok)
	for i, k := range p.Keys() {
		if caps[2*i] < 0 {
			fmt.Printf("%s: undefined\n", k.Name)
			continue
		}
		fmt.Printf("%s: %s\n", k.Name, path[caps[2*i]:caps[2*i+1]])
	}
	// Output:
	// true
	// id: 42
	// op: undefined
}

func ExampleCompile_error() {
	// A mistake in a path is an error (fast panics with it when the
	// route is registered).
	_, err := router.Compile("/files/(*", router.Options{End: true})
	fmt.Println(err)
	// Output:
	// router: invalid path "/files/(*": regular expression /^\/files\/(?:(.*)\/?$/: Unterminated group
}

func ExampleNewTable() {
	compile := func(path string, end bool) *router.Pattern {
		p, err := router.Compile(path, router.Options{End: end})
		if err != nil {
			panic(err)
		}
		return p
	}
	const get = 1 << 0
	t := router.NewTable([]router.Layer[string]{
		{Pattern: compile("/", false), Handle: "logger"},                                  // app.use(logger)
		{Pattern: compile("/users/:id", true), Handle: "user", Route: true, Methods: get}, // app.get
		{Pattern: compile("/posts/:id", true), Handle: "post", Route: true, Methods: get},
	}, false)
	cands, _ := t.Candidates("/users/7", get, nil, nil)
	for _, c := range cands {
		fmt.Println(t.Layer(c.Index).Handle)
	}
	// Output:
	// logger
	// user
}
