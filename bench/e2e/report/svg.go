package main

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// The chart: two panels side by side, req/s ÷ fasthttp and server CPU per
// request ÷ fasthttp, one row per server with one bar per route (the median
// of the per-round ratios, whiskers from the smallest to the largest), on
// a log scale centred on 1.
const (
	svgW       = 960
	panelW     = 470
	labelW     = 78
	plotPadR   = 16
	plotTop    = 78
	rowH       = 36
	barH       = 12
	tickLabelH = 18
)

var routeColors = []string{"#4c78a8", "#f58518", "#54a24b", "#b279a2"}

// niceSteps are the ratios the log axis may start, end and tick at.
var niceSteps = []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500}

// chartSVG draws the ratios of routes (the same servers in the same order
// in each) as a self-contained SVG image: no script, no external asset.
func chartSVG(routes []*route, caption string) string {
	rows := len(routes[0].Rows)
	plotH := rows * rowH
	h := plotTop + plotH + tickLabelH + 24 + 22*len(routes) + 30
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif" font-size="12" role="img" aria-label="Ratios to raw fasthttp">`, svgW, h, svgW, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`, svgW, h)
	fmt.Fprintf(&b, `<text x="10" y="22" font-size="15" font-weight="600" fill="#1f2328">Same two-route service on seven servers, as a ratio to raw fasthttp in the same round</text>`)
	fmt.Fprintf(&b, `<text x="10" y="40" fill="#59636e">%s</text>`, html.EscapeString(caption))
	panels := []struct {
		title string
		get   func(r row) figure
	}{
		{"requests per second ÷ fasthttp (higher is better)", func(r row) figure { return r.Throughput }},
		{"server CPU per request ÷ fasthttp (lower is better)", func(r row) figure { return r.ServerCPU }},
	}
	for p, panel := range panels {
		x0 := float64(10 + p*panelW)
		left, right := x0+labelW, x0+panelW-plotPadR
		lo, hi := 1.0, 1.0
		for _, r := range routes {
			for _, row := range r.Rows {
				f := panel.get(row)
				lo = math.Min(lo, math.Min(f.Ratio, f.RatioMin))
				hi = math.Max(hi, math.Max(f.Ratio, f.RatioMax))
			}
		}
		lo, hi = niceBelow(lo), niceAbove(hi)
		x := func(v float64) float64 {
			return left + (math.Log10(v)-math.Log10(lo))/(math.Log10(hi)-math.Log10(lo))*(right-left)
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="64" font-size="13" font-weight="600" fill="#1f2328">%s</text>`, x0, html.EscapeString(panel.title))
		// Grid and ticks.
		for _, t := range niceSteps {
			if t < lo || t > hi {
				continue
			}
			stroke, width := "#d8dee4", 1.0
			if t == 1 {
				stroke, width = "#57606a", 1.5
			}
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="%s" stroke-width="%.1f"/>`, x(t), x(t), plotTop-4, plotTop+plotH, stroke, width)
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="11" fill="#59636e">%s</text>`, x(t), plotTop+plotH+14, fmtRatio(t))
		}
		for i := 0; i < rows; i++ {
			y0 := float64(plotTop + i*rowH)
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="12" fill="#1f2328">%s</text>`, x0, y0+rowH/2+4, html.EscapeString(routes[0].Rows[i].Label))
			for k, r := range routes {
				f := panel.get(r.Rows[i])
				y := y0 + 4 + float64(k*(barH+2))
				a, z := math.Min(x(1), x(f.Ratio)), math.Max(x(1), x(f.Ratio))
				c := routeColors[k%len(routeColors)]
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s"/>`, a, y, math.Max(z-a, 1), barH, c)
				wy := y + barH/2
				wl, wr := x(f.RatioMin), x(f.RatioMax)
				fmt.Fprintf(&b, `<path d="M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f" stroke="#1f2328" stroke-width="1" fill="none"/>`,
					wl, wy, wr, wl, wy-3, wy+3, wr, wy-3, wy+3)
				label := fmtRatio(f.Ratio)
				if i == 0 {
					label = "1"
				}
				if lx := math.Max(z, wr) + 4; lx < right-26 {
					fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="10" fill="#1f2328">%s</text>`, lx, y+barH-2, label)
				} else {
					fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="end" fill="#1f2328">%s</text>`, math.Min(a, wl)-4, y+barH-2, label)
				}
			}
		}
	}
	// Legend.
	ly := plotTop + plotH + tickLabelH + 20
	for k, r := range routes {
		y := ly + k*22
		fmt.Fprintf(&b, `<rect x="10" y="%d" width="14" height="12" fill="%s"/>`, y-10, routeColors[k%len(routeColors)])
		fmt.Fprintf(&b, `<text x="30" y="%d" fill="#1f2328">GET %s%s: raw fasthttp %s req/s, %.2f µs CPU/request (medians)</text>`, y, html.EscapeString(r.Path),
			html.EscapeString(routeKind(r.Path)), thousands(r.Rows[0].Throughput.Median), r.Rows[0].ServerCPU.Median)
	}
	fmt.Fprintf(&b, `<text x="10" y="%d" fill="#59636e">Bars: median over rounds of the ratio to raw fasthttp in the same round; whiskers: smallest to largest ratio; log scale.</text>`, ly+22*len(routes))
	b.WriteString("</svg>\n")
	return b.String()
}

func niceBelow(v float64) float64 {
	best := niceSteps[0]
	for _, s := range niceSteps {
		if s <= v*1.0001 {
			best = s
		}
	}
	return best
}

func niceAbove(v float64) float64 {
	for _, s := range niceSteps {
		if s >= v*0.9999 {
			return s
		}
	}
	return niceSteps[len(niceSteps)-1]
}

// fmtRatio formats a ratio with two or three significant digits.
func fmtRatio(v float64) string {
	switch {
	case v >= 10:
		return fmt.Sprintf("%.0f", v)
	case v >= 1:
		return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
	default:
		return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", v), "0"), ".")
	}
}
