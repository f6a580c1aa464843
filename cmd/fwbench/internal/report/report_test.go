package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
)

// fakeRun builds a report from n latencies drawn from rng, spread over
// intervals one-second points.
func fakeRun(t *testing.T, rng *rand.Rand, n int, intervals int, open bool) (*Run, []int64) {
	t.Helper()
	cfg := &engine.Config{Targets: []engine.Target{{Method: "GET", URL: "http://127.0.0.1:1/", Weight: 1}},
		Connections: 50, Pipeline: 1, Duration: time.Duration(intervals) * time.Second, Timeout: 10 * time.Second, Interval: time.Second}
	if open {
		cfg.Rate = float64(n) / float64(intervals)
	}
	w := engine.NewWindow()
	vals := make([]int64, n)
	for i := range vals {
		v := int64(rng.ExpFloat64()*500) + 20
		if i%1000 == 0 {
			v *= 100
		}
		vals[i] = v
		_ = w.Latency.RecordValue(v)
		if open {
			_ = w.Service.RecordValue(v / 2)
			_ = w.Lag.RecordValue(v / 10)
		}
	}
	w.Requests, w.Sent = int64(n), int64(n)
	w.Status[200] = int64(n)
	res := &engine.Result{Start: time.Unix(1_700_000_000, 0), Elapsed: cfg.Duration, Total: w, CPU: time.Second, CPUs: 1}
	if open {
		res.Scheduled = int64(n)
	}
	for i := range intervals {
		res.Series = append(res.Series, engine.Point{T: float64(i + 1), Dur: 1, Requests: int64(n / intervals), P50: 100, P99: int64(1000 + i%7), Max: 5000})
	}
	return New(cfg, res, Meta{Version: "test"}), vals
}

func TestMergeIsLossless(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	a, va := fakeRun(t, rng, 20000, 5, true)
	b, vb := fakeRun(t, rng, 30000, 7, true)
	// Through JSON, as `fwbench merge` reads them.
	var runs []*Run
	for _, r := range []*Run{a, b} {
		js, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back Run
		if err := json.Unmarshal(js, &back); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, &back)
	}
	m, err := Merge(runs...)
	if err != nil {
		t.Fatal(err)
	}
	all := engine.NewHistogram()
	for _, v := range append(va, vb...) {
		_ = all.RecordValue(v)
	}
	want := Summarize(all)
	if m.Latency != want {
		t.Errorf("merged latency\n got %+v\nwant %+v", m.Latency, want)
	}
	h, err := m.Latency.Decode()
	if err != nil {
		t.Fatal(err)
	}
	if !h.Equals(all) {
		t.Error("merged histogram differs from the histogram of all values")
	}
	if m.Requests != 50000 || m.Status["200"] != 50000 || m.Merged != 2 || m.Schedule.Scheduled != 50000 || len(m.Series) != 7 {
		t.Errorf("requests %d, 200s %d, merged %d, scheduled %d, series %d", m.Requests, m.Status["200"], m.Merged, m.Schedule.Scheduled, len(m.Series))
	}
	if m.Series[0].Requests != 20000/5+30000/7 {
		t.Errorf("series[0].requests = %d", m.Series[0].Requests)
	}
	closed, _ := fakeRun(t, rng, 10, 1, false)
	if _, err := Merge(a, closed); err == nil {
		t.Error("merged an open-loop run with a closed-loop one")
	}
	bad := *a
	bad.Latency.Histogram = "not base64!"
	if _, err := Merge(a, &bad); err == nil {
		t.Error("merged a corrupt histogram")
	}
}

