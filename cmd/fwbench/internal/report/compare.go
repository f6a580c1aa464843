package report

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// SchemaCompare identifies the JSON schema of a comparison report.
const SchemaCompare = "fwbench/compare/v1"

// MaxCompareTargets is the most targets one comparison takes (A to Z).
const MaxCompareTargets = 26

// Comparison is the report of `fwbench compare`: two or more targets
// measured in rounds (each round runs every target once), warm-up rounds
// discarded, every target compared with the first, A, round by round. The
// first two targets are A and B; the others follow in Others.
type Comparison struct {
	Schema   string        `json:"schema"`
	Version  string        `json:"version"`
	Started  time.Time     `json:"started"`
	Rounds   int           `json:"rounds"`
	Warmup   float64       `json:"warmup_s"`
	A        CompareSide   `json:"a"`
	B        CompareSide   `json:"b"`
	Others   []CompareSide `json:"others"`
	Metrics  []Metric      `json:"metrics"`
	Warnings []string      `json:"warnings"`
}

// CompareSide is one target's rounds and their merged total.
type CompareSide struct {
	Label  string `json:"label"`
	Rounds []*Run `json:"rounds"`
	Total  *Run   `json:"total"`
}

// Metric compares one figure across the rounds: B with A in its own
// fields, the targets after B with A in Others.
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
	Others   []Versus  `json:"others"`
}

// Versus is one target's figure over the rounds, compared with A's in the
// same rounds.
type Versus struct {
	Label    string    `json:"label"`
	Values   []float64 `json:"values"`
	Median   float64   `json:"median"`
	Ratio    float64   `json:"ratio"` // median over rounds of this/A
	RatioMin float64   `json:"ratio_min"`
	RatioMax float64   `json:"ratio_max"`
	CV       float64   `json:"cv"`
	Disagree bool      `json:"disagree"`
}

// Thresholds above which a comparison warns that its rounds disagree.
const (
	maxCV      = 0.10 // spread of one side across rounds
	ratioNoise = 0.02 // ratios within 1±2% count as "equal"
)

// Letter is the letter naming target i of a comparison: A, B, ... Z.
func Letter(i int) string {
	if i < 0 || i >= MaxCompareTargets {
		return "?"
	}
	return string(rune('A' + i))
}

// figure is one figure a comparison compares.
type figure struct {
	name, unit, better string
	warn               bool // warn when rounds disagree or vary
	get                func(r *Run) float64
}

var compareFigures = []figure{
	{"throughput", "req/s", "higher", true, func(r *Run) float64 { return r.Throughput }},
	{"p50", "us", "lower", true, func(r *Run) float64 { return float64(r.Latency.P50) }},
	{"p90", "us", "lower", false, func(r *Run) float64 { return float64(r.Latency.P90) }},
	{"p99", "us", "lower", true, func(r *Run) float64 { return float64(r.Latency.P99) }},
	{"p99.9", "us", "lower", false, func(r *Run) float64 { return float64(r.Latency.P999) }},
	{"max", "us", "lower", false, func(r *Run) float64 { return float64(r.Latency.Max) }},
	{"errors", "count", "lower", false, func(r *Run) float64 { return float64(r.ErrorCount) }},
}

// serverFigure is compared when every run measured its server (--pid).
var serverFigure = figure{"server_cpu", "us/request", "lower", true, func(r *Run) float64 { return r.Server.CPUPerRequest }}

