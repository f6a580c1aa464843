package report

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// maxSeriesPoints bounds the points drawn per time-series line; longer
// series are merged into buckets, so a report's size does not grow with the
// run's length beyond this, nor with its number of requests at all.
const maxSeriesPoints = 500

// side is one labelled run drawn in a report.
type side struct {
	label string
	run   *Run
}

// WriteHTML writes a self-contained HTML report of one run: inline CSS and
// SVG, no script.
func WriteHTML(w io.Writer, r *Run) error {
	var b strings.Builder
	head(&b, "fwbench: "+r.Describe())
	fmt.Fprintf(&b, "<h1>fwbench</h1><p class=d>%s</p>", html.EscapeString(r.Describe()))
	fmt.Fprintf(&b, "<p class=d>started %s, %s</p>", r.Started.Format("2006-01-02 15:04:05 MST"), html.EscapeString(envLine(r)))
	warnings(&b, r.Warnings)
	summaryTable(&b, []side{{"", r}})
	charts(&b, []side{{"", r}})
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func head(b *strings.Builder, title string) {
	fmt.Fprintf(b, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>%s</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1f2328;max-width:1560px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}.d{color:#59636e;margin:2px 0}
table{border-collapse:collapse;margin:8px 0}td,th{padding:3px 10px;border-bottom:1px solid #d1d9e0;text-align:right}
th:first-child,td:first-child{text-align:left}.w{color:#9a6700;font-weight:600}
.charts{display:flex;flex-wrap:wrap;gap:12px}svg{background:#fff;border:1px solid #d1d9e0}
.t{font-weight:600;font-size:13px}.g{stroke:#eaeef2}.yl{font-size:11px;text-anchor:end;fill:#59636e}
.xl{font-size:11px;text-anchor:middle;fill:#59636e}.xa,.ya{font-size:12px;text-anchor:middle;fill:#59636e}.lg{font-size:12px}
</style></head><body>`, html.EscapeString(title))
}

func envLine(r *Run) string {
	e := r.Environment
	return fmt.Sprintf("%s %s/%s, GOMAXPROCS %d, host %s, fwbench %s", e.GoVersion, e.OS, e.Arch, e.GOMAXPROCS, e.Hostname, r.Version)
}

func warnings(b *strings.Builder, ws []string) {
	for _, w := range ws {
		fmt.Fprintf(b, "<p class=w>warning: %s</p>", html.EscapeString(w))
	}
}

// summaryTable writes one column per side.
func summaryTable(b *strings.Builder, sides []side) {
	b.WriteString("<h2>Summary</h2><table><tr><th></th>")
	for _, s := range sides {
		fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(s.label))
	}
	b.WriteString("</tr>")
	row := func(name string, f func(r *Run) string) {
		fmt.Fprintf(b, "<tr><td>%s</td>", html.EscapeString(name))
		for _, s := range sides {
			fmt.Fprintf(b, "<td>%s</td>", html.EscapeString(f(s.run)))
		}
		b.WriteString("</tr>")
	}
	row("requests", func(r *Run) string { return Thousands(r.Requests) })
	row("duration", func(r *Run) string { return fmt.Sprintf("%.2fs", r.Duration) })
	row("throughput", func(r *Run) string { return Thousands(int64(r.Throughput+0.5)) + " req/s" })
	lat := []struct {
		name string
		get  func(l *Latency) int64
	}{{"p50", func(l *Latency) int64 { return l.P50 }}, {"p90", func(l *Latency) int64 { return l.P90 }},
		{"p99", func(l *Latency) int64 { return l.P99 }}, {"p99.9", func(l *Latency) int64 { return l.P999 }},
		{"p99.99", func(l *Latency) int64 { return l.P9999 }}, {"max", func(l *Latency) int64 { return l.Max }}}
	for _, p := range lat {
		row("latency "+p.name, func(r *Run) string { return FormatUs(p.get(&r.Latency)) })
	}
	if sides[0].run.Uncorrected != nil {
		for _, p := range lat {
			row("uncorrected "+p.name, func(r *Run) string {
				if r.Uncorrected == nil {
					return ""
				}
				return FormatUs(p.get(r.Uncorrected))
			})
		}
	}
	if sides[0].run.Schedule != nil {
		row("schedule sent", func(r *Run) string {
			if r.Schedule == nil {
				return ""
			}
			return fmt.Sprintf("%s of %s (%.2f%%)", Thousands(r.Schedule.Sent), Thousands(r.Schedule.Scheduled), 100*r.Schedule.Achieved)
		})
		row("late / dropped", func(r *Run) string {
			if r.Schedule == nil {
				return ""
			}
			return Thousands(r.Schedule.Late) + " / " + Thousands(r.Schedule.Dropped)
		})
		row("send lag p99", func(r *Run) string {
			if r.Schedule == nil {
				return ""
			}
			return FormatUs(r.Schedule.Lag.P99)
		})
	}
	row("status", func(r *Run) string { return r.statusLine() })
	row("errors", func(r *Run) string { return r.errorLine() })
	row("generator CPU / request", func(r *Run) string { return fmt.Sprintf("%.2f µs", r.Generator.CPUPerRequest) })
	if sides[0].run.Server != nil {
		row("server CPU / request", func(r *Run) string {
			if r.Server == nil {
				return ""
			}
			return fmt.Sprintf("%.2f µs", r.Server.CPUPerRequest)
		})
	}
	b.WriteString("</table>")
}

// charts draws the percentile spectrum and the series over time.
func charts(b *strings.Builder, sides []side) {
	b.WriteString("<h2>Latency</h2><div class=charts>")
	spec := chart{title: "Latency by percentile", xLabel: "percentile", yLabel: "latency", yFmt: usTick, xTicks: spectrumTicks}
	for i, s := range sides {
		name := strings.TrimSpace(s.label + " latency")
		if h, err := s.run.Latency.Decode(); err == nil {
			spec.lines = append(spec.lines, line{name: name, color: palette[i%len(palette)], pts: spectrum(h)})
		}
		if s.run.Uncorrected != nil {
			if h, err := s.run.Uncorrected.Decode(); err == nil {
				spec.lines = append(spec.lines, line{name: strings.TrimSpace(s.label + " uncorrected"), color: palette[i%len(palette)], dash: true, pts: spectrum(h)})
			}
		}
	}
	b.WriteString(spec.svg())
	overTime := chart{title: "Latency over time (per interval)", xLabel: "seconds", yLabel: "latency", yFmt: usTick, from0: true}
	tput := chart{title: "Throughput over time", xLabel: "seconds", yLabel: "responses per second", yFmt: rpsTick, from0: true}
	for i, s := range sides {
		pts := Downsample(fullIntervals(s.run.Series), maxSeriesPoints)
		var p50, p99, mx, rps [][2]float64
		for _, p := range pts {
			p50 = append(p50, [2]float64{p.T, float64(p.P50)})
			p99 = append(p99, [2]float64{p.T, float64(p.P99)})
			mx = append(mx, [2]float64{p.T, float64(p.Max)})
			rps = append(rps, [2]float64{p.T, p.RPS})
		}
		pre := strings.TrimSpace(s.label + " ")
		if pre != "" {
			pre += " "
		}
		c := palette[i%len(palette)]
		if len(sides) == 1 {
			overTime.lines = append(overTime.lines, line{name: "p50", color: palette[2], pts: p50},
				line{name: "p99", color: palette[0], pts: p99}, line{name: "max", color: palette[1], dash: true, pts: mx})
		} else {
			overTime.lines = append(overTime.lines, line{name: pre + "p50", color: c, dash: true, pts: p50}, line{name: pre + "p99", color: c, pts: p99})
		}
		tput.lines = append(tput.lines, line{name: strings.TrimSpace(pre + "req/s"), color: c, pts: rps})
	}
	b.WriteString(overTime.svg())
	b.WriteString("</div><h2>Throughput</h2><div class=charts>")
	b.WriteString(tput.svg())
	b.WriteString("</div>")
}

// spectrumTicks label the x axis of the percentile spectrum, which is
// log10(1/(1-p)).
var spectrumTicks = []tick{{0, "0%"}, {1, "90%"}, {2, "99%"}, {3, "99.9%"}, {4, "99.99%"}, {5, "99.999%"}}

// spectrum returns up to about 100 points of h's percentile spectrum.
func spectrum(h *hdr.Histogram) [][2]float64 {
	n := h.TotalCount()
	if n == 0 {
		return nil
	}
	top := math.Min(5, math.Log10(float64(n)))
	var pts [][2]float64
	for x := 0.0; x <= top+1e-9; x += 0.05 {
		p := 100 * (1 - math.Pow(10, -x))
		pts = append(pts, [2]float64{x, float64(h.ValueAtPercentile(p))})
	}
	return pts
}

// fullIntervals drops a last interval shorter than half the others: its
// rate and percentiles rest on too few requests to draw.
func fullIntervals(s []Point) []Point {
	if n := len(s); n >= 2 && s[n-1].Dur < s[0].Dur/2 {
		return s[:n-1]
	}
	return s
}

// Downsample merges adjacent points so that at most n remain: counts add
// up, rates are recomputed, latency columns keep the largest value (the
// worst interval in each bucket).
func Downsample(s []Point, n int) []Point {
	if len(s) <= n {
		return s
	}
	g := (len(s) + n - 1) / n
	var out []Point
	for i := 0; i < len(s); i += g {
		q := s[i]
		for _, p := range s[i+1 : min(i+g, len(s))] {
			q.T = p.T
			q.Dur += p.Dur
			q.Requests += p.Requests
			q.Sent += p.Sent
			q.Errors += p.Errors
			q.P50, q.P90, q.P99 = max(q.P50, p.P50), max(q.P90, p.P90), max(q.P99, p.P99)
			q.Max, q.LagP99 = max(q.Max, p.Max), max(q.LagP99, p.LagP99)
		}
		if q.Dur > 0 {
			q.RPS = float64(q.Requests) / q.Dur
		}
		out = append(out, q)
	}
	return out
}
