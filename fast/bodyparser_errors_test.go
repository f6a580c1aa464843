package fast

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// bodyparserCase is one line of testdata/express/bodyparser.jsonl: what
// Express 4.22.3 answered when a body parser failed and its final handler
// rendered the error, recorded by testdata/express/bodyparser_probe.js.
type bodyparserCase struct {
	Env       string      `json:"env"`
	Target    string      `json:"target"`
	Headers   string      `json:"headers"`
	Body      string      `json:"body"` // base64
	Chunked   bool        `json:"chunked"`
	Status    int         `json:"status"`
	Reason    string      `json:"reason"`
	RespHdrs  [][2]string `json:"response_headers"`
	Response  string      `json:"response"`
	Stack     bool        `json:"stack"` // Express's page had a JavaScript stack, cut from Response
	bodyBytes []byte
}

// bodyparserApp builds the routes of bodyparser_probe.js.
func bodyparserApp(env string) *App {
	app := New()
	app.Set("env", env)
	ok := func(req *Request, res *Response, next Next) { res.Send("parsed") }
	app.Post("/json", JSON(JSONConfig{Limit: "1kb"}), ok)
	app.Post("/json-verify", JSON(JSONConfig{Verify: func(_ *BodyInput, body []byte, _ string) error {
		if len(body) > 0 && body[0] == '[' {
			return errors.New("no arrays")
		}
		return nil
	}}), ok)
	app.Post("/raw", Raw(RawConfig{Limit: "1kb"}), ok)
	app.Post("/raw-noinflate", Raw(RawConfig{Inflate: Off}), ok)
	app.Post("/text", Text(), ok)
	app.Post("/form", URLEncoded(URLEncodedConfig{ParameterLimit: 2}), ok)
	app.Post("/form-depth", URLEncoded(URLEncodedConfig{Depth: 1}), ok)
	return app
}

// TestBodyParserErrorPages checks the answers of the final handler to body
// parser errors against Express's, in development and production: status
// and reason phrase, header lines, and the page, whose <pre> holds "Name:
// message" in development (Express's JavaScript stack cut) and the status
// text in production.
func TestBodyParserErrorPages(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/express/bodyparser.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []bodyparserCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c bodyparserCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		if c.bodyBytes, err = base64.StdEncoding.DecodeString(c.Body); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if len(cases) != 30 {
		t.Fatalf("%d cases, want 30", len(cases))
	}
	servers := map[string]*testServer{}
	for _, env := range []string{"development", "production"} {
		servers[env] = serveTest(t, bodyparserApp(env))
	}
	for i, c := range cases {
		t.Run(fmt.Sprintf("%s %d %s %d", c.Env, i, c.Target, c.Status), func(t *testing.T) {
			var req strings.Builder
			req.WriteString("POST " + c.Target + " HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n" + c.Headers)
			if c.Chunked {
				fmt.Fprintf(&req, "Transfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n", len(c.bodyBytes), c.bodyBytes)
			} else {
				fmt.Fprintf(&req, "Content-Length: %d\r\n\r\n%s", len(c.bodyBytes), c.bodyBytes)
			}
			r := servers[c.Env].raw([]byte(req.String()))
			if r.status != c.Status || r.reason != c.Reason {
				t.Errorf("status %d %q, want %d %q", r.status, r.reason, c.Status, c.Reason)
			}
			if r.body != c.Response {
				t.Errorf("body\n%q\nwant\n%q", r.body, c.Response)
			}
			var got, want []string
			for _, h := range r.headers {
				if !strings.EqualFold(h[0], "Date") && !strings.EqualFold(h[0], "Connection") {
					got = append(got, strings.ToLower(h[0])+": "+h[1])
				}
			}
			for _, h := range c.RespHdrs {
				switch {
				case h[0] == "X-Powered-By":
					h[1] = poweredBy
				case c.Stack && h[0] == "Content-Length":
					h[1] = strconv.Itoa(len(c.Response))
				}
				want = append(want, strings.ToLower(h[0])+": "+h[1])
			}
			// Header order is fasthttp's (see TestFinalHandler).
			if g, w := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)); !slices.Equal(g, w) {
				t.Errorf("headers\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
			}
		})
	}
}