func TestHistogramPercentiles(t *testing.T) {
	t.Parallel()
	h := engine.NewHistogram()
	for v := int64(1); v <= 100000; v++ {
		_ = h.RecordValue(v)
	}
	l := Summarize(h)
	for _, c := range []struct {
		name      string
		got, want int64
	}{{"p50", l.P50, 50000}, {"p90", l.P90, 90000}, {"p99", l.P99, 99000}, {"p99.9", l.P999, 99900}, {"p99.99", l.P9999, 99990}, {"max", l.Max, 100000}, {"min", l.Min, 1}} {
		// 3 significant digits: within 0.1%.
		if d := c.got - c.want; d < -c.want/1000-1 || d > c.want/1000+1 {
			t.Errorf("%s = %d, want %d ± 0.1%%", c.name, c.got, c.want)
		}
	}
	if l.Count != 100000 || l.Unit != "us" {
		t.Errorf("count %d unit %q", l.Count, l.Unit)
	}
	// Memory is constant: a histogram of 10^6 values is as big as one of 1.
	small, big := engine.NewHistogram(), engine.NewHistogram()
	_ = small.RecordValue(5)
	for i := range 1_000_000 {
		_ = big.RecordValue(int64(i%1_000_000 + 1))
	}
	if small.ByteSize() != big.ByteSize() {
		t.Errorf("histogram size %d for 1 value, %d for 10^6", small.ByteSize(), big.ByteSize())
	}
}

func TestHTMLIsSelfContainedAndBounded(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	small, _ := fakeRun(t, rng, 100, 10, true)
	big, _ := fakeRun(t, rng, 200_000, 36000, true) // ten hours of one-second points
	long, _ := fakeRun(t, rng, 100, 36000, true)
	var sb, bb bytes.Buffer
	if err := WriteHTML(&sb, small); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&bb, big); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"small": sb.Bytes(), "big": bb.Bytes()} {
		s := strings.ToLower(string(b))
		for _, bad := range []string{"<script", "javascript:", "src=", "href=", "@import", "url("} {
			if strings.Contains(s, bad) {
				t.Errorf("%s report contains %q", name, bad)
			}
		}
		if n := strings.Count(s, "<svg"); n != 3 {
			t.Errorf("%s report has %d charts, want 3", name, n)
		}
		if !strings.HasPrefix(s, "<!doctype html>") || !strings.HasSuffix(s, "</html>\n") {
			t.Errorf("%s report is not a complete page", name)
		}
	}
	if bb.Len() > 300<<10 {
		t.Errorf("report of a 10-hour run is %d bytes, want <= 300 KiB", bb.Len())
	}
	var lb bytes.Buffer
	if err := WriteHTML(&lb, long); err != nil {
		t.Fatal(err)
	}
	if d := bb.Len() - lb.Len(); d > lb.Len()/10 || d < -lb.Len()/10 {
		t.Errorf("report grows with the requests: %d bytes for 100, %d for 200,000", lb.Len(), bb.Len())
	}
}

func TestCompare(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	var a, b []*Run
	for i := range 5 {
		ra, _ := fakeRun(t, rng, 1000, 2, false)
		rb, _ := fakeRun(t, rng, 1000, 2, false)
		ra.Throughput, rb.Throughput = 1000, 1200+float64(i)
		a, b = append(a, ra), append(b, rb)
	}
	c, err := NewComparison("test", time.Second, nil, [][]*Run{a, b})
	if err != nil {
		t.Fatal(err)
	}
	tp := c.Metrics[0]
	if tp.Name != "throughput" || tp.MedianA != 1000 || tp.MedianB != 1202 || tp.Ratio != 1.202 || tp.RatioMin != 1.2 || tp.RatioMax != 1.204 || tp.Disagree {
		t.Errorf("throughput metric %+v", tp)
	}
	if c.A.Total.Requests != 5000 || c.A.Total.Duration != 10 {
		t.Errorf("A total: %d requests over %vs", c.A.Total.Requests, c.A.Total.Duration)
	}
	// Rounds that disagree are flagged.
	for i := range b {
		b[i].Throughput = []float64{800, 1200, 900, 1300, 1000}[i]
	}
	c, _ = NewComparison("test", time.Second, nil, [][]*Run{a, b})
	if !c.Metrics[0].Disagree || !strings.Contains(strings.Join(c.Warnings, "\n"), "rounds disagree on throughput") ||
		!strings.Contains(strings.Join(c.Warnings, "\n"), "B's throughput varies") {
		t.Errorf("warnings %q", c.Warnings)
	}
	var txt, page bytes.Buffer
	if err := c.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	if err := WriteCompareHTML(&page, c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "throughput") || strings.Count(page.String(), "<svg") != 3 || strings.Contains(page.String(), "<script") {
		t.Errorf("text:\n%s\nhtml charts %d", txt.String(), strings.Count(page.String(), "<svg"))
	}
	if _, err := NewComparison("test", 0, nil, [][]*Run{a, b[:2]}); err == nil {
		t.Error("uneven rounds accepted")
	}
	if _, err := NewComparison("test", 0, nil, [][]*Run{a}); err == nil {
		t.Error("one target accepted")
	}
}

