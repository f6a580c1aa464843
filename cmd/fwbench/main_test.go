package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/cmd/fwbench/internal/report"
)

func testServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &fasthttp.Server{Handler: func(ctx *fasthttp.RequestCtx) { ctx.SetBodyString("Hello, World!") }}
	go srv.Serve(ln) //nolint:errcheck
	t.Cleanup(func() { ln.Close() })
	return "http://" + ln.Addr().String() + "/"
}

func run(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = realMain(context.Background(), args, &o, &e)
	return code, o.String(), e.String()
}

func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	url := testServer(t)
	tests := []struct {
		name string
		args []string
		code int
		want string // in the one stderr line
	}{
		{"unreachable target", []string{"http://" + closedPort(t) + "/"}, 1, "cannot connect to"},
		{"malformed URL", []string{"http://[::1"}, 1, "bad URL"},
		{"URL without scheme", []string{"127.0.0.1:8080/"}, 1, "bad URL"},
		{"unsupported scheme", []string{"ftp://127.0.0.1/"}, 1, "unsupported scheme"},
		{"bad port", []string{"http://127.0.0.1:99999/"}, 1, "bad port"},
		{"bad flag", []string{"--nope", url}, 2, "flag provided but not defined: -nope"},
		{"bad flag value", []string{"-c", "many", url}, 2, "invalid value"},
		{"zero rate", []string{"--rate", "0", url}, 2, "--rate must be above zero"},
		{"negative rate", []string{"--rate", "-5", url}, 2, "non-negative"},
		{"max with rate", []string{"--max", "--rate", "100", url}, 2, "cannot be combined"},
		{"zero connections", []string{"-c", "0", url}, 2, "-c must be at least 1"},
		{"count and duration", []string{"-n", "10", "-d", "1s", url}, 2, "either -n or -d"},
		{"bad stages", []string{"--stages", "10s", url}, 2, "--stages"},
		{"bad header", []string{"-H", "NoColon", url}, 2, "Name: value"},
		{"missing body file", []string{"-D", "/nonexistent/body", url}, 1, "cannot read the body file"},
		{"missing targets file", []string{"--targets", "/nonexistent/targets"}, 1, "cannot read the targets file"},
		{"two URLs", []string{url, url}, 2, "one target URL expected"},
		{"bad method", []string{"-m", "GE T", url}, 1, "bad method"},
		{"bad pid", []string{"--pid", "abc", url}, 2, "not a process ID"},
		{"two pids for one target", []string{"--pid", "1,2", url}, 2, "--pid needs 1 process IDs"},
		{"no such process", []string{"--pid", "999999999", url}, 1, "cannot read the CPU time of process 999999999"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := run(append([]string{"-q", "-d", "100ms"}, tc.args...)...)
			if tc.name == "count and duration" {
				code, stdout, stderr = run(append([]string{"-q"}, tc.args...)...)
			}
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tc.code, stderr)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "fwbench: ") || !strings.Contains(lines[0], tc.want) {
				t.Errorf("stderr %q: want one line mentioning %q", stderr, tc.want)
			}
			if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
				t.Errorf("stack trace: %s", stderr)
			}
		})
	}
}

func TestRunTextAndReports(t *testing.T) {
	t.Parallel()
	url := testServer(t)
	dir := t.TempDir()
	jsonPath, csvPath := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.csv")
	code, stdout, stderr := run("-c", "4", "-n", "3000", "--interval", "100ms", "--json", jsonPath, "--csv", csvPath, url)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"--max (closed loop)", "requests ", "latency ", "p99.99", "status       200: ", "errors       none", "generator "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text report lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "req/s") {
		t.Errorf("no progress lines on stderr: %q", stderr)
	}
	b, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var r report.Run
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	if r.Schema != report.SchemaRun || r.Requests == 0 || r.Latency.Histogram == "" || r.Mode != "max" {
		t.Errorf("JSON report: schema %q, requests %d, mode %q", r.Schema, r.Requests, r.Mode)
	}
	c, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	// At least one interval (more on an idle machine; a starved test
	// process may see its 100ms ticker fire late).
	if lines := strings.Split(strings.TrimSpace(string(c)), "\n"); len(lines) < 2 || !strings.HasPrefix(lines[0], "t_s,") {
		t.Errorf("CSV: %q", c)
	}
}

