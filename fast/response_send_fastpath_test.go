package fast

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
)

// The send path keeps per-context memos (the Content-Type transforms, the
// value res.send finds already in utf-8) and leaves work to fasthttp. These
// tests run the same calls on a context that has served other requests
// (memos warm, in every order) and on a fresh app (memos cold): the bytes
// on the wire and the errors must be the same.

// wireOf is the response as fasthttp writes it (without Date), after the
// server's HEAD rule.
func wireOf(t testing.TB, ctx *fasthttp.RequestCtx) string {
	t.Helper()
	if ctx.IsHead() {
		ctx.Response.SkipBody = true
	}
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	if err := ctx.Response.Write(w); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	return dateLine.ReplaceAllString(b.String(), "")
}

var dateLine = regexp.MustCompile("(?m)^Date: .*\r\n")

// sendCase is one handler of the differential tests: it returns what the
// handler observed (errors, values read back), which must match too.
type sendCase struct {
	name string
	run  func(req *Request, res *Response) string
}

func contentTypeCases() []sendCase {
	values := []string{
		"text/plain; charset=utf-8",
		"text/plain",
		"text/html; charset=latin1",
		"application/json",
		"image/png",
		"text/x-foo; Charset=UTF-8",
		`text/plain; charset="utf-8"`,
		"text/plain; charset=utf-8 ",
		"TEXT/PLAIN",
		"text/css; a=b cd",                  // 16 bytes: ctEntry.is's shortest word compare
		"application/json; charset=utf-8",   // 31
		"application/json; charset=utf-8 ",  // 32: its longest
		"application/json; charset=utf-8;x", // 33: the runtime's compare
		"bad\x01value",
		"bad\r\nvalue",
		"",
		";;;",
	}
	var cases []sendCase
	for _, v := range values {
		cases = append(cases,
			sendCase{"Set " + strconv.Quote(v) + " SendString", func(req *Request, res *Response) string {
				res.Set("Content-Type", v)
				return fmt.Sprint(res.Recover(), res.SendString("Hello"))
			}},
			sendCase{"Set " + strconv.Quote(v) + " SendBytes", func(req *Request, res *Response) string {
				res.Set("Content-Type", v)
				return fmt.Sprint(res.Recover(), res.SendBytes([]byte("Hello")))
			}},
			sendCase{"Set " + strconv.Quote(v) + " Send(nil)", func(req *Request, res *Response) string {
				res.Set("Content-Type", v)
				return fmt.Sprint(res.Recover(), res.Send(nil))
			}},
			sendCase{"Set " + strconv.Quote(v) + " without recover", func(req *Request, res *Response) string {
				res.Set("Content-Type", v)
				return fmt.Sprint(res.SendString("Hello"))
			}},
			sendCase{"Type " + strconv.Quote(v) + " JSON", func(req *Request, res *Response) string {
				res.Type(v)
				return fmt.Sprint(res.Recover(), res.JSON(map[string]int{"a": 1}))
			}},
			sendCase{"Set " + strconv.Quote(v) + " then fasthttp's own", func(req *Request, res *Response) string {
				// A Content-Type changed behind Set's back, to a value of
				// the same length.
				res.Set("Content-Type", v)
				req.Ctx().Response.Header.SetContentType("text/plain; charset=utf-7")
				return fmt.Sprint(res.Recover(), res.SendString("Hello"))
			}},
			sendCase{"Set " + strconv.Quote(v) + " twice, Get", func(req *Request, res *Response) string {
				// Get's value is valid until the header changes: copied.
				res.Set("Content-Type", v)
				a := strings.Clone(res.Get("Content-Type"))
				res.Set("Content-Type", v)
				b := strings.Clone(res.Get("Content-Type"))
				return fmt.Sprint(a, b, res.Recover(), res.SendString(""))
			}},
			sendCase{"set content-type " + strconv.Quote(v), func(req *Request, res *Response) string {
				res.Set("content-type", v)
				return fmt.Sprint(res.Recover(), res.SendString("Hello"))
			}},
		)
	}
	// A value that is a view of memory rewritten between requests: same
	// address and length, other bytes.
	buf := []byte("text/plain; charset=utf-8")
	alt := []string{"text/plain; charset=utf-8", "text/plain; charset=utf-7", "text/html; charset=utf-8", "text/x-yy; charset=utf-8"}
	for i, v := range alt {
		cases = append(cases, sendCase{"view of reused memory " + strconv.Itoa(i), func(req *Request, res *Response) string {
			copy(buf, v)
			res.Set("Content-Type", bytesconv.B2S(buf))
			return fmt.Sprint(res.Recover(), res.SendString("Hello"))
		}})
	}
	// The Content-Type changed behind Set's back to values of the same
	// length that differ from it in each of ctEntry.is's words.
	for _, v := range []string{"xext/plain; charset=utf-8", "text/plaix; charset=utf-8", "text/plain; xharset=utf-8", "text/plain; charset=utf-9"} {
		cases = append(cases, sendCase{"Set, then fasthttp's own " + strconv.Quote(v), func(req *Request, res *Response) string {
			res.Set("Content-Type", "text/plain; charset=utf-8")
			req.Ctx().Response.Header.SetContentType(v)
			return fmt.Sprint(res.Recover(), res.SendString("Hello"))
		}})
	}
	cases = append(cases,
		sendCase{"SendString without type", func(req *Request, res *Response) string {
			return fmt.Sprint(res.SendString("Hello"))
		}},
		sendCase{"legacy charset", func(req *Request, res *Response) string {
			res.SetCharset("ISO-8859-1")
			res.Set("Content-Type", "text/plain; charset=utf-8")
			return fmt.Sprint(res.Recover(), res.SendString("Hello"))
		}},
		sendCase{"Content-Type array", func(req *Request, res *Response) string {
			res.Set("Content-Type", "text/plain", "text/html")
			return fmt.Sprint(res.Recover(), res.SendString("Hello"))
		}},
		sendCase{"pending error, then Set", func(req *Request, res *Response) string {
			res.Set("X-Bad", "a\x01b")
			res.Set("Content-Type", "text/plain; charset=utf-8")
			return fmt.Sprint(res.SendString("Hello"), res.Recover(), res.SendString("Hello"))
		}},
		sendCase{"ETag set, SendString", func(req *Request, res *Response) string {
			res.Set("ETag", `"abc"`)
			res.Set("Content-Type", "text/plain; charset=utf-8")
			return fmt.Sprint(res.SendString("Hello"))
		}},
		sendCase{"Transfer-Encoding and Content-Length set, SendString", func(req *Request, res *Response) string {
			res.Set("Transfer-Encoding", "chunked")
			res.Set("Content-Length", "999")
			res.Set("Content-Type", "text/plain; charset=utf-8")
			err := res.SendString("Hello")
			return fmt.Sprint(err, res.Get("Content-Length"), res.Get("Transfer-Encoding"))
		}},
		sendCase{"after sending", func(req *Request, res *Response) string {
			err := res.SendString("Hello")
			res.Set("Content-Type", "text/plain; charset=utf-8")
			return fmt.Sprint(err, res.Err())
		}},
	)
	for _, code := range []int{0, 99, 100, 101, 200, 201, 204, 205, 304, 404, 999, 1000} {
		cases = append(cases, sendCase{"Status " + strconv.Itoa(code) + " SendString", func(req *Request, res *Response) string {
			res.Status(code).Set("Content-Type", "text/plain; charset=utf-8")
			return fmt.Sprint(res.SendString("Hello"), res.StatusCode(), res.Get("Content-Length"))
		}})
	}
	return cases
}

