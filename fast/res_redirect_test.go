package fast

import "testing"

// TestResRedirect ports Express 4.22's test/res.redirect.js. The
// deprecated res.redirect(url, status) is ported as RedirectStatus(status,
// url).
func TestResRedirect(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".redirect(url)", func(t *testing.T) {
			t.Parallel()
			t.Run("should default to a 302 redirect", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Redirect("http://google.com") })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "location", "http://google.com")
				r.expectStatus(t, 302)
			})

			t.Run(`should encode "url"`, func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Redirect("https://google.com?q=\u2603 §10") })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Location", "https://google.com?q=%E2%98%83%20%C2%A710")
				r.expectStatus(t, 302)
			})

			t.Run(`should not touch already-encoded sequences in "url"`, func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Redirect("https://google.com?q=%A710") })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Location", "https://google.com?q=%A710")
				r.expectStatus(t, 302)
			})
		})

		for _, describe := range []string{".redirect(status, url)", ".redirect(url, status)"} {
			t.Run(describe, func(t *testing.T) {
				t.Parallel()
				t.Run("should set the response status", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.RedirectStatus(303, "http://google.com") })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Location", "http://google.com")
					r.expectStatus(t, 303)
				})
			})
		}

		t.Run("when the request method is HEAD", func(t *testing.T) {
			t.Parallel()
			t.Run("should ignore the body", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Redirect("http://google.com") })
				r := serveTest(t, app).do("HEAD", "/")
				r.expect(t, 302, "")
				r.expectHeader(t, "Location", "http://google.com")
			})
		})

		t.Run("when accepting html", func(t *testing.T) {
			t.Parallel()
			for _, tc := range []struct {
				it, url  string
				status   int
				location string
				body     string
			}{
				{"should respond with html", "http://google.com", 302, "http://google.com", "<p>Found. Redirecting to http://google.com</p>"},
				{"should escape the url", "<la'me>", 302, "%3Cla'me%3E", "<p>Found. Redirecting to %3Cla&#39;me%3E</p>"},
				{"should not render evil javascript links in anchor href (prevent XSS)", "javascript:eval(document.body.innerHTML=`<p>XSS</p>`);",
					302, "javascript:eval(document.body.innerHTML=%60%3Cp%3EXSS%3C/p%3E%60);",
					"<p>Found. Redirecting to javascript:eval(document.body.innerHTML=%60%3Cp%3EXSS%3C/p%3E%60);</p>"},
				{"should include the redirect type", "http://google.com", 301, "http://google.com", "<p>Moved Permanently. Redirecting to http://google.com</p>"},
			} {
				t.Run(tc.it, func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.RedirectStatus(tc.status, tc.url) })
					r := serveTest(t, app).do("GET", "/", "Accept", "text/html")
					r.expectHeaderMatch(t, "Content-Type", "html")
					r.expectHeader(t, "Location", tc.location)
					r.expect(t, tc.status, tc.body)
				})
			}
		})

		t.Run("when accepting text", func(t *testing.T) {
			t.Parallel()
			for _, tc := range []struct {
				it, url  string
				status   int
				location string
				body     string
			}{
				{"should respond with text", "http://google.com", 302, "http://google.com", "Found. Redirecting to http://google.com"},
				{"should encode the url", `http://example.com/?param=<script>alert("hax");</script>`, 302,
					"http://example.com/?param=%3Cscript%3Ealert(%22hax%22);%3C/script%3E",
					"Found. Redirecting to http://example.com/?param=%3Cscript%3Ealert(%22hax%22);%3C/script%3E"},
				{"should include the redirect type", "http://google.com", 301, "http://google.com", "Moved Permanently. Redirecting to http://google.com"},
			} {
				t.Run(tc.it, func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.RedirectStatus(tc.status, tc.url) })
					r := serveTest(t, app).do("GET", "/", "Accept", "text/plain, */*")
					r.expectHeaderMatch(t, "Content-Type", "plain")
					r.expectHeader(t, "Location", tc.location)
					r.expect(t, tc.status, tc.body)
				})
			}
		})

		t.Run("when accepting neither text or html", func(t *testing.T) {
			t.Parallel()
			t.Run("should respond with an empty body", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Redirect("http://google.com") })
				r := serveTest(t, app).do("GET", "/", "Accept", "application/octet-stream")
				r.expect(t, 302, "")
				r.expectHeader(t, "location", "http://google.com")
				r.expectHeader(t, "content-length", "0")
				r.expectHeader(t, "Content-Type", "")
			})
		})
	})
}
