package fast

import (
	"net/url"
	"strings"
	"testing"

	"github.com/fwgo/fw/internal/uri"
)

// TestResLocation ports Express 4.22's test/res.location.js. Location
// takes a string: the cases passing a boolean, an object or an array to
// res.location are listed in testdata/express-response-skips.md, and a URL
// instance is passed as its String().
func TestResLocation(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".location(url)", func(t *testing.T) {
			t.Parallel()
			for _, tc := range []struct{ it, url, want string }{
				{"should set the header", "http://google.com/", "http://google.com/"},
				{"should preserve trailing slashes when not present", "http://google.com", "http://google.com"},
				{`should encode "url"`, "https://google.com?q=\u2603 §10", "https://google.com?q=%E2%98%83%20%C2%A710"},
				{"should encode data uri", "data:text/javascript,export default () => { }", "data:text/javascript,export%20default%20()%20=%3E%20%7B%20%7D"},
				{"should consistently handle empty string input", "", ""},
			} {
				t.Run(tc.it, func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.Location(tc.url).End() })
					r := serveTest(t, app).do("GET", "/")
					if tc.want == "" {
						// Node writes "Location: " with an empty value.
						if v := r.header("Location"); v != "" {
							t.Errorf("Location = %q, want empty", v)
						}
					} else {
						r.expectHeader(t, "Location", tc.want)
					}
					r.expectStatus(t, 200)
				})
			}

			t.Run(`when url is "back"`, func(t *testing.T) {
				t.Parallel()
				for _, tc := range []struct {
					it      string
					headers []string
					want    string
				}{
					{`should set location from "Referer" header`, []string{"Referer", "/some/page.html"}, "/some/page.html"},
					{`should set location from "Referrer" header`, []string{"Referrer", "/some/page.html"}, "/some/page.html"},
					{`should prefer "Referrer" header`, []string{"Referer", "/some/page1.html", "Referrer", "/some/page2.html"}, "/some/page2.html"},
					{`should set the header to "/" without referrer`, nil, "/"},
				} {
					t.Run(tc.it, func(t *testing.T) {
						t.Parallel()
						app := use(func(req *Request, res *Response, next Next) { res.Location("back").End() })
						r := serveTest(t, app).do("GET", "/", tc.headers...)
						r.expectHeader(t, "Location", tc.want)
						r.expectStatus(t, 200)
					})
				}
			})

			t.Run("should accept an instance of URL", func(t *testing.T) {
				t.Parallel()
				u, _ := url.Parse("http://google.com/")
				app := use(func(req *Request, res *Response, next Next) { res.Location(u.String()).End() })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Location", "http://google.com/")
				r.expectStatus(t, 200)
			})
		})

		t.Run("location header encoding", func(t *testing.T) {
			t.Parallel()
			// createRedirectServerForDomain: the app checks the host of
			// req.query.q as url.parse sees it, then sets Location.
			server := func(domain string, hasDomain bool) *App {
				return use(func(req *Request, res *Response, next Next) {
					s, _ := req.QueryValue("q")
					if host, ok := legacyURLHost(s); ok != hasDomain || host != domain {
						res.Status(400).End("Bad host: " + host + " !== " + domain)
					}
					res.Location(s).End()
				})
			}
			for _, tc := range []struct {
				it, input, expected, host string
				hasHost                   bool
			}{
				{`should not touch already-encoded sequences in "url"`, "https://google.com?q=%A710", "https://google.com?q=%A710", "google.com", true},
				{"should consistently handle relative urls", "/foo/bar", "/foo/bar", "", false},
				{"should not encode urls in such a way that they can bypass redirect allow lists", `http://google.com\@apple.com`, `http://google.com\@apple.com`, "google.com", true},
				{"should not be case sensitive", `HTTP://google.com\@apple.com`, `HTTP://google.com\@apple.com`, "google.com", true},
				{"should work with https", `https://google.com\@apple.com`, `https://google.com\@apple.com`, "google.com", true},
				{"should correctly encode schemaless paths", `//google.com\@apple.com/`, `//google.com\@apple.com/`, "google.com", true},
				{"should keep backslashes in the path", `https://google.com/foo\bar\baz`, `https://google.com/foo\bar\baz`, "google.com", true},
				{"should escape header splitting for old node versions", `http://google.com\@apple.com/%0d%0afoo:%20bar`, `http://google.com\@apple.com/%0d%0afoo:%20bar`, "google.com", true},
				{"should encode unicode correctly", "/%e2%98%83", "/%e2%98%83", "", false},
				{"should encode unicode correctly even with a bad host", `http://google.com\@apple.com/%e2%98%83`, `http://google.com\@apple.com/%e2%98%83`, "google.com", true},
				{"should work correctly despite using deprecated url.parse", "https://google.com'.bb.com/1.html", "https://google.com'.bb.com/1.html", "google.com", true},
				{"should encode file uri path", `file:///etc\passwd`, `file:///etc\passwd`, "", true},
			} {
				t.Run(tc.it, func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, server(tc.host, tc.hasHost)).do("GET", "/?q="+uri.EncodeURIComponent(tc.input))
					r.expect(t, 200, "")
					r.expectHeader(t, "Location", tc.expected)
					inHost, inOK := legacyURLHost(tc.input)
					locHost, locOK := legacyURLHost(r.header("Location"))
					if locHost != tc.host || locOK != tc.hasHost {
						t.Errorf("Location host %q (%v), want %q", locHost, locOK, tc.host)
					}
					if inHost != locHost || inOK != locOK {
						t.Errorf("Hosts do not match: %q !== %q", inHost, locHost)
					}
				})
			}
		})
	})
}

// legacyURLHost is the host Node's url.parse(u, false, true) gives, for
// the URLs of these tests: ok is false where it gives null. url.parse
// reads a backslash as a slash, ends the host at the first character that
// cannot be in one ('\”, '\\' ...) and takes a protocol-relative "//" as
// a host with slashesDenoteHost.
func legacyURLHost(u string) (string, bool) {
	rest := u
	if i := strings.Index(rest, ":"); i > 0 && isScheme(rest[:i]) {
		rest = rest[i+1:]
	}
	rest = strings.ReplaceAll(rest, `\`, "/")
	if !strings.HasPrefix(rest, "//") {
		return "", false
	}
	rest = rest[2:]
	end := len(rest)
	for i := 0; i < len(rest); i++ {
		if strings.IndexByte("/?#'\"<>`{}|^ \t\r\n", rest[i]) >= 0 {
			end = i
			break
		}
	}
	host := rest[:end]
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		host = host[at+1:]
	}
	return strings.ToLower(host), true
}

func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}
