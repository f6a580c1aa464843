package conformance

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/fwgo/fw/conformance/runner"
)

func TestFuzzGenerateDeterministic(t *testing.T) {
	t.Parallel()
	suites, err := runner.LoadSuites(filepath.Join("cases"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suites {
		a, b := generate(s, 40, 5), generate(s, 40, 5)
		if len(a) != 40 {
			t.Fatalf("%s: %d requests, want 40", s.Scenario, len(a))
		}
		for i := range a {
			if rawOf(&a[i].c) != rawOf(&b[i].c) || a[i].env != b[i].env || a[i].parent.ID != b[i].parent.ID ||
				!reflect.DeepEqual(descs(a[i].muts), descs(b[i].muts)) {
				t.Fatalf("%s #%d: two runs with seed 5 differ", s.Scenario, i)
			}
			if !a[i].parent.RunsIn(a[i].env) {
				t.Errorf("%s #%d: env %s, parent %s does not run in it", s.Scenario, i, a[i].env, a[i].parent.ID)
			}
		}
	}
}

func TestFuzzClassOf(t *testing.T) {
	t.Parallel()
	nodeBare := &runner.Response{Status: 400, Reason: "Bad Request"}
	nodeChunked := &runner.Response{Status: 400, Headers: [][2]string{{"Transfer-Encoding", "chunked"}}, Chunked: true}
	app404 := &runner.Response{Status: 404, Headers: [][2]string{{"X-Powered-By", "Express"}, {"Content-Type", "text/html; charset=utf-8"}}, Body: []byte("<!DOCTYPE html>")}
	fasthttp400 := &runner.Response{Status: 400, Headers: [][2]string{{"Content-Length", "0"}}}
	nethttp400 := &runner.Response{Status: 400, Headers: [][2]string{{"Content-Type", "text/plain; charset=utf-8"}}, Body: []byte("400 Bad Request: missing required Host header")}
	fastApp400 := &runner.Response{Status: 400, Headers: [][2]string{{"X-Powered-By", "fw"}}, Body: []byte("Bad Request")}
	for _, tc := range []struct {
		name      string
		mode      runner.ServerMode
		want, got *runner.Response
		class     string
	}{
		{"both refuse", runner.ModeFasthttp, nodeBare, fasthttp400, "both-parsers"},
		{"node refuses chunked, net/http refuses", runner.ModeNetHTTP, nodeChunked, nethttp400, "both-parsers"},
		{"node refuses, the app answers", runner.ModeFasthttp, nodeBare, fastApp400, "node-parser"},
		{"fasthttp refuses", runner.ModeFasthttp, app404, fasthttp400, "fasthttp-parser"},
		{"net/http refuses", runner.ModeNetHTTP, app404, nethttp400, "nethttp-parser"},
		{"both apps answer", runner.ModeFasthttp, app404, fastApp400, ""},
		{"no answer from express", runner.ModeFasthttp, nil, fastApp400, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := classOf(tc.mode, tc.want, tc.got); got != tc.class {
				t.Errorf("classOf = %q, want %q", got, tc.class)
			}
		})
	}
}

func TestFuzzGroupKey(t *testing.T) {
	t.Parallel()
	a := []runner.Difference{{Field: "status", Want: "404", Got: "400"}, {Field: "body"}, {Field: "header:content-length"}}
	b := []runner.Difference{{Field: "header:content-length"}, {Field: "status", Want: "404", Got: "400"}, {Field: "body"}}
	if groupKey("s", "", a) != groupKey("s", "", b) {
		t.Errorf("the same fields in another order give another key: %q, %q", groupKey("s", "", a), groupKey("s", "", b))
	}
	c := []runner.Difference{{Field: "status", Want: "200", Got: "400"}, {Field: "body"}, {Field: "header:content-length"}}
	if groupKey("s", "", a) == groupKey("s", "", c) {
		t.Error("different statuses share a key")
	}
	if groupKey("s", "fasthttp-parser", a) != groupKey("s", "fasthttp-parser", []runner.Difference{{Field: "status", Want: "404", Got: "400"}}) {
		t.Error("a parser's refusals with the same statuses are grouped apart")
	}
	if groupKey("s", "", a) == groupKey("t", "", a) {
		t.Error("two scenarios share a key")
	}
}