// runSendCases serves each case on a fresh app (cold), then every ordered
// pair of cases on one context of one app (warm), and compares.
func runSendCases(t *testing.T, cases []sendCase, method string, reqHeaders ...string) {
	newCtx := func(i int) *fasthttp.RequestCtx {
		ctx := newRequestCtx(method, "/"+strconv.Itoa(i))
		for j := 0; j+1 < len(reqHeaders); j += 2 {
			ctx.Request.Header.Add(reqHeaders[j], reqHeaders[j+1])
		}
		return ctx
	}
	serveCase := func(h fasthttp.RequestHandler, ctx *fasthttp.RequestCtx, i int) string {
		ctx.Response.Reset()
		h(ctx)
		return wireOf(t, ctx)
	}
	app := func(observed *string) *App {
		a := New()
		a.All("/:i", func(req *Request, res *Response, next Next) {
			i, _ := strconv.Atoi(req.Params().Get("i"))
			*observed = cases[i].run(req, res)
		})
		return a
	}
	cold := make([]string, len(cases))
	for i := range cases {
		var got string
		h := app(&got).Handler()
		ctx := newCtx(i)
		cold[i] = serveCase(h, ctx, i) + "\n--\n" + got
	}
	var got string
	h := app(&got).Handler()
	ctxs := make([]*fasthttp.RequestCtx, len(cases))
	for i := range cases {
		ctxs[i] = newCtx(i)
	}
	for i := range cases {
		for j := range cases {
			for _, k := range []int{i, j} {
				if w := serveCase(h, ctxs[k], k) + "\n--\n" + got; w != cold[k] {
					t.Errorf("%s %s after %s:\n%q\nwant (fresh app)\n%q", method, cases[k].name, cases[i].name, w, cold[k])
				}
			}
		}
	}
}

