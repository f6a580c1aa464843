package fast

import (
	"encoding/json"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/parsers"
)

// diffQueryKeys are the keys whose QueryValue the differential test reads
// ("__proto__" is left out: Express's report object cannot hold it).
var diffQueryKeys = []string{"a", "q", "user", "user[name]", "ids", "b", "x", "%zz", "toString", "a b", "", "é"}

// diffReport answers the JSON object testdata/request/getters_probe.js
// builds from Express's getters, from fast's.
func diffReport(req *Request, res *Response, next Next) {
	res.Set("ETag", `"abc"`)
	res.Set("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT")
	qv := &Object{}
	for _, k := range diffQueryKeys {
		qv.Set(k, jsValue(req.QueryValue(k)))
	}
	is := func(types ...string) any {
		if !req.HasBody() {
			return nil
		}
		return jsValue(req.Is(types...))
	}
	rng := func(size int64, combine bool) any {
		rs, res := req.Range(size, combine)
		switch res {
		case RangeAbsent:
			return nil
		case RangeOK:
			list := make([]any, len(rs.Ranges))
			for i, r := range rs.Ranges {
				list[i] = objectOf("start", float64(r.Start), "end", float64(r.End))
			}
			return objectOf("type", rs.Type, "ranges", list)
		}
		return float64(res)
	}
	out := objectOf(
		"hostname", req.Hostname(),
		"ip", req.IP(),
		"ips", strs(req.IPs()),
		"protocol", req.Protocol(),
		"secure", req.Secure(),
		"subdomains", strs(req.Subdomains()),
		"xhr", req.XHR(),
		"path", req.Path(),
		"query", req.Query(),
		"qv", qv,
		"accepts", []any{jsValue(req.Accepts("html")), jsValue(req.Accepts("json", "html")), jsValue(req.Accepts("application/json", "text/html")),
			jsValue(req.Accepts("text/*", "image/png")), jsValue(req.Accepts("png")), jsValue(req.Accepts("json, html"))},
		"acceptsAll", strs(req.AcceptedTypes()),
		"charsets", []any{jsValue(req.AcceptsCharsets("utf-8")), jsValue(req.AcceptsCharsets("iso-8859-1", "utf-8"))},
		"charsetsAll", strs(req.AcceptedCharsets()),
		"encodings", []any{jsValue(req.AcceptsEncodings("gzip")), jsValue(req.AcceptsEncodings("br", "gzip", "identity")), jsValue(req.AcceptsEncodings("identity"))},
		"encodingsAll", strs(req.AcceptedEncodings()),
		"languages", []any{jsValue(req.AcceptsLanguages("en")), jsValue(req.AcceptsLanguages("fr", "en-US")), jsValue(req.AcceptsLanguages("es"))},
		"languagesAll", strs(req.AcceptedLanguages()),
		"is", []any{is("json"), is("text/*"), is("urlencoded"), is("multipart"), is("+json"), is("application/json", "text/html"), is()},
		"range", []any{rng(1000, false), rng(1000, true), rng(0, false)},
		"fresh", req.Fresh(),
		"get", objectOf(
			"accept", req.Get("accept"),
			"xff", req.Get("X-Forwarded-For"),
			"referer", req.Get("referer"),
			"referrer", req.Get("Referrer"),
			"ct", req.Get("content-type"),
			"cookie", req.Get("cookie"),
			"dup", req.Get("x-dup"),
			"ua", req.Get("User-Agent"),
			"cl", req.Get("content-length"),
			"te", req.Get("transfer-encoding"),
		),
		"cookies", req.Cookies().Object(),
		"signedCookies", req.SignedCookies().Object(),
	)
	b, err := parsers.AppendJSON(nil, out)
	if err != nil {
		next(err)
		return
	}
	// res.end(JSON.stringify(out)): no ETag or freshness handling.
	req.Ctx().Response.SetBody(b)
}

// TestRequestDifferential replays testdata/request/getters.jsonl, what
// Express 4.22.3 answered (getters_probe.js), and compares every getter.
func TestRequestDifferential(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/request/getters.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 400 {
		t.Fatalf("only %d cases", len(lines))
	}
	for i, line := range lines {
		var c struct {
			Settings map[string]any `json:"settings"`
			From     string         `json:"from"`
			Raw      string         `json:"raw"`
			Status   int            `json:"status"`
			Result   string         `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		app := New()
		for k, v := range c.Settings {
			app.Set(k, diffSetting(v))
		}
		app.Use(func(req *Request, res *Response, next Next) {
			req.ParseCookies([]string{"secret", "old"})
			next()
		})
		app.Use(diffReport)
		status, body := sendRaw(t, app, c.From, latin1Bytes(c.Raw))
		if status != c.Status || body != c.Result {
			t.Errorf("line %d: settings %v from %s\n%s\ngot  %d %s\nwant %d %s", i+1, c.Settings, c.From, c.Raw, status, body, c.Status, c.Result)
		}
	}
}

// diffSetting converts a JSON setting to the Go value Set takes.
func diffSetting(v any) any {
	switch x := v.(type) {
	case float64:
		return int(x)
	case []any:
		list := make([]string, len(x))
		for i, e := range x {
			list[i] = e.(string)
		}
		return list
	}
	return v
}

// latin1Bytes turns a string of latin1 characters (as JSON holds the raw
// request) into its bytes.
func latin1Bytes(s string) []byte {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return b
}

// sendRaw sends raw bytes to app in memory from the client address from
// and returns the status and body (read to the end: the requests say
// Connection: close).
func sendRaw(t *testing.T, app *App, from string, raw []byte) (int, string) {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	srv := app.Serve(ln)
	defer srv.Close()
	conn, err := ln.DialWithLocalAddr(&net.TCPAddr{IP: net.ParseIP(from), Port: 50000})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := conn.Write(raw); err != nil {
		t.Fatal(err)
	}
	r := readResponse(t, conn, false)
	return r.status, r.body
}
