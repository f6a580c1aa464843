package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
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
	code, stdout, stderr := run("-c", "4", "-d", "300ms", "--interval", "100ms", "--json", jsonPath, "--csv", csvPath, url)
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
	if lines := strings.Split(strings.TrimSpace(string(c)), "\n"); len(lines) < 4 || !strings.HasPrefix(lines[0], "t_s,") {
		t.Errorf("CSV: %q", c)
	}
}

func TestDemo(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := run("-q", "-d", "200ms", "-c", "4")
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
