package logger_test

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/logger"
)

// formats are those of testdata/record.js.
var formats = map[string]string{
	"combined":  "combined",
	"common":    "common",
	"default":   "default",
	"short":     "short",
	"tiny":      "tiny",
	"dev":       "dev",
	"custom":    `:method :url rt=[:response-time[1]] tt=[:total-time[0]] :status :res[content-length] :res[x-multi] :res[set-cookie] :req[x-val] :req[referrer] ":referrer" :http-version :remote-user :date[nope] :custom :custom[a b] :empty :nosuch-x`,
	"literal":   `a:b :: :x[] :url[ :method[] [:status] :res[content-type]x`,
	"immediate": `:method :url :status :res[content-length] :response-time`,
}

// lines collects what the loggers write.
type lines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lines) take() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.buf.String()
	l.buf.Reset()
	return s
}

var (
	dates = regexp.MustCompile(`\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d \+0000|[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT`)
	times = regexp.MustCompile(`\d+\.\d{3} ms|rt=\[\d+\.\d\]|tt=\[\d+\]`)
	digit = regexp.MustCompile(`\d`)
)

// normalize hides dates and durations, keeping the shape of a duration
// (its number of decimals; the integer part's width depends on timing).
func normalize(s string) string {
	s = dates.ReplaceAllString(s, "DATE")
	return times.ReplaceAllStringFunc(s, func(m string) string {
		if m[0] == 't' {
			return "tt=[N]" // whole milliseconds: the number of digits varies
		}
		whole, frac, _ := strings.Cut(m, ".")
		return whole[:strings.IndexFunc(whole, unicode.IsDigit)] + "N." + digit.ReplaceAllString(frac, "9")
	})
}

func TestDifferential(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	out := &lines{}
	tokens := map[string]logger.TokenFunc{
		"custom": func(req *fast.Request, res *fast.Response, arg string) string {
			return "c<" + arg + ">" + testserver.FromLatin1(req.Get("X-Val"))
		},
		"empty":    func(*fast.Request, *fast.Response, string) string { return "" },
		"nosuch-x": func(*fast.Request, *fast.Response, string) string { return "" },
	}
	apps := func(name string) *fast.App {
		app := testserver.Production(fast.New())
		app.Use(logger.New(logger.Config{Format: formats[name], Output: out, Tokens: tokens, Immediate: name == "immediate"}))
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("hello") })
		app.Get("/headers", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("X-Multi", "a", "b")
			res.Cookie("a", "1").Cookie("b", "2")
			res.SendString("with headers")
		})
		app.Get("/error", func(req *fast.Request, res *fast.Response, next fast.Next) {
			next(fast.NewHTTPError(500, "boom"))
		})
		app.Get("/redirect", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Redirect("/") })
		app.Get("/empty", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(204).End() })
		return app
	}
	type logged struct {
		testserver.Case
		Log []string `json:"log"`
	}
	var golden []logged
	testserver.LoadInto(t, "testdata/golden.json", &golden)
	cases := make([]testserver.Case, len(golden))
	want := map[string]string{}
	for i, g := range golden {
		cases[i] = g.Case
		s := ""
		for _, l := range g.Log {
			s += l
		}
		want[g.Name] = s
	}
	testserver.Replay(t, cases, apps, func(t *testing.T, c *testserver.Case, got *testserver.Response) {
		if got.Status != c.Response.Status {
			t.Errorf("status %d, Node %d", got.Status, c.Response.Status)
		}
		g, w := normalize(out.take()), normalize(want[c.Name])
		if g != w {
			t.Errorf("log\n%q\nNode\n%q", g, w)
		}
	})
}
