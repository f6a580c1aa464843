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
	cases = append(cases,
		sendCase{"SendString without type", func(req *Request, res *Response) string {
			return fmt.Sprint(res.SendString("Hello"))
		}},
		sendCase{"legacy charset", func(req *Request, res *Response) string {
			res.c.legacy.charset = "ISO-8859-1"
			res.Set("Content-Type", "text/plain; charset=utf-8")
			return fmt.Sprint(res.Recover(), res.SendString("Hello"))
		}},
		sendCase{"Content-Type array", func(req *Request, res *Response) string {
			res.Set("Content-Type", "text/plain", "text/html")
			return fmt.Sprint(res.Recover(), res.SendString("Hello"))
		}},
		sendCase{"after sending", func(req *Request, res *Response) string {
			err := res.SendString("Hello")
			res.Set("Content-Type", "text/plain; charset=utf-8")
			return fmt.Sprint(err, res.Err())
		}},
	)
	return cases
}

// runSendCases serves each case on a fresh app (cold), then every ordered
// pair of cases on one context of one app (warm), and compares.
func runSendCases(t *testing.T, cases []sendCase, method string) {
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
		ctx := newRequestCtx(method, "/"+strconv.Itoa(i))
		cold[i] = serveCase(h, ctx, i) + "\n--\n" + got
	}
	var got string
	h := app(&got).Handler()
	ctxs := make([]*fasthttp.RequestCtx, len(cases))
	for i := range cases {
		ctxs[i] = newRequestCtx(method, "/"+strconv.Itoa(i))
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
	}
}
