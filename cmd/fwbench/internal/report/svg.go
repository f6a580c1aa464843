package report

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// A chart is a line chart drawn as inline SVG. Its size depends on the
// number of points given, never on the number of requests behind them.
type chart struct {
	title  string
	xLabel string
	yLabel string
	xTicks []tick                 // fixed x ticks; nil for automatic ones
	yFmt   func(v float64) string // tick label of a y value
	lines  []line
	bars   bool // draw each line's points as bars grouped by x (for rounds)
	from0  bool // the x axis starts at 0
}

type tick struct {
	x     float64
	label string
}

type line struct {
	name  string
	color string
	dash  bool
	pts   [][2]float64
}

const (
	chartW, chartH = 760, 300
	padL, padR     = 70, 20
	padT, padB     = 30, 50
)

// palette colours lines by role: A, B, then further targets or percentiles.
var palette = []string{"#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#0a7b83", "#57606a"}

func (c *chart) svg() string {
	var b strings.Builder
	xmin, xmax, ymax := math.Inf(1), math.Inf(-1), 0.0
	for _, l := range c.lines {
		for _, p := range l.pts {
			xmin, xmax = math.Min(xmin, p[0]), math.Max(xmax, p[0])
			ymax = math.Max(ymax, p[1])
		}
	}
	for _, t := range c.xTicks {
		xmin, xmax = math.Min(xmin, t.x), math.Max(xmax, t.x)
	}
	if math.IsInf(xmin, 1) {
		xmin, xmax = 0, 1
	}
	if c.from0 {
		xmin = 0
	}
	if c.bars {
		xmin, xmax = xmin-0.5, xmax+0.5
	}
	if xmax == xmin {
		xmax = xmin + 1
	}
	yTicks, ytop := niceTicks(ymax)
	pw, ph := float64(chartW-padL-padR), float64(chartH-padT-padB)
	px := func(x float64) float64 { return padL + (x-xmin)/(xmax-xmin)*pw }
	py := func(y float64) float64 { return padT + ph - y/ytop*ph }
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, chartW, chartH, chartW, chartH, html.EscapeString(c.title))
	fmt.Fprintf(&b, `<text x="%d" y="18" class="t">%s</text>`, padL, html.EscapeString(c.title))
	for _, y := range yTicks {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="g"/><text x="%d" y="%.1f" class="yl">%s</text>`,
			padL, chartW-padR, py(y), py(y), padL-6, py(y)+4, html.EscapeString(c.yFmt(y)))
	}
	xt := c.xTicks
	if xt == nil {
		xt = autoTicks(xmin, xmax)
	}
	for _, t := range xt {
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" class="g"/><text x="%.1f" y="%d" class="xl">%s</text>`,
			px(t.x), px(t.x), padT, chartH-padB, px(t.x), chartH-padB+16, html.EscapeString(t.label))
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="xa">%s</text>`, padL+pw/2, chartH-10, html.EscapeString(c.xLabel))
	fmt.Fprintf(&b, `<text x="14" y="%.1f" class="ya" transform="rotate(-90 14 %.1f)">%s</text>`, padT+ph/2, padT+ph/2, html.EscapeString(c.yLabel))
	for i, l := range c.lines {
		if c.bars {
			n := float64(len(c.lines))
			w := pw / (xmax - xmin) * 0.8 / n
			for _, p := range l.pts {
				x := px(p[0]) - w*n/2 + w*float64(i)
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, x, py(p[1]), w, py(0)-py(p[1]), l.color)
			}
			continue
		}
		var d strings.Builder
		for j, p := range l.pts {
			if j == 0 {
				d.WriteString("M")
			} else {
				d.WriteString(" L")
			}
			fmt.Fprintf(&d, "%.1f %.1f", px(p[0]), py(p[1]))
		}
		dash := ""
		if l.dash {
			dash = ` stroke-dasharray="6 4"`
		}
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="1.8"%s/>`, d.String(), l.color, dash)
	}
	// Legend.
	lx := float64(padL + 10)
	for _, l := range c.lines {
		dash := ""
		if l.dash {
			dash = ` stroke-dasharray="6 4"`
		}
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="%s" stroke-width="3"%s/><text x="%.1f" y="%d" class="lg">%s</text>`,
			lx, lx+18, padT+8, padT+8, l.color, dash, lx+22, padT+12, html.EscapeString(l.name))
		lx += 30 + 7*float64(len(l.name))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// niceTicks returns about five round y ticks from 0 covering max, and the
// top of the axis.
func niceTicks(max float64) ([]float64, float64) {
	if !(max > 0) {
		max = 1
	}
	raw := max / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var ticks []float64
	top := math.Ceil(max/step) * step
	for v := 0.0; v <= top+step/2; v += step {
		ticks = append(ticks, v)
	}
	return ticks, top
}

func autoTicks(min, max float64) []tick {
	ys, _ := niceTicks(max - min)
	var out []tick
	for _, v := range ys {
		x := min + v
		if x > max+1e-9 {
			break
		}
		out = append(out, tick{x, strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")})
	}
	return out
}

// usTick formats a y value in microseconds.
func usTick(v float64) string { return FormatUs(int64(v)) }

// rpsTick formats a y value in requests per second.
func rpsTick(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%gM", math.Round(v/1e5)/10)
	case v >= 1e3:
		return fmt.Sprintf("%gk", math.Round(v/100)/10)
	default:
		return fmt.Sprintf("%g", v)
	}
}