func TestSendMemosMatchColdPath(t *testing.T) {
	t.Parallel()
	for _, m := range []string{"GET", "HEAD", "POST"} {
		t.Run(m, func(t *testing.T) {
			t.Parallel()
			runSendCases(t, contentTypeCases(), m)
		})
		t.Run(m+" conditional", func(t *testing.T) {
			t.Parallel()
			runSendCases(t, contentTypeCases(), m, "If-None-Match", "*")
		})
	}
}

// TestSendStatusRange pins the status check res.send meets in Node's
// writeHead (finishSend checks it inline): Express 4.22.3 on Node 20
// throws RangeError [ERR_HTTP_INVALID_STATUS_CODE] for res.status(code)
// .send('Hello') with code 0, 99 and 1000, and sends 100, 101, 200 and
// 999.
func TestSendStatusRange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code int
		err  string
	}{
		{0, "RangeError [ERR_HTTP_INVALID_STATUS_CODE]: Invalid status code: 0"},
		{99, "RangeError [ERR_HTTP_INVALID_STATUS_CODE]: Invalid status code: 99"},
		{100, ""},
		{101, ""},
		{200, ""},
		{999, ""},
		{1000, "RangeError [ERR_HTTP_INVALID_STATUS_CODE]: Invalid status code: 1000"},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.code), func(t *testing.T) {
			t.Parallel()
			var err error
			var sent bool
			app := New()
			app.Get("/", func(req *Request, res *Response, next Next) {
				res.Status(tt.code).Set("Content-Type", "text/plain; charset=utf-8")
				err = res.SendString("Hello")
				sent = res.HeadersSent()
				res.Recover()
			})
			app.Handler()(newRequestCtx("GET", "/"))
			got := ""
			if he, ok := err.(*HTTPError); ok {
				got = he.Name + ": " + he.Message
			} else if err != nil {
				got = err.Error()
			}
			if got != tt.err || sent != (tt.err == "") {
				t.Errorf("SendString: error %q, sent %v; want %q, sent %v", got, sent, tt.err, tt.err == "")
			}
		})
	}
}