// TestCompareMany compares four targets with A, with their server CPU.
func TestCompareMany(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	// Target i's throughput in round k is base[i] * drift[k]: the ratios to
	// A are the same in every round although the machine drifts.
	base := []float64{1000, 900, 500, 1100}
	drift := []float64{1, 0.8, 1.1}
	targets := make([][]*Run, len(base))
	for i := range base {
		for k := range drift {
			r, _ := fakeRun(t, rng, 1000, 2, false)
			r.Throughput = base[i] * drift[k]
			r.SetServer(100+i, time.Duration(float64(time.Millisecond)*float64(i+1)*drift[k])) // (i+1)*drift µs per request
			targets[i] = append(targets[i], r)
		}
	}
	labels := []string{"fasthttp", "fast", "", "gin"}
	c, err := NewComparison("test", time.Second, labels, targets)
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{c.A.Label, c.B.Label, c.Others[0].Label, c.Others[1].Label}; !reflect.DeepEqual(got, []string{"fasthttp", "fast", "C", "gin"}) {
		t.Errorf("labels %q", got)
	}
	tp := c.metric("throughput")
	if !near(tp.Ratio, 0.9) || !near(tp.RatioMin, 0.9) || !near(tp.RatioMax, 0.9) || len(tp.Others) != 2 {
		t.Fatalf("throughput B/A %v [%v-%v], others %+v", tp.Ratio, tp.RatioMin, tp.RatioMax, tp.Others)
	}
	if o := tp.Others[1]; o.Label != "gin" || o.Median != 1100 || !near(o.Ratio, 1.1) || !near(o.RatioMin, 1.1) || !near(o.RatioMax, 1.1) || o.Disagree {
		t.Errorf("gin throughput %+v", o)
	}
	srv := c.metric("server_cpu")
	if srv == nil || srv.Unit != "us/request" || !near(srv.MedianA, 1) || !near(srv.Others[0].Ratio, 3) || !near(srv.Others[1].Ratio, 4) {
		t.Fatalf("server_cpu %+v", srv)
	}
	if s := c.Others[1].Total.Server; s == nil || s.PID != 103 || !near(s.CPU, 4*2.9e-3) || !near(s.CPUPerRequest, 4*2.9/3) {
		t.Errorf("gin's total server CPU %+v", s)
	}
	for _, w := range c.Warnings {
		if strings.Contains(w, "disagree on throughput") || strings.Contains(w, "disagree on server_cpu") {
			t.Errorf("steady ratios flagged: %q", w)
		}
	}
	// The drift makes every target vary more than 10% between rounds.
	if !strings.Contains(strings.Join(c.Warnings, "\n"), "gin's throughput varies") {
		t.Errorf("warnings %q", c.Warnings)
	}
	var txt, page bytes.Buffer
	if err := c.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	if err := WriteCompareHTML(&page, c); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"A  fasthttp  GET http://127.0.0.1:1/", "D gin", "server_cpu", "1.100", "4.00µs"} {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, txt.String())
		}
	}
	if n := strings.Count(page.String(), "<svg"); n != 4 || !strings.Contains(page.String(), "D/A min–max") {
		t.Errorf("HTML: %d charts", n)
	}
	// A run without its server measured leaves server_cpu out.
	targets[2][1].Server = nil
	c, _ = NewComparison("test", time.Second, labels, targets)
	if c.metric("server_cpu") != nil || c.Others[0].Total.Server != nil {
		t.Error("server_cpu compared with a round unmeasured")
	}
}