func TestDemo(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := run("-q", "-n", "500", "-c", "4")
	if code != 0 || !strings.Contains(stdout, "status       200: ") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "built-in demo app") {
		t.Errorf("stderr %q does not say the demo app is used", stderr)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}} {
		code, stdout, _ := run(args...)
		if code != 0 || !strings.Contains(stdout, "--rate R") {
			t.Errorf("%v: exit %d, stdout %q", args, code, stdout)
		}
	}
}

func TestCompareAndMerge(t *testing.T) {
	t.Parallel()
	url := testServer(t)
	dir := t.TempDir()
	htmlPath, jsonPath := filepath.Join(dir, "c.html"), filepath.Join(dir, "c.json")
	code, stdout, stderr := run("compare", "-c", "2", "-d", "150ms", "--rounds", "2", "--warmup", "50ms", "--html", htmlPath, "--json", jsonPath, url, url+"x")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "B/A") || strings.Count(stderr, "round ") != 4 || strings.Count(stderr, "warm-up") != 2 {
		t.Errorf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	var c report.Comparison
	b, _ := os.ReadFile(jsonPath)
	if err := json.Unmarshal(b, &c); err != nil || c.Schema != report.SchemaCompare || len(c.A.Rounds) != 2 || c.B.Rounds[0].Targets[0].URL != url+"x" {
		t.Errorf("compare JSON: %v %+v", err, c.Schema)
	}
	page, _ := os.ReadFile(htmlPath)
	if !strings.Contains(string(page), "<svg") {
		t.Error("no charts in the compare page")
	}

	// Two runs merged.
	var paths []string
	for i := range 2 {
		p := filepath.Join(dir, "run"+string(rune('0'+i))+".json")
		if code, _, stderr := run("-q", "-c", "2", "-n", "300", "--json", p, url); code != 0 {
			t.Fatalf("run: %s", stderr)
		}
		paths = append(paths, p)
	}
	merged := filepath.Join(dir, "m.json")
	code, stdout, stderr = run("merge", "--json", merged, paths[0], paths[1])
	if code != 0 || !strings.Contains(stdout, "requests     600 ") {
		t.Fatalf("merge: exit %d\n%s%s", code, stdout, stderr)
	}
	var m report.Run
	b, _ = os.ReadFile(merged)
	if err := json.Unmarshal(b, &m); err != nil || m.Merged != 2 || m.Latency.Count != 600 {
		t.Errorf("merged JSON: %v merged %d count %d", err, m.Merged, m.Latency.Count)
	}
	for _, args := range [][]string{{"merge", paths[0]}, {"merge", paths[0], "/nonexistent.json"}, {"merge", paths[0], htmlPath}, {"compare", url}, {"compare", "--rounds", "0", url, url}} {
		code, _, stderr := run(args...)
		if code == 0 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestCompareMany compares three targets, naming them and measuring their
// server: this process, which runs the test servers.
func TestCompareMany(t *testing.T) {
	t.Parallel()
	url := testServer(t)
	dir := t.TempDir()
	jsonPath := filepath.Join(dir, "c.json")
	pid := strconv.Itoa(os.Getpid())
	code, stdout, stderr := run("compare", "-c", "2", "-d", "100ms", "--rounds", "3", "--warmup", "20ms", "--labels", "raw,fast,gin",
		"--pid", pid+","+pid+","+pid, "--json", jsonPath, url, url+"b", url+"c")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// The order rotates by one target per round.
	var order []string
	for _, ln := range strings.Split(stderr, "\n") {
		if f := strings.Fields(ln); len(f) > 3 && f[1] == "round" {
			order = append(order, f[3])
		}
	}
	if want := []string{"A", "B", "C", "B", "C", "A", "C", "A", "B"}; !slices.Equal(order, want) {
		t.Errorf("order of the runs %v, want %v\n%s", order, want, stderr)
	}
	if !strings.Contains(stderr, "µs/req") || !strings.Contains(stdout, "C gin") || !strings.Contains(stdout, "server_cpu") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	var c report.Comparison
	b, _ := os.ReadFile(jsonPath)
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if c.B.Label != "fast" || len(c.Others) != 1 || c.Others[0].Label != "gin" || len(c.Others[0].Rounds) != 3 ||
		c.Others[0].Rounds[0].Targets[0].URL != url+"c" {
		t.Fatalf("sides: %q %q %+v", c.A.Label, c.B.Label, c.Others)
	}
	srv := c.Metrics[len(c.Metrics)-1]
	if srv.Name != "server_cpu" || len(srv.Others) != 1 || srv.Others[0].Median <= 0 || srv.MedianA <= 0 {
		t.Errorf("server_cpu metric %+v", srv)
	}
	if s := c.A.Rounds[0].Server; s == nil || s.PID != os.Getpid() || s.CPU <= 0 {
		t.Errorf("A's first round: server %+v", s)
	}

	// A plain run measures its server too.
	code, stdout, stderr = run("-q", "-c", "2", "-n", "200", "--pid", pid, url)
	if code != 0 || !strings.Contains(stdout, "µs CPU per request (process "+pid) {
		t.Errorf("run with --pid: exit %d\n%s%s", code, stdout, stderr)
	}
}

func TestRateAndStagesRun(t *testing.T) {
	t.Parallel()
	url := testServer(t)
	dir := t.TempDir()
	targets := filepath.Join(dir, "targets.jsonl")
	body := filepath.Join(dir, "body.json")
	os.WriteFile(body, []byte(`{"a":1}`), 0o644)
	os.WriteFile(targets, []byte("# comment\n"+
		`{"url": "`+url+`a", "weight": 3}`+"\n\n"+
		`{"url": "`+url+`b", "method": "post", "headers": {"Content-Type": "application/json"}, "body_file": "body.json"}`+"\n"), 0o644)
	code, stdout, stderr := run("-q", "-c", "4", "--rate", "400", "-d", "300ms", "--targets", targets, "--html", filepath.Join(dir, "r.html"))
	if code != 0 || !strings.Contains(stdout, "2 targets on 127.0.0.1") || !strings.Contains(stdout, "schedule     120 of 120 sent") {
		t.Errorf("rate run: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = run("-q", "-c", "4", "--stages", "200ms:500,200ms:500", url)
	if code != 0 || !strings.Contains(stdout, "--stages (open loop, 2 stages)") || !strings.Contains(stdout, "of 150 sent") {
		t.Errorf("stages run: exit %d\n%s%s", code, stdout, stderr)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	for _, content := range []string{`{"url": 5}`, `{"method": "GET"}`, `{"url": "` + url + `", "weight": 0}`, `{"url": "` + url + `", "extra": 1}`, "", `{"url": "http://127.0.0.1:1/", "weight": 1}` + "\n" + `{"url": "` + url + `"}`} {
		os.WriteFile(bad, []byte(content), 0o644)
		code, _, stderr := run("-q", "--targets", bad)
		if code == 0 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("targets %q: exit %d, stderr %q", content, code, stderr)
		}
	}
}

func TestDemoApp(t *testing.T) {
	t.Parallel()
	d, err := startDemo()
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	for path, want := range map[string]string{"": "Hello World!", "json": `{"message":"Hello World!"}`} {
		status, body, err := fasthttp.Get(nil, d.URL+path)
		if err != nil || status != 200 || string(body) != want {
			t.Errorf("GET /%s: %d %q %v", path, status, body, err)
		}
	}
	if status, _, _ := fasthttp.Get(nil, d.URL+"nope"); status != 404 {
		t.Errorf("GET /nope: %d", status)
	}
}

func TestJSONToStdout(t *testing.T) {
	t.Parallel()
	url := testServer(t)
	code, stdout, stderr := run("-q", "-c", "2", "-n", "100", "--json", "-", url)
	var r report.Run
	if err := json.Unmarshal([]byte(stdout), &r); code != 0 || err != nil || r.Requests != 100 {
		t.Fatalf("exit %d, %v, requests %d", code, err, r.Requests)
	}
	if !strings.Contains(stderr, "status       200: 100") {
		t.Errorf("the text summary should move to stderr: %q", stderr)
	}
}

func TestHTTPS(t *testing.T) {
	t.Parallel()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "tls") }))
	t.Cleanup(srv.Close)
	code, stdout, stderr := run("-q", "-k", "-c", "2", "-n", "50", srv.URL+"/")
	if code != 0 || !strings.Contains(stdout, "status       200: 50") {
		t.Errorf("with -k: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = run("-q", "-c", "2", "-n", "50", srv.URL+"/")
	if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "certificate") {
		t.Errorf("without -k: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
