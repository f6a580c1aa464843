package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

const form = "Content-Type: application/x-www-form-urlencoded"

// TestAcceptance ports Express's test/acceptance/route-separation.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp("views", extest.PinnedCopy(t, "public")))
	t.Run("GET /", func(t *testing.T) {
		t.Run("should respond with index", func(t *testing.T) {
			extest.Expect(t, s.Get("/"), 200, "Route Separation Example")
		})
	})
	t.Run("GET /users", func(t *testing.T) {
		t.Run("should list users", func(t *testing.T) {
			r := s.Get("/users")
			extest.Expect(t, r, 200, "TJ")
			extest.Expect(t, r, 200, "Tobi")
		})
	})
	for _, suffix := range []string{"", "/view"} {
		t.Run("GET /user/:id"+suffix, func(t *testing.T) {
			t.Run("should get a user", func(t *testing.T) {
				extest.Expect(t, s.Get("/user/0"+suffix), 200, "Viewing user TJ")
			})
			t.Run("should 404 on missing user", func(t *testing.T) {
				extest.Expect(t, s.Get("/user/10"+suffix), 404, "")
			})
		})
	}
	t.Run("GET /user/:id/edit", func(t *testing.T) {
		t.Run("should get a user to edit", func(t *testing.T) {
			extest.Expect(t, s.Get("/user/0/edit"), 200, "Editing user TJ")
		})
	})
	t.Run("PUT /user/:id/edit", func(t *testing.T) {
		t.Run("should edit a user", func(t *testing.T) {
			r := s.Request("PUT", "/user/0/edit", "user%5Bname%5D=TJ&user%5Bemail%5D=tj-invalid%40vision-media.ca", form)
			extest.Expect(t, r, 302, "")
			extest.Expect(t, s.Get("/user/0"), 200, "tj-invalid@vision-media.ca")
		})
	})
	t.Run("POST /user/:id/edit?_method=PUT", func(t *testing.T) {
		t.Run("should edit a user", func(t *testing.T) {
			r := s.Request("POST", "/user/1/edit?_method=PUT", "user%5Bname%5D=Tobi&user%5Bemail%5D=tobi-invalid%40vision-media.ca", form)
			extest.Expect(t, r, 302, "")
			extest.Expect(t, s.Get("/user/1"), 200, "tobi-invalid@vision-media.ca")
		})
	})
	t.Run("GET /posts", func(t *testing.T) {
		t.Run("should get a list of posts", func(t *testing.T) {
			extest.Expect(t, s.Get("/posts"), 200, "Posts")
		})
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp("views", extest.PinnedCopy(t, "public")))
}
