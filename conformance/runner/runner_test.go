package runner

import (
	"bufio"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRequestBytes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		c    Case
		want string
	}{
		{"default host first, target verbatim", Case{Method: "GET", Target: "/a/../b?x=%zz"},
			"GET /a/../b?x=%zz HTTP/1.1\r\nHost: example.com\r\n\r\n"},
		{"header order, case and duplicates kept", Case{Method: "GET", Target: "/", Headers: [][2]string{{"X-A", "1"}, {"x-a", "2"}, {"HOST", "h"}}},
			"GET / HTTP/1.1\r\nX-A: 1\r\nx-a: 2\r\nHOST: h\r\n\r\n"},
		{"body gets a length", Case{Method: "POST", Target: "/", Body: "abc", NoHost: true},
			"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"},
		{"chunked body in two chunks", Case{Method: "POST", Target: "/", Body: "abcd", Chunked: true, NoHost: true},
			"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n2\r\ncd\r\n0\r\n\r\n"},
		{"explicit framing wins", Case{Method: "POST", Target: "/", Body: "abc", NoHost: true, Headers: [][2]string{{"Content-Length", "2"}}},
			"POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\nabc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := RequestBytes(&tt.c)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadResponse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, raw string
		status            int
		reason, body      string
		chunked           bool
		headers           int
	}{
		{"content-length", "GET", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-A: 1\r\nX-A: 2\r\n\r\nhiEXTRA", 200, "OK", "hi", false, 3},
		{"chunked with trailer", "GET", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n1;x=y\r\nd\r\n0\r\nT: 1\r\n\r\n", 200, "OK", "abcd", true, 1},
		{"head has no body", "HEAD", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", 200, "OK", "", false, 1},
		{"304 has no body", "GET", "HTTP/1.1 304 Not Modified\r\nETag: x\r\n\r\n", 304, "Not Modified", "", false, 1},
		{"interim 100 skipped", "POST", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx", 201, "Created", "x", false, 1},
		{"read to eof", "GET", "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\nbad", 400, "Bad Request", "bad", false, 1},
		{"multi-word reason", "GET", "HTTP/1.1 418 I'm a Teapot\r\nContent-Length: 0\r\n\r\n", 418, "I'm a Teapot", "", false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := ReadResponse(bufio.NewReader(strings.NewReader(tt.raw)), tt.method)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tt.status || r.Reason != tt.reason || string(r.Body) != tt.body || r.Chunked != tt.chunked || len(r.Headers) != tt.headers {
				t.Errorf("got %d %q body %q chunked %v headers %v", r.Status, r.Reason, r.Body, r.Chunked, r.Headers)
			}
		})
	}
}

func TestClean(t *testing.T) {
	t.Parallel()
	date := "Tue, 02 Jan 2024 03:04:05 GMT"
	in := &Response{Status: 500, Reason: "Internal Server Error", Headers: [][2]string{
		{"X-Powered-By", "Express"},
		{"Date", date},
		{"Connection", "keep-alive"},
		{"Keep-Alive", "timeout=5"},
		{"Set-Cookie", "a=1; Max-Age=60; Path=/; Expires=Tue, 02 Jan 2024 03:05:06 GMT"},
		{"Set-Cookie", "b=1; Max-Age=60; Path=/; Expires=Tue, 02 Jan 2024 03:09:05 GMT"},
		{"Set-Cookie", "c=1; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"},
		{"Content-Length", "99"},
		{"X-File", "/tmp/fx/a.txt"},
	}, Body: []byte("<pre>Error: boom<br> &nbsp; &nbsp;at f (x.js:1:2)<br> &nbsp; &nbsp;at g</pre>\n</body>")}
	got := Clean(in, "/tmp/fx")
	want := [][2]string{
		{"X-Powered-By", "Express"},
		{"Set-Cookie", "a=1; Max-Age=60; Path=/; Expires=" + ExpiresOK},
		{"Set-Cookie", "b=1; Max-Age=60; Path=/; Expires=Tue, 02 Jan 2024 03:09:05 GMT"},
		{"Set-Cookie", "c=1; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"},
		{"Content-Length", Reduced},
		{"X-File", FixturesDir + "/a.txt"},
	}
	if len(got.Headers) != len(want) {
		t.Fatalf("headers %v, want %v", got.Headers, want)
	}
	for i := range want {
		if got.Headers[i] != want[i] {
			t.Errorf("header %d: %q, want %q", i, got.Headers[i], want[i])
		}
	}
	if string(got.Body) != "<pre>Error: boom</pre>\n</body>" {
		t.Errorf("body %q", got.Body)
	}
}

func TestDiff(t *testing.T) {
	t.Parallel()
	base := func() *Response {
		return &Response{Status: 200, Reason: "OK", Headers: [][2]string{
			{"X-Powered-By", "Express"}, {"Content-Type", "text/html"}, {"Set-Cookie", "a=1"}, {"Set-Cookie", "b=2"}, {"Content-Length", "2"},
		}, Body: []byte("hi")}
	}
	tests := []struct {
		name   string
		edit   func(r *Response)
		ignore []string
		fields []string
	}{
		{"same", func(r *Response) {}, nil, nil},
		{"header case, order and framework name do not matter", func(r *Response) {
			r.Headers = [][2]string{{"content-length", "2"}, {"Set-Cookie", "a=1"}, {"X-POWERED-BY", "fw"}, {"Set-Cookie", "b=2"}, {"content-type", "text/html"}}
		}, nil, nil},
		{"repeated header order matters", func(r *Response) { r.Headers[2][1], r.Headers[3][1] = "b=2", "a=1" }, nil, []string{"header:set-cookie"}},
		{"reason phrase", func(r *Response) { r.Reason = "Ok" }, nil, []string{"reason"}},
		{"missing header", func(r *Response) { r.Headers = r.Headers[1:] }, nil, []string{"header:x-powered-by"}},
		{"body", func(r *Response) { r.Body = []byte("ho") }, nil, []string{"body"}},
		{"ignored body", func(r *Response) { r.Body = []byte("ho") }, []string{"body"}, nil},
		{"framing", func(r *Response) { r.Chunked = true; r.Headers = r.Headers[:4] }, nil, []string{"framing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := base()
			tt.edit(got)
			diffs := Diff(Normalize(base()), Normalize(got), tt.ignore)
			var fields []string
			for _, d := range diffs {
				fields = append(fields, d.Field)
			}
			if strings.Join(fields, ",") != strings.Join(tt.fields, ",") {
				t.Errorf("differences %v, want fields %v", diffs, tt.fields)
			}
		})
	}
}

func TestListPrune(t *testing.T) {
	t.Parallel()
	l := &List{Entries: []Entry{
		{Scenario: "s", Cases: []string{"a-*"}, Reason: "r1"},
		{Scenario: "s", Cases: []string{"b"}, Reason: "r2"},
		{Scenario: "s", Cases: []string{"c"}, Reason: "r3"},
		{Scenario: "other", Cases: []string{"*"}, Reason: "r4"},
	}}
	all := map[string][][2]string{"s": {
		{"development", "a-1"}, {"production", "a-1"}, {"development", "a-2"}, {"production", "a-2"},
		{"development", "b"}, {"production", "b"}, {"development", "c"}, {"production", "c"},
	}}
	failing := map[string]bool{"development/a-1": true, "production/a-1": true, "production/a-2": true, "development/c": true, "production/c": true}
	removed := l.Prune(all, func(_, env, id string) bool { return failing[env+"/"+id] })
	got := map[string]string{}
	for _, e := range l.Entries {
		got[e.Reason] = strings.Join(e.Cases, ",")
	}
	want := map[string]string{"r1": "a-1,production/a-2", "r3": "c", "r4": "*"}
	if len(got) != len(want) {
		t.Fatalf("entries %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: cases %q, want %q", k, got[k], v)
		}
	}
	if len(removed) != 3 {
		t.Errorf("removed %v, want development/a-2 and both b", removed)
	}
	if e := l.Match("s", "production", "a-2"); e == nil || e.Reason != "r1" {
		t.Errorf("production/a-2 no longer matched")
	}
	if e := l.Match("s", "development", "a-2"); e != nil {
		t.Errorf("development/a-2 still matched")
	}
}

func TestCleanExpiresSlack(t *testing.T) {
	t.Parallel()
	// The client sent at 03:04:05.400 and read the answer at 03:04:09.700
	// (a slow answer under load); the Date header lags at 03:04:01.
	sent := time.Date(2024, 1, 2, 3, 4, 5, 400e6, time.UTC)
	received := time.Date(2024, 1, 2, 3, 4, 9, 700e6, time.UTC)
	for _, tt := range []struct {
		name string
		v    string
		ok   bool
	}{
		{"made when sent, floored", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:15 GMT", true},
		{"made during a slow answer", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:17 GMT", true},
		{"made when received", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:19 GMT", true},
		{"a second of rounding after", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:20 GMT", true},
		{"a second of rounding before", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:14 GMT", true},
		{"two seconds before the request", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:13 GMT", false},
		{"two seconds after the answer", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:21 GMT", false},
		{"Max-Age ignored", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:07 GMT", false},
		{"no Max-Age", "a=1; Expires=Tue, 02 Jan 2024 03:04:15 GMT", false},
		{"Max-Age=0", "a=1; Max-Age=0; Expires=Tue, 02 Jan 2024 03:04:06 GMT", true},
	} {
		in := &Response{Headers: [][2]string{{"Date", "Tue, 02 Jan 2024 03:04:01 GMT"}, {"Set-Cookie", tt.v}},
			Sent: sent, Received: received}
		got, _ := Clean(in, "").Header("Set-Cookie")
		if strings.Contains(got, ExpiresOK) != tt.ok {
			t.Errorf("%s: Clean(%q) = %q", tt.name, tt.v, got)
		}
	}
}

func TestCleanExpiresDate(t *testing.T) {
	t.Parallel()
	// Without the client's times, the Date header stands in, with DateSlack.
	for _, tt := range []struct {
		v  string
		ok bool
	}{
		{"a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:15 GMT", true},
		{"a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:24 GMT", true},
		{"a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:26 GMT", false},
		{"a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:04 GMT", false},
	} {
		in := &Response{Headers: [][2]string{{"Date", "Tue, 02 Jan 2024 03:04:05 GMT"}, {"Set-Cookie", tt.v}}}
		got, _ := Clean(in, "").Header("Set-Cookie")
		if strings.Contains(got, ExpiresOK) != tt.ok {
			t.Errorf("Clean(%q) = %q", tt.v, got)
		}
	}
	in := &Response{Headers: [][2]string{{"Set-Cookie", "a=1; Max-Age=10; Expires=Tue, 02 Jan 2024 03:04:15 GMT"}}}
	if got, _ := Clean(in, "").Header("Set-Cookie"); strings.Contains(got, ExpiresOK) {
		t.Errorf("no Date and no client times: Clean = %q, want Expires kept", got)
	}
}

func TestCleanViewStack(t *testing.T) {
	t.Parallel()
	in := &Response{Status: 500, Headers: [][2]string{
		{"Content-Length", "120"},
		{"ETag", `W/"78-abc"`},
	}, Body: []byte("<h2>Error: keyboard cat!</h2>\n  <pre>Error: keyboard cat!\n    at f (/x/index.js:1:2)\n    at g</pre>\n")}
	got := Clean(in, "")
	if want := "<h2>Error: keyboard cat!</h2>\n  <pre>Error: keyboard cat!</pre>\n"; string(got.Body) != want {
		t.Errorf("body %q, want %q", got.Body, want)
	}
	for _, h := range got.Headers {
		if h[1] != Reduced {
			t.Errorf("%s: %q, want %q", h[0], h[1], Reduced)
		}
	}
}

func TestCleanFixtureLength(t *testing.T) {
	t.Parallel()
	body := "ENOENT: stat '/tmp/fw-conformance-123/x'"
	in := &Response{Status: 404, Headers: [][2]string{{"Content-Length", strconv.Itoa(len(body))}}, Body: []byte(body)}
	got := Clean(in, "/tmp/fw-conformance-123")
	want := "ENOENT: stat '" + FixturesDir + "/x'"
	if string(got.Body) != want {
		t.Fatalf("body %q, want %q", got.Body, want)
	}
	if v, _ := got.Header("Content-Length"); v != strconv.Itoa(len(want)) {
		t.Errorf("Content-Length %q, want %d (the placeholder counted, whatever the directory's length)", v, len(want))
	}
}
