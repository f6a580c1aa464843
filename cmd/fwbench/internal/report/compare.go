package report

import (
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"
	"time"
)

// SchemaCompare identifies the JSON schema of a comparison report.
const SchemaCompare = "fwbench/compare/v1"

// Comparison is the report of `fwbench compare`: two targets measured in
// interleaved rounds (A B A B ...), warm-up rounds discarded.
type Comparison struct {
	Schema   string      `json:"schema"`
	Version  string      `json:"version"`
	Started  time.Time   `json:"started"`
	Rounds   int         `json:"rounds"`
	Warmup   float64     `json:"warmup_s"`
	A        CompareSide `json:"a"`
	B        CompareSide `json:"b"`
	Metrics  []Metric    `json:"metrics"`
	Warnings []string    `json:"warnings"`
}

// CompareSide is one target's rounds and their merged total.
type CompareSide struct {
	Label  string `json:"label"`
	Rounds []*Run `json:"rounds"`
	Total  *Run   `json:"total"`
}

// Metric compares one figure across the rounds.
type Metric struct {
	Name     string    `json:"name"`
	Unit     string    `json:"unit"`
	Better   string    `json:"better"` // "higher" or "lower"
	A        []float64 `json:"a"`
	B        []float64 `json:"b"`
	MedianA  float64   `json:"median_a"`
	MedianB  float64   `json:"median_b"`
	Ratio    float64   `json:"ratio"` // median over rounds of B/A
	RatioMin float64   `json:"ratio_min"`
	RatioMax float64   `json:"ratio_max"`
	CVA      float64   `json:"cv_a"` // coefficient of variation across rounds
	CVB      float64   `json:"cv_b"`
	Disagree bool      `json:"disagree"`
}

// Thresholds above which a comparison warns that its rounds disagree.
const (
	maxCV      = 0.10 // spread of one side across rounds
	ratioNoise = 0.02 // ratios within 1±2% count as "equal"
)

// NewComparison builds a comparison from the measured rounds of A and B
// (the same number of each, in the order they ran).
func NewComparison(version string, warmup time.Duration, a, b []*Run) (*Comparison, error) {
	if len(a) == 0 || len(a) != len(b) {
		return nil, fmt.Errorf("need the same number of rounds for A and B, got %d and %d", len(a), len(b))
	}
	c := &Comparison{Schema: SchemaCompare, Version: version, Started: a[0].Started, Rounds: len(a), Warmup: warmup.Seconds(),
		A: CompareSide{Label: "A", Rounds: a}, B: CompareSide{Label: "B", Rounds: b}, Warnings: []string{}}
	var err error
	if c.A.Total, err = mergeRounds(a); err != nil {
		return nil, err
	}
	if c.B.Total, err = mergeRounds(b); err != nil {
		return nil, err
	}
	type fig struct {
		name, unit, better string
		get                func(r *Run) float64
	}
	figs := []fig{
		{"throughput", "req/s", "higher", func(r *Run) float64 { return r.Throughput }},
		{"p50", "us", "lower", func(r *Run) float64 { return float64(r.Latency.P50) }},
		{"p90", "us", "lower", func(r *Run) float64 { return float64(r.Latency.P90) }},
		{"p99", "us", "lower", func(r *Run) float64 { return float64(r.Latency.P99) }},
		{"p99.9", "us", "lower", func(r *Run) float64 { return float64(r.Latency.P999) }},
		{"max", "us", "lower", func(r *Run) float64 { return float64(r.Latency.Max) }},
		{"errors", "count", "lower", func(r *Run) float64 { return float64(r.ErrorCount) }},
	}
	for _, f := range figs {
		m := Metric{Name: f.name, Unit: f.unit, Better: f.better}
		var ratios []float64
		for i := range a {
			va, vb := f.get(a[i]), f.get(b[i])
			m.A, m.B = append(m.A, va), append(m.B, vb)
			if va > 0 {
				ratios = append(ratios, vb/va)
			}
		}
		m.MedianA, m.MedianB = median(m.A), median(m.B)
		m.CVA, m.CVB = cv(m.A), cv(m.B)
		if len(ratios) > 0 {
			m.Ratio = median(ratios)
			m.RatioMin, m.RatioMax = slices.Min(ratios), slices.Max(ratios)
			m.Disagree = m.RatioMin < 1-ratioNoise && m.RatioMax > 1+ratioNoise
		}
		c.Metrics = append(c.Metrics, m)
		if f.name != "throughput" && f.name != "p50" && f.name != "p99" {
			continue // tails and error counts are too noisy to warn on
		}
		if m.Disagree {
			c.Warnings = append(c.Warnings, fmt.Sprintf("rounds disagree on %s: B/A ranges %.2f-%.2f (some rounds favour A, others B)", f.name, m.RatioMin, m.RatioMax))
		}
		for _, s := range []struct {
			label string
			cv    float64
		}{{"A", m.CVA}, {"B", m.CVB}} {
			if s.cv > maxCV {
				c.Warnings = append(c.Warnings, fmt.Sprintf("%s's %s varies %.0f%% between rounds (CV): run more or longer rounds on a quieter machine", s.label, f.name, 100*s.cv))
			}
		}
	}
	for _, r := range append(append([]*Run{}, a...), b...) {
		if r.Generator.Bottleneck {
			c.Warnings = append(c.Warnings, "in some rounds the generator was the bottleneck (see the rounds' warnings)")
			break
		}
	}
	return c, nil
}