// TestFinishSendShortcut compares finishSend, whose common case (a GET
// without conditional headers, a 2xx with a body) skips fresh and
// finishStatus, and SendString, which repeats that case, with the general
// path they stand for (fresh, then finishStatus), over the states around
// that case: methods, statuses, conditional headers, ETag settings, HEAD's
// skipped body, Express 3's res.charset, and a body or none.
func TestFinishSendShortcut(t *testing.T) {
	t.Parallel()
	methods := []string{"GET", "HEAD", "POST", "QUERY"}
	statuses := []int{-1, 0, 100, 200, 201, 204, 205, 206, 299, 300, 304, 404, 999, 1000}
	conds := [][]string{
		nil,
		{"If-None-Match", "*"},
		{"If-None-Match", `W/"5-9/+ei3uy4Jtwk1pdeF4MxdnQq/A"`},
		{"If-Modified-Since", "Thu, 01 Jan 2026 00:00:00 GMT"},
		{"If-None-Match", `"x"`, "Cache-Control", "no-cache"},
	}
	type variant struct {
		name string
		prep func(res *Response)
	}
	variants := []variant{
		{"plain", func(res *Response) {}},
		{"SkipBody", func(res *Response) { res.c.fctx.Response.SkipBody = true }},
		{"legacy charset", func(res *Response) { res.SetCharset("utf-8") }},
		{"Last-Modified", func(res *Response) { res.Set("Last-Modified", "Wed, 31 Dec 2025 00:00:00 GMT") }},
	}
	const (
		general = iota
		finishSend
		sendString
	)
	serve := func(mode int, etagOn bool, m string, st int, cond []string, v variant, hasBody bool) string {
		var observed string
		app := New()
		app.Set("etag", etagOn)
		app.All("/", func(req *Request, res *Response, next Next) {
			if st >= 0 {
				res.Status(st)
			}
			res.Set("Content-Type", "text/plain; charset=utf-8")
			v.prep(res)
			c := res.c
			resp := &c.fctx.Response
			n := 0
			if hasBody && mode != sendString {
				resp.SetBodyString("Hello")
				n = 5
			}
			var err error
			switch mode {
			case general:
				if hasBody && c.settings.etag != etagOff && len(resp.Header.PeekCanonical(hETag)) == 0 {
					c.setETag(resp.Body())
				}
				s := resp.StatusCode()
				if c.fresh(s) {
					resp.SetStatusCode(304)
					s = 304
				}
				err = c.finishStatus(s, hasBody, n)
			case finishSend:
				err = c.finishSend(hasBody, n)
			case sendString:
				err = res.SendString("Hello")
			}
			observed = fmt.Sprint(err, c.sent, c.implicitCL, res.StatusCode(), res.Get("Content-Length"))
			res.Recover()
		})
		ctx := newRequestCtx(m, "/")
		for j := 0; j+1 < len(cond); j += 2 {
			ctx.Request.Header.Add(cond[j], cond[j+1])
		}
		app.Handler()(ctx)
		return wireOf(t, ctx) + "\n--\n" + observed
	}
	for _, etagOn := range []bool{false, true} {
		for _, m := range methods {
			for _, st := range statuses {
				for _, cond := range conds {
					for _, v := range variants {
						for _, hasBody := range []bool{true, false} {
							name := fmt.Sprint("etag=", etagOn, " ", m, " ", st, " ", cond, " ", v.name, " body=", hasBody)
							want := serve(general, etagOn, m, st, cond, v, hasBody)
							if got := serve(finishSend, etagOn, m, st, cond, v, hasBody); got != want {
								t.Errorf("finishSend, %s:\n%q\nwant (general path)\n%q", name, got, want)
							}
							if !hasBody {
								continue
							}
							if got := serve(sendString, etagOn, m, st, cond, v, hasBody); got != want {
								t.Errorf("SendString, %s:\n%q\nwant (general path)\n%q", name, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestCTEntryIs compares ctEntry.is with Go's string comparison for every
// length up to 40 and a difference at every position.
func TestCTEntryIs(t *testing.T) {
	t.Parallel()
	const text = "application/vnd.example+json; charset=utf-8"
	for n := 0; n <= 40; n++ {
		s := text[:n]
		var p ctPair
		e := p.put(s, s)
		b := []byte(s)
		if !e.is(b) {
			t.Errorf("is(%q) of %q = false", b, s)
		}
		if n > 0 && e.is(b[:n-1]) {
			t.Errorf("is(%q) of %q = true", b[:n-1], s)
		}
		for i := range n {
			b := []byte(s)
			b[i] ^= 0x20
			if e.is(b) {
				t.Errorf("is(%q) of %q = true", b, s)
			}
		}
	}
}
