package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"time"
)

// comparison is the part of fwbench's comparison report (schema
// fwbench/compare/v1, cmd/fwbench/SCHEMA.md) that the report uses.
type comparison struct {
	Schema   string    `json:"schema"`
	Version  string    `json:"version"`
	Started  time.Time `json:"started"`
	Rounds   int       `json:"rounds"`
	Warmup   float64   `json:"warmup_s"`
	A        side      `json:"a"`
	B        side      `json:"b"`
	Others   []side    `json:"others"`
	Metrics  []metric  `json:"metrics"`
	Warnings []string  `json:"warnings"`
}

type side struct {
	Label  string `json:"label"`
	Rounds []run  `json:"rounds"`
	Total  run    `json:"total"`
}

type run struct {
	Targets []struct {
		Method string `json:"method"`
		URL    string `json:"url"`
	} `json:"targets"`
	Config struct {
		Connections int     `json:"connections"`
		Duration    float64 `json:"duration_s"`
	} `json:"config"`
	Duration   float64          `json:"duration_s"`
	Requests   int64            `json:"requests"`
	Throughput float64          `json:"throughput_rps"`
	Status     map[string]int64 `json:"status"`
	ErrorCount int64            `json:"error_count"`
	Latency    struct {
		P50 int64 `json:"p50"`
		P99 int64 `json:"p99"`
	} `json:"latency"`
	Generator struct {
		CPUPerRequest float64 `json:"cpu_per_request_us"`
		Utilization   float64 `json:"utilization"`
		Bottleneck    bool    `json:"bottleneck"`
	} `json:"generator"`
	Server *struct {
		CPUPerRequest float64 `json:"cpu_per_request_us"`
	} `json:"server"`
	Environment struct {
		Go string `json:"go"`
	} `json:"environment"`
}

type metric struct {
	Name     string    `json:"name"`
	A        []float64 `json:"a"`
	B        []float64 `json:"b"`
	MedianA  float64   `json:"median_a"`
	MedianB  float64   `json:"median_b"`
	Ratio    float64   `json:"ratio"`
	RatioMin float64   `json:"ratio_min"`
	RatioMax float64   `json:"ratio_max"`
	Disagree bool      `json:"disagree"`
	Others   []versus  `json:"others"`
}

type versus struct {
	Label    string    `json:"label"`
	Values   []float64 `json:"values"`
	Median   float64   `json:"median"`
	Ratio    float64   `json:"ratio"`
	RatioMin float64   `json:"ratio_min"`
	RatioMax float64   `json:"ratio_max"`
	Disagree bool      `json:"disagree"`
}

// figure is one metric of one server over the rounds, with its ratio to
// the baseline's in the same rounds.
type figure struct {
	Values   []float64 // per round
	Ratios   []float64 // per round, value / baseline's
	Median   float64
	Min, Max float64 // of Values
	Ratio    float64 // median of Ratios
	RatioMin float64
	RatioMax float64
	Disagree bool // some rounds put the ratio below 0.98, others above 1.02
}

// row is one server in one comparison.
type row struct {
	Label      string
	Throughput figure
	ServerCPU  figure
	P99        float64 // median, µs
	GenUtil    float64 // median generator utilization
	Bottleneck int     // rounds in which fwbench flagged itself
}

// route is one comparison: every server on one route.
type route struct {
	Path   string
	Rounds int
	Secs   float64
	Conns  int
	Rows   []row // the baseline first
	Warn   []string
	Go     string
	Fwb    string
	Start  time.Time
}

// readComparison reads and validates fwbench's comparison report: every
// round of every server must have answered requests, all with 200, and
// measured the server's CPU.
func readComparison(path string) (*route, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c comparison
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if c.Schema != "fwbench/compare/v1" {
		return nil, fmt.Errorf("%s: schema %q, want fwbench/compare/v1", path, c.Schema)
	}
	sides := append([]side{c.A, c.B}, c.Others...)
	for _, s := range sides {
		if len(s.Rounds) != c.Rounds || c.Rounds == 0 {
			return nil, fmt.Errorf("%s: %s has %d rounds, want %d", path, s.Label, len(s.Rounds), c.Rounds)
		}
		for k, r := range s.Rounds {
			if r.Requests == 0 || r.ErrorCount != 0 || r.Status["200"] != r.Requests || r.Server == nil {
				return nil, fmt.Errorf("%s: %s, round %d: %d responses (%v), %d errors, server measured: %v; want only 200s, no errors, the server measured",
					path, s.Label, k+1, r.Requests, r.Status, r.ErrorCount, r.Server != nil)
			}
		}
	}
	tp, cpu := c.metric("throughput"), c.metric("server_cpu")
	if tp == nil || cpu == nil {
		return nil, fmt.Errorf("%s: no throughput or server_cpu metric (was fwbench given --pid?)", path)
	}
	first := c.A.Rounds[0]
	rt := &route{Rounds: c.Rounds, Secs: first.Config.Duration, Conns: first.Config.Connections, Warn: c.Warnings,
		Go: first.Environment.Go, Fwb: c.Version, Start: c.Started}
	if len(first.Targets) > 0 {
		rt.Path = pathOf(first.Targets[0].URL)
	}
	for i, s := range sides {
		r := row{Label: s.Label, Throughput: tp.figure(i), ServerCPU: cpu.figure(i)}
		var p99, util []float64
		for _, x := range s.Rounds {
			p99 = append(p99, float64(x.Latency.P99))
			util = append(util, x.Generator.Utilization)
			if x.Generator.Bottleneck {
				r.Bottleneck++
			}
		}
		r.P99, r.GenUtil = median(p99), median(util)
		rt.Rows = append(rt.Rows, r)
	}
	return rt, nil
}

func (c *comparison) metric(name string) *metric {
	for i := range c.Metrics {
		if c.Metrics[i].Name == name {
			return &c.Metrics[i]
		}
	}
	return nil
}

// figure returns target i's figure (0 is the baseline).
func (m *metric) figure(i int) figure {
	var f figure
	switch i {
	case 0:
		f = figure{Values: m.A, Median: m.MedianA, Ratio: 1, RatioMin: 1, RatioMax: 1}
	case 1:
		f = figure{Values: m.B, Median: m.MedianB, Ratio: m.Ratio, RatioMin: m.RatioMin, RatioMax: m.RatioMax, Disagree: m.Disagree}
	default:
		v := m.Others[i-2]
		f = figure{Values: v.Values, Median: v.Median, Ratio: v.Ratio, RatioMin: v.RatioMin, RatioMax: v.RatioMax, Disagree: v.Disagree}
	}
	for k, v := range f.Values {
		if k < len(m.A) && m.A[k] > 0 {
			f.Ratios = append(f.Ratios, v/m.A[k])
		}
	}
	if len(f.Values) > 0 {
		f.Min, f.Max = slices.Min(f.Values), slices.Max(f.Values)
	}
	return f
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// pathOf is the path of an http URL.
func pathOf(u string) string {
	for i := len("http://"); i < len(u); i++ {
		if u[i] == '/' {
			return u[i:]
		}
	}
	return "/"
}