// mergeRounds merges runs made one after another: counts and histograms add
// up, the duration is the sum of the rounds.
func mergeRounds(rs []*Run) (*Run, error) {
	m, err := Merge(rs...)
	if err != nil {
		return nil, err
	}
	m.Duration = 0
	for _, r := range rs {
		m.Duration += r.Duration
	}
	if m.Duration > 0 {
		m.Throughput = float64(m.Requests) / m.Duration
	}
	m.Series = []Point{}
	m.Warnings = []string{}
	return m, nil
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

// cv is the coefficient of variation: standard deviation over mean.
func cv(v []float64) float64 {
	if len(v) < 2 {
		return 0
	}
	var sum float64
	for _, x := range v {
		sum += x
	}
	mean := sum / float64(len(v))
	if mean == 0 {
		return 0
	}
	var ss float64
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return math.Sqrt(ss/float64(len(v)-1)) / mean
}

func (m *Metric) format(v float64) string {
	switch m.Unit {
	case "us":
		return FormatUs(int64(v + 0.5))
	case "req/s":
		return Thousands(int64(v+0.5)) + "/s"
	default:
		return Thousands(int64(v + 0.5))
	}
}

// WriteText writes the comparison as a table.
func (c *Comparison) WriteText(w io.Writer) error {
	var b strings.Builder
	a0 := c.A.Rounds[0]
	fmt.Fprintf(&b, "fwbench compare: %d rounds each, interleaved A B A B ..., %.3gs warm-up per target discarded\n", c.Rounds, c.Warmup)
	fmt.Fprintf(&b, "  A  %s\n  B  %s\n", c.A.Rounds[0].Describe(), c.B.Rounds[0].Describe())
	fmt.Fprintf(&b, "  round length %.3gs\n\n", a0.Config.Duration)
	fmt.Fprintf(&b, "  %-11s %13s %13s %7s %13s %6s %6s\n", "metric", "A median", "B median", "B/A", "B/A min-max", "CV A", "CV B")
	for _, m := range c.Metrics {
		ratio, spread := "-", "-"
		if m.Ratio > 0 || m.MedianA > 0 {
			ratio = fmt.Sprintf("%.3f", m.Ratio)
			spread = fmt.Sprintf("%.2f-%.2f", m.RatioMin, m.RatioMax)
		}
		fmt.Fprintf(&b, "  %-11s %13s %13s %7s %13s %5.1f%% %5.1f%%\n", m.Name, m.format(m.MedianA), m.format(m.MedianB), ratio, spread, 100*m.CVA, 100*m.CVB)
	}
	for _, wm := range c.Warnings {
		fmt.Fprintf(&b, "  warning: %s\n", wm)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCompareHTML writes the comparison as a self-contained HTML page with
// A and B side by side.
func WriteCompareHTML(w io.Writer, c *Comparison) error {
	var b strings.Builder
	head(&b, "fwbench compare")
	b.WriteString("<h1>fwbench compare</h1>")
	fmt.Fprintf(&b, "<p class=d>A: %s</p><p class=d>B: %s</p>", html.EscapeString(c.A.Rounds[0].Describe()), html.EscapeString(c.B.Rounds[0].Describe()))
	fmt.Fprintf(&b, "<p class=d>%d rounds of %.3gs each, interleaved A B A B …; %.3gs warm-up per target discarded; started %s; %s</p>",
		c.Rounds, c.A.Rounds[0].Config.Duration, c.Warmup, c.Started.Format("2006-01-02 15:04:05 MST"), html.EscapeString(envLine(c.A.Rounds[0])))
	warnings(&b, c.Warnings)
	b.WriteString("<h2>Medians over rounds</h2><table><tr><th>metric</th><th>A</th><th>B</th><th>B/A</th><th>B/A min–max</th><th>CV A</th><th>CV B</th></tr>")
	for _, m := range c.Metrics {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%.3f</td><td>%.2f–%.2f</td><td>%.1f%%</td><td>%.1f%%</td></tr>",
			html.EscapeString(m.Name), html.EscapeString(m.format(m.MedianA)), html.EscapeString(m.format(m.MedianB)), m.Ratio, m.RatioMin, m.RatioMax, 100*m.CVA, 100*m.CVB)
	}
	b.WriteString("</table>")
	sides := []side{{"A", c.A.Total}, {"B", c.B.Total}}
	summaryTable(&b, sides)
	b.WriteString("<h2>Latency (all measured rounds merged)</h2><div class=charts>")
	spec := chart{title: "Latency by percentile", xLabel: "percentile", yLabel: "latency", yFmt: usTick, xTicks: spectrumTicks}
	for i, s := range sides {
		if h, err := s.run.Latency.Decode(); err == nil {
			spec.lines = append(spec.lines, line{name: s.label, color: palette[i], pts: spectrum(h)})
		}
	}
	b.WriteString(spec.svg())
	b.WriteString("</div><h2>Rounds</h2><div class=charts>")
	for _, name := range []string{"throughput", "p99"} {
		var m *Metric
		for i := range c.Metrics {
			if c.Metrics[i].Name == name {
				m = &c.Metrics[i]
			}
		}
		ch := chart{title: name + " per round", xLabel: "round", yLabel: m.Unit, bars: true, yFmt: rpsTick}
		if m.Unit == "us" {
			ch.yFmt, ch.yLabel = usTick, "latency"
		}
		var ticks []tick
		var pa, pb [][2]float64
		for i := range m.A {
			ticks = append(ticks, tick{float64(i + 1), fmt.Sprint(i + 1)})
			pa = append(pa, [2]float64{float64(i + 1), m.A[i]})
			pb = append(pb, [2]float64{float64(i + 1), m.B[i]})
		}
		ch.xTicks = ticks
		ch.lines = []line{{name: "A", color: palette[0], pts: pa}, {name: "B", color: palette[1], pts: pb}}
		b.WriteString(ch.svg())
	}
	b.WriteString("</div></body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
