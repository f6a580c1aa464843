package report

import (
	"fmt"
	"io"
	"strings"
)

func (m *Metric) format(v float64) string {
	switch m.Unit {
	case "us":
		return FormatUs(int64(v + 0.5))
	case "us/request":
		return fmt.Sprintf("%.2fµs", v)
	case "req/s":
		return Thousands(int64(v+0.5)) + "/s"
	default:
		return Thousands(int64(v + 0.5))
	}
}

// metric returns the metric named name, or nil.
func (c *Comparison) metric(name string) *Metric {
	for i := range c.Metrics {
		if c.Metrics[i].Name == name {
			return &c.Metrics[i]
		}
	}
	return nil
}

// WriteText writes the comparison as a table: one row per metric for two
// targets, one row per target (with the main metrics) for more.
func (c *Comparison) WriteText(w io.Writer) error {
	var b strings.Builder
	sides := c.Sides()
	fmt.Fprintf(&b, "fwbench compare: %d rounds, each running the %d targets once in rotated order, %.3gs warm-up per target discarded\n",
		c.Rounds, len(sides), c.Warmup)
	for i, s := range sides {
		name := Letter(i)
		if s.Label != name {
			name += "  " + s.Label
		}
		fmt.Fprintf(&b, "  %s  %s\n", name, s.Rounds[0].Describe())
	}
	fmt.Fprintf(&b, "  round length %.3gs\n\n", c.A.Rounds[0].Config.Duration)
	if len(sides) == 2 {
		c.pairTable(&b)
	} else {
		c.targetTable(&b, sides)
	}
	for _, wm := range c.Warnings {
		fmt.Fprintf(&b, "  warning: %s\n", wm)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// pairTable writes A and B side by side, one row per metric.
func (c *Comparison) pairTable(b *strings.Builder) {
	fmt.Fprintf(b, "  %-11s %13s %13s %7s %13s %6s %6s\n", "metric", "A median", "B median", "B/A", "B/A min-max", "CV A", "CV B")
	for _, m := range c.Metrics {
		ratio, spread := "-", "-"
		if m.Ratio > 0 || m.MedianA > 0 {
			ratio = fmt.Sprintf("%.3f", m.Ratio)
			spread = fmt.Sprintf("%.2f-%.2f", m.RatioMin, m.RatioMax)
		}
		fmt.Fprintf(b, "  %-11s %13s %13s %7s %13s %5.1f%% %5.1f%%\n", m.Name, m.format(m.MedianA), m.format(m.MedianB), ratio, spread, 100*m.CVA, 100*m.CVB)
	}
}

// targetTable writes one row per target: the medians of the main metrics,
// each with its ratio to A (median and range over the rounds).
func (c *Comparison) targetTable(b *strings.Builder, sides []CompareSide) {
	var ms []*Metric
	for _, name := range []string{"throughput", "p50", "p99", "server_cpu"} {
		if m := c.metric(name); m != nil {
			ms = append(ms, m)
		}
	}
	width := 1
	for i, s := range sides {
		width = max(width, len(Letter(i)+" "+s.Label))
	}
	fmt.Fprintf(b, "  %-*s", width, "target")
	for _, m := range ms {
		fmt.Fprintf(b, " %12s %6s %11s %5s", m.Name, "/A", "/A min-max", "CV")
	}
	fmt.Fprintf(b, " %7s\n", "errors")
	for i, s := range sides {
		name := Letter(i)
		if s.Label != name {
			name += " " + s.Label
		}
		fmt.Fprintf(b, "  %-*s", width, name)
		for _, m := range ms {
			col := m.column(i)
			ratio, spread := "-", "-"
			if i > 0 && (col.Ratio > 0 || m.MedianA > 0) {
				ratio = fmt.Sprintf("%.3f", col.Ratio)
				spread = fmt.Sprintf("%.2f-%.2f", col.RatioMin, col.RatioMax)
			}
			fmt.Fprintf(b, " %12s %6s %11s %4.1f%%", m.format(col.Median), ratio, spread, 100*col.CV)
		}
		fmt.Fprintf(b, " %7s\n", Thousands(s.Total.ErrorCount))
	}
}
