package main

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/conformance/runner"
	"github.com/fwgo/fw/examples/internal/extest"
)

// firstCookie is res.headers['set-cookie'][0] of the acceptance tests.
func firstCookie(t *testing.T, r *runner.Response) string {
	t.Helper()
	v, ok := r.Header("Set-Cookie")
	if !ok {
		t.Fatal("no Set-Cookie")
	}
	return v
}

// TestAcceptance ports Express's test/acceptance/cookies.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	form := "Content-Type: application/x-www-form-urlencoded"
	t.Run("GET /", func(t *testing.T) {
		t.Run("should have a form", func(t *testing.T) {
			extest.Expect(t, s.Get("/"), 200, "<form")
		})
		t.Run("should respond with no cookies", func(t *testing.T) {
			r := s.Get("/")
			extest.Expect(t, r, 200, "")
			if _, ok := r.Header("Set-Cookie"); ok {
				t.Error("unexpected Set-Cookie")
			}
		})
		t.Run("should respond to cookie", func(t *testing.T) {
			r := s.Request("POST", "/", "remember=1", form)
			extest.Expect(t, r, 302, "")
			extest.Expect(t, s.Get("/", "Cookie: "+firstCookie(t, r)), 200, "Remembered")
		})
	})
	t.Run("GET /forget", func(t *testing.T) {
		t.Run("should clear cookie", func(t *testing.T) {
			r := s.Request("POST", "/", "remember=1", form)
			extest.Expect(t, r, 302, "")
			r = s.Get("/forget", "Cookie: "+firstCookie(t, r))
			extest.Expect(t, r, 302, "")
			if !strings.Contains(firstCookie(t, r), "remember=;") {
				t.Errorf("Set-Cookie %q does not clear remember", firstCookie(t, r))
			}
		})
	})
	t.Run("POST /", func(t *testing.T) {
		t.Run("should set a cookie", func(t *testing.T) {
			r := s.Request("POST", "/", "remember=1", form)
			extest.Expect(t, r, 302, "")
			if !strings.Contains(firstCookie(t, r), "remember=1") {
				t.Errorf("Set-Cookie %q", firstCookie(t, r))
			}
		})
		t.Run("should no set cookie w/o reminder", func(t *testing.T) {
			r := s.Request("POST", "/", "{}", "Content-Type: application/json")
			extest.Expect(t, r, 302, "")
			if _, ok := r.Header("Set-Cookie"); ok {
				t.Error("unexpected Set-Cookie")
			}
		})
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
