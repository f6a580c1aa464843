package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

const form = "Content-Type: application/x-www-form-urlencoded"

// TestAcceptance ports Express's test/acceptance/mvc.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp(".", extest.PinnedCopy(t, "public")))
	t.Run("GET /", func(t *testing.T) {
		t.Run("should redirect to /users", func(t *testing.T) {
			r := s.Get("/")
			extest.Expect(t, r, 302, "")
			extest.ExpectHeader(t, r, "Location", "/users")
		})
	})
	t.Run("GET /pet/0", func(t *testing.T) {
		t.Run("should get pet", func(t *testing.T) {
			extest.Expect(t, s.Get("/pet/0"), 200, "Tobi")
		})
	})
	t.Run("GET /pet/0/edit", func(t *testing.T) {
		t.Run("should get pet edit page", func(t *testing.T) {
			r := s.Get("/pet/0/edit")
			extest.Expect(t, r, 200, "<form")
			extest.Expect(t, r, 200, "Tobi")
		})
	})
	t.Run("PUT /pet/2", func(t *testing.T) {
		t.Run("should update the pet", func(t *testing.T) {
			extest.Expect(t, s.Request("PUT", "/pet/3", "pet%5Bname%5D=Boots", form), 302, "")
			extest.Expect(t, s.Get("/pet/3/edit"), 200, "Boots")
		})
	})
	t.Run("GET /users", func(t *testing.T) {
		t.Run("should display a list of users", func(t *testing.T) {
			r := s.Get("/users")
			for _, want := range []string{"<h1>Users</h1>", ">TJ<", ">Guillermo<", ">Nathan<"} {
				extest.Expect(t, r, 200, want)
			}
		})
	})
	t.Run("GET /user/:id", func(t *testing.T) {
		t.Run("when present", func(t *testing.T) {
			t.Run("should display the user", func(t *testing.T) {
				extest.Expect(t, s.Get("/user/0"), 200, `<h1>TJ <a href="/user/0/edit">edit`)
			})
			t.Run("should display the users pets", func(t *testing.T) {
				r := s.Get("/user/0")
				for _, want := range []string{`/pet/0">Tobi`, `/pet/1">Loki`, `/pet/2">Jane`} {
					extest.Expect(t, r, 200, want)
				}
			})
		})
		t.Run("when not present", func(t *testing.T) {
			t.Run("should 404", func(t *testing.T) {
				extest.Expect(t, s.Get("/user/123"), 404, "")
			})
		})
	})
	t.Run("GET /user/:id/edit", func(t *testing.T) {
		t.Run("should display the edit form", func(t *testing.T) {
			r := s.Get("/user/1/edit")
			extest.Expect(t, r, 200, "Guillermo")
			extest.Expect(t, r, 200, "<form")
		})
	})
	t.Run("PUT /user/:id", func(t *testing.T) {
		t.Run("should 500 on error", func(t *testing.T) {
			extest.Expect(t, s.Request("PUT", "/user/1", "{}", "Content-Type: application/json"), 500, "")
		})
		t.Run("should update the user", func(t *testing.T) {
			extest.Expect(t, s.Request("PUT", "/user/1", "user%5Bname%5D=Tobo", form), 302, "")
			extest.Expect(t, s.Get("/user/1/edit"), 200, "Tobo")
		})
	})
	t.Run("POST /user/:id/pet", func(t *testing.T) {
		t.Run("should create a pet for user", func(t *testing.T) {
			r := s.Request("POST", "/user/2/pet", "pet%5Bname%5D=Snickers", form)
			extest.Expect(t, r, 302, "")
			extest.ExpectHeader(t, r, "Location", "/user/2")
			extest.Expect(t, s.Get("/user/2"), 200, "Snickers")
		})
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp(".", extest.PinnedCopy(t, "public")))
}
