package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/web-service.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	for _, path := range []string{"/api/users", "/api/repos", "/api/user/loki/repos"} {
		t.Run("GET "+path, func(t *testing.T) {
			t.Run("should respond with 400 bad request", func(t *testing.T) { extest.Expect(t, s.Get(path), 400, "") })
			t.Run("should respond with 401 unauthorized", func(t *testing.T) { extest.Expect(t, s.Get(path+"?api-key=rawr"), 401, "") })
		})
	}
	t.Run("should respond users json", func(t *testing.T) {
		r := s.Get("/api/users?api-key=foo")
		extest.ExpectHeader(t, r, "Content-Type", "application/json; charset=utf-8")
		extest.Expect(t, r, 200, `[{"name":"tobi"},{"name":"loki"},{"name":"jane"}]`)
	})
	t.Run("should respond repos json", func(t *testing.T) {
		r := s.Get("/api/repos?api-key=foo")
		extest.ExpectHeader(t, r, "Content-Type", "application/json; charset=utf-8")
		extest.Expect(t, r, 200, `"name":"express"`)
		extest.Expect(t, r, 200, `"url":"https://github.com/expressjs/express"`)
	})
	t.Run("should respond user repos json", func(t *testing.T) {
		r := s.Get("/api/user/loki/repos?api-key=foo")
		extest.ExpectHeader(t, r, "Content-Type", "application/json; charset=utf-8")
		extest.Expect(t, r, 200, `"name":"stylus"`)
		extest.Expect(t, r, 200, `"url":"https://github.com/learnboost/stylus"`)
	})
	t.Run("should 404 with unknown user", func(t *testing.T) {
		extest.Expect(t, s.Get("/api/user/bob/repos?api-key=foo"), 404, "")
	})
	t.Run("should respond with 404 json", func(t *testing.T) {
		r := s.Get("/api/something?api-key=bar")
		extest.ExpectHeader(t, r, "Content-Type", "application/json; charset=utf-8")
		extest.Expect(t, r, 404, `{"error":"Sorry, can't find that"}`)
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
