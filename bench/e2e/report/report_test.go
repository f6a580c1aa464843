package main

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSplice(t *testing.T) {
	t.Parallel()
	section := func(prose string) string {
		return beginMark + "\n" + genBeginMark + "\nold\n" + genEndMark + "\n" + prose + endMark + "\n"
	}
	tests := []struct {
		name, doc, want string
		fails           bool
	}{
		{"it should create the file's section", "", beginMark + "\n" + genBeginMark + "\nnew\n" + genEndMark + "\n" + endMark + "\n", false},
		{"it should append a section after the others", "# Results\n\n## Core\ntext\n",
			"# Results\n\n## Core\ntext\n\n" + beginMark + "\n" + genBeginMark + "\nnew\n" + genEndMark + "\n" + endMark + "\n", false},
		{"it should replace only the generated part", "# R\n\n" + section("Reading: kept.\n") + "\n## Other\nkept too\n",
			"# R\n\n" + beginMark + "\n" + genBeginMark + "\nnew\n" + genEndMark + "\nReading: kept.\n" + endMark + "\n\n## Other\nkept too\n", false},
		{"it should fill a section without a generated part", beginMark + "\nprose\n" + endMark + "\n",
			beginMark + "\nprose\n" + genBeginMark + "\nnew\n" + genEndMark + "\n" + endMark + "\n", false},
		{"it should refuse a lone begin marker", beginMark + "\n", "", true},
		{"it should refuse a lone generated marker", genEndMark + "\n", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := splice(tc.doc, "new\n")
			if (err != nil) != tc.fails || got != tc.want {
				t.Errorf("splice = %q, %v; want %q (fails %v)", got, err, tc.want, tc.fails)
			}
			if err == nil {
				again, _ := splice(got, "new\n")
				if again != got {
					t.Errorf("a second splice changed the file:\n%s", again)
				}
			}
		})
	}
}

// fakeComparison is fwbench's report of three servers over rounds whose
// baseline throughput is base[k] and whose other servers run at the given
// fractions of it, each using 10/fraction µs of CPU per request.
func fakeComparison(path string, base []float64, fractions []float64) comparison {
	labels := []string{"fasthttp", "fast", "express"}
	mk := func(i int) side {
		s := side{Label: labels[i]}
		for k, b := range base {
			var r run
			r.Targets = append(r.Targets, struct {
				Method string `json:"method"`
				URL    string `json:"url"`
			}{"GET", "http://127.0.0.1:1" + path})
			r.Config.Connections, r.Config.Duration = 50, 5
			r.Throughput = b * fractions[i]
			r.Requests = int64(r.Throughput * 5)
			r.Status = map[string]int64{"200": r.Requests}
			r.Server = &struct {
				CPUPerRequest float64 `json:"cpu_per_request_us"`
			}{10 / fractions[i] * (1 + 0.01*float64(k))}
			r.Environment.Go = "go1.26.8"
			s.Rounds = append(s.Rounds, r)
		}
		return s
	}
	c := comparison{Schema: "fwbench/compare/v1", Version: "0.1.0", Rounds: len(base), A: mk(0), B: mk(1), Others: []side{mk(2)}}
	sides := []side{c.A, c.B, c.Others[0]}
	for _, name := range []string{"throughput", "server_cpu"} {
		val := func(r run) float64 { return r.Throughput }
		if name == "server_cpu" {
			val = func(r run) float64 { return r.Server.CPUPerRequest }
		}
		var cols [3][]float64
		for i, s := range sides {
			for _, r := range s.Rounds {
				cols[i] = append(cols[i], val(r))
			}
		}
		ratio := func(i int) (float64, float64, float64) {
			var rs []float64
			for k := range cols[i] {
				rs = append(rs, cols[i][k]/cols[0][k])
			}
			return median(rs), minOf(rs), maxOf(rs)
		}
		m := metric{Name: name, A: cols[0], B: cols[1], MedianA: median(cols[0]), MedianB: median(cols[1])}
		m.Ratio, m.RatioMin, m.RatioMax = ratio(1)
		v := versus{Label: "express", Values: cols[2], Median: median(cols[2])}
		v.Ratio, v.RatioMin, v.RatioMax = ratio(2)
		m.Others = []versus{v}
		c.Metrics = append(c.Metrics, m)
	}
	return c
}

func minOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

func maxOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = max(m, x)
	}
	return m
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	writeJSON(t, p("text.json"), fakeComparison("/", []float64{100000, 80000, 90000}, []float64{1, 0.9, 0.05}))
	writeJSON(t, p("json.json"), fakeComparison("/user/alice", []float64{90000, 70000, 80000}, []float64{1, 0.8, 0.1}))
	os.WriteFile(p("wire.md"), []byte("| server | wire |\n"), 0o644)
	os.WriteFile(p("load.txt"), []byte("1 20.5 19 18\n6 22.25 19 18\n11 21.0 19 18\n"), 0o644)
	os.WriteFile(p("RESULTS.md"), []byte("# Benchmark results\n\n## Core\nkept\n"), 0o644)
	args := []string{"-text", p("text.json"), "-json", p("json.json"), "-wire", p("wire.md"), "-load", p("load.txt"),
		"-results", p("RESULTS.md"), "-svg", p("chart.svg"), "-rt", "1", "-node", "v20.20.2", "-express", "4.22.3"}
	if err := realMain(args); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p("RESULTS.md"))
	doc := string(b)
	for _, want := range []string{
		"# Benchmark results\n\n## Core\nkept\n\n" + beginMark,
		"### `GET /` (plain text)",
		"### `GET /user/alice` (parameter, JSON)",
		"| fasthttp | 90,000 [80,000–100,000] | 1 (baseline) |",
		"| fast | 81,000 [72,000–90,000] | **0.900** [0.900–0.900] | 0.90 0.90 0.90 | 11.22 [11.11–11.33] | **1.111** [1.111–1.111] |",
		"| express | 4,500 [4,000–5,000] | **0.050** [0.050–0.050] |",
		"Load average (1 min) during the measurement: 20.5–22.2 (median 21.0 over 3 samples",
		"SCHED_RR", "Express 4.22.3 on Node v20.20.2", "](chart.svg)", "| server | wire |",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("RESULTS.md lacks %q:\n%s", want, doc)
		}
	}
	svg, _ := os.ReadFile(p("chart.svg"))
	dec := xml.NewDecoder(strings.NewReader(string(svg)))
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("chart.svg is not well-formed XML: %v", err)
		}
	}
	for _, bad := range []string{"<script", "href=", "url("} {
		if strings.Contains(string(svg), bad) {
			t.Errorf("chart.svg contains %q", bad)
		}
	}
	if n := strings.Count(string(svg), "<rect"); n != 1+2*2*3+2 {
		t.Errorf("chart.svg has %d rects, want background, 2 panels x 2 routes x 3 servers, 2 legend keys", n)
	}

	// A round with a failed request is refused.
	bad := fakeComparison("/", []float64{100000}, []float64{1, 0.9, 0.05})
	bad.Others[0].Rounds[0].ErrorCount = 3
	writeJSON(t, p("bad.json"), bad)
	args[1] = p("bad.json")
	if err := realMain(args); err == nil || !strings.Contains(err.Error(), "express, round 1") {
		t.Errorf("a failed request: %v", err)
	}
}