// NewComparison builds a comparison from the measured rounds of each
// target (targets[i] holds target i's rounds in the order they ran; every
// target has the same number). labels name the targets; nil or an empty
// label means its letter.
func NewComparison(version string, warmup time.Duration, labels []string, targets [][]*Run) (*Comparison, error) {
	if len(targets) < 2 || len(targets) > MaxCompareTargets {
		return nil, fmt.Errorf("need 2 to %d targets, got %d", MaxCompareTargets, len(targets))
	}
	n := len(targets[0])
	for i, t := range targets {
		if n == 0 || len(t) != n {
			return nil, fmt.Errorf("need the same number of rounds for every target, got %d for A and %d for %s", n, len(t), Letter(i))
		}
	}
	sides := make([]CompareSide, len(targets))
	for i, t := range targets {
		sides[i] = CompareSide{Label: Letter(i), Rounds: t}
		if i < len(labels) && labels[i] != "" {
			sides[i].Label = labels[i]
		}
		var err error
		if sides[i].Total, err = mergeRounds(t); err != nil {
			return nil, err
		}
	}
	c := &Comparison{Schema: SchemaCompare, Version: version, Started: targets[0][0].Started, Rounds: n, Warmup: warmup.Seconds(),
		A: sides[0], B: sides[1], Others: sides[2:], Warnings: []string{}}
	figs := compareFigures
	if allServer(targets) {
		figs = append(slices.Clone(figs), serverFigure)
	}
	for _, f := range figs {
		a := make([]float64, n)
		for k, r := range targets[0] {
			a[k] = f.get(r)
		}
		m := Metric{Name: f.name, Unit: f.unit, Better: f.better, A: a, MedianA: median(a), CVA: cv(a), Others: []Versus{}}
		for i := 1; i < len(targets); i++ {
			v := versus(sides[i].Label, a, targets[i], f.get)
			if i == 1 {
				m.B, m.MedianB, m.CVB = v.Values, v.Median, v.CV
				m.Ratio, m.RatioMin, m.RatioMax, m.Disagree = v.Ratio, v.RatioMin, v.RatioMax, v.Disagree
			} else {
				m.Others = append(m.Others, v)
			}
			if f.warn && v.Disagree {
				c.Warnings = append(c.Warnings, fmt.Sprintf("rounds disagree on %s: %s/%s ranges %.2f-%.2f (some rounds favour %[3]s, others %[2]s)",
					f.name, sides[i].Label, sides[0].Label, v.RatioMin, v.RatioMax))
			}
		}
		c.Metrics = append(c.Metrics, m)
		if !f.warn {
			continue // tails and error counts are too noisy to warn on
		}
		for i := range sides {
			if s := cvOf(&m, i); s > maxCV {
				c.Warnings = append(c.Warnings, fmt.Sprintf("%s's %s varies %.0f%% between rounds (CV): run more or longer rounds on a quieter machine", sides[i].Label, f.name, 100*s))
			}
		}
	}
	for _, t := range targets {
		if slices.ContainsFunc(t, func(r *Run) bool { return r.Generator.Bottleneck }) {
			c.Warnings = append(c.Warnings, "in some rounds the generator was the bottleneck (see the rounds' warnings)")
			break
		}
	}
	return c, nil
}

// Sides returns every target's side in order: A, B, then Others.
func (c *Comparison) Sides() []CompareSide {
	return append([]CompareSide{c.A, c.B}, c.Others...)
}

// versus compares target x's rounds with A's figures a, round by round.
func versus(label string, a []float64, x []*Run, get func(r *Run) float64) Versus {
	v := Versus{Label: label, Values: make([]float64, len(x))}
	var ratios []float64
	for k, r := range x {
		v.Values[k] = get(r)
		if a[k] > 0 {
			ratios = append(ratios, v.Values[k]/a[k])
		}
	}
	v.Median, v.CV = median(v.Values), cv(v.Values)
	if len(ratios) > 0 {
		v.Ratio = median(ratios)
		v.RatioMin, v.RatioMax = slices.Min(ratios), slices.Max(ratios)
		v.Disagree = v.RatioMin < 1-ratioNoise && v.RatioMax > 1+ratioNoise
	}
	return v
}

// cvOf is target i's coefficient of variation in m.
func cvOf(m *Metric, i int) float64 {
	switch i {
	case 0:
		return m.CVA
	case 1:
		return m.CVB
	default:
		return m.Others[i-2].CV
	}
}

// column returns target i's figures in m: values, median, and (for i > 0)
// the ratio to A with its range.
func (m *Metric) column(i int) Versus {
	switch i {
	case 0:
		return Versus{Values: m.A, Median: m.MedianA, CV: m.CVA}
	case 1:
		return Versus{Values: m.B, Median: m.MedianB, Ratio: m.Ratio, RatioMin: m.RatioMin, RatioMax: m.RatioMax, CV: m.CVB, Disagree: m.Disagree}
	default:
		return m.Others[i-2]
	}
}

func allServer(targets [][]*Run) bool {
	for _, t := range targets {
		for _, r := range t {
			if r.Server == nil {
				return false
			}
		}
	}
	return true
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
	m.Server = mergeServer(rs, m.Requests, true)
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