// near reports whether a and b agree to 1e-9 relative.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b)) }

func TestMergeServer(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	a, _ := fakeRun(t, rng, 1000, 1, false)
	b, _ := fakeRun(t, rng, 3000, 1, false)
	a.SetServer(7, 40*time.Millisecond)
	b.SetServer(7, 50*time.Millisecond)
	// At the same time against one process: each saw all of its CPU.
	m, err := Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if s := m.Server; s == nil || s.PID != 7 || !near(s.CPU, 0.05) || !near(s.CPUPerRequest, 12.5) {
		t.Errorf("one process: %+v", m.Server)
	}
	b.SetServer(8, 50*time.Millisecond)
	if m, _ = Merge(a, b); m.Server == nil || m.Server.PID != 0 || !near(m.Server.CPU, 0.09) {
		t.Errorf("two processes: %+v", m.Server)
	}
	b.Server = nil
	if m, _ = Merge(a, b); m.Server != nil {
		t.Errorf("one run unmeasured: %+v", m.Server)
	}
	if b.SetServer(9, 0); !strings.Contains(strings.Join(b.Warnings, "\n"), "process 9 used no CPU") {
		t.Errorf("a process that did nothing: warnings %q", b.Warnings)
	}
}

func TestCSVAndText(t *testing.T) {
	t.Parallel()
	r, _ := fakeRun(t, rand.New(rand.NewPCG(7, 8)), 1000, 3, true)
	var b bytes.Buffer
	if err := r.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || !reflect.DeepEqual(rows[0], CSVHeader) || rows[1][0] != "1.000" || rows[1][2] != "333" {
		t.Errorf("CSV rows %q", rows)
	}
	b.Reset()
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--rate 333/s (open loop)", "latency*", "uncorrected", "schedule     1,000 of 1,000 sent (100.00%)", "send lag", "status       200: 1,000"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
}

func TestFormat(t *testing.T) {
	t.Parallel()
	for us, want := range map[int64]string{0: "0µs", 87: "87µs", 1234: "1.23ms", 45600: "45.6ms", 456000: "456ms", 4_560_000: "4.56s"} {
		if got := FormatUs(us); got != want {
			t.Errorf("FormatUs(%d) = %q, want %q", us, got, want)
		}
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestSchemaDoc keeps SCHEMA.md and the JSON the code writes in step: each
// documented object lists exactly the fields of its Go type.
func TestSchemaDoc(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../../SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]reflect.Type{
		"run": reflect.TypeFor[Run](), "target": reflect.TypeFor[Target](), "config": reflect.TypeFor[Config](),
		"stage": reflect.TypeFor[Stage](), "latency": reflect.TypeFor[Latency](), "schedule": reflect.TypeFor[Schedule](),
		"generator": reflect.TypeFor[Generator](), "environment": reflect.TypeFor[Environment](), "point": reflect.TypeFor[Point](),
		"comparison": reflect.TypeFor[Comparison](), "side": reflect.TypeFor[CompareSide](), "metric": reflect.TypeFor[Metric](),
		"server": reflect.TypeFor[Server](), "versus": reflect.TypeFor[Versus](),
	}
	heading := regexp.MustCompile(`^#+ (\w+)`)
	row := regexp.MustCompile("^\\| `([a-z0-9_]+)` \\|")
	documented := map[string][]string{}
	cur := ""
	for _, ln := range strings.Split(string(doc), "\n") {
		if m := heading.FindStringSubmatch(ln); m != nil {
			cur = m[1]
			continue
		}
		if m := row.FindStringSubmatch(ln); m != nil {
			documented[cur] = append(documented[cur], m[1])
		}
	}
	for name, typ := range types {
		var fields []string
		for f := range typ.Fields() {
			tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			fields = append(fields, tag)
		}
		if !reflect.DeepEqual(documented[name], fields) {
			t.Errorf("SCHEMA.md %q lists %v; the code writes %v", name, documented[name], fields)
		}
	}
}
