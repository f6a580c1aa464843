package fast

import (
	"errors"
	"io"
	"testing"
	"time"
)

// doKeepAlive sends a GET without Connection: close, so that the answer
// tells whether the server closes the connection.
func (s *testServer) doKeepAlive(target string) *testResponse {
	s.t.Helper()
	conn, err := s.ln.Dial()
	if err != nil {
		s.t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, "GET "+target+" HTTP/1.1\r\nHost: example.com\r\n\r\n"); err != nil {
		s.t.Fatal(err)
	}
	return readResponse(s.t, conn, false)
}

// TestResponseErrors checks that a second send, a header set after
// sending and the other failures Express throws give Node's errors, leave
// the sent response intact, and close the connection when it was sent.
func TestResponseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		h       func(res *Response) error
		wantErr error  // the error h returns
		status  int    // of the answer
		body    string // of the answer, "" to skip
		closed  bool   // Connection: close
	}{
		{"send twice", func(res *Response) error { res.Send("a"); return res.Send("b") }, ErrHeadersSent, 200, "a", true},
		{"json after send", func(res *Response) error { res.Send("a"); return res.JSON(1) }, ErrHeadersSent, 200, "a", true},
		{"set after send", func(res *Response) error { res.Send("a"); return res.Set("X", "1").Err() }, ErrHeadersSent, 200, "a", true},
		{"cookie after send", func(res *Response) error { res.End(); return res.Cookie("a", "b").Err() }, ErrHeadersSent, 200, "", true},
		{"redirect after send", func(res *Response) error { res.End(); return res.Redirect("/") }, ErrHeadersSent, 200, "", true},
		{"end twice", func(res *Response) error { res.Send("a"); return res.End() }, nil, 200, "a", false},
		{"end with data after send", func(res *Response) error { res.Send("a"); return res.End("b") }, ErrWriteAfterEnd, 200, "a", true},
		{"failed set blocks the send", func(res *Response) error {
			res.Set("X Y", "1")
			return res.Send("not sent")
		}, nil, 500, "", false},
		{"recovered failure lets the send through", func(res *Response) error {
			if err := res.Set("X Y", "1").Recover(); err == nil {
				return errors.New("no error to recover")
			}
			return res.Send("sent")
		}, nil, 200, "sent", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got error
			app := use(func(req *Request, res *Response, next Next) { got = tt.h(res) })
			r := serveTest(t, app).doKeepAlive("/")
			if tt.wantErr != nil && got != tt.wantErr {
				t.Errorf("error %v, want %v", got, tt.wantErr)
			}
			if tt.wantErr == nil && tt.status == 200 && got != nil {
				t.Errorf("error %v, want none", got)
			}
			r.expectStatus(t, tt.status)
			if tt.body != "" {
				r.expectBody(t, tt.body)
			}
			if closed := r.header("Connection") == "close"; closed != tt.closed {
				t.Errorf("connection closed %v, want %v", closed, tt.closed)
			}
		})
	}
}

// TestFailureReachesErrorHandlers checks that an error a response call
// records reaches the app's error handlers when the handler returns or
// calls next, as Express's throw reaches them through next(err).
func TestFailureReachesErrorHandlers(t *testing.T) {
	t.Parallel()
	for _, callNext := range []bool{false, true} {
		app := New()
		app.Use(func(req *Request, res *Response, next Next) {
			res.Set("Content-Type", "a", "b")
			if callNext {
				next()
			}
		})
		app.Use(func(req *Request, res *Response, next Next) { res.Send("skipped") })
		app.Use(func(err error, req *Request, res *Response, next Next) {
			res.Status(418).Send("caught: " + err.Error())
		})
		serveTest(t, app).do("GET", "/").expect(t, 418, "caught: Content-Type cannot be set to an Array")
	}
}

// TestSetCookieLinesKeptInOrder proves that every Set-Cookie line is sent,
// same names included, in the order res.cookie, res.append and res.set
// made them (fasthttp's own SetCookie would keep one line per name).
func TestSetCookieLinesKeptInOrder(t *testing.T) {
	t.Parallel()
	app := use(func(req *Request, res *Response, next Next) {
		res.Cookie("a", "1")
		res.Append("Set-Cookie", "a=2", "b=3")
		res.Cookie("a", "4", CookieOptions{Path: "/x"})
		res.ClearCookie("a")
		res.Append("Set-Cookie", "a=6")
		if got := res.Get("Set-Cookie"); got != "a=1; Path=/" {
			t.Errorf("Get = %q, want the first line", got)
		}
		res.End()
	})
	r := serveTest(t, app).do("GET", "/")
	r.expectValues(t, "Set-Cookie", "a=1; Path=/", "a=2", "b=3", "a=4; Path=/x",
		"a=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT", "a=6")

	app = use(func(req *Request, res *Response, next Next) {
		res.Cookie("a", "1").Cookie("a", "2")
		res.Set("Set-Cookie", "c=1", "c=2")
		res.End()
	})
	serveTest(t, app).do("GET", "/").expectValues(t, "Set-Cookie", "c=1", "c=2")
}
