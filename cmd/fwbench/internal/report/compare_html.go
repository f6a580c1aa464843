package report

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// WriteCompareHTML writes the comparison as a self-contained HTML page with
// the targets side by side.
func WriteCompareHTML(w io.Writer, c *Comparison) error {
	var b strings.Builder
	sides := c.Sides()
	head(&b, "fwbench compare")
	b.WriteString("<h1>fwbench compare</h1>")
	for i, s := range sides {
		fmt.Fprintf(&b, "<p class=d>%s: %s</p>", html.EscapeString(sideName(i, s.Label)), html.EscapeString(s.Rounds[0].Describe()))
	}
	fmt.Fprintf(&b, "<p class=d>%d rounds of %.3gs each, every round running the %d targets once in rotated order; %.3gs warm-up per target discarded; started %s; %s</p>",
		c.Rounds, c.A.Rounds[0].Config.Duration, len(sides), c.Warmup, c.Started.Format("2006-01-02 15:04:05 MST"), html.EscapeString(envLine(c.A.Rounds[0])))
	warnings(&b, c.Warnings)
	b.WriteString("<h2>Medians over rounds</h2><table><tr><th>metric</th><th>A</th><th>CV A</th>")
	for i := 1; i < len(sides); i++ {
		l := Letter(i)
		fmt.Fprintf(&b, "<th>%s</th><th>%s/A</th><th>%s/A min–max</th><th>CV %s</th>", l, l, l, l)
	}
	b.WriteString("</tr>")
	for _, m := range c.Metrics {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%.1f%%</td>", html.EscapeString(m.Name), html.EscapeString(m.format(m.MedianA)), 100*m.CVA)
		for i := 1; i < len(sides); i++ {
			col := m.column(i)
			fmt.Fprintf(&b, "<td>%s</td><td>%.3f</td><td>%.2f–%.2f</td><td>%.1f%%</td>",
				html.EscapeString(m.format(col.Median)), col.Ratio, col.RatioMin, col.RatioMax, 100*col.CV)
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table>")
	var totals []side
	for i, s := range sides {
		totals = append(totals, side{sideName(i, s.Label), s.Total})
	}
	summaryTable(&b, totals)
	b.WriteString("<h2>Latency (all measured rounds merged)</h2><div class=charts>")
	spec := chart{title: "Latency by percentile", xLabel: "percentile", yLabel: "latency", yFmt: usTick, xTicks: spectrumTicks}
	for i, s := range totals {
		if h, err := s.run.Latency.Decode(); err == nil {
			spec.lines = append(spec.lines, line{name: s.label, color: palette[i%len(palette)], pts: spectrum(h)})
		}
	}
	b.WriteString(spec.svg())
	b.WriteString("</div><h2>Rounds</h2><div class=charts>")
	for _, name := range []string{"throughput", "p99", "server_cpu"} {
		m := c.metric(name)
		if m == nil {
			continue
		}
		ch := chart{title: name + " per round", xLabel: "round", yLabel: m.Unit, bars: true, yFmt: rpsTick}
		switch m.Unit {
		case "us":
			ch.yFmt, ch.yLabel = usTick, "latency"
		case "us/request":
			ch.yFmt, ch.yLabel = func(v float64) string { return fmt.Sprintf("%gµs", v) }, "server CPU per request"
		}
		for k := range m.A {
			ch.xTicks = append(ch.xTicks, tick{float64(k + 1), fmt.Sprint(k + 1)})
		}
		for i := range sides {
			var pts [][2]float64
			for k, v := range m.column(i).Values {
				pts = append(pts, [2]float64{float64(k + 1), v})
			}
			ch.lines = append(ch.lines, line{name: Letter(i), color: palette[i%len(palette)], pts: pts})
		}
		b.WriteString(ch.svg())
	}
	b.WriteString("</div></body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// sideName is "A" or, with a label of its own, "A fasthttp".
func sideName(i int, label string) string {
	if l := Letter(i); label != l {
		return l + " " + label
	}
	return label
}
