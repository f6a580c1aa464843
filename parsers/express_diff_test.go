package parsers_test

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/fwgo/fw/parsers"
)

// diffCase is one request of testdata/express_diff.json, recorded from a
// real Express 4.22.3 app by testdata/node/express_diff.js.
type diffCase struct {
	Kind     string            `json:"kind"`
	Options  map[string]any    `json:"options"`
	Headers  map[string]string `json:"headers"`
	Body     string            `json:"body"`
	NoBody   bool              `json:"noBody"`
	Status   int               `json:"status"`
	Response string            `json:"response"`
}

// TestExpressDifferential replays edge cases (strict-mode and JSON.parse
// messages, charsets, content types, encodings, limits, qs depth and array
// limits) recorded from Express: the same request must give the same status
// and body.
func TestExpressDifferential(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/express_diff.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []diffCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		body, _ := base64.StdEncoding.DecodeString(c.Body)
		want, _ := base64.StdEncoding.DecodeString(c.Response)
		in := &parsers.Input{ContentLength: -1, Body: body}
		for k, v := range c.Headers {
			v = strings.TrimSpace(v) // as Node's and fasthttp's header parsers do
			switch strings.ToLower(k) {
			case "content-type":
				in.ContentType = v
			case "content-encoding":
				in.ContentEncoding = v
			case "content-length":
				in.ContentLength, _ = strconv.ParseInt(v, 10, 64)
			}
		}
		if _, ok := c.Headers["Content-Length"]; !ok && !c.NoBody {
			in.ContentLength = int64(len(body))
		}
		status, got := diffServe(t, &c, in)
		if d, ok := knownDivergences[in.ContentType]; ok {
			// Documented in doc.go: check that the divergence is exactly it.
			if status != d.status || got != d.body {
				t.Errorf("case %d: known divergence %q: got %d %q; want %d %q", i, in.ContentType, status, got, d.status, d.body)
			}
			continue
		}
		if status != c.Status || got != string(want) {
			t.Errorf("case %d: %s %v %v body %q:\n got %d %q\nwant %d %q", i, c.Kind, c.Options, c.Headers, body, status, got, c.Status, want)
		}
	}
	t.Logf("%d requests compared with Express", len(cases))
}

func optString(o map[string]any, k string) string {
	switch v := o[k].(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

func optSwitch(o map[string]any, k string) parsers.Switch {
	if v, ok := o[k].(bool); ok {
		if v {
			return parsers.On
		}
		return parsers.Off
	}
	return parsers.Unset
}

func optTypes(o map[string]any) []string {
	switch v := o["type"].(type) {
	case string:
		return []string{v}
	case []any:
		var ts []string
		for _, t := range v {
			ts = append(ts, t.(string))
		}
		return ts
	}
	return nil
}

// knownDivergences are the recorded requests where parsers answers
// differently from Express on purpose (see the package documentation).
var knownDivergences = map[string]struct {
	status int
	body   string
}{
	// iconv-lite's multi-byte code pages are not decoded.
	"text/plain; charset=shift_jis": {415, `[charset.unsupported] unsupported charset "SHIFT_JIS"`},
}

// diffServe emulates the recording app for one request.
func diffServe(t *testing.T, c *diffCase, in *parsers.Input) (int, string) {
	t.Helper()
	var (
		match func(*parsers.Input) bool
		parse func(*parsers.Input) (any, error)
	)
	o := c.Options
	switch c.Kind {
	case "json":
		p, err := parsers.NewJSON(parsers.JSONConfig{Limit: optString(o, "limit"), Strict: optSwitch(o, "strict"), Inflate: optSwitch(o, "inflate"), Type: optTypes(o)})
		if err != nil {
			t.Fatal(err)
		}
		match, parse = p.Match, func(in *parsers.Input) (any, error) { return p.Parse(in) }
	case "text":
		p, err := parsers.NewText(parsers.TextConfig{Limit: optString(o, "limit"), DefaultCharset: optString(o, "defaultCharset"), Type: optTypes(o)})
		if err != nil {
			t.Fatal(err)
		}
		match, parse = p.Match, func(in *parsers.Input) (any, error) { return p.Parse(in) }
	case "raw":
		p, err := parsers.NewRaw(parsers.RawConfig{Limit: optString(o, "limit"), Type: optTypes(o)})
		if err != nil {
			t.Fatal(err)
		}
		match, parse = p.Match, func(in *parsers.Input) (any, error) {
			b, err := p.Parse(in)
			if err != nil {
				return nil, err
			}
			obj := &parsers.Object{}
			obj.Set("buf", hex.EncodeToString(b))
			return obj, nil
		}
	case "urlencoded":
		cfg := parsers.URLEncodedConfig{Limit: optString(o, "limit"), Extended: optSwitch(o, "extended"), Type: optTypes(o)}
		if d, ok := o["depth"].(float64); ok {
			cfg.Depth = int(d)
			if d == 0 {
				cfg.Depth = parsers.NoNesting
			}
		}
		if n, ok := o["parameterLimit"].(float64); ok {
			cfg.ParameterLimit = int(n)
		}
		p, err := parsers.NewURLEncoded(cfg)
		if err != nil {
			t.Fatal(err)
		}
		match, parse = p.Match, func(in *parsers.Input) (any, error) { return p.Parse(in) }
	}
	var body any = &parsers.Object{}
	if match(in) {
		v, err := parse(in)
		if err != nil {
			pe := err.(*parsers.Error)
			if c.Headers["X-Error-Property"] == "body" {
				return pe.Status, pe.Body
			}
			return pe.Status, pe.String()
		}
		body = v
	}
	out, err := parsers.AppendJSON(nil, body)
	if err != nil {
		t.Fatal(err)
	}
	// What Node sends for a JavaScript string: lone surrogates as U+FFFD.
	return 200, string(out)
}
